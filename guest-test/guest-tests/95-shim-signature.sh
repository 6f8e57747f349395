#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: llsm.boot=sig-enforce
# When the kernel enforces module signatures, only a client whose module's
# signature verified may register (issue 14 item 7). The kernel itself
# refuses to load an unsigned module once signatures are enforced, so the
# test switches enforcement on while an unsigned client's init waits
# before it registers (register_delay_ms): its registration must then be
# refused, logged and audited. sig_enforce can be switched on but never
# off, so this test has a boot of its own (the llsm-append line above only
# makes that boot distinct; the kernel ignores the parameter).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

# The audit records are read from the kernel log (no auditd in the guest).
kmsg_unlimited
enforce=/sys/module/module/parameters/sig_enforce

tap_run "lsm_shim loads" llsm_load lsm_shim
tap_is "the kernel does not enforce module signatures yet" N "$(cat "$enforce")"
# The control: the same client, unsigned, registers while nothing is
# enforced.
tap_run "unsigned client B registers while signatures are not enforced" \
	client_load b register_delay_ms=200
tap_is "client B is registered, and its module is unsigned (taint E)" \
	"llsm_test_b yes" \
	"$(cat "$SHIMFS/lsm") $(grep -q E /sys/module/llsm_test_b/taint && echo yes)"
rmmod llsm_test_b

dmesg_mark sig
client_load b register_delay_ms=5000 2>/dev/null &
pid=$!
for _ in $(seq 100); do
	dmesg_since sig | grep -q "llsm_test_b: init waits" && break
	sleep 0.1
done
echo 1 >"$enforce"
tap_is "the kernel now enforces module signatures" Y "$(cat "$enforce")"
wait "$pid"
rc=$?
tap_is "client B's registration is refused, so its init fails" \
	"failed no" \
	"$([ "$rc" -ne 0 ] && echo failed || echo loaded) $(grep -q llsm_test_b "$SHIMFS/lsm" && echo yes || echo no)"
tap_logged "the refusal says why" sig \
	"lsm_shim: llsm_test_b: refused: module llsm_test_b is not signed with a trusted key, and signatures are enforced"
tap_logged "the refusal is audited with the module" sig \
	"op=register name=llsm_test_b res=0 module=llsm_test_b"
tap_end
