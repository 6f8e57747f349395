# SPDX-License-Identifier: GPL-2.0
# bench-verdict.awk: one target's verdict from bench-stats.awk's intervals
# (guest-test/bench).
#
# -v cmp=COMPARISON -v benches=B1,B2,... (the benchmarks the target is
# judged on: those the module hooks) -v kind=le|nodiff -v limit=L
# [-v alpha=0.05]. Input: bench-stats.awk's lines. Per benchmark, with the
# median's interval [LO, HI]:
#   le      met when HI <= L, missed when LO > L, else not resolved
#   nodiff  no resolvable cost: missed when LO is above 1 and above the
#           high end of the same benchmark's "noise" interval (no shim
#           against itself, mid-round: where in a round a configuration
#           runs moves some benchmarks by a few tenths of a percent even on
#           the instruction clock), else met
# an interval that covers less than 1 - alpha resolves nothing. The target
# is missed when a benchmark misses, met when all are met, else not
# resolved (a benchmark without data counts as not resolved).
# Output: VERDICT WORST_BENCH MEDIAN LO HI, WORST_BENCH the first missed
# benchmark, else the one with the highest HI.

function judge(b, lo, hi,   floor) {
	if (kind == "nodiff") {
		floor = (b in noise_hi) && noise_hi[b] > 1 ? noise_hi[b] : 1
		return lo > floor ? "missed" : "met"
	}
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
$1 == "noise" { noise_hi[$2] = $5 + 0 }
$1 == cmp && ($2 in wanted) {
	rows++
	rb[rows] = $2
	rline[rows] = $2 " " $3 " " $4 " " $5
	rlo[rows] = $4 + 0
	rhi[rows] = $5 + 0
	rcov[rows] = $7 + 0
}
END {
	if (bad)
		exit 2
	for (r = 1; r <= rows; r++) {
		seen[rb[r]] = 1
		v = judge(rb[r], rlo[r], rhi[r])
		if (rcov[r] < 1 - alpha)
			v = "not_resolved"
		if (v == "missed" && !missed) {
			missed = 1
			worst = rline[r]
		}
		if (v == "not_resolved")
			unres = 1
		if (!missed && (worst == "" || rhi[r] > whi)) {
			whi = rhi[r]
			worst = rline[r]
		}
	}
	for (i = 1; i <= n; i++)
		if (!(want[i] in seen))
			unres = 1
	if (worst == "")
		worst = "- - - -"
	print (missed ? "missed" : unres ? "not_resolved" : "met"), worst
}
