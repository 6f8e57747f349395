#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test of the bench's statistics and verdicts
# (guest-test/host-lib/bench-stats.awk, bench-verdict.awk, bench-report.sh)
# on made-up boots whose answers are known.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
lib=$top/guest-test/host-lib
# shellcheck source=../../guest-test/host-lib/bench-report.sh
. "$lib/bench-report.sh"

# The interval of the median: [x(k), x(n+1-k)] with the binomial k.
stats() { seq 1 "$1" | awk '{ print "x b", $1, $1, 1 }' | awk -f "$lib/bench-stats.awk" | cut -d' ' -f4,5,7; }
is "12 rounds: [x(3), x(10)], 96.1%" "3.0000 10.0000 0.961" "$(stats 12)"
is "20 rounds: [x(6), x(15)], 95.9%" "6.0000 15.0000 0.959" "$(stats 20)"
is "100 rounds: [x(40), x(61)], 96.5%" "40.0000 61.0000 0.965" "$(stats 100)"
is "5 rounds: the extremes, 93.8% (too few for 95%)" "1.0000 5.0000 0.938" "$(stats 5)"
is "the median of an even count is the mean of the middle two" "6.5000" \
	"$(seq 12 -1 1 | awk '{ print "x b", $1, $1, 1 }' | awk -f "$lib/bench-stats.awk" | cut -d' ' -f3)"

# verdict KIND LIMIT LINE: one benchmark's verdict.
verdict() {
	echo "$3" | awk -f "$lib/bench-verdict.awk" -v cmp=c -v benches=b -v kind="$1" -v limit="$2" | cut -d' ' -f1
}
is "le: interval below the limit is met" met "$(verdict le 1.02 'c b 1.01 1.005 1.015 12 0.961 0 0')"
is "le: interval above the limit is missed" missed "$(verdict le 1.00 'c b 1.01 1.005 1.015 12 0.961 0 0')"
is "le: interval across the limit is not resolved" not_resolved "$(verdict le 1.01 'c b 1.01 1.005 1.015 12 0.961 0 0')"
is "le: too few rounds resolve nothing" not_resolved "$(verdict le 1.50 'c b 1.01 1.005 1.015 5 0.938 0 0')"
is "nodiff: an interval holding 1 is met" met "$(verdict nodiff 1 'c b 1.001 0.999 1.004 12 0.961 0 0')"
is "nodiff: an interval above 1 is missed" missed "$(verdict nodiff 1 'c b 1.003 1.001 1.004 12 0.961 0 0')"
is "nodiff: above 1 but within the noise column's interval is met" met \
	"$(printf '%s\n' 'noise b 1.0025 1.0012 1.0088 12 0.961 0 0' 'c b 1.002 1.002 1.010 12 0.961 0 0' |
		awk -f "$lib/bench-verdict.awk" -v cmp=c -v benches=b -v kind=nodiff -v limit=1 | cut -d' ' -f1)"
is "nodiff: above the noise column's interval is missed" missed \
	"$(printf '%s\n' 'noise b 1.0 0.99 1.01 12 0.961 0 0' 'c b 1.05 1.04 1.06 12 0.961 0 0' |
		awk -f "$lib/bench-verdict.awk" -v cmp=c -v benches=b -v kind=nodiff -v limit=1 | cut -d' ' -f1)"
is "a benchmark without data is not resolved" not_resolved "$(verdict le 2 'c other 1 1 1 12 0.961 0 0')"
fails "an unknown kind is refused" awk -f "$lib/bench-verdict.awk" -v kind=lt -v cmp=c -v benches=b </dev/null

# gen CONFIGS SEED: 12 rounds of every benchmark in each configuration,
# with the factors fake() lists and a jitter that SEED varies between boots.
gen() {
	awk -v benches="$BENCH_BENCHES" -v configs="$1" -v seed="$2" '
		BEGIN {
			nb = split(benches, b, " ")
			nc = split(configs, c, " ")
			for (r = 1; r <= 12; r++)
				for (i = 1; i <= nc; i++)
					for (j = 1; j <= nb; j++)
						row(r, c[i], b[j], 1000 * j * (1 + 0.002 * ((r * seed + i * 3 + j) % 5 - 2) / 2))
		}
		function row(r, cfg, bench, t,   f) {
			f = 1
			if (bench != "getppid") {
				if (cfg == "tlkm_off") f = 1.01
				if (cfg == "tlkm_enf") f = 1.2 * 0.99
				if (cfg == "builtin_off") f = 1.05
				if (cfg == "builtin_enf") f = 1.2
				if (cfg == "yama_lkm" && bench == "ptrace_attach") f = 1.05
			}
			if (cfg == "null" && bench == "open_close")
				t += 40
			printf "%d %s %s %.1f 0 100\n", r, cfg, bench, t * f
		}'
}

# fake RES: two boots of 12 rounds. Per benchmark a base time, a jitter per
# round of +-0.2%, and per configuration a factor: tomoyo_lkm enforcing
# 0.99 of the built-in's enforcing, disabled 1.01 of no LSM (the built-in
# disabled 1.05), audit_lkm off exactly no LSM, yama_lkm 1.05 on
# ptrace_attach, the null client +40 on open_close; getppid the same
# everywhere.
fake() {
	local res=$1
	mkdir -p "$res/lkm" "$res/builtin"
	gen "base shim null audit_off audit_on base2 tlkm_enf tlkm_off yama_lkm" 7 \
		>"$res/lkm/bench-raw.txt"
	gen "builtin_off builtin_enf" 5 >"$res/builtin/bench-raw.txt"
	printf 'kernel 6.12.0-test\nlsm capability,yama\nerrors 0\ninstalled_to_enforcing_s 0.8\nstate_mem_delta 4800000\nstate_objects_file 100100\nstate_objects_file_before 100\n' \
		>"$res/lkm/bench-facts.txt"
	printf 'kernel 6.12.0-test\nlsm capability,yama,tomoyo\nerrors 0\nboot_to_enforcing_s 9.0\n' \
		>"$res/builtin/bench-facts.txt"
}

res=$d/icount
fake "$res"
echo instructions >"$res/clock"
bench_ratios "$res"
bench_targets "$res"
row() { awk -v n="$1" -v b="$2" '$1 == n && $2 == b' "$res/ratios.txt"; }
target() { awk -F, -v n="$1" '$1 == n { print $5 }' "$res/targets.csv"; }
check "instructions: tomoyo_lkm is compared with the built-in across boots" test -n "$(row tlkm_vs_builtin stat)"
check "instructions: the built-in against no LSM, across boots" test -n "$(row builtin_enf stat)"
is "tlkm_vs_builtin on stat: about 0.99" 0.99 "$(row tlkm_vs_builtin stat | awk '{ printf "%.2f", $3 }')"
is "12 rounds per comparison" 12 "$(row tlkm_vs_builtin stat | cut -d' ' -f6)"
is "target: tomoyo_lkm beats the built-in" met "$(target tomoyo_lkm_beats_builtin)"
is "target: tomoyo_lkm disabled within 1.02" met "$(target tomoyo_lkm_disabled)"
is "target: audit_lkm off costs nothing resolvable" met "$(target audit_lkm_all_off)"
is "target: yama_lkm on ptrace_attach is missed" missed "$(target yama_lkm_vs_builtin)"
is "the missed target names its benchmark" ptrace_attach \
	"$(awk -F, '$1 == "yama_lkm_vs_builtin" { print $6 }' "$res/targets.csv")"
is "state store: 48 bytes per object, met" "48.0 met" \
	"$(awk -F, '$1 == "state_store_bytes_per_object" { print $7, $5 }' "$res/targets.csv")"
is "the control holds 1 (within 0.5%) in every comparison" ok "$(bench_controls "$res")"
bench_table "$res" 6.12
check "the table names the clock" grep -q "clock: instructions" "$res/table.txt"
check "the table gives the null client's cost per open" grep -q "null client (file_open): +40 per" "$res/table.txt"

# The wall clock: no comparison across boots; tomoyo_lkm against the
# built-in as enforcing over disabled on each side.
res=$d/wall
fake "$res"
bench_ratios "$res"
bench_targets "$res"
is "wall: nothing compared across boots" "" "$(row builtin_enf stat)"
is "wall: tlkm_vs_builtin is own over own: (1.2*.99/1.01)/(1.2/1.05) = 1.029" yes \
	"$(row tlkm_vs_builtin stat | awk '{ print ($3 > 1.02 && $3 < 1.04) ? "yes" : $3 }')"

# A control that moves: the harness is off.
res=$d/ctl
fake "$res"
echo instructions >"$res/clock"
sed -i 's/^\([0-9]*\) audit_on getppid \([0-9.]*\)/\1 audit_on getppid 9999/' "$res/lkm/bench-raw.txt"
bench_ratios "$res"
is "a control outside 1 is named" "off: audit_on" "$(bench_controls "$res")"

# Missing rounds of one side: a target on a benchmark without data is not
# resolved, not met.
res=$d/miss
fake "$res"
echo instructions >"$res/clock"
sed -i '/ tlkm_off proc_status /d' "$res/lkm/bench-raw.txt"
bench_ratios "$res"
bench_targets "$res"
is "a hooked benchmark without data leaves the target not resolved" not_resolved "$(target tomoyo_lkm_disabled)"
finish
