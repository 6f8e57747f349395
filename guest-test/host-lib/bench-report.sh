# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The host side of guest-test/bench after the boots: ratios, intervals,
# verdicts and the table (sourced; pure, tested on the host by
# tests/host/bench-report.sh).
#
# A results directory RES holds one directory per boot (lkm, builtin), each
# with the guest's bench-raw.txt ("round config bench ns errors iters") and
# bench-facts.txt ("key value"), and RES/clock: "instructions" when the
# boots ran under QEMU's -icount shift=0,sleep=off (guest time counts
# instructions, deterministic: the two boots are comparable in absolute
# terms), else "wall" (TCG or KVM time: only ratios within a boot mean
# anything).

BENCH_LIB=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# BENCH_COMPARISONS: name, configuration and its boot, reference and its
# boot. A comparison across boots is made only on the instruction clock.
BENCH_COMPARISONS="noise base2 lkm base lkm
shim shim lkm base lkm
null null lkm base lkm
audit_off audit_off lkm base lkm
audit_on audit_on lkm base lkm
yama_lkm yama_lkm lkm base lkm
tlkm_off tlkm_off lkm base lkm
tlkm_enf tlkm_enf lkm base lkm
tlkm_enf_own tlkm_enf lkm tlkm_off lkm
builtin_enf_own builtin_enf builtin builtin_off builtin
builtin_off builtin_off builtin base lkm
builtin_enf builtin_enf builtin base lkm
tlkm_vs_builtin tlkm_enf lkm builtin_enf builtin"

# BENCH_BENCHES: every benchmark, in table order; getppid is the control
# (no LSM hook on its path: every comparison's interval must hold 1).
BENCH_BENCHES="getppid open_close open_rdwr stat read_small execve_static execve_env fork_exit_wait connect_accept socketpair_send ptrace_attach prctl_dumpable proc_status"

# BENCH_TARGETS: name, kind (le: median at most LIMIT; nodiff: no
# resolvable cost beyond the noise column's, bench-verdict.awk), limit,
# comparison, the benchmarks it is judged on (the ones the module hooks).
# From issue 18.
BENCH_TARGETS="tomoyo_lkm_beats_builtin le 1.00 tlkm_vs_builtin open_close,open_rdwr,stat,execve_static,execve_env,fork_exit_wait,connect_accept,socketpair_send,proc_status
tomoyo_lkm_disabled le 1.02 tlkm_off open_close,open_rdwr,stat,execve_static,execve_env,fork_exit_wait,connect_accept,socketpair_send,proc_status
audit_lkm_all_off nodiff 1 audit_off open_close,open_rdwr,execve_static,execve_env,connect_accept,ptrace_attach
yama_lkm_vs_builtin nodiff 1 yama_lkm ptrace_attach,prctl_dumpable,fork_exit_wait"

# bench_fact FILE KEY: a value from a guest's bench-facts.txt.
bench_fact() {
	awk -v k="$2" '$1 == k { $1 = ""; sub(/^ /, ""); print; exit }' "$1" 2>/dev/null
}

# bench_clock RES: instructions or wall.
bench_clock() {
	local c
	c=$(cat "$1/clock" 2>/dev/null)
	echo "${c:-wall}"
}

# bench_pairs NAME CFG CFILE REF RFILE: one line per round and benchmark
# in both files: "NAME BENCH CFG_NS/REF_NS CFG_NS REF_NS".
bench_pairs() {
	awk -v n="$1" -v c="$2" -v r="$4" '
		FNR == NR { if ($2 == c) a[$1 " " $3] = $4; next }
		$2 == r { b[$1 " " $3] = $4 }
		END {
			for (k in a)
				if ((k in b) && b[k] > 0) {
					split(k, f, " ")
					print n, f[2], a[k] / b[k], a[k], b[k]
				}
		}' "$3" "$5"
}

# bench_own_ratio RES: on the wall clock, tomoyo_lkm against the built-in
# as the ratio of each one's enforcing over its own disabled profile, per
# round (the two boots' rounds paired by number).
bench_own_ratio() {
	awk '
		FNR == NR { if ($2 ~ /^tlkm_(enf|off)$/) a[$2, $1 " " $3] = $4; next }
		$2 ~ /^builtin_(enf|off)$/ { b[$2, $1 " " $3] = $4 }
		END {
			for (k in a) {
				split(k, f, SUBSEP)
				if (f[1] != "tlkm_enf" || !(("tlkm_off", f[2]) in a) ||
				    !(("builtin_enf", f[2]) in b) || !(("builtin_off", f[2]) in b))
					continue
				x = a["tlkm_enf", f[2]] / a["tlkm_off", f[2]]
				y = b["builtin_enf", f[2]] / b["builtin_off", f[2]]
				split(f[2], g, " ")
				if (y > 0)
					print "tlkm_vs_builtin", g[2], x / y, x, y
			}
		}' "$1/lkm/bench-raw.txt" "$1/builtin/bench-raw.txt"
}

# bench_ratios RES: RES/ratios.txt, one line per comparison and benchmark:
# "NAME BENCH MEDIAN LO HI N COVERAGE CFG_NS REF_NS" (bench-stats.awk).
bench_ratios() {
	local res=$1 clock name cfg cb ref rb
	clock=$(bench_clock "$res")
	{
		printf '%s\n' "$BENCH_COMPARISONS" | while read -r name cfg cb ref rb; do
			[ -f "$res/$cb/bench-raw.txt" ] && [ -f "$res/$rb/bench-raw.txt" ] || continue
			if [ "$cb" != "$rb" ] && [ "$clock" != instructions ]; then
				continue
			fi
			bench_pairs "$name" "$cfg" "$res/$cb/bench-raw.txt" "$ref" "$res/$rb/bench-raw.txt"
		done
		if [ "$clock" != instructions ] && [ -f "$res/builtin/bench-raw.txt" ]; then
			bench_own_ratio "$res"
		fi
	} | sort -k1,1 -k2,2 -k3,3g | awk -f "$BENCH_LIB/bench-stats.awk" >"$res/ratios.txt"
}

# bench_verdict RES KIND LIMIT COMPARISON BENCHES: "VERDICT BENCH MEDIAN
# LO HI" (bench-verdict.awk).
bench_verdict() {
	awk -f "$BENCH_LIB/bench-verdict.awk" -v kind="$2" -v limit="$3" \
		-v cmp="$4" -v benches="$5" "$1/ratios.txt"
}

# bench_le VALUE LIMIT: met when VALUE <= LIMIT (a single measurement).
bench_le() {
	[ -n "$1" ] || { echo not_measured; return; }
	awk -v v="$1" -v l="$2" 'BEGIN { print (v + 0 <= l + 0) ? "met" : "missed" }'
}

# bench_controls RES: "ok" when every comparison's interval on the control
# benchmark (getppid, no hook on its path) holds 1 within 0.5% (the
# determinism the instruction clock promises), else the comparisons whose
# does not: the harness, not a module, moved them.
bench_controls() {
	awk '$2 == "getppid" && ($4 > 1.005 || $5 < 0.995) { bad = bad " " $1 }
		END { print bad == "" ? "ok" : "off:" bad }' "$1/ratios.txt"
}

# bench_targets RES: RES/targets.csv.
bench_targets() {
	local res=$1 fa=$1/lkm/bench-facts.txt fb=$1/builtin/bench-facts.txt
	local name kind limit cmp benches v w
	{
		echo "target,kind,limit,comparison,verdict,where,median,ci_low,ci_high,benchmarks"
		printf '%s\n' "$BENCH_TARGETS" | while read -r name kind limit cmp benches; do
			read -r v w < <(bench_verdict "$res" "$kind" "$limit" "$cmp" "$benches")
			# shellcheck disable=SC2086 # bench median lo hi
			set -- $w
			echo "$name,$kind,$limit,$cmp,$v,$1,$2,$3,$4,${benches//,/ }"
		done
		v=$(bench_fact "$fa" installed_to_enforcing_s)
		echo "installed_to_enforcing_s,le,60,-,$(bench_le "$v" 60),-,$v,-,-,-"
		w=$(bench_fact "$fb" boot_to_enforcing_s)
		echo "installed_to_enforcing_vs_reboot_s,le,$w,-,$(bench_le "$v" "${w:-0}"),-,$v,-,-,-"
		v=$(awk -v m="$(bench_fact "$fa" state_mem_delta)" -v a="$(bench_fact "$fa" state_objects_file)" \
			-v b="$(bench_fact "$fa" state_objects_file_before)" \
			'BEGIN { if (a - b > 0) printf "%.1f", m / (a - b) }')
		echo "state_store_bytes_per_object,le,64,-,$(bench_le "$v" 64),-,$v,-,-,-"
	} >"$res/targets.csv"
}

# bench_table RES SERIES: RES/table.txt.
bench_table() {
	local res=$1 series=$2 fa=$1/lkm/bench-facts.txt fb=$1/builtin/bench-facts.txt
	local clock unit
	clock=$(bench_clock "$res")
	unit="ns (wall clock under emulation)"
	[ "$clock" = instructions ] && unit="instructions (QEMU -icount shift=0: guest time counts instructions)"
	{
		echo "loadable-lsm bench: series $series, kernel $(bench_fact "$fa" kernel), clock: $unit"
		echo "median ratio over rounds [95% interval of the median, from order statistics]"
		echo "lkm boot: $(bench_fact "$fa" lsm)"
		echo "builtin boot: $(bench_fact "$fb" lsm)"
		echo
		awk -v benches="$BENCH_BENCHES" '
			{ c[$1] = 1; m[$1, $2] = sprintf("%.3f [%.3f-%.3f]", $3, $4, $5) }
			END {
				nc = split("noise shim null audit_off audit_on yama_lkm tlkm_off tlkm_enf tlkm_enf_own builtin_off builtin_enf builtin_enf_own tlkm_vs_builtin", cs, " ")
				nb = split(benches, bs, " ")
				for (i = 1; i <= nc; i++) {
					if (!(cs[i] in c))
						continue
					printf "%s\n", cs[i]
					for (j = 1; j <= nb; j++)
						if ((cs[i], bs[j]) in m)
							printf "  %-16s %s\n", bs[j], m[cs[i], bs[j]]
				}
			}' "$res/ratios.txt"
		echo
		echo "per operation, median (lkm boot: base; builtin boot: builtin_off):"
		awk '$1 == "shim" { a[$2] = $9 } $1 == "builtin_enf_own" { b[$2] = $9 }
			END { for (k in a) printf "  %-16s %12.0f %12s\n", k, a[k], (k in b) ? sprintf("%.0f", b[k]) : "-" }' \
			"$res/ratios.txt" | sort
		awk '$1 == "null" && $2 == "open_close" { printf "\nshim dispatch with one null client (file_open): %+.0f per open+close\n", $8 - $9 }' \
			"$res/ratios.txt"
		echo
		echo "targets (met: the interval is within the limit; missed: beyond it; not resolved: it straddles):"
		tail -n +2 "$res/targets.csv" | awk -F, '{ printf "  %-36s %-12s %s %s; %s %s [%s-%s]\n", $1, $5, $2, $3, $6, $7, $8, $9 }'
		echo "control (getppid, no hook): $(bench_controls "$res")"
		echo
		echo "failed calls in the runs: lkm $(bench_fact "$fa" errors), builtin $(bench_fact "$fb" errors)"
		echo "guest job seconds: lkm $(bench_fact "$fa" job_seconds), builtin $(bench_fact "$fb" job_seconds)"
	} >"$res/table.txt"
}
