# SPDX-License-Identifier: GPL-2.0
# bench-stats.awk: the median of each comparison's per-round ratios with a
# distribution-free confidence interval (guest-test/bench).
#
# Input, one line per round, grouped by NAME and BENCH: NAME BENCH RATIO
# A B (A and B: the two sides' time per operation in that round). Output, one line per NAME and BENCH:
#   NAME BENCH MEDIAN LO HI N COVERAGE MEDIAN_A MEDIAN_B
# [LO, HI] = [x(k), x(n+1-k)] of the sorted ratios, k the largest with
# P(Bin(n, 1/2) <= k-1) <= alpha/2: the median lies in it with probability
# COVERAGE = 1 - 2 P(Bin(n, 1/2) <= k-1) >= 1 - alpha, whatever the
# distribution of the ratios (n = 12: [x(3), x(10)], 96.1%). With fewer
# than 6 rounds no such k exists: LO, HI are the extremes and COVERAGE
# says how little they cover (n = 5: 93.8%). -v alpha=A (0.05).

function sort(x, n,   i, j, t) {
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && x[j - 1] > x[j]; j--) {
			t = x[j]; x[j] = x[j - 1]; x[j - 1] = t
		}
}

function median(x, n) {
	return n % 2 ? x[(n + 1) / 2] : (x[n / 2] + x[n / 2 + 1]) / 2
}

# ci_k(n): the order statistic k that bounds the interval, at least 1;
# sets cover to the interval's coverage, 1 - 2 P(Bin(n, 1/2) <= k-1).
function ci_k(n,   j, p, cdf, k) {
	p = 0.5 ^ n
	cdf = 0
	k = 0
	for (j = 0; 2 * (j + 1) <= n; j++) {
		if (2 * (cdf + p) > alpha)
			break
		cdf += p
		k = j + 1
		p = p * (n - j) / (j + 1)
	}
	if (k == 0) {
		k = 1
		cdf = 0.5 ^ n
	}
	cover = 1 - 2 * cdf
	return k
}

function flush(   k, lo, hi) {
	if (cnt == 0)
		return
	sort(v, cnt)
	sort(va, cnt)
	sort(vb, cnt)
	k = ci_k(cnt)
	lo = v[k]
	hi = v[cnt + 1 - k]
	printf "%s %s %.4f %.4f %.4f %d %.3f %.1f %.1f\n", key1, key2,
		median(v, cnt), lo, hi, cnt, cover, median(va, cnt), median(vb, cnt)
	cnt = 0
}

BEGIN { if (alpha == "") alpha = 0.05 }
NF >= 3 {
	if ($1 " " $2 != key1 " " key2) {
		flush()
		key1 = $1
		key2 = $2
	}
	cnt++
	v[cnt] = $3 + 0
	va[cnt] = $4 + 0
	vb[cnt] = $5 + 0
}
END { flush() }
