#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# yama_lkm: the ptrace matrix (ptmatrix, as root and as uid 1000) for each
# scope 0-3, once with the built-in Yama at that scope and yama_lkm not
# loaded, once with the built-in at 0 and yama_lkm at that scope: the two
# tables must be identical. Then the knob, both Yamas at once, the denial
# notice, and 100 load/unload cycles under a ptrace/exec load.
#
# Scope 3 is sticky until reboot (yama_lkm's until it unloads): yama_lkm's
# scope 3 is its last matrix, and the built-in at 3 is the very last test.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

builtin=/proc/sys/kernel/yama/ptrace_scope
knob=/proc/sys/kernel/yama_lkm/ptrace_scope
cycles=${LLSM_YAMA_CYCLES:-100}
t_start=$(now_s)
mkdir -p "$LLSM_WORK"

# matrix: the ptrace matrix as root, then as the unprivileged user.
matrix() {
	echo "as root:"
	ptmatrix
	echo "as uid 1000:"
	setpriv --reuid=1000 --regid=1000 --clear-groups ptmatrix
}

# row TABLE WHO RELATION OP: one row of a matrix (WHO: root or user).
row() {
	awk -v who="$2" -v rel="$3" -v op="$4" '
		/^as root:/ { w = "root" } /^as uid/ { w = "user" }
		w == who && $1 == rel && $2 == op { print $3, $4, $5 }' <<<"$1"
}

if [ ! -w "$builtin" ]; then
	tap_not_ok "the built-in Yama is active ($builtin)"
	tap_end
fi
loaded lsm_shim || llsm_load lsm_shim
tap_is "yama_lkm is not loaded yet" no "$(loaded yama_lkm && echo yes || echo no)"

# The built-in Yama at scopes 0-2 (3 comes last).
declare -A ref lkm
t=$(now_s)
for s in 0 1 2; do
	echo "$s" >"$builtin"
	ref[$s]=$(matrix)
done
echo 0 >"$builtin"
phase_time yama-builtin-matrices "$(since "$t")"

# yama_lkm at scopes 0-3, the built-in at 0.
t=$(now_s)
tap_run "yama_lkm loads" llsm_load yama_lkm
tap_is "yama_lkm registered with the shim" yama_lkm "$(grep -o yama_lkm "$SHIMFS/lsm")"
tap_is "kernel.yama_lkm.ptrace_scope defaults to 1" 1 "$(cat "$knob")"
for s in 0 1 2 3; do
	echo "$s" >"$knob"
	lkm[$s]=$(matrix)
done
phase_time yama-lkm-matrices "$(since "$t")"

# One denial shown explicitly: the same attach succeeds at 0, fails at 1.
tap_is "yama_lkm at 0: uid 1000 attaches to its sibling" ok \
	"$(row "${lkm[0]}" user sibling attach | cut -d' ' -f1)"
tap_is "yama_lkm at 1: the same attach fails" EPERM \
	"$(row "${lkm[1]}" user sibling attach | cut -d' ' -f1)"
tap_is "yama_lkm at 1: a declared tracer (pid, ANY) may attach" "ok ok" \
	"$(row "${lkm[1]}" user sibling attach | cut -d' ' -f2,3)"

# The denial notice names both processes (after the 5 s rate limit window).
sleep 6
dmesg_mark yama-notice
setpriv --reuid=1000 --regid=1000 --clear-groups ptmatrix >/dev/null
if dmesg_since yama-notice | grep -q 'yama_lkm: ptrace attach of "ptmatrix"\[[0-9]*\] was attempted by "ptmatrix"\[[0-9]*\]'; then
	tap_ok "a denied attach logs 'ptrace attach of \"comm\"[pid] was attempted by \"comm\"[pid]'"
else
	tap_not_ok "a denied attach logs 'ptrace attach of \"comm\"[pid] was attempted by \"comm\"[pid]'"
fi
tap_diag "$(dmesg_since yama-notice | grep 'yama_lkm: ptrace' | head -n 2)"

# Knob: sticky at 3.
tap_is "scope 3 cannot be lowered to 0" "refused 3" "$(try_write "$knob" 0) $(cat "$knob")"
tap_is "scope 3 cannot be lowered to 2" "refused 3" "$(try_write "$knob" 2) $(cat "$knob")"
tap_is "scope 3 can be written again as 3" "ok 3" "$(try_write "$knob" 3) $(cat "$knob")"
rmmod yama_lkm
llsm_load yama_lkm
tap_is "reloading yama_lkm starts again at 1" 1 "$(cat "$knob")"

# Knob: privileges, range and junk. The built-in knob answers the same.
echo 2 >"$knob"
tap_is "uid 1000 cannot write the knob" "refused 2" \
	"$(try_write "$knob" 1 setpriv --reuid=1000 --regid=1000 --clear-groups) $(cat "$knob")"
tap_is "root without CAP_SYS_PTRACE cannot write the knob" "refused 2" \
	"$(try_write "$knob" 1 setpriv --bounding-set=-sys_ptrace) $(cat "$knob")"
junk=$(head -c 4096 /dev/zero | tr '\0' 'x')
for v in -1 4 abc "" " " "$junk" 99999999999999999999; do
	name=$v
	[ ${#v} -gt 20 ] && name="${#v} bytes of junk"
	tap_is "value '$name' is refused and changes nothing" "refused 2" \
		"$(try_write "$knob" "$v") $(cat "$knob")"
	echo 1 >"$builtin"
	b=$(try_write "$builtin" "$v")
	[ "$b" = refused ] || tap_diag "the built-in knob accepted '$name'"
done
echo 0 >"$builtin"
tap_is "0 1 2 3 are accepted" "ok ok ok ok" \
	"$(for v in 0 1 2 3; do try_write "$knob" $v; done | paste -sd' ')"
rmmod yama_lkm

# The ptrace_scope parameter: the scope at load (modprobe.d, modules.conf).
for v in 0 2 3; do
	llsm_load yama_lkm ptrace_scope=$v
	tap_is "yama_lkm ptrace_scope=$v starts at $v" "$v $v" \
		"$(cat "$knob") $(cat /sys/module/yama_lkm/parameters/ptrace_scope)"
	[ $v = 3 ] && tap_is "loaded at 3, the scope cannot be lowered" "refused 3" \
		"$(try_write "$knob" 1) $(cat "$knob")"
	rmmod yama_lkm
done
for v in 4 -1 abc 99999999999999999999; do
	dmesg_mark "yama-param-$v"
	if llsm_load yama_lkm ptrace_scope=$v 2>"$LLSM_WORK/err"; then
		tap_not_ok "yama_lkm ptrace_scope=$v is refused"
		rmmod yama_lkm
		continue
	fi
	tap_is "yama_lkm ptrace_scope=$v is refused, nothing registered" "no no" \
		"$(grep -q '^yama_lkm ' /proc/modules && echo yes || echo no) $(grep -q yama_lkm "$SHIMFS/lsm" && echo yes || echo no)"
	tap_diag "$(cat "$LLSM_WORK/err")" "$(dmesg_since "yama-param-$v" | grep yama_lkm | head -n 2)"
done
dmesg_mark yama-param-range
llsm_load yama_lkm ptrace_scope=7 2>/dev/null && rmmod yama_lkm
if dmesg_since yama-param-range | grep -q 'yama_lkm: ptrace_scope=7 is out of range: use 0'; then
	tap_ok "the refusal of ptrace_scope=7 gives the range in dmesg"
else
	tap_not_ok "the refusal of ptrace_scope=7 gives the range in dmesg"
fi

# Both Yamas at once: the stricter wins; PR_SET_PTRACER works with both.
llsm_load yama_lkm
both() { # BUILTIN LKM: the uid 1000 sibling attach row
	echo "$1" >"$builtin"
	echo "$2" >"$knob"
	setpriv --reuid=1000 --regid=1000 --clear-groups ptmatrix |
		awk '$1 == "sibling" && $2 == "attach" { print $3, $4, $5 }'
}
tap_is "built-in 1, yama_lkm 1: no declaration EPERM, declared pid and ANY ok" \
	"EPERM ok ok" "$(both 1 1)"
tap_is "built-in 1, yama_lkm 2: yama_lkm's stricter scope wins" \
	"EPERM EPERM EPERM" "$(both 1 2)"
tap_is "built-in 2, yama_lkm 1: the built-in's stricter scope wins" \
	"EPERM EPERM EPERM" "$(both 2 1)"
tap_is "built-in 0, yama_lkm 0: all allowed" "ok ok ok" "$(both 0 0)"
rmmod yama_lkm
echo 0 >"$builtin"

# Load/unload cycles under a ptrace and exec load (root, scope 1: every
# case of the load must succeed whether yama_lkm is loaded or not).
t=$(now_s)
base=$(paste -sd' ' "$SHIMFS/objects")
load_start yama-load 2 1800 ptrace
fails=$(cycle_module "$cycles" yama_lkm)
load_stop
tap_is "$cycles yama_lkm load/unload cycles under load" 0 "$fails"
tap_is "the ptrace load saw no failure" 0 "$LOAD_PTRACE_RC"
tap_diag "$(load_output ptrace)"
tap_is "the exec load saw no failure" 0 "$LOAD_RC"
tap_diag "$(load_output loadgen)"
tap_is "shim objects back to baseline" "$base" "$(paste -sd' ' "$SHIMFS/objects")"
phase_time yama-cycles "$(since "$t")"

# Last of all: the built-in Yama at 3, which stays until reboot.
echo 3 >"$builtin"
ref[3]=$(matrix)

for s in 0 1 2 3; do
	tap_diag "scope $s, built-in Yama (yama_lkm not loaded):" "${ref[$s]}" \
		"scope $s, yama_lkm (built-in at 0):" "${lkm[$s]}"
	tap_is "scope $s: yama_lkm's table equals the built-in Yama's" "${ref[$s]}" "${lkm[$s]}"
done
distinct=$(for s in 0 1 2 3; do md5sum <<<"${ref[$s]}"; done | sort -u | wc -l)
tap_is "the four scopes give four different tables" 4 "$distinct"
phase_time yama-total "$(since "$t_start")"
tap_diag "20-yama.sh took $(since "$t_start")s"
tap_end
