#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/host/shim-layers.sh: the files of lsm_shim call each other one way.
#
# modules/shim/shim.h groups the shim's internal interface under one
# comment per file ("/* hooks.c */", "/* backend_*.c ... */"). This test
# checks that each symbol declared there is defined in the file named above
# it, then lists which file uses which other file's symbols (comments and
# strings left out) and asks tsort for an order: a loop fails the test.
# Set SHIM_DIR to check another tree (the test's own self-test does).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"

shim=${SHIM_DIR:-$top/modules/shim}

# owners: "SYMBOL FILE" for every symbol shim.h declares, FILE as the
# section comment names it (backend_*.c stands for the back end in use);
# what an inline helper's body uses counts, the helper's own name not.
owners() {
	awk '
	/^\/\* [a-z_*]+\.c[ :*]/ { file = $2; sub(/:$/, "", file); next }
	/^\/\*|^ \*/ { next }
	/^$/ { next }
	# An inline helper is defined here, in the header, not in the file.
	/^static inline/ { next }
	file != "" {
		line = $0
		while (match(line, /shim_[a-z0-9_]+[ \t]*[(;\[]/)) {
			sym = substr(line, RSTART, RLENGTH)
			sub(/[ \t]*[(;\[]$/, "", sym)
			print sym, file
			break
		}
	}
	' "$shim/shim.h"
}

# code FILE: the file without comments, string literals or preprocessor
# lines, so that a name mentioned in prose or a message is no use.
code() {
	sed -e 's://.*$::' "$1" | perl -0pe 's:/\*.*?\*/::gs; s:"(\\.|[^"\\])*"::g; s:^#.*$::mg'
}

# file_key FILE: the name a file has in shim.h's sections.
file_key() {
	case $1 in
	backend_*.c) echo 'backend_*.c' ;;
	*) echo "$1" ;;
	esac
}

owners >"$d/owners"
nsym=$(wc -l <"$d/owners")
if [ "$nsym" -ge 20 ]; then
	ok "shim.h declares $nsym symbols under file sections"
else
	not_ok "shim.h declares only $nsym symbols under file sections"
fi

# Each declared symbol is defined where its section says.
missing=
while read -r sym file; do
	found=0
	for f in "$shim"/$file; do
		[ -f "$f" ] || continue
		if code "$f" | grep -Eq "^[A-Za-z_].*\\b$sym\\b[ \t]*(\\(|\\[|=|;|\$)|^[A-Z_]*DEFINE_[A-Z_]+\\($sym\\)"; then
			found=1
		fi
	done
	[ $found = 1 ] || missing="$missing $sym($file)"
done <"$d/owners"
is "every symbol is defined in the file its section names" "" "$missing"

# Edges: user file -> owner file.
: >"$d/edges"
for f in "$shim"/*.c; do
	name=${f##*/}
	key=$(file_key "$name")
	code "$f" >"$d/code"
	while read -r sym file; do
		[ "$file" = "$key" ] && continue
		if grep -Eq "\\b$sym\\b" "$d/code"; then
			echo "$key $file" >>"$d/edges"
		fi
	done <"$d/owners"
done
sort -u "$d/edges" -o "$d/edges"
nedge=$(wc -l <"$d/edges")
if [ "$nedge" -ge 10 ]; then
	ok "$nedge uses of one file by another found"
else
	not_ok "only $nedge uses of one file by another found"
fi

if tsort "$d/edges" >"$d/order" 2>"$d/loop"; then
	ok "no file of the shim calls back into a file that calls it"
else
	not_ok "the shim's files call each other in a circle"
	sed 's/^/# /' "$d/loop"
	grep -E '^' "$d/edges" | sed 's/^/# uses: /'
fi

# Self-test: a tree in which lock.c calls back into registry.c must fail.
if [ -z "${SHIM_DIR:-}" ]; then
	mkdir "$d/bad"
	cp "$shim"/*.[ch] "$d/bad/"
	printf '\nstatic void back(void)\n{\n\tshim_lock();\n}\n' >>"$d/bad/lock.c"
	out=$(SHIM_DIR=$d/bad bash "$0" 2>&1)
	if printf '%s\n' "$out" | grep -q '^not ok .*in a circle'; then
		ok "self-test: a call from lock.c back into registry.c is a loop"
	else
		not_ok "self-test: a call from lock.c back into registry.c is a loop"
		printf '%s\n' "$out" | sed 's/^/# /' | head -n 20
	fi
fi

finish
