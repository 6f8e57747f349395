# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# The host side of guest-test/bench --profile: guest instructions per
# operation by kernel function (sourced; pure, tested on the host by
# tests/host/profile-report.sh).
#
# A results directory RES holds one directory per boot (lkm, builtin), each
# with what the guest wrote (guest-jobs/bench.sh, BENCH_MODE=profile):
# profile-index.txt ("config bench errors iterations", one line a window,
# in order), kallsyms.txt (the kernel's symbols before any module loaded)
# and kallsyms-CONFIG.txt (the modules' symbols in each configuration),
# and what QEMU's plugin wrote (profile/insn_profile.c): profile.txt,
# windows of "ADDR INSNS RUNS" lines, the N-th window the N-th index line.

# PROFILE_COMPARISONS: name, configuration and its boot, reference and its
# boot (the kernel is the same in both boots; symbols are per boot). noise
# is no LSM against itself, later in the boot: what differs there is not
# any configuration's cost. The guest's first pass ("warmup") is compared
# with nothing.
PROFILE_COMPARISONS="noise base2 lkm base lkm
null null lkm base lkm
audit_off audit_off lkm base lkm
yama_lkm yama_lkm lkm base lkm
tlkm_off tlkm_off lkm base lkm
tlkm_enf tlkm_enf lkm base lkm
builtin_off builtin_off builtin base lkm
builtin_enf builtin_enf builtin base lkm
tlkm_vs_builtin tlkm_enf lkm builtin_enf builtin"

# profile_symbols DIR: DIR/profile-symbols.txt, one "config bench symbol
# instructions_per_op" line for every function that ran in a window, and
# "config bench [total] N" per window, and "config bench [ticks] N", the
# timer interrupts the window took (their work is in its counts: a
# difference of one tick is noise, not the configuration's cost). A block
# counts in the function whose
# start is the nearest at or below the block's first address (text symbols
# only); user-space blocks count as [user], kernel blocks below the first
# symbol as [unknown]. Returns 1 when the windows and the index disagree.
profile_symbols() {
	local dir=$1 c nwin nidx
	nwin=$(grep -c '^window ' "$dir/profile.txt" 2>/dev/null)
	nidx=$(grep -c . "$dir/profile-index.txt" 2>/dev/null)
	if [ "${nwin:-0}" != "${nidx:-0}" ] || [ "${nidx:-0}" = 0 ]; then
		echo "profile: $dir has ${nwin:-0} windows for ${nidx:-0} index lines" >&2
		return 1
	fi
	: >"$dir/profile-symbols.txt"
	for c in $(awk '{ print $1 }' "$dir/profile-index.txt" | uniq); do
		{
			# Symbols first at an address (key 0), blocks after (1).
			awk '$2 ~ /^[tTwW]$/ { printf "%s\t0\t%s\n", $1, $3 }' "$dir/kallsyms.txt"
			awk '$2 ~ /^[tTwW]$/ { printf "%s\t0\t%s%s\n", $1, $3, $4 }' \
				"$dir/kallsyms-$c.txt" 2>/dev/null
			awk -v c="$c" '
				FNR == NR { cfg[FNR] = $1; next }
				/^window / { w = $2; keep = (cfg[w] == c); next }
				/^end / { keep = 0; next }
				keep { printf "%s\t1\t%s\t%d\t%d\n", $1, w, $2 * $3, $3 }
			' "$dir/profile-index.txt" "$dir/profile.txt"
		} | LC_ALL=C sort -t "$(printf '\t')" -k1,1 -k2,2n |
			awk -F '\t' -v c="$c" -v idx="$dir/profile-index.txt" \
				-v tick=asm_sysvec_apic_timer_interrupt '
				BEGIN {
					while ((getline l < idx) > 0) {
						n++
						split(l, f, " ")
						if (f[1] != c) continue
						bench[n] = f[2]; iters[n] = f[4]
					}
					cur = "[unknown]"
				}
				$2 == 0 { cur = $3; start = $1; next }
				{
					sym = ($1 < "0000800000000000") ? "[user]" : cur
					sum[$3, sym] += $4
					tot[$3] += $4
					# Timer interrupts in the window: the runs of
					# the first block of the handler.
					if (sym == tick && $1 == start)
						ticks[$3] += $5
				}
				END {
					for (k in sum) {
						split(k, p, SUBSEP)
						printf "%s %s %s %.1f\n", c, bench[p[1]], p[2], sum[k] / iters[p[1]]
					}
					for (w in tot) {
						printf "%s %s [total] %.1f\n", c, bench[w], tot[w] / iters[w]
						printf "%s %s [ticks] %d\n", c, bench[w], ticks[w]
					}
				}' >>"$dir/profile-symbols.txt"
	done
}

# profile_compare RES NAME CFG CBOOT REF RBOOT [TOP]: for each benchmark,
# the total and kernel instructions per operation of both and their
# difference, and those in modules' functions (the project's own), then the TOP (12) functions whose count differs most, each
# with both counts. Only differences of at least 1 instruction per
# operation are listed.
profile_compare() {
	local res=$1 name=$2 cfg=$3 cb=$4 ref=$5 rb=$6 top=${7:-12}
	awk -v name="$name" -v cfg="$cfg" -v ref="$ref" -v top="$top" '
		FNR == 1 { file++ }
		file == 1 && $1 == cfg { a[$2, $3] = $4; bs[$2] = 1; ss[$2, $3] = 1 }
		file == 2 && $1 == ref { b[$2, $3] = $4; bs[$2] = 1; ss[$2, $3] = 1 }
		END {
			nb = split("getppid open_close open_rdwr stat read_small execve_static execve_env fork_exit_wait connect_accept socketpair_send ptrace_attach prctl_dumpable proc_status", order, " ")
			for (i = 1; i <= nb; i++) {
				bn = order[i]
				if (!(bn in bs) || !((bn, "[total]") in a) || !((bn, "[total]") in b))
					continue
				ka = a[bn, "[total]"] - a[bn, "[user]"]
				kb = b[bn, "[total]"] - b[bn, "[user]"]
				# In modules (a "[module]" suffix): the project code
				# instructions, whatever the kernel around them did.
				ma = mb = 0
				for (k in ss) {
					split(k, p, SUBSEP)
					if (p[1] != bn || p[2] !~ /\]$/ || p[2] ~ /^\[/) continue
					ma += a[k]; mb += b[k]
				}
				printf "%s %s: %.1f -> %.1f instructions/op (%+.1f), kernel %.1f -> %.1f (%+.1f), in modules %.1f -> %.1f; timer ticks %d -> %d\n",
					name, bn, b[bn, "[total]"], a[bn, "[total]"],
					a[bn, "[total]"] - b[bn, "[total]"], kb, ka, ka - kb, mb, ma,
					b[bn, "[ticks]"], a[bn, "[ticks]"]
				n = 0
				delete d
				for (k in ss) {
					split(k, p, SUBSEP)
					if (p[1] != bn || p[2] == "[total]" || p[2] == "[ticks]") continue
					x = a[k] - b[k]
					if (x >= 1 || x <= -1) { n++; d[n] = x; s[n] = p[2] }
				}
				# Largest differences first (selection: the lists are short).
				for (j = 1; j <= n && j <= top; j++) {
					m = j
					for (q = j + 1; q <= n; q++)
						if ((d[q] < 0 ? -d[q] : d[q]) > (d[m] < 0 ? -d[m] : d[m])) m = q
					t = d[j]; d[j] = d[m]; d[m] = t
					t = s[j]; s[j] = s[m]; s[m] = t
					printf "    %+9.1f  %-44s %9.1f -> %9.1f\n", d[j], s[j], b[bn, s[j]] + 0, a[bn, s[j]] + 0
				}
			}
		}' "$res/$cb/profile-symbols.txt" "$res/$rb/profile-symbols.txt"
}

# profile_report RES: profile-symbols.txt per boot, then RES/profile.txt
# with every comparison whose boots both have data (printed by the caller).
profile_report() {
	local res=$1 b name cfg cb ref rb rc=0
	for b in lkm builtin; do
		[ -f "$res/$b/profile-index.txt" ] || continue
		profile_symbols "$res/$b" || rc=1
	done
	{
		echo "# guest instructions per operation (QEMU TCG plugin, translation blocks counted; kernel functions by the guest's kallsyms)"
		while read -r name cfg cb ref rb; do
			[ -s "$res/$cb/profile-symbols.txt" ] && [ -s "$res/$rb/profile-symbols.txt" ] || continue
			grep -q "^$cfg " "$res/$cb/profile-symbols.txt" && grep -q "^$ref " "$res/$rb/profile-symbols.txt" || continue
			echo "## $name: $cfg ($cb boot) against $ref ($rb boot)"
			profile_compare "$res" "$name" "$cfg" "$cb" "$ref" "$rb"
		done <<<"$PROFILE_COMPARISONS"
	} >"$res/profile.txt"
	return $rc
}
