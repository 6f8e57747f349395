# SPDX-License-Identifier: GPL-2.0
# bench-verdict.awk: one target's verdict from bench-stats.awk's intervals
# (guest-test/bench).
#
# -v cmp=COMPARISON -v benches=B1,B2,... (the benchmarks the target is
# judged on: those the module hooks) -v kind=le|nodiff -v limit=L
# [-v alpha=0.05]. Input: bench-stats.awk's lines. Per benchmark, with the
# median's interval [LO, HI]:
#   le      met when HI <= L, missed when LO > L, else not resolved
#   nodiff  no resolvable cost: met when LO <= 1, missed when LO > 1
# an interval that covers less than 1 - alpha resolves nothing. The target
# is missed when a benchmark misses, met when all are met, else not
# resolved (a benchmark without data counts as not resolved).
# Output: VERDICT WORST_BENCH MEDIAN LO HI, WORST_BENCH the first missed
# benchmark, else the one with the highest HI.

function judge(lo, hi) {
	if (kind == "nodiff")
		return lo > 1 ? "missed" : "met"
	if (hi <= limit + 0)
		return "met"
	if (lo > limit + 0)
		return "missed"
	return "not_resolved"
}

BEGIN {
	if (alpha == "")
		alpha = 0.05
	n = split(benches, want, ",")
	for (i = 1; i <= n; i++)
		wanted[want[i]] = 1
	if (kind != "le" && kind != "nodiff") {
		print "bench-verdict: kind must be le or nodiff" >"/dev/stderr"
		bad = 1
		exit 2
	}
}
$1 == cmp && ($2 in wanted) {
	seen[$2] = 1
	v = judge($4 + 0, $5 + 0)
	if ($7 + 0 < 1 - alpha)
		v = "not_resolved"
	if (v == "missed" && !missed) {
		missed = 1
		worst = $2 " " $3 " " $4 " " $5
	}
	if (v == "not_resolved")
		unres = 1
	if (!missed && (worst == "" || $5 + 0 > whi)) {
		whi = $5 + 0
		worst = $2 " " $3 " " $4 " " $5
	}
}
END {
	if (bad)
		exit 2
	for (i = 1; i <= n; i++)
		if (!(want[i] in seen))
			unres = 1
	if (worst == "")
		worst = "- - - -"
	print (missed ? "missed" : unres ? "not_resolved" : "met"), worst
}
