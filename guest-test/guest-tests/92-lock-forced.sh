#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# rmmod -f taints the kernel R (forced unload), on purpose here.
# llsm-allow-taint: R
# The lock against modules that go away anyway: lock_after= fires inside
# the registration of a client whose init then fails, and every client,
# then the shim, is removed with rmmod -f once locked. Each must be unlinked and drained
# before its memory is freed ("lock forced" in the log, an audit record with
# forced=1), and the hooks it had (open, exec, ptrace) keep working. The
# lock lasts until reboot, so this runs last in its boot (the one without
# the built-in TOMOYO, so that tomoyo_lkm loads).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

# The audit records are read from the kernel log (57-tomoyo-soak-fuzz
# floods it earlier in this boot).
kmsg_unlimited

marker=/tmp/llsm-deny-marker
echo data >"$marker"

clients="yama_lkm audit_lkm tomoyo_lkm"

# exercise: the hooks the clients had: opens, execs, ptrace (as root and as
# uid 1000). Prints nothing; the kernel log tells.
exercise() {
	for _ in $(seq 20); do
		cat /etc/hostname "$marker" >/dev/null 2>&1
		/bin/true
		sh -c 'exit 0'
	done
	ptmatrix >/dev/null 2>&1
	setpriv --reuid=1000 --regid=1000 --clear-groups ptmatrix >/dev/null 2>&1
	return 0
}

# log_clean SINCE-MARK: "clean" when the kernel log since the mark could be
# read and shows no oops; else the oops lines (or "no kernel log").
log_clean() {
	local log
	log=$(dmesg_since "$1")
	if ! grep -q "llsm-test-mark: $1" <<<"$log"; then
		echo "no kernel log"
	elif grep -Eq 'BUG:|Oops|general protection|page fault' <<<"$log"; then
		grep -E 'BUG:|Oops|RIP:' <<<"$log" | head -n 6
	else
		echo clean
	fi
}

# lock_after= is a load parameter: start from no shim, whatever an earlier
# test in this boot left loaded.
for m in llsm_test_a llsm_test_b $clients lsm_shim; do
	loaded "$m" && rmmod "$m"
done
tap_run "lsm_shim loads with lock_after=5" llsm_load lsm_shim lock_after=5
for m in $clients; do
	tap_run "$m loads" llsm_load "$m"
done
tap_run "client A loads (the fourth client)" client_load a
tap_is "client A denies the marker before the lock" EACCES "$(tryopen "$marker")"

# lock_after=5 fires inside client B's registration; B's init then fails.
dmesg_mark lockafter
if client_load b fail_init=1 2>/dev/null; then
	tap_not_ok "client B's init fails after registering"
else
	tap_ok "client B's init fails after registering"
fi
tap_is "the lock is set by B's registration" 1 "$(cat "$SHIMFS/lock")"
if loaded llsm_test_b; then tap_not_ok "client B is not loaded"; else tap_ok "client B is not loaded"; fi
if tr ',' '\n' <"$SHIMFS/lsm" | grep -qx llsm_test_b; then
	tap_not_ok "B is no client"
else
	tap_ok "B is no client"
fi
tap_is "the four other clients stay" 4 "$(tr ',' '\n' <"$SHIMFS/lsm" | grep -c .)"
log=$(dmesg_since lockafter)
tap_diag "$(grep -E 'lsm_shim|llsm_test_b' <<<"$log")"
if grep -q "lsm_shim: llsm_test_b: module llsm_test_b is going away although lsm_shim is locked: unregistering it anyway (lock forced)" <<<"$log" &&
	grep -q "op=unregister name=llsm_test_b module=llsm_test_b res=1 forced=1 locked=1" <<<"$log"; then
	tap_ok "B's forced unregistration is logged and audited"
else
	tap_not_ok "B's forced unregistration is logged and audited"
fi
exercise
tap_is "the marker is still denied by client A" EACCES "$(tryopen "$marker")"
tap_is "no oops after B's failed init under the lock" clean "$(log_clean lockafter)"

# Plain rmmod is refused; rmmod -f takes each client out, unlinked first.
for m in $clients llsm_test_a; do
	if rmmod "$m" 2>/dev/null; then
		tap_not_ok "plain rmmod $m fails when locked"
	else
		tap_ok "plain rmmod $m fails when locked"
	fi
done
for m in $clients llsm_test_a; do
	dmesg_mark "force-$m"
	rmmod -f "$m" 2>/dev/null
	if loaded "$m"; then
		tap_not_ok "rmmod -f $m removes it"
		continue
	fi
	tap_ok "rmmod -f $m removes it"
	exercise
	log=$(dmesg_since "force-$m")
	if grep -q "module $m is going away although lsm_shim is locked: unregistering it anyway (lock forced)" <<<"$log" &&
		grep -q "module=$m res=1 forced=1 locked=1" <<<"$log"; then
		tap_ok "$m's forced unregistration is logged and audited"
	else
		tap_not_ok "$m's forced unregistration is logged and audited"
		tap_diag "$(grep lsm_shim <<<"$log")"
	fi
	if tr ',' '\n' <"$SHIMFS/lsm" | grep -qx "$m"; then
		tap_not_ok "$m is no client any more"
	else
		tap_ok "$m is no client any more"
	fi
	tap_is "no oops after rmmod -f $m and its hooks exercised" clean "$(log_clean "force-$m")"
done
tap_is "no client is left" "[]" "$(readf "$SHIMFS/lsm")"
tap_is "no hook stays attached" "[]" "$(readf "$SHIMFS/hooks")"
tap_is "the marker opens with every client gone" ok "$(tryopen "$marker")"
tap_is "the lock still reads 1" 1 "$(cat "$SHIMFS/lock")"
if client_load b 2>/dev/null; then
	tap_not_ok "a new client still cannot register"
else
	tap_ok "a new client still cannot register"
fi

# The shim itself, with no client left (a client's use of its symbols keeps
# even rmmod -f away until then): the lock cannot stop a forced unload,
# which must say that the lock was forced, as for the clients.
if rmmod lsm_shim 2>/dev/null; then
	tap_not_ok "plain rmmod lsm_shim fails when locked"
else
	tap_ok "plain rmmod lsm_shim fails when locked"
fi
dmesg_mark force-shim
rmmod -f lsm_shim 2>/dev/null
if loaded lsm_shim; then
	tap_not_ok "rmmod -f lsm_shim removes it"
else
	tap_ok "rmmod -f lsm_shim removes it"
fi
exercise
tap_logged "the shim's forced unload is logged as a forced lock" force-shim \
	"lsm_shim: going away although locked: the lock ends here (lock forced)"
tap_logged "the shim's forced unload is audited with forced=1 locked=1" force-shim \
	"op=unload name=lsm_shim module=lsm_shim res=1 forced=1 locked=1"
tap_is "no oops after rmmod -f lsm_shim" clean "$(log_clean force-shim)"
tap_end
