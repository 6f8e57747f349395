# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: open() with access mode 3 needs read and write.
td_setup() { echo data >"$C/f"; echo data >"$C/g"; }
td_domain() {
	printf '%s\n' "$D" "file read $C/f" "file read/write $C/g"
}
td_workload() {
	op read-f read "$C/f"
	op open3-f open3 "$C/f"
	op rdwr-f rdwr "$C/f"
	op open3-g open3 "$C/g"
}
