#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Issue 14 item 7, the gadget objection: everything the kernel calls
# through because of the shim (the per-hook call vectors of the clients'
# functions, the shim's nodes on the kernel's hook lists or the hook lists
# of its static-call slots), the lock flag and the client table the call
# vectors are made from are read-only memory, like the kernel's own hook
# tables. An attacker with a kernel write primitive is
# played by llsm_test_poke, which writes one byte back where it read it.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

# sym NAME: the address of the shim's symbol NAME, or nothing.
sym() {
	ksym "$1" lsm_shim
}

# poke ADDR: "read=R write=W" for the byte at ADDR (hex, no 0x).
poke() {
	if ! insmod "$LLSM_TEST_KO/llsm_test_poke.ko" "addr=0x$1"; then
		echo "insmod failed"
		return
	fi
	echo "read=$(param llsm_test_poke read_rc) write=$(param llsm_test_poke write_rc)"
	rmmod llsm_test_poke
}

# plus ADDR N: ADDR + N, in hex without 0x.
plus() { printf '%x' $((0x$1 + $2)); }

echo data >/tmp/llsm-deny-marker
tap_run "lsm_shim loads" llsm_load lsm_shim || tap_end
tap_run "client A loads (its hooks fill the call vectors)" client_load a
tap_is "client A denies the marker" EACCES "$(tryopen /tmp/llsm-deny-marker)"
backend=$(cut -d' ' -f3 "$SHIMFS/version")
backend=${backend#backend=}

# probe_sym DESC NAME WANT [OFFSET]: poking OFFSET bytes into the shim's
# symbol NAME gives WANT; not ok when NAME is not in /proc/kallsyms.
probe_sym() {
	local a
	a=$(sym "$2")
	if [ -z "$a" ]; then
		tap_not_ok "$1 ($2 is not in /proc/kallsyms)"
		return
	fi
	tap_is "$1" "$3" "$(poke "$(plus "$a" "${4:-0}")")"
}
ro="read=0 write=-14"

# The probe must be able to write where memory is writable, or every
# "read-only" below would prove nothing.
probe_sym "the probe writes the shim's writable counters (hook_users)" \
	hook_users "read=0 write=0"

# The call vectors: the start, and 64 KiB in (the array is larger: two
# vectors of 16 calls for each of some 250 hooks); and the pointers to the
# current vector of each hook, which the dispatchers read.
probe_sym "the call vectors cannot be written" shim_calls_vec "$ro"
probe_sym "the call vectors cannot be written 64 KiB in" shim_calls_vec "$ro" 65536
probe_sym "the pointers to each hook's vector cannot be written" shim_calls_cur "$ro"
# What the dispatchers of older versions walked: writable lists.
if [ -n "$(sym shim_hook_clients)" ]; then
	probe_sym "the client lists the dispatchers walk cannot be written" \
		shim_hook_clients "$ro"
fi

case $backend in
hlist) node=nodes ;;
*) node=hook_lists ;;
esac
probe_sym "the $backend back end's $node (called by the kernel) cannot be written" \
	"$node" "$ro"
probe_sym "the lock flag cannot be written" locked "$ro"
# The registry: the client table every hook's calls are made from, and a
# client's descriptor and hook table, which it points to.
probe_sym "the client table cannot be written" client_table "$ro"
probe_sym "client A's slot in the client table cannot be written" client_table "$ro" 8
desc=$(ksym good_lsm llsm_test_a)
tap_is "client A's descriptor cannot be written" "$ro" \
	"$(if [ -n "$desc" ]; then poke "$desc"; else echo "good_lsm not in /proc/kallsyms"; fi)"

# Still a working shim: registering and unregistering rewrite the vectors.
tap_run "client B loads" client_load b
tap_is "client A still denies the marker" EACCES "$(tryopen /tmp/llsm-deny-marker)"
tap_run "client A unloads" rmmod llsm_test_a
tap_is "client B (the same test client) still denies the marker" EACCES \
	"$(tryopen /tmp/llsm-deny-marker)"
tap_run "client B unloads" rmmod llsm_test_b
tap_is "the marker opens without clients" ok "$(tryopen /tmp/llsm-deny-marker)"
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
