#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test: every program of the harness and of the packaging answers
# --help (and -h) with its usage and exit status 0, before doing anything
# else (no package installed, no image built, no guest booted).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"

cd "$top" || exit 1
# Every executable the host runs: not the guest side (guest-*/, image/,
# cloud/) nor sourced libraries (host-lib/, lib/).
progs=$(git ls-files guest-test packaging scripts tests/run | while read -r f; do
	case $f in
	guest-test/guest-*/* | guest-test/host-lib/* | \
		guest-test/image/* | guest-test/cloud/* | */lib/* | *.sh) continue ;;
	esac
	[ -x "$f" ] && echo "$f"
done)
is "the harness and packaging programs are found" yes \
	"$([ "$(wc -w <<<"$progs")" -ge 20 ] && echo yes || echo no)"
for p in $progs; do
	for opt in --help -h; do
		out=$(timeout 20 "$p" "$opt" 2>&1 </dev/null)
		rc=$?
		is "$p $opt: exit 0 with a usage line" "0 yes" \
			"$rc $(grep -q 'Usage:' <<<"$out" && echo yes || echo no)"
	done
done
finish
