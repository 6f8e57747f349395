#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: llsm.boot=lock-race
# The lock set while a loop of rmmod/insmod of a client runs, at the moment
# one rmmod is past the point of no return (the client is going away and
# its exit function has not unregistered yet: exit_delay_ms holds it
# there). The lock cannot pin that module; its unregistration must go
# through ("lock forced"), and the client's hooks must not stay reachable.
# The lock lasts until reboot: this test has a boot of its own (the
# llsm-append line above only makes that boot distinct; the kernel ignores
# the parameter).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

marker=/tmp/llsm-deny-marker
echo data >"$marker"

rounds=6
lock_in=3

tap_run "lsm_shim loads" llsm_load lsm_shim
tap_run "client A loads" client_load a exit_delay_ms=4000
tap_is "client A denies the marker" EACCES "$(tryopen "$marker")"

dmesg_mark race
(
	for _ in $(seq $rounds); do
		rmmod llsm_test_a 2>/dev/null
		client_load a exit_delay_ms=4000 2>/dev/null
	done
) &
loop=$!
# Wait for the lock_in-th exit to start waiting, then lock. The exit waits
# 4 s: on a kernel with KASAN and lockdep under TCG, a 1.5 s wait was over
# before this loop had seen its line and set the lock.
for _ in $(seq 300); do
	n=$(dmesg_since race | grep -c "llsm_test_a: exit waits")
	[ "$n" -ge $lock_in ] && break
	sleep 0.1
done
tap_is "the loop reached rmmod number $lock_in" $lock_in "$n"
tap_run "the lock is set while client A is going away" sh -c "echo 1 > $SHIMFS/lock"
wait $loop

log=$(dmesg_since race)
tap_diag "$(grep -E 'lsm_shim' <<<"$log" | tail -n 8)"
if loaded llsm_test_a; then
	tap_not_ok "client A, going away when the lock came, is gone"
else
	tap_ok "client A, going away when the lock came, is gone"
fi
tap_is "no client is left" "[]" "$(readf "$SHIMFS/lsm")"
if grep -q "module llsm_test_a is going away although lsm_shim is locked: unregistering it anyway (lock forced)" <<<"$log" &&
	grep -q "module=llsm_test_a res=1 forced=1 locked=1" <<<"$log"; then
	tap_ok "the forced unregistration is logged and audited"
else
	tap_not_ok "the forced unregistration is logged and audited"
fi
if grep -q "lsm_shim: module llsm_test_a is already going away and cannot be locked in" <<<"$log"; then
	tap_ok "the lock says it could not pin the going module"
else
	tap_not_ok "the lock says it could not pin the going module"
fi
for _ in $(seq 20); do
	cat /etc/hostname "$marker" >/dev/null 2>&1
	/bin/true
done
tap_is "the marker opens: A's hook is gone" ok "$(tryopen "$marker")"
tap_is "no hook stays attached" "[]" "$(readf "$SHIMFS/hooks")"
log=$(dmesg_since race)
if ! grep -q "llsm-test-mark: race" <<<"$log"; then
	tap_not_ok "no oops after the race (no kernel log)"
elif grep -Eq 'BUG:|Oops|general protection|page fault' <<<"$log"; then
	tap_not_ok "no oops after the race"
	tap_diag "$(grep -E 'BUG:|Oops|RIP:' <<<"$log" | head -n 6)"
else
	tap_ok "no oops after the race"
fi
if client_load a 2>/dev/null; then
	tap_not_ok "client A cannot register again when locked"
else
	tap_ok "client A cannot register again when locked"
fi
if rmmod lsm_shim 2>/dev/null; then
	tap_not_ok "the shim stays pinned"
else
	tap_ok "the shim stays pinned"
fi
tap_end
