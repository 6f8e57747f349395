#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of guest-test/host-lib/progress.sh: follow_job reports a
# guest's job.log as it is written (a writer process stands in for QEMU and
# the guest), with the quiet interval cut to one second.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
info() { printf '%s\n' "$*" >&2; }
# shellcheck source=../../guest-test/host-lib/progress.sh
. "$top/guest-test/host-lib/progress.sh"
LLSM_PROGRESS_QUIET=1

# writer FILE: a job's output, written over four seconds; the file does not
# exist when the follower starts.
writer() {
	sleep 0.5
	{
		echo "# --- 10-shim.sh"
		echo "ok 1 - first"
		echo "# a diagnostic"
	} >>"$1"
	# Two seconds of lines that are not shown: still a quiet stretch.
	for _ in 1 2 3 4 5; do
		echo "# diagnostic" >>"$1"
		sleep 0.5
	done
	{
		echo "not ok 2 - second"
		echo "# progress: halfway"
		echo "# --- 20-yama.sh"
		echo "ok 1 - third"
	} >>"$1"
	sleep 1
}

follow() {
	rm -f "$d/job.log"
	writer "$d/job.log" &
	local w=$!
	follow_job "$d/job.log" 6.12 "$w" 2>"$d/progress.txt"
	wait "$w"
}

t0=$(date +%s)
follow
secs=$(($(date +%s) - t0))
out=$(cat "$d/progress.txt")
check "follow_job returns within 4 s of the end of the process it follows (${secs}s)" test "$secs" -le 8
is "each script as it starts, in order" "6.12: 10-shim.sh|6.12: 20-yama.sh" \
	"$(grep -E '^6.12: [0-9]+-[a-z]+\.sh$' "$d/progress.txt" | paste -sd'|')"
is "a failed test at once, with its script" "6.12: 10-shim.sh: not ok 2 - second" \
	"$(grep 'not ok' "$d/progress.txt")"
is "the job's own progress lines" "6.12: halfway" "$(grep halfway "$d/progress.txt")"
check "a quiet second (lines not shown do not count) says how far the script got" \
	grep -q '^6.12: 10-shim.sh still running, 1 ok so far (last: ok 1 - first)$' "$d/progress.txt"
is "no passing test line and no diagnostic by default" "" \
	"$(grep -E 'ok 1 - first$|ok 1 - third|diagnostic' "$d/progress.txt" | grep -v 'still running')"

LLSM_PROGRESS=all follow
out=$(cat "$d/progress.txt")
check "LLSM_PROGRESS=all: every TAP line too" grep -q '^6.12: 20-yama.sh: ok 1 - third$' "$d/progress.txt"
LLSM_PROGRESS=raw follow
is "LLSM_PROGRESS=raw: every line the job wrote, in order, without '# progress: '" \
	"$(sed 's/^# progress: //; s/^/6.12: /' "$d/job.log")" "$(grep -v 'still running' "$d/progress.txt")"
check "LLSM_PROGRESS=raw: a quiet second is said as such" grep -qx '6.12: (still running)' "$d/progress.txt"
# A line whose first bytes arrive before a quiet second ends and the rest
# after it is still one line.
split_writer() {
	sleep 0.2
	printf '#' >>"$1"
	sleep 1.5
	printf ' --- 30-audit.sh\n' >>"$1"
	sleep 0.5
}
rm -f "$d/job.log"
split_writer "$d/job.log" &
w=$!
follow_job "$d/job.log" 6.12 "$w" 2>"$d/progress.txt"
wait "$w"
is "a line split across a quiet second is read whole" "6.12: 30-audit.sh" \
	"$(grep -v 'still running' "$d/progress.txt")"
LLSM_PROGRESS=0 follow
is "LLSM_PROGRESS=0: nothing" "" "$(cat "$d/progress.txt")"

# A step (tap_step's "running: NAME") that lasts: the quiet line names it
# and how long it has run, until its TAP line ends it.
step_writer() {
	sleep 0.2
	printf '# --- 05-project-dkms.sh\nok 1 - helpers\nrunning: dkms build loadable-lsm\n' >>"$1"
	sleep 2.5
	printf 'ok 2 - dkms build loadable-lsm\n' >>"$1"
	sleep 1.5
}
step_follow() {
	rm -f "$d/job.log"
	step_writer "$d/job.log" &
	local w=$!
	follow_job "$d/job.log" 6.12 "$w" 2>"$d/progress.txt"
	wait "$w"
}
step_follow
check "a quiet second inside a step names the step and its time" \
	grep -qE '^6.12: 05-project-dkms.sh: still at "dkms build loadable-lsm" \([12] s\), 1 ok so far$' "$d/progress.txt"
check "after the step's TAP line, the quiet line is the script's again" \
	grep -q '^6.12: 05-project-dkms.sh still running, 2 ok so far' "$d/progress.txt"
fails "the step line itself is not shown" grep -q '^6.12: running:' "$d/progress.txt"
LLSM_PROGRESS=raw step_follow
fails "LLSM_PROGRESS=raw: not the step line either" grep -q 'running:' "$d/progress.txt"
check "LLSM_PROGRESS=raw: a quiet second inside a step names it" \
	grep -qE '^6.12: still at "dkms build loadable-lsm" \([12] s\)$' "$d/progress.txt"
# make demo has no TAP lines: its next step's progress line ends a step.
demo_writer() {
	sleep 0.2
	printf '# progress: ==> install\nrunning: apt-get install\n' >>"$1"
	sleep 2.5
	printf '# progress: ==> next\n' >>"$1"
	sleep 1.5
}
rm -f "$d/job.log"
demo_writer "$d/job.log" &
w=$!
LLSM_PROGRESS=raw follow_job "$d/job.log" 6.12 "$w" 2>"$d/progress.txt"
wait "$w"
check "a progress line ends the step before it (make demo)" \
	grep -qx '6.12: (still running)' <(sed -n '/==> next/,$p' "$d/progress.txt")
check "and the step was named while it ran" grep -q '^6.12: still at "apt-get install"' "$d/progress.txt"

finish
