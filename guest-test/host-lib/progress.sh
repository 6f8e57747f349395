# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# A guest's progress on the host's terminal while it runs (sourced).
#
# The guest writes its job's output to JOBDIR/out/job.log over 9p as it
# goes; follow_job reads that file while QEMU runs and logs (info, on
# stderr) what a person waiting wants to see, so that no minute passes in
# silence: each test script as it starts ("# --- NAME", from the check
# job), every failed test at once, the job's own "# progress: ..." lines,
# and, after a minute with none of these, how far the current script got
# and which step it is in ("running: NAME" lines, tap_step, until the
# step's TAP line or the next script or progress line).
# LLSM_PROGRESS picks how much: "all" every TAP line too, "raw" every
# non-empty line the job writes but steps, "# progress: " taken off (make
# demo), "0" nothing, else (default) the above.

LLSM_PROGRESS_QUIET=${LLSM_PROGRESS_QUIET:-60}

# follow_job FILE LABEL PID: follow FILE until process PID (QEMU) ends.
follow_job() {
	local file=$1 label=$2 pid=$3 mode=${LLSM_PROGRESS:-tests}
	local line rc part="" cur="" n=0 last="" shown=$SECONDS step="" step_t=0
	[ "$mode" = 0 ] && return 0
	# tell TEXT: log it; a quiet minute counts from here.
	tell() {
		info "$label: $*"
		shown=$SECONDS
	}
	while :; do
		IFS= read -r -t "$LLSM_PROGRESS_QUIET" line
		rc=$?
		[ $rc = 0 ] || [ $rc -gt 128 ] || break
		# A read that times out keeps what it read of a line so far: the
		# rest comes with the next read.
		if [ $rc -gt 128 ]; then
			part+=$line
		else
			line=$part$line part=""
		fi
		if [ $rc = 0 ]; then
			case "$line" in
			"running: "*) step=${line#running: } step_t=$SECONDS ;;
			"ok "* | "not ok "* | "# --- "* | "# progress: "*) step="" ;;
			esac
		fi
		if [ $rc = 0 ] && [ "$mode" = raw ]; then
			line=${line#\# progress: }
			[ -n "$line" ] && [ "${line#running: }" = "$line" ] && tell "$line"
		elif [ $rc = 0 ]; then
			case "$line" in
			"# --- "*)
				cur=${line#\# --- } n=0 last=""
				tell "$cur" ;;
			"# progress: "*)
				tell "${line#\# progress: }" ;;
			"not ok "*)
				tell "${cur:+$cur: }$line" ;;
			"ok "*)
				n=$((n + 1)) last=$line
				[ "$mode" = all ] && tell "${cur:+$cur: }$line" ;;
			esac
		fi
		# Lines that are not shown do not end a quiet minute.
		[ $((SECONDS - shown)) -ge "$LLSM_PROGRESS_QUIET" ] || continue
		if [ -n "$step" ]; then
			tell "${cur:+$cur: }still at \"${step:0:90}\" ($((SECONDS - step_t)) s)$([ "$mode" = raw ] || echo ", $n ok so far")"
		elif [ "$mode" = raw ]; then
			tell "(still running)"
		else
			tell "${cur:-the job} still running, $n ok so far${last:+ (last: ${last:0:90})}"
		fi
	done < <(tail -n +1 -F -s 0.5 --pid="$pid" "$file" 2>/dev/null)
}
