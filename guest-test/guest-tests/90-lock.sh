#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The lock: refused to the unprivileged and to root without CAP_MAC_ADMIN;
# once set, nothing loads or unloads until reboot. Runs last in a guest.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

marker=/tmp/llsm-deny-marker
echo data >"$marker"
llsm_load lsm_shim
client_load a

if setpriv --reuid=1000 --regid=1000 --clear-groups \
	sh -c "echo 1 > $SHIMFS/lock" 2>/dev/null; then
	tap_not_ok "an unprivileged user cannot set the lock"
else
	tap_ok "an unprivileged user cannot set the lock"
fi
if capsh --drop=cap_mac_admin -- -c "echo 1 > $SHIMFS/lock" 2>/dev/null; then
	tap_not_ok "root without CAP_MAC_ADMIN cannot set the lock"
else
	tap_ok "root without CAP_MAC_ADMIN cannot set the lock"
fi
tap_is "lock still reads 0" 0 "$(cat "$SHIMFS/lock")"
if sh -c "echo 2 > $SHIMFS/lock" 2>/dev/null; then
	tap_not_ok "writing 2 to lock is refused"
else
	tap_ok "writing 2 to lock is refused"
fi
# One write of "1" followed by a NUL byte: a C-string compare would take it.
if printf '1\0' | dd of="$SHIMFS/lock" bs=2 count=1 status=none 2>/dev/null; then
	tap_not_ok "writing 1 and a NUL byte to lock is refused"
else
	tap_ok "writing 1 and a NUL byte to lock is refused"
fi
tap_is "lock still reads 0 after bad writes" 0 "$(cat "$SHIMFS/lock")"

tap_run "root with CAP_MAC_ADMIN sets the lock" sh -c "echo 1 > $SHIMFS/lock"
tap_is "lock reads 1" 1 "$(cat "$SHIMFS/lock")"
if rmmod llsm_test_a 2>/dev/null; then tap_not_ok "rmmod of a client fails when locked"; else tap_ok "rmmod of a client fails when locked"; fi
if rmmod lsm_shim 2>/dev/null; then tap_not_ok "rmmod of the shim fails when locked"; else tap_ok "rmmod of the shim fails when locked"; fi
if client_load b 2>/dev/null; then tap_not_ok "a new client cannot register when locked"; else tap_ok "a new client cannot register when locked"; fi
tap_is "the locked client still denies" EACCES "$(tryopen "$marker")"
tap_is "clients unchanged by the refused operations" llsm_test_a "$(cat "$SHIMFS/lsm")"
tap_end
