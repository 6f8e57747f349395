#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The hlist back end (Linux 6.1): when the shim cannot unlink its node from
# a hook's list (test_unlink_fail=1 makes the alias write fail as vmap()
# would under memory pressure), the node stays linked and the shim stays
# loaded (rmmod fails) until a later unlink succeeds; it is never freed
# while linked. Other back ends have no such write: skipped there.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

marker=/tmp/llsm-deny-marker
echo data >"$marker"
param=/sys/module/lsm_shim/parameters/test_unlink_fail

# log_clean SINCE-MARK: "clean" when the kernel log since the mark could be
# read and shows no oops or warning; else those lines.
log_clean() {
	local log
	log=$(dmesg_since "$1")
	if ! grep -q "llsm-test-mark: $1" <<<"$log"; then
		echo "no kernel log"
	elif grep -Eq 'BUG:|Oops|WARNING:|general protection|page fault' <<<"$log"; then
		grep -E 'BUG:|Oops|WARNING:|RIP:' <<<"$log" | head -n 6
	else
		echo clean
	fi
}

tap_run "lsm_shim loads" llsm_load lsm_shim
backend=$(cut -d' ' -f3 "$SHIMFS/version")
backend=${backend#backend=}
if [ "$backend" != hlist ]; then
	tap_ok "# SKIP the $backend back end writes nothing read-only to detach"
	rmmod lsm_shim
	tap_end
fi
client_load a
tap_is "client A denies the marker" EACCES "$(tryopen "$marker")"

dmesg_mark unlinkfail
echo 1 >"$param"
tap_run "client A unloads although its hooks cannot be unlinked" rmmod llsm_test_a
log=$(dmesg_since unlinkfail)
tap_diag "$(grep lsm_shim <<<"$log")"
if grep -q "lsm_shim: hook file_open: cannot unlink the shim's node" <<<"$log"; then
	tap_ok "the failed unlink is logged, naming the hook"
else
	tap_not_ok "the failed unlink is logged, naming the hook"
fi
if rmmod lsm_shim 2>/dev/null || ! loaded lsm_shim; then
	tap_not_ok "rmmod lsm_shim fails while a node is still linked"
else
	tap_ok "rmmod lsm_shim fails while a node is still linked"
fi
for _ in $(seq 20); do
	cat /etc/hostname "$marker" >/dev/null 2>&1
done
tap_is "the marker opens: the linked node has no client" ok "$(tryopen "$marker")"
tap_is "no oops or warning with the node left linked" clean "$(log_clean unlinkfail)"

# The next unlink that succeeds releases the shim.
dmesg_mark unlinkok
[ -e "$param" ] && echo 0 >"$param"
client_load a
tap_is "client A denies the marker again, on the same node" EACCES "$(tryopen "$marker")"
rmmod llsm_test_a
tap_diag "$(dmesg_since unlinkok | grep lsm_shim)"
tap_run "lsm_shim unloads once its nodes are unlinked" rmmod lsm_shim
tap_is "the marker opens after the shim unloads" ok "$(tryopen "$marker")"
tap_is "no oops or warning after the unload" clean "$(log_clean unlinkok)"
tap_end
