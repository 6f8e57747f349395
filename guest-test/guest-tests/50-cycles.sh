#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Register/unregister and shim load/unload cycles under a hook-heavy load:
# no kernel problem (the host scans the log), no failed operation in the
# load, state counts back to their baseline. Prints the unregister and
# unload times.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

client_cycles=${LLSM_CLIENT_CYCLES:-200}
shim_cycles=${LLSM_SHIM_CYCLES:-50}
llsm_load lsm_shim || { tap_not_ok "lsm_shim loads for the cycle test"; tap_end; }
base=$(cat "$SHIMFS/objects" | paste -sd' ')
load_start cycles-load 4 900
sleep 2

# stats FILE: "n=N avg=A max=M" of the seconds in FILE, one per line.
stats() {
	awk '{ s += $1; if ($1 > m) m = $1; n++ }
		END { printf "n=%d avg=%.3fs max=%.3fs", n, (n ? s / n : 0), m }' "$1"
}

fails=0
: >"$LLSM_WORK/unreg.times"
for _ in $(seq "$client_cycles"); do
	client_load a || { fails=$((fails + 1)); continue; }
	tryopen /etc/hostname >/dev/null
	t=$(now_s)
	rmmod llsm_test_a || fails=$((fails + 1))
	since "$t" >>"$LLSM_WORK/unreg.times"
	echo >>"$LLSM_WORK/unreg.times"
done
sed -i '/^$/d' "$LLSM_WORK/unreg.times"
tap_is "$client_cycles client register/unregister cycles under load" 0 "$fails"
tap_diag "client unregister: $(stats "$LLSM_WORK/unreg.times")"
phase_time client-unregister-avg "$(awk '{ s += $1; n++ } END { printf "%.3f", s / n }' "$LLSM_WORK/unreg.times")"
tap_is "state counts back to baseline after the client cycles" "$base" "$(paste -sd' ' "$SHIMFS/objects")"

fails=0
: >"$LLSM_WORK/unload.times"
for _ in $(seq "$shim_cycles"); do
	rmmod_t=$(now_s)
	rmmod lsm_shim || { fails=$((fails + 1)); break; }
	since "$rmmod_t" >>"$LLSM_WORK/unload.times"
	echo >>"$LLSM_WORK/unload.times"
	llsm_load lsm_shim || { fails=$((fails + 1)); break; }
	client_load a || fails=$((fails + 1))
	tryopen /etc/hostname >/dev/null
	rmmod llsm_test_a || fails=$((fails + 1))
done
sed -i '/^$/d' "$LLSM_WORK/unload.times"
tap_is "$shim_cycles shim load/attach/unload cycles under load" 0 "$fails"
tap_diag "shim unload with hooks to release: $(stats "$LLSM_WORK/unload.times")"
phase_time shim-unload-avg "$(awk '{ s += $1; n++ } END { printf "%.3f", s / n }' "$LLSM_WORK/unload.times")"

load_stop
tap_is "the load saw no failed operation" 0 "$LOAD_RC"
tap_diag "$(load_output)"
tap_is "state counts at baseline after the shim cycles" "$base" "$(paste -sd' ' "$SHIMFS/objects")"
rmmod lsm_shim
tap_end
