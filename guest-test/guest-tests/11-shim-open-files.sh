#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lsm_shim's securityfs files held open across rmmod lsm_shim, by root
# (every file) and by an unprivileged user (the world-readable ones): the
# rmmod fails cleanly while a file is open, or the late read fails cleanly;
# the holders then read and close their files with no oops, and the shim
# unloads once every file is closed.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

dir=$LLSM_WORK/open-files
rm -rf "$dir"
mkdir -p "$dir"
chmod 0777 "$dir"
names="lsm hooks objects lock version"

# holder WHO: opens every world-readable shim file, says "ready", waits for
# "go" on its fifo, then reads and closes each file, one line per file:
# "NAME read" or "NAME failed".
holder() {
	local who=$1 f fd
	declare -A fds
	for f in $names; do
		[ -r "$SHIMFS/$f" ] || continue
		exec {fd}<"$SHIMFS/$f" || continue
		fds[$f]=$fd
	done
	echo "${!fds[*]}" >"$dir/ready.$who"
	read -r _ <"$dir/go.$who"
	for f in "${!fds[@]}"; do
		fd=${fds[$f]}
		if cat <&"$fd" >/dev/null 2>&1; then
			echo "$f read"
		else
			echo "$f failed"
		fi
		exec {fd}<&-
	done >"$dir/result.$who"
	echo finished >>"$dir/result.$who"
}

# start_holder WHO [CMD...]: run holder in the background through CMD.
start_holder() {
	local who=$1
	shift
	mkfifo "$dir/go.$who"
	chmod 0666 "$dir/go.$who"
	"$@" bash -c "$(declare -f holder); names='$names' SHIMFS='$SHIMFS' dir='$dir' holder $who" &
	for _ in $(seq 50); do
		[ -s "$dir/ready.$who" ] && return 0
		sleep 0.2
	done
	return 1
}

sorted() { tr ' ' '\n' <"$1" | sort | paste -sd' '; }

llsm_load lsm_shim || { tap_not_ok "lsm_shim loads"; tap_end; }
tap_ok "lsm_shim loads"
client_load a
rmmod llsm_test_a

start_holder root
start_holder user setpriv --reuid=1000 --regid=1000 --clear-groups
tap_is "root holds every shim file open" "hooks lock lsm objects version" "$(sorted "$dir/ready.root")"
tap_is "an unprivileged user holds the world-readable shim files open" \
	"lock lsm version" "$(sorted "$dir/ready.user")"
for f in hooks objects; do
	tap_is "an unprivileged user cannot read $f (other users' activity)" denied \
		"$(setpriv --reuid=1000 --regid=1000 --clear-groups cat "$SHIMFS/$f" >/dev/null 2>&1 && echo read || echo denied)"
done

dmesg_mark open-files
if out=$(rmmod lsm_shim 2>&1); then
	unloaded=yes
	tap_diag "rmmod lsm_shim succeeded with files open"
else
	unloaded=no
	tap_diag "rmmod lsm_shim with files open: $out"
fi
if [ $unloaded = no ] && loaded lsm_shim && [ -e "$SHIMFS/hooks" ]; then
	tap_ok "rmmod lsm_shim fails cleanly while its files are open"
else
	tap_diag "the shim unloaded: the late reads must fail cleanly"
	tap_ok "rmmod lsm_shim returned ($unloaded)"
fi

for who in root user; do
	echo go >"$dir/go.$who"
done
wait
for who in root user; do
	res=$(cat "$dir/result.$who" 2>/dev/null)
	tap_diag "$who: $(paste -sd' ' <<<"$res")"
	if [ "$(tail -n 1 <<<"$res")" != finished ]; then
		tap_not_ok "$who's late reads and closes complete"
		continue
	fi
	tap_ok "$who's late reads and closes complete"
	if [ $unloaded = no ]; then
		want="read"
	else
		want="failed"
	fi
	n=$(grep -c " $want\$" <<<"$res")
	# as many as the holder opened: 5 for root, 3 for the user
	tap_is "$who: every late read $want" "$(wc -w <"$dir/ready.$who")" "$n"
done
log=$(dmesg_since open-files)
if ! grep -q "llsm-test-mark: open-files" <<<"$log"; then
	tap_not_ok "no oops after the late reads (no kernel log)"
elif grep -Eq 'BUG:|Oops|general protection|page fault' <<<"$log"; then
	tap_not_ok "no oops after the late reads"
	tap_diag "$(grep -E 'BUG:|Oops|RIP:' <<<"$log" | head -n 6)"
else
	tap_ok "no oops after the late reads"
fi

if loaded lsm_shim; then
	tap_run "lsm_shim unloads once its files are closed" rmmod lsm_shim
else
	tap_ok "lsm_shim unloads once its files are closed (it already had)"
fi
if loaded lsm_shim; then tap_not_ok "lsm_shim is gone"; else tap_ok "lsm_shim is gone"; fi
tap_end
