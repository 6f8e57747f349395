#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lsm_shim_hook_enable(): a client switches one of its own hooks off and on.
# Off, the hook is not called and, with no other client on it, detached
# from the kernel (the shim's "hooks" file no longer lists it); on again, it
# is called again. A hook the client does not have and an id past the last
# hook are refused with EINVAL; another module cannot switch a client's
# hook (EPERM, logged), nor name a descriptor the shim does not know
# (ENOENT). Switching races opens and the kernel log stays clean.
# llsm_test_hooks hook=switch_self / switch_other
# (guest-test/guest-modules/hooks.c) is the client.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

hooks_load() { insmod "$LLSM_TEST_KO/llsm_test_hooks.ko" "$@"; }
calls() { param llsm_test_hooks calls; }
switch() { echo "$1" >/sys/module/llsm_test_hooks/parameters/file_open_on; }
# attached: the file_open line of the shim's hooks file ("" when detached).
attached() { grep '^file_open ' "$SHIMFS/hooks" | cut -d' ' -f1,2; }
opens() { for _ in $(seq "$1"); do cat /etc/hostname >/dev/null; done; }

# What the tests before left loaded is not this test's starting point.
for m in tomoyo_lkm yama_lkm audit_lkm llsm_test_a llsm_test_b llsm_test_null llsm_test_hooks; do
	loaded "$m" && { tap_diag "unloading $m, left loaded before this test"; rmmod "$m"; }
done
loaded lsm_shim || llsm_load lsm_shim
tap_is "no client: file_open is not attached" "" "$(attached)"
dmesg_mark switch-self
tap_run "a client with one hook, file_open, registers" hooks_load hook=switch_self
tap_logged "a hook it does not have and an id past the last are refused with EINVAL" \
	switch-self "llsm_test_hooks: switch_self: foreign hook -22, hook past the last -22"
tap_is "registered, its hook is on and attached" "file_open entries=1" "$(attached)"
c0=$(calls)
opens 10
c1=$(calls)
tap_true "on: it is called on every open ($c0 -> $c1)" [ "$((c1 - c0))" -ge 10 ]

tap_run "the client switches its file_open off" switch 0
tap_is "off: file_open is detached from the kernel" "" "$(attached)"
c2=$(calls)
opens 10
tap_is "off: it is not called" "$c2" "$(calls)"
tap_run "switching off again is no change and no error" switch 0
tap_is "the client is still registered" llsm_test_hooks "$(cat "$SHIMFS/lsm")"
tap_run "the client switches it on again" switch 1
tap_is "on again: attached" "file_open entries=1" "$(attached)"
c3=$(calls)
opens 10
c4=$(calls)
tap_true "on again: called ($c3 -> $c4)" [ "$((c4 - c3))" -ge 10 ]
tap_is "a bad value is refused" refused "$(try_write /sys/module/llsm_test_hooks/parameters/file_open_on maybe)"

# Switching while other processes open files: 300 switches against a
# stream of opens, then on: the hook is attached once and called. Client B
# keeps file_open attached meanwhile, so the switches republish the call
# vector (the shim's part) without patching the kernel's text each time:
# attaching and detaching were tried above, a few times, because text
# patching at this rate is what multi-threaded TCG gets wrong (README,
# "Guest speed": QEMU executes a stale int3 as the kernel patches).
client_load b
(

	for _ in $(seq 300); do
		cat /etc/hostname /etc/passwd >/dev/null
	done
) &
reader=$!
bad=0
for i in $(seq 300); do
	switch $((i % 2)) || bad=$((bad + 1))
done
wait "$reader"
tap_is "300 switches racing opens all succeed" 0 "$bad"
rmmod llsm_test_b
switch 1
c5=$(calls)
opens 5
c6=$(calls)
tap_is "after the race the hook is attached once" "file_open entries=1" "$(attached)"
tap_true "and called ($c5 -> $c6)" [ "$c6" -gt "$c5" ]
rmmod llsm_test_hooks
tap_is "its module unloads; file_open is detached" "" "$(attached)"

# Another module cannot switch a client's hook.
echo data >/tmp/llsm-deny-marker
client_load a
addr=$(ksym good_lsm llsm_test_a)
dmesg_mark switch-other
if hooks_load hook=switch_other other="0x$addr" 2>/dev/null; then
	tap_not_ok "another module's switch of client A's file_open fails its init"
	rmmod llsm_test_hooks
else
	tap_ok "another module's switch of client A's file_open fails its init"
fi
tap_logged "the shim refused it with EPERM" switch-other \
	"switching another module's client's hook off: -1$"
tap_logged "the refusal is logged with the caller" switch-other \
	"lsm_shim: llsm_test_a: hook switch refused: called from .*\[llsm_test_hooks\], not by module llsm_test_a"
tap_is "client A's file_open is still attached and denies the marker" \
	"file_open entries=1 EACCES" "$(attached) $(tryopen /tmp/llsm-deny-marker)"
# A pointer that is no registered descriptor (the shim only compares it).
addr=$(awk '$3 == "jiffies" { print $1; exit }' /proc/kallsyms)
dmesg_mark switch-unknown
hooks_load hook=switch_other other="0x$addr" 2>/dev/null
tap_logged "a descriptor the shim does not know is refused with ENOENT" switch-unknown \
	"switching another module's client's hook off: -2$"
rmmod llsm_test_a
tap_is "client A unloads; file_open is detached" "" "$(attached)"
rmmod lsm_shim
tap_end
