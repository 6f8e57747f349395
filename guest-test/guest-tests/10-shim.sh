#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# lsm_shim: probe, load beside the built-in LSMs, denial, call order, state
# store lifetime, refused hooks, unregister under a sleeping call, unload.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

marker=/tmp/llsm-deny-marker
sleeper=/tmp/llsm-sleep-marker
echo data >"$marker"
echo data >"$sleeper"
kernel_lsms=$(cat /sys/kernel/security/lsm)
tap_diag "kernel LSMs: $kernel_lsms"

# Probe: reports and never stays loaded.
dmesg_mark probe
llsm_load lsm_shim probe=1 2>/dev/null
rc=$?
log=$(dmesg_since probe)
if [ $rc != 0 ] && ! loaded lsm_shim && grep -q "probe: this kernel ($(uname -r)) can be shimmed" <<<"$log"; then
	tap_ok "probe reports that this kernel can be shimmed, and does not stay loaded"
else
	tap_not_ok "probe reports that this kernel can be shimmed, and does not stay loaded"
fi
tap_diag "$(grep lsm_shim <<<"$log")"
dmesg_mark badprobe
llsm_load lsm_shim probe=1 hook_table=jiffies 2>/dev/null
log=$(dmesg_since badprobe)
if grep -q "cannot be shimmed: symbol jiffies resolves to" <<<"$log"; then
	tap_ok "probe with a wrong hook table symbol reports why it cannot shim"
else
	tap_not_ok "probe with a wrong hook table symbol reports why it cannot shim"
fi
tap_diag "$(grep lsm_shim <<<"$log")"
dmesg_mark badload
if llsm_load lsm_shim hook_table=jiffies 2>/dev/null || loaded lsm_shim; then
	tap_not_ok "load with a wrong hook table symbol is refused"
else
	tap_ok "load with a wrong hook table symbol is refused"
fi
tap_diag "$(dmesg_since badload | grep lsm_shim)"

# Load beside the built-in LSMs.
tap_is "open of the marker succeeds before the shim loads" ok "$(tryopen "$marker")"
tap_run "lsm_shim loads" llsm_load lsm_shim
tap_is "the kernel's LSM list is unchanged by the shim" "$kernel_lsms" "$(cat /sys/kernel/security/lsm)"
files=$(ls "$SHIMFS" 2>/dev/null | sort | paste -sd' ')
tap_is "securityfs lists hooks, lock, lsm, objects, version" "hooks lock lsm objects version" "$files"
tap_diag "$(cat "$SHIMFS/version")"
rel=$(cat /mnt/host/VERSION)
tap_is "the shim's version file and modinfo say the release's version (VERSION)" "$rel|$rel" \
	"$(awk '{ print $2 }' "$SHIMFS/version")|$(cat /sys/module/lsm_shim/version 2>&1)"
tap_is "no client and no attached hook after load" "|" "$(cat "$SHIMFS/lsm")|$(cat "$SHIMFS/hooks")"

# Denial: succeeds without the client, fails with it, succeeds after.
tap_is "open of the marker succeeds with the shim and no client" ok "$(tryopen "$marker")"
client_load a
tap_is "client A denies the marker with EACCES" EACCES "$(tryopen "$marker")"
tap_is "client A lets other files open" ok "$(tryopen /etc/hostname)"
if grep -q '^file_open entries=1 ' "$SHIMFS/hooks"; then
	tap_ok "hooks shows file_open attached with one client"
else
	tap_not_ok "hooks shows file_open attached with one client"
fi
tap_diag "$(cat "$SHIMFS/hooks")"

# Calls are counted only with stats=1 (behind a static key); denials always.
hook_field() {
	awk -v h="$1" -v f="$2=" '$1 == h {
		for (i = 2; i <= NF; i++)
			if (index($i, f) == 1)
				print substr($i, length(f) + 1)
	}' "$SHIMFS/hooks"
}
stats=/sys/module/lsm_shim/parameters/stats
tap_is "calls are not counted by default" "N -" "$(cat "$stats") $(hook_field file_open calls)"
d0=$(hook_field file_open denials)
tryopen "$marker" >/dev/null
tap_is "a denial is counted with stats off" "$((d0 + 1))" "$(hook_field file_open denials)"
echo 1 >"$stats"
tryopen /etc/hostname >/dev/null
c1=$(hook_field file_open calls)
tryopen /etc/hostname >/dev/null
c2=$(hook_field file_open calls)
if [ "$(cat "$stats")" = Y ] && [ "$c1" -ge 1 ] && [ "$c2" -gt "$c1" ]; then
	tap_ok "with stats=1 every call is counted ($c1, then $c2)"
else
	tap_not_ok "with stats=1 every call is counted ($c1, then $c2)"
fi
tap_is "a bad stats value is refused and changes nothing" "refused Y" \
	"$(echo maybe 2>/dev/null >"$stats" && echo taken || echo refused) $(cat "$stats")"
echo 0 >"$stats"
tap_is "stats=0: calls are not counted again" "N -" "$(cat "$stats") $(hook_field file_open calls)"
rmmod llsm_test_a
tap_is "open of the marker succeeds again after client A unloads" ok "$(tryopen "$marker")"
log=$(dmesg)
for op in register unregister; do
	if grep -q "lsm_shim: ${op}ed llsm_test_a" <<<"$log" &&
		grep -q "op=$op name=llsm_test_a res=1" <<<"$log"; then
		tap_ok "$op of client A logged in dmesg and as an audit record"
	else
		tap_not_ok "$op of client A logged in dmesg and as an audit record"
	fi
done

# Two clients, both orders: the first denial wins; the other still runs.
client_load a
client_load b deny_errno=1
tap_is "lsm lists A then B" "llsm_test_a,llsm_test_b" "$(cat "$SHIMFS/lsm")"
b_opens=$(param llsm_test_b opens)
tap_is "A first: the marker fails with A's EACCES" EACCES "$(tryopen "$marker")"
tap_is "A first: B never saw the marker" "1 0" "$(param llsm_test_a marker_seen) $(param llsm_test_b marker_seen)"
tryopen /etc/hostname >/dev/null
if [ "$(param llsm_test_b opens)" -gt "$b_opens" ]; then
	tap_ok "A first: B still sees allowed opens"
else
	tap_not_ok "A first: B still sees allowed opens"
fi
rmmod llsm_test_a llsm_test_b
client_load b deny_errno=1
client_load a
tap_is "lsm lists B then A" "llsm_test_b,llsm_test_a" "$(cat "$SHIMFS/lsm")"
tap_is "B first: the marker fails with B's EPERM" EPERM "$(tryopen "$marker")"
tap_is "B first: A never saw the marker" "0 1" "$(param llsm_test_a marker_seen) $(param llsm_test_b marker_seen)"
rmmod llsm_test_a llsm_test_b

# An explicit order overrides registration order.
client_load a
client_load b deny_errno=1 early=1
tap_is "B registered second with order -10 runs first" "llsm_test_b,llsm_test_a" "$(cat "$SHIMFS/lsm")"
tap_is "explicit order: the marker fails with B's EPERM" EPERM "$(tryopen "$marker")"
rmmod llsm_test_a llsm_test_b

# A hook the shim does not support is refused with a clear message.
dmesg_mark badhook
if client_load a bad_hook=1 2>/dev/null || loaded llsm_test_a; then
	tap_not_ok "a client asking for getprocattr is refused"
else
	tap_ok "a client asking for getprocattr is refused"
fi
log=$(dmesg_since badhook)
if grep -q "llsm_test_a: hook getprocattr is not supported" <<<"$log"; then
	tap_ok "the refusal names the hook and the reason"
else
	tap_not_ok "the refusal names the hook and the reason"
fi
tap_diag "$(grep lsm_shim <<<"$log")"

# State store: entries follow their objects and go with the client.
# While client A is loaded, the counts are read by this shell itself
# (obj_read) and waits are reads of a FIFO that never gets data
# (obj_pause): a reader or sleep process would open files and count as a
# task, and its entries would outlive it until its task is freed after an
# RCU grace period, which raced with the counts on single-threaded TCG.
obj_read() {
	local type n
	obj_task=0 obj_file=0
	while read -r type n; do
		case $type in
		task) obj_task=$n ;;
		file) obj_file=$n ;;
		esac
	done <"$SHIMFS/objects"
}
obj_pause() {
	read -r -t 0.5 -u "$obj_never" _ || true
}
# obj_settle MIN_TASK MIN_FILE: read until two reads half a second apart
# agree and reach the minimums, for at most 20 s; obj_task and obj_file
# hold the last read.
obj_settle() {
	local i prev=""
	for ((i = 0; i < 40; i++)); do
		obj_read
		[ "$prev" = "$obj_task $obj_file" ] && [ "$obj_task" -ge "$1" ] &&
			[ "$obj_file" -ge "$2" ] && return 0
		prev="$obj_task $obj_file"
		obj_pause
	done
	return 1
}
base_task=$(objects task) base_file=$(objects file)
mkdir -p "$LLSM_WORK"
rm -f "$LLSM_WORK/never"
mkfifo "$LLSM_WORK/never"
exec {obj_never}<>"$LLSM_WORK/never"
client_load a
obj_settle 0 0
pre_task=$obj_task pre_file=$obj_file
pids=""
for _ in 1 2 3; do
	(exec 3</etc/hostname; exec sleep 60) &
	pids="$pids $!"
done
obj_settle $((pre_task + 3)) $((pre_file + 3))
task_now=$obj_task file_now=$obj_file
if [ "$task_now" -ge $((base_task + 3)) ] && [ "$file_now" -ge $((base_file + 3)) ] &&
	[ "$task_now" -ge $((pre_task + 3)) ] && [ "$file_now" -ge $((pre_file + 3)) ]; then
	tap_ok "state entries appear for tasks and open files ($task_now tasks, $file_now files)"
else
	tap_not_ok "state entries appear for tasks and open files ($task_now tasks, $file_now files)"
fi
# shellcheck disable=SC2086
kill $pids
wait 2>/dev/null
# Back to the counts before the three tasks, within 30 s.
for ((i = 0; i < 60; i++)); do
	obj_read
	[ "$obj_task" -le "$pre_task" ] && [ "$obj_file" -le "$pre_file" ] && break
	obj_pause
done
if [ "$obj_task" -le "$pre_task" ] && [ "$obj_file" -le "$pre_file" ]; then
	tap_ok "entries go when their tasks exit and files close"
else
	tap_not_ok "entries go when their tasks exit and files close"
fi
tap_diag "entries before the 3 tasks: $pre_task tasks, $pre_file files; with them:" \
	"$task_now tasks, $file_now files; after they exit: $obj_task tasks, $obj_file files"
exec {obj_never}>&-
(exec 3</etc/hostname; exec sleep 60) &
keep=$!
sleep 0.5
rmmod llsm_test_a
tap_is "unregister frees all of the client's state (task file)" "$base_task $base_file" "$(objects task) $(objects file)"
kill $keep
wait 2>/dev/null

# The per-CPU cred state cache against cred reuse: a freed cred's state
# never answers for a new cred at its address, and state made after a
# cred was seen without any is found (llsm_test_credcache, 200 rounds).
if insmod "$LLSM_TEST_KO/llsm_test_credcache.ko" rounds=200; then
	cc=/sys/module/llsm_test_credcache/parameters
	cc_reused=$(cat "$cc/reused") cc_stale=$(cat "$cc/stale")
	cc_missed=$(cat "$cc/missed") cc_failed=$(cat "$cc/failed")
	cc_quarantine=$(cat "$cc/quarantine")
	rmmod llsm_test_credcache
	tap_is "cred cache rounds ran to the end" 0 "$cc_failed"
	if [ "$cc_reused" -gt 0 ]; then
		tap_ok "new creds took freed creds' addresses ($cc_reused of 200 rounds)"
	elif [ "$cc_quarantine" = Y ]; then
		# Reuse is provoked on the stock kernels (make check).
		tap_ok "new creds took freed creds' addresses # SKIP KASAN's quarantine keeps freed addresses from reuse"
	else
		tap_not_ok "new creds took freed creds' addresses ($cc_reused of 200 rounds)"
	fi
	tap_is "no new cred answered with a freed cred's state" 0 "$cc_stale"
	tap_is "state made after a lookup without it is found" 0 "$cc_missed"
else
	tap_not_ok "llsm_test_credcache loads"
fi

# Unregister while a client's hook sleeps: rmmod waits for the call.
client_load a sleep_ms=2000
tryopen "$sleeper" >"$LLSM_WORK/sleeper.out" &
bg=$!
sleep 0.5
t=$(now_s)
rmmod llsm_test_a
took=$(since "$t")
wait $bg
tap_is "the sleeping open completes normally" ok "$(cat "$LLSM_WORK/sleeper.out")"
if awk -v t="$took" 'BEGIN { exit !(t >= 1.0) }'; then
	tap_ok "rmmod waited for the sleeping hook (${took}s)"
else
	tap_not_ok "rmmod waited for the sleeping hook (${took}s)"
fi
tap_is "no hook stays attached without clients" "" "$(cat "$SHIMFS/hooks")"

t=$(now_s)
tap_run "lsm_shim unloads" rmmod lsm_shim
phase_time shim-unload-idle "$(since "$t")"
tap_is "the kernel's LSM list is unchanged after unload" "$kernel_lsms" "$(cat /sys/kernel/security/lsm)"
if [ -e "$SHIMFS" ]; then tap_not_ok "securityfs directory removed"; else tap_ok "securityfs directory removed"; fi
tap_is "open of the marker succeeds after the shim unloads" ok "$(tryopen "$marker")"
tap_end
