#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# lsm_shim refuses a client descriptor (and hook table) in the module's init
# sections: they are freed once the module's init returns, and the shim
# reads the descriptor again at unregistration. It refuses them in writable
# data too: every hook's calls are made from them (issue 14 item 7), so a
# kernel write primitive could otherwise put its own function on a hook.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

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

# writable_refused N DESC TEXT: client A with writable=N is refused, and
# the log says TEXT.
writable_refused() {
	dmesg_mark "writable$1"
	if client_load a writable="$1" 2>/dev/null || loaded llsm_test_a; then
		tap_not_ok "$2 is refused"
		tap_diag "clients: $(cat "$SHIMFS/lsm")"
		rmmod llsm_test_a
	else
		tap_ok "$2 is refused"
	fi
	tap_logged "the refusal says why" "writable$1" "$3"
}
writable_refused 1 "a descriptor in writable data" \
	"lsm_shim: descriptor is writable data of module llsm_test_a (declare it const)"
writable_refused 2 "a hook table in writable data" \
	"lsm_shim: llsm_test_a: hook table is writable data of module llsm_test_a (declare it const)"
tap_is "still no client registered" "" "$(cat "$SHIMFS/lsm")"
client_load a
tap_is "the same client with its descriptor in core memory registers" llsm_test_a "$(cat "$SHIMFS/lsm")"
rmmod llsm_test_a
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
