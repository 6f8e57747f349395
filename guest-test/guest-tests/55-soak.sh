#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# Soak: yama_lkm, audit_lkm and the two test clients load and unload in
# random orders, many times, while loadgen keeps every guest CPU busy with
# fork/exec, open/unlink, ptrace, loopback sockets and credential changes
# through a set-user-ID helper. Afterwards no client is left, no hook is
# attached, the shim's state counts and the kmalloc slab counts are back at
# their baseline, and the load saw no failed operation. (The host scans the
# kernel log for oopses, BUGs, WARNINGs, hung tasks and RCU stalls.)
#
# A cycle loads all four clients in one random order and unloads them in
# another. Cycles: LLSM_SOAK_CYCLES, default 25 (100 client load/unload
# cycles in all; 50 took 245 s on 6.12 under TCG, beyond make check's time
# budget), 1,000 under make soak (which also
# raises LLSM_CLIENT_CYCLES to 200: that alone selects the long form when
# the harness does not pass LLSM_SOAK_CYCLES on). "llsm_soak_leak=N" on the
# kernel command line loads client A with leak_bytes=N, a deliberately
# broken client whose leak this test must report.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

if [ "${LLSM_CLIENT_CYCLES:-50}" -ge 200 ]; then
	cycles=${LLSM_SOAK_CYCLES:-1000}
else
	cycles=${LLSM_SOAK_CYCLES:-25}
fi
leak=$(tr ' ' '\n' </proc/cmdline | sed -n 's/^llsm_soak_leak=//p')
t_start=$(now_s)
suid=/usr/local/lib/llsm-suidcheck
mkdir -p "$LLSM_WORK"

# kmalloc_objs: "NAME ACTIVE" for each kmalloc cache, after dropping the
# dentry and inode caches (their security blobs are kmalloc'd).
kmalloc_objs() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	awk '$1 ~ /^kmalloc-[0-9k]+$/ { print $1, $2 }' /proc/slabinfo
}

# slab_growth BEFORE AFTER: the caches that grew by more than the noise
# allowance (2048 objects or a tenth of the cache; a new slab of kmalloc-8
# alone is 512), "NAME +N (A -> B)".
slab_growth() {
	awk 'NR == FNR { b[$1] = $2; next }
		{ d = $2 - b[$1]; lim = b[$1] / 10; if (lim < 2048) lim = 2048
		  if (d > lim) printf "%s +%d (%d -> %d)\n", $1, d, b[$1], $2 }' "$1" "$2"
}

# soak_load NAME: load one client for the soak.
soak_load() {
	case $1 in
	yama_lkm) llsm_load yama_lkm ;;
	audit_lkm) llsm_load audit_lkm classes=all rate=10 ;;
	llsm_test_a) client_load a ${leak:+leak_bytes=$leak} ;;
	llsm_test_b) client_load b deny_errno=1 ;;
	esac
}

clients=(yama_lkm audit_lkm llsm_test_a llsm_test_b)
loaded lsm_shim || llsm_load lsm_shim
for m in "${clients[@]}"; do
	loaded "$m" && rmmod "$m"
done
install -m 4755 -o root "$LLSM_BIN/suidcheck" "$suid"
if setpriv --reuid=1000 --regid=1000 --clear-groups "$suid"; then
	tap_ok "the set-user-ID helper regains euid 0 when uid 1000 runs it"
else
	tap_not_ok "the set-user-ID helper regains euid 0 when uid 1000 runs it"
fi
[ -n "$leak" ] && tap_diag "deliberately broken run: llsm_test_a leaks $leak bytes per open"

base_objects=$(paste -sd' ' "$SHIMFS/objects")
kmalloc_objs >"$LLSM_WORK/slab.before"
workers=$(nproc)
load_start soak-load "$workers" 3000 - "$suid"
sleep 1

fails=0 wrong_list=0
for c in $(seq "$cycles"); do
	order=$(shuf -e "${clients[@]}" | paste -sd' ')
	for m in $order; do
		soak_load "$m" || { fails=$((fails + 1)); tap_diag "cycle $c: load of $m failed"; }
	done
	# The shim lists exactly the loaded clients, in registration order.
	[ "$(cat "$SHIMFS/lsm")" = "$(tr ' ' ',' <<<"$order")" ] || wrong_list=$((wrong_list + 1))
	tryopen /etc/hostname >/dev/null || fails=$((fails + 1))
	# Unload in another random order.
	for m in $(shuf -e "${clients[@]}"); do
		rmmod "$m" || { fails=$((fails + 1)); tap_diag "cycle $c: rmmod $m failed"; }
	done
done
load_stop
soak_secs=$(since "$t_start")

tap_is "$cycles soak cycles: every load and unload succeeded" 0 "$fails"
tap_is "the shim listed the loaded clients in load order in every cycle" 0 "$wrong_list"
tap_is "the load (fork/exec, open/unlink, ptrace, sockets, setuid) saw no failure" 0 "$LOAD_RC"
tap_diag "$(load_output)"
tap_is "no client left registered and no hook attached" "|" "$(cat "$SHIMFS/lsm")|$(cat "$SHIMFS/hooks")"
tap_is "shim state counts back to baseline" "$base_objects" "$(paste -sd' ' "$SHIMFS/objects")"
kmalloc_objs >"$LLSM_WORK/slab.after"
grown=$(slab_growth "$LLSM_WORK/slab.before" "$LLSM_WORK/slab.after")
tap_is "kmalloc slab counts back to baseline (within 2048 objects or 10%)" "" "$grown"
tap_diag "kmalloc caches before -> after:" \
	"$(join "$LLSM_WORK/slab.before" "$LLSM_WORK/slab.after" | awk '{ printf "%s %d->%d ", $1, $2, $3 }')"
phase_time soak "$soak_secs"
tap_diag "55-soak.sh: $cycles cycles of 4 clients in ${soak_secs}s, $workers load workers"
rmmod lsm_shim
rm -f "$suid"
tap_end
