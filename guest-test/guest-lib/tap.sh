# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# TAP helpers for guest test scripts (sourced). Each script numbers its own
# lines; the host renumbers them across scripts and kernels.

TAP_N=0
TAP_FAILED=0

tap_ok() {
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N - $*"
}

tap_not_ok() {
	TAP_N=$((TAP_N + 1))
	TAP_FAILED=$((TAP_FAILED + 1))
	echo "not ok $TAP_N - $*"
}

# tap_diag TEXT...: TAP diagnostic lines.
tap_diag() {
	printf '%s\n' "$@" | sed 's/^/# /'
}

# tap_step NAME: what the job is doing now, for the host's progress lines
# while it lasts ("running: NAME", a line TAP readers ignore).
tap_step() {
	echo "running: $*"
}

# tap_run NAME CMD...: one test that passes when CMD exits 0; CMD's output
# becomes diagnostics.
tap_run() {
	local name=$1 out rc
	shift
	tap_step "$name"
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc = 0 ]; then
		tap_ok "$name"
	else
		tap_not_ok "$name (exit $rc)"
	fi
	[ -n "$out" ] && tap_diag "$out"
	return $rc
}

# tap_true NAME CMD...: CMD succeeds, quietly.
tap_true() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then tap_ok "$name"; else tap_not_ok "$name"; fi
}

# tap_is NAME EXPECTED ACTUAL: one test comparing two strings.
tap_is() {
	if [ "$2" = "$3" ]; then
		tap_ok "$1"
	else
		tap_not_ok "$1"
		tap_diag "expected: $2" "     got: $3"
	fi
}

# tap_end: print the plan and exit with the number of failures.
tap_end() {
	echo "1..$TAP_N"
	exit $((TAP_FAILED > 0))
}

# phase_time NAME SECONDS: record a phase duration for the host's timing table.
phase_time() {
	echo "$1 $2" >>/mnt/host/out/timings
}

# now_s: seconds since boot with a fraction.
now_s() { cut -d' ' -f1 /proc/uptime; }

# since START: seconds since START (a now_s value), one decimal.
since() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.1f", b - a }'; }
