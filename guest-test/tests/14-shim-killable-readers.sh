#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Readers of lsm_shim's lsm and hooks files wait for the shim's mutex
# killably: while an unregistration holds it for a hook that sleeps, an
# unprivileged reader killed with SIGKILL goes away at once instead of
# sitting in D state until the hook returns.
. /mnt/host/guest/tap.sh
. /mnt/host/guest/llsm.sh

sleeper=/tmp/llsm-sleep-marker
echo data >"$sleeper"
sleep_ms=6000
mkdir -p "$LLSM_WORK"
rm -f "$LLSM_WORK"/took.*

tap_run "lsm_shim loads" llsm_load lsm_shim
client_load a sleep_ms=$sleep_ms
tryopen "$sleeper" >/dev/null &
opener=$!
sleep 0.5
# rmmod waits for the sleeping hook with the shim's mutex held.
rmmod llsm_test_a &
remover=$!
sleep 1
for f in lsm hooks; do
	(
		t=$(now_s)
		setpriv --reuid=1000 --regid=1000 --clear-groups \
			timeout -s KILL 0.5 cat "$SHIMFS/$f" >/dev/null 2>&1
		since "$t" >"$LLSM_WORK/took.$f"
	) &
done
wait $remover
rc=$?
for f in lsm hooks; do
	while [ ! -s "$LLSM_WORK/took.$f" ]; do sleep 0.1; done
	took=$(cat "$LLSM_WORK/took.$f")
	if awk -v t="$took" 'BEGIN { exit !(t < 2.5) }'; then
		tap_ok "a reader of $f killed while the mutex is held goes at once (${took}s)"
	else
		tap_not_ok "a reader of $f killed while the mutex is held goes at once (${took}s)"
	fi
done
wait $opener
tap_is "the unregistration under the sleeping hook completes" 0 "$rc"
if loaded llsm_test_a; then tap_not_ok "client A is gone"; else tap_ok "client A is gone"; fi
tap_is "the lsm file reads normally again" "" "$(cat "$SHIMFS/lsm")"
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
