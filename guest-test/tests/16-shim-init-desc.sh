#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lsm_shim refuses a client descriptor (and hook table) in the module's init
# sections: they are freed once the module's init returns, and the shim
# reads the descriptor again at unregistration.
. /mnt/host/guest/tap.sh
. /mnt/host/guest/llsm.sh

marker=/tmp/llsm-deny-marker
echo data >"$marker"

tap_run "lsm_shim loads" llsm_load lsm_shim
dmesg_mark initdesc
if client_load a init_desc=1 2>/dev/null || loaded llsm_test_a; then
	tap_not_ok "a descriptor in the init sections is refused"
	tap_diag "clients: $(cat "$SHIMFS/lsm")"
	rmmod llsm_test_a
else
	tap_ok "a descriptor in the init sections is refused"
fi
log=$(dmesg_since initdesc)
tap_diag "$(grep lsm_shim <<<"$log")"
if grep -q "lsm_shim: descriptor is not part of module llsm_test_a (or in its init sections)" <<<"$log"; then
	tap_ok "the refusal says why"
else
	tap_not_ok "the refusal says why"
fi
tap_is "no client registered" "" "$(cat "$SHIMFS/lsm")"
tap_is "the marker opens" ok "$(tryopen "$marker")"
client_load a
tap_is "the same client with its descriptor in core memory registers" llsm_test_a "$(cat "$SHIMFS/lsm")"
rmmod llsm_test_a
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
