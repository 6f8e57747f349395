#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lsm_shim checks the kernel's hook table hook by hook before any write: a
# table whose size matches the headers but whose hooks are in another order
# (test_swap_hooks=1 swaps file_open and file_permission, as a same-ABI
# kernel update that reordered the hook list would) is refused, by probe
# and by load; the real table is accepted.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

marker=/tmp/llsm-deny-marker
echo data >"$marker"

dmesg_mark swapprobe
llsm_load lsm_shim probe=1 test_swap_hooks=1 2>/dev/null
log=$(dmesg_since swapprobe)
tap_diag "$(grep lsm_shim <<<"$log")"
if grep -q "cannot be shimmed: .*file_open.*differs from the headers" <<<"$log"; then
	tap_ok "probe with a reordered hook table says it cannot shim, naming the hook"
else
	tap_not_ok "probe with a reordered hook table says it cannot shim, naming the hook"
fi

dmesg_mark swapload
if llsm_load lsm_shim test_swap_hooks=1 2>/dev/null || loaded lsm_shim; then
	tap_not_ok "load with a reordered hook table is refused"
	# What the old shim does then: file_open's dispatcher sits in
	# file_permission's place, so A's open denial lands on reads.
	client_load a
	tap_diag "with the shim loaded on the reordered table, opening the marker gives: $(tryopen "$marker")"
	rmmod llsm_test_a
	rmmod lsm_shim
else
	tap_ok "load with a reordered hook table is refused"
fi
tap_diag "$(dmesg_since swapload | grep lsm_shim)"

t=$(now_s)
tap_run "lsm_shim loads on the kernel's own table" llsm_load lsm_shim
tap_diag "load with the table checked hook by hook took $(since "$t")s"
client_load a
tap_is "client A denies opening the marker" EACCES "$(tryopen "$marker")"
rmmod llsm_test_a
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
