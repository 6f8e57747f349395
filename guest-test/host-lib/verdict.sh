# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The pass/fail verdict of one guest run (sourced).

LLSM_SCAN_KERNEL_LOG=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/scan-kernel-log

# run_verdict OUTDIR QEMU_RC TIMEOUT LABEL SECS: judge a finished run from
# OUTDIR (rc, tainted, console.log, dmesg.txt) and QEMU's exit status, write
# OUTDIR/kernel-problems.txt, log one line "LABEL: pass|fail in SECSs
# (reasons)" and return 0 for pass, 1 for fail. A run passes only when the
# job's rc is 0 and scan-kernel-log finds nothing in the console, the guest's
# dmesg and its taint mask. QEMU_RC 124 or 137 means the hard timeout hit.
run_verdict() {
	local out=$1 qrc=$2 timeout=$3 label=$4 secs=$5 verdict=pass reason="" tmask
	if [ "$qrc" = 124 ] || [ "$qrc" = 137 ]; then
		verdict=fail reason="timed out after ${timeout}s"
	elif [ ! -f "$out/rc" ]; then
		verdict=fail reason="guest stopped without a job result (QEMU exit $qrc)"
	elif [ "$(cat "$out/rc")" != 0 ]; then
		verdict=fail reason="job exited $(cat "$out/rc")"
	fi
	tmask=$(cat "$out/tainted" 2>/dev/null || echo "")
	# LLSM_ALLOW_TAINT: taint letters this run's tests cause on purpose.
	if ! "$LLSM_SCAN_KERNEL_LOG" ${tmask:+--tainted "$tmask"} \
		${tmask:+${LLSM_ALLOW_TAINT:+--allow "$LLSM_ALLOW_TAINT"}} \
		"$out/console.log" "$out/dmesg.txt" >"$out/kernel-problems.txt"; then
		verdict=fail
		reason="${reason:+$reason; }kernel log: $(head -n 1 "$out/kernel-problems.txt")"
	fi
	info "$label: $verdict in ${secs}s${reason:+ ($reason)}"
	[ "$verdict" = pass ]
}
