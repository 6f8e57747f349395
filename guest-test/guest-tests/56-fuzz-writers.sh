#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# Writer fuzzing and privilege: fuzzw feeds the shim's lock, yama_lkm's
# ptrace_scope and each of audit_lkm's controls generated malformed input
# (overlong lines, NUL bytes, partial writes, huge numbers, invalid escapes,
# random bytes, mutated valid lines). Refused writes must fail and leave
# every file byte-for-byte unchanged; accepted ones must read back as
# modelled (see fuzzw.c). Then, as uid 1000 writing through a descriptor
# root opened, every write, the valid values included, must be refused.
# The lock is only ever given values that cannot set it (90-lock.sh comes
# later in this boot). tomoyo_lkm's files: 57-tomoyo-soak-fuzz.sh.
#
# Writes per file: LLSM_FUZZ_WRITES, default 10,000 (100,000 under make
# soak, which raises LLSM_CLIENT_CYCLES to 200: that alone selects the long
# form when the harness does not pass LLSM_FUZZ_WRITES on); 1/20 of that
# as uid 1000.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

if [ "${LLSM_CLIENT_CYCLES:-50}" -ge 200 ]; then
	writes=${LLSM_FUZZ_WRITES:-100000}
else
	writes=${LLSM_FUZZ_WRITES:-10000}
fi
uwrites=$((writes / 20))
t_start=$(now_s)
seeds=$LLSM_WORK/fuzz-seeds
afs=/sys/kernel/security/audit_lkm
knob=/proc/sys/kernel/yama_lkm/ptrace_scope
mkdir -p "$seeds"

loaded lsm_shim || llsm_load lsm_shim
for m in yama_lkm audit_lkm; do
	loaded "$m" || llsm_load "$m"
done
printf '%s\n' 0 1 2 10 01 true on >"$seeds/lock"
printf '%s\n' 0 1 2 02 0x2 " 1" >"$seeds/yama"
printf '%s\n' exec "exec net" all none write,file "cred module ptrace" \
	"mount, net" >"$seeds/classes"
printf '%s\n' any 0 1000 +5 4294967294 >"$seeds/uid"
printf '%s\n' any bash auditwl a "fifteen chars.." >"$seeds/comm"
printf '%s\n' any 1 >"$seeds/cgroup"
printf '%s\n' 0 5 1000000 +7 >"$seeds/rate"
cat >"$LLSM_WORK/yama-reset.sh" <<'EOF'
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
rmmod yama_lkm && llsm_load yama_lkm
EOF

lock_before=$(cat "$SHIMFS/lock")
fuzz "lock: $writes writes that cannot set it are all refused, lock unchanged" \
	-n "$writes" -f "$seeds/lock" lock "$SHIMFS/lock"
fuzz "lock: uid 1000 cannot write it" -u -n "$uwrites" -f "$seeds/lock" lock "$SHIMFS/lock"
tap_is "the lock still reads $lock_before" "$lock_before" "$(cat "$SHIMFS/lock")"

echo 1 >"$knob"
fuzz "yama_lkm ptrace_scope: $writes writes, refused ones change nothing" \
	-n "$writes" -f "$seeds/yama" -R 1 -x "bash $LLSM_WORK/yama-reset.sh" yama "$knob"
fuzz "yama_lkm ptrace_scope: uid 1000 cannot change it" \
	-u -n "$uwrites" -f "$seeds/yama" yama "$knob"

# audit_lkm: a low rate limit while classes are switched on and off.
echo 5 >"$afs/rate"
for f in classes uid comm cgroup rate; do
	others=()
	for o in classes uid comm cgroup rate; do
		[ "$o" = "$f" ] || others+=(-S "$afs/$o")
	done
	restore=$(cat "$afs/$f")
	fuzz "audit_lkm $f: $writes writes accepted or refused as modelled" \
		-n "$writes" -f "$seeds/$f" -R "$restore" "${others[@]}" "$f" "$afs/$f"
	fuzz "audit_lkm $f: uid 1000 cannot change it" \
		-u -n "$uwrites" -f "$seeds/$f" "${others[@]}" "$f" "$afs/$f"
done
rmmod audit_lkm yama_lkm
phase_time fuzz-writers "$(since "$t_start")"
tap_diag "56-fuzz-writers.sh: $writes writes per file (uid 1000: $uwrites) in $(since "$t_start")s"
tap_end
