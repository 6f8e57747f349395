# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side, sourced after tap.sh: compare the differential suite's
# observations (guest-lib/tomoyo-diff.sh) of the built-in TOMOYO with
# tomoyo_lkm's. Every differing line must be listed in the known
# differences of modules/tomoyo/DIFFERENCES.md (the table under "Known
# differences"), each with its reason; any other difference fails the case.

# td_known DOC: the table's rows as "CASE<TAB>KIND<TAB>MATCH<TAB>STATUS".
td_known() {
	awk -F'|' '/^## Known differences/ { on = 1; next } /^## / { on = 0 }
		on && /^\| *`/ {
			for (i = 2; i <= 5; i++) {
				f[i] = $i; gsub(/^ *`?|`? *$/, "", f[i])
			}
			print f[2] "\t" f[3] "\t" f[4] "\t" f[5]
		}' "$1"
}

# td_normalize FILE: the observations with what the kernel picks anew in
# every boot masked: the inode numbers in the names of pipes, sockets and
# anonymous inodes ("pipe:[1502]" -> "pipe:[N]").
td_normalize() {
	sed -E 's/(pipe|socket|anon_inode):\[[0-9]+\]/\1:[N]/g' "$1"
}

# td_classify CASE KNOWN: a unified diff on stdin, annotated: each -/+
# line is followed by "#  known (STATUS): MATCH" or "#  UNKNOWN". The
# diff's "---"/"+++" file lines are left out (in the TAP stream a "# ---"
# line would read as the start of the next test script). The last line is
# "unknown N known N", then one "used ROW" line per row that hit.
td_classify() {
	awk -F'\t' -v c="$1" -v known="$2" '
		BEGIN {
			while ((getline l < known) > 0) {
				n++; split(l, r, "\t")
				kc[n] = r[1]; kk[n] = r[2]; km[n] = r[3]; ks[n] = r[4]
			}
		}
		/^(\+\+\+|---) / { next }
		{ print }
		/^@@/ { next }
		/^[-+]/ {
			kind = substr($1, 2); text = substr($0, length($1) + 2)
			hit = 0
			for (i = 1; i <= n && !hit; i++)
				if ((kc[i] == "*" || kc[i] == c) && (kk[i] == "*" || kk[i] == kind) &&
				    (km[i] == "*" || index(text, km[i])))
					hit = i
			if (hit) {
				print "#    known (" ks[hit] "): " km[hit]; nk++; used[hit] = 1
			} else {
				print "#    UNKNOWN"; nu++
			}
		}
		END {
			print "unknown " nu + 0 " known " nk + 0
			for (i in used) print "used " i
		}'
}

# td_compare BUILTIN LKM DOC: one TAP line per case of BUILTIN.
td_compare() {
	local b=$1 l=$2 known f name out summary rows nu nk
	known=$(mktemp)
	rows=$(mktemp)
	td_known "$3" >"$known"
	for f in "$b"/*.txt; do
		name=$(basename "$f" .txt)
		if [ ! -f "$l/$name.txt" ]; then
			tap_not_ok "tomoyo-diff $name: ran under tomoyo_lkm"
			continue
		fi
		out=$(diff -U0 <(td_normalize "$f") <(td_normalize "$l/$name.txt") |
			td_classify "$name" "$known")
		summary=$(grep '^unknown ' <<<"$out")
		grep '^used ' <<<"$out" >>"$rows"
		out=$(grep -v -e '^unknown ' -e '^used ' <<<"$out")
		nu=${summary#unknown }
		nu=${nu%% *}
		nk=${summary##* }
		if [ "$nu$nk" = 00 ]; then
			tap_ok "tomoyo-diff $name: same as the built-in TOMOYO ($(wc -l <"$f") observations)"
		elif [ "$nu" = 0 ]; then
			tap_ok "tomoyo-diff $name: only known differences ($nk lines)"
			tap_diag "- built-in, + tomoyo_lkm:" "$out"
		else
			tap_not_ok "tomoyo-diff $name: $nu unknown and $nk known differing lines"
			tap_diag "- built-in, + tomoyo_lkm:" "$out"
		fi
	done
	# Rows that matched nothing: fixed, or stale.
	awk -F'\t' 'NR == FNR { used[$0] = 1; next }
		!(("used " FNR) in used) { print "known difference not seen: " $1 " " $2 " " $3 " (" $4 ")" }' \
		"$rows" "$known" | sed 's/^/# /'
	rm -f "$known" "$rows"
}
