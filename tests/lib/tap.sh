# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# TAP for the host tests (tests/host/*.sh; the guest tests have
# guest-test/guest-lib/tap.sh). Sourcing it sets top (the project's root) and
# d (a scratch directory, removed on exit) and starts the count.
#
#   ok NAME / not_ok NAME    one result
#   is NAME WANT GOT         GOT is WANT; else both, and $out if set, as
#                            diagnostics
#   check NAME CMD...        CMD succeeds; else its output as diagnostics
#   fails NAME CMD...        CMD fails; else its output as diagnostics
#   finish                   the plan and "N passed, N failed"; exits
#                            non-zero if anything failed

# shellcheck disable=SC2034 # used by the tests that source this file
top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
d=$(mktemp -d)
trap 'rm -rf "$d"' EXIT
n=0 fail=0

ok() {
	n=$((n + 1))
	echo "ok $n - $*"
}

not_ok() {
	n=$((n + 1)) fail=$((fail + 1))
	echo "not ok $n - $*"
}

is() {
	if [ "$2" = "$3" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1"
	printf '# want: %s\n#  got: %s\n' "$2" "$3"
	[ -n "${out:-}" ] && printf '%s\n' "$out" | sed 's/^/# out: /'
	return 1
}

# tap_cmd WANT NAME CMD...: CMD's success is WANT (0 or 1).
tap_cmd() {
	local want=$1 name=$2 got=0
	shift 2
	"$@" >"$d/check.out" 2>&1 || got=1
	if [ "$got" = "$want" ]; then
		ok "$name"
		return 0
	fi
	not_ok "$name"
	sed 's/^/# /' "$d/check.out" | head -n 15
	return 1
}

check() { tap_cmd 0 "$@"; }

fails() { tap_cmd 1 "$@"; }

finish() {
	echo "1..$n"
	echo "$((n - fail)) passed, $fail failed"
	[ "$fail" = 0 ]
	exit
}
