# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issues 5 and 15: learning mode records every kind of file operation the
# way the built-in does, and enforcing mode then allows exactly them.
MODES="1 3"
td_setup() { cp "$B" "$C/child"; }
td_prepass() {
	rm -rf "$C/w"
	mkdir -p "$C/w"
	echo x >"$C/w/f"
}
td_domain() { printf '%s\n' "$D"; }
td_workload() {
	op creat creat "$C/w/new" 600
	op trunc trunc "$C/w/f"
	op append append "$C/w/f"
	op chmod chmod "$C/w/f" 640
	op chown chown "$C/w/f" 1000 1000
	op mkfifo mkfifo "$C/w/fifo" 600
	op link link "$C/w/f" "$C/w/f2"
	op rename rename "$C/w/f2" "$C/w/f3"
	op unlink unlink "$C/w/f3"
	op mkdir mkdir "$C/w/d" 700
	op rmdir rmdir "$C/w/d"
	op unix-bind unix-bind "$C/w/sock"
	op connect4 connect4 127.0.0.1 9
	op exec exec "$C/child" child read /dev/null -- X=1
	op read-proc read /proc/self/status
	op read-dev read /dev/zero
}
