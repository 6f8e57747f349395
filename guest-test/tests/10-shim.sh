#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# lsm_shim: probe, load beside the built-in LSMs, denial, call order, state
# store lifetime, refused hooks, unregister under a sleeping call, unload.
. /mnt/host/guest/tap.sh
. /mnt/host/guest/llsm.sh

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
base_task=$(objects task) base_file=$(objects file)
client_load a
pids=""
for _ in 1 2 3; do
	(exec 3</etc/hostname; exec sleep 60) &
	pids="$pids $!"
done
sleep 1
task_now=$(objects task) file_now=$(objects file)
if [ "$task_now" -ge $((base_task + 3)) ] && [ "$file_now" -ge $((base_file + 3)) ]; then
	tap_ok "state entries appear for tasks and open files ($task_now tasks, $file_now files)"
else
	tap_not_ok "state entries appear for tasks and open files ($task_now tasks, $file_now files)"
fi
# shellcheck disable=SC2086
kill $pids
wait 2>/dev/null
for _ in $(seq 20); do
	[ "$(objects task)" -lt "$task_now" ] && [ "$(objects file)" -lt "$file_now" ] && break
	sleep 0.5
done
if [ "$(objects task)" -lt "$task_now" ] && [ "$(objects file)" -lt "$file_now" ]; then
	tap_ok "entries go when their tasks exit and files close"
else
	tap_not_ok "entries go when their tasks exit and files close ($(objects task) tasks, $(objects file) files)"
fi
(exec 3</etc/hostname; exec sleep 60) &
keep=$!
sleep 0.5
rmmod llsm_test_a
tap_is "unregister frees all of the client's state (task file)" "$base_task $base_file" "$(objects task) $(objects file)"
kill $keep
wait 2>/dev/null

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
