#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test of the profile's attribution of counted blocks to functions
# and its comparisons (guest-test/host-lib/profile-report.sh), on made-up
# windows whose answers are known.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=../../guest-test/host-lib/profile-report.sh
. "$top/guest-test/host-lib/profile-report.sh"

res=$(mktemp -d)
trap 'rm -rf "$res"' EXIT
mkdir -p "$res/lkm" "$res/builtin"
# Two functions of the kernel, a data symbol between them, and a module
# function in the null configuration.
printf '%s\n' 'ffffffff81000000 T func_a' 'ffffffff81000080 D some_data' \
	'ffffffff81000100 t func_b' 'ffffffff81000200 T asm_sysvec_apic_timer_interrupt' \
	>"$res/lkm/kallsyms.txt"
: >"$res/lkm/kallsyms-base.txt"
printf 'ffffffffc0000000 t hook_x\t[llsm_test_null]\n' >"$res/lkm/kallsyms-null.txt"
printf '%s\n' 'base open_close 0 10' 'null open_close 0 10' >"$res/lkm/profile-index.txt"
# Window 1 (base): 5 instructions of func_a and 3 of user space per op.
# Window 2 (null): the same, 4 of hook_x, 2 of func_b, and 2 in a block
# after the data symbol, which counts in func_a (data symbols start no
# function).
cat >"$res/lkm/profile.txt" <<'W'
window 1
ffffffff81000000 5 10
0000000000401000 3 10
end 1
window 2
ffffffff81000000 5 10
0000000000401000 3 10
ffffffffc0000010 4 10
ffffffff81000180 2 10
ffffffff810000a0 1 20
ffffffff81000200 6 3
ffffffff81000210 2 3
end 2
W
check "the windows are attributed" profile_symbols "$res/lkm"
sym() { awk -v c="$1" -v s="$2" '$1 == c && $2 == "open_close" && $3 == s { print $4 }' "$res/lkm/profile-symbols.txt"; }
is "base: func_a 5 per op" 5.0 "$(sym base func_a)"
is "base: user space 3 per op" 3.0 "$(sym base '[user]')"
is "base: total 8 per op" 8.0 "$(sym base '[total]')"
is "null: the module's function by its kallsyms name" 4.0 "$(sym null 'hook_x[llsm_test_null]')"
is "null: a block counts in the function it starts in" 2.0 "$(sym null func_b)"
is "null: a data symbol starts no function (the block is func_a's)" 7.0 "$(sym null func_a)"
is "null: total 16 per op, 2.4 of it the timer's" 18.4 "$(sym null '[total]')"
is "null: three timer interrupts (the handler's first block)" 3 "$(sym null '[ticks]')"
is "base: none" 0 "$(sym base '[ticks]')"
is "a module of another configuration is not used" "" "$(sym base 'hook_x[llsm_test_null]')"
out=$(profile_compare "$res" null null lkm base lkm)
has() { grep -qF -- "$2" <<<"$out" && ok "$1" || { not_ok "$1"; echo "$out" | sed 's/^/# /'; }; }
has "the comparison gives both totals and the difference" \
	"null open_close: 8.0 -> 18.4 instructions/op (+10.4), kernel 5.0 -> 15.4 (+10.4), in modules 0.0 -> 4.0; timer ticks 0 -> 3"
is "largest difference first" "hook_x[llsm_test_null]" "$(echo "$out" | sed -n 2p | awk '{ print $2 }')"
is "then the smaller ones" "asm_sysvec_apic_timer_interrupt func_a func_b" \
	"$(echo "$out" | sed -n '3,5p' | awk '{ print $2 }' | sort | paste -sd' ')"
is "an unchanged function is not listed" 5 "$(echo "$out" | wc -l)"

# A window missing (QEMU stopped early): the boot is refused, not misread.
sed -i '/^window 2/,$d' "$res/lkm/profile.txt"
fails "fewer windows than index lines is an error" profile_symbols "$res/lkm"

# The report skips comparisons without both boots' data.
printf '%s\n' 'window 1' 'ffffffff81000000 5 10' 'end 1' 'window 2' 'ffffffff81000000 6 10' 'end 2' >"$res/lkm/profile.txt"
check "report" profile_report "$res"
is "the report has the null comparison" 1 "$(grep -c '^## null:' "$res/profile.txt")"
is "no builtin comparison without a builtin boot" 0 "$(grep -c '^## builtin' "$res/profile.txt")"
finish
