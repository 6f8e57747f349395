# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# kmemleak around a boot's tests (sourced by guest-jobs/check.sh; needs
# tap.sh). On a kernel without kmemleak both functions do nothing.
#
# kmemleak_begin sets aside what the kernel leaked before the tests (a scan,
# then "clear" greys every object reported so far) and marks the kernel
# log, so that scan-kernel-log takes kmemleak's report of the boot's own
# objects, printed before the mark, for no problem; kmemleak_end scans
# twice once the newest objects are older than kmemleak's minimum age (5 s)
# and fails when anything is reported: an object the tests' modules
# allocated and lost. The report goes to out/kmemleak.txt.

KMEMLEAK=/sys/kernel/debug/kmemleak

kmemleak_on() {
	[ -e "$KMEMLEAK" ] || mount -t debugfs none /sys/kernel/debug 2>/dev/null
	[ -w "$KMEMLEAK" ]
}

kmemleak_begin() {
	kmemleak_on || return 0
	local t
	t=$(now_s)
	echo scan >"$KMEMLEAK"
	cat "$KMEMLEAK" >/mnt/host/out/kmemleak-boot.txt
	echo clear >"$KMEMLEAK"
	echo "llsm: kmemleak baseline set" >/dev/kmsg
	tap_diag "kmemleak: the boot's own objects set aside ($(since "$t") s)"
}

kmemleak_end() {
	kmemleak_on || return 0
	local t report
	t=$(now_s)
	# Past kmemleak's minimum age (5 s). Meanwhile three children per CPU
	# take that CPU's cached free kernel stacks (fork clears them): a
	# dead task's stack there may still hold a lost object's address,
	# and kmemleak scans it.
	for c in $(seq 0 $(($(nproc) - 1))); do
		taskset -c "$c" sh -c 'sleep 6 & sleep 6 & sleep 6 & wait' &
	done
	wait
	echo scan >"$KMEMLEAK"
	echo scan >"$KMEMLEAK"
	report=$(cat "$KMEMLEAK")
	tap_diag "kmemleak: scanned after the tests ($(since "$t") s)"
	if [ -z "$report" ]; then
		tap_ok "kmemleak: nothing leaked during this boot's tests"
		return 0
	fi
	printf '%s\n' "$report" >/mnt/host/out/kmemleak.txt
	tap_not_ok "kmemleak: nothing leaked during this boot's tests ($(grep -c '^unreferenced object' <<<"$report") objects)"
	printf '%s\n' "$report" | head -n 60 | sed 's/^/# /'
	return 1
}
