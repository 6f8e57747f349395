#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/host/tomoyo-unit.sh: build and run the tomoyo_lkm pure-logic unit
# tests (gcc, ASan+UBSan), then fuzz the line parser for a short fixed time
# when clang with libFuzzer is available. Prints TAP and ends with
# "N passed, N failed"; exits non-zero on any failure.
set -uo pipefail

top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/modules/tomoyo/core
unit=$top/tests/unit/tomoyo
fuzz=$top/tests/fuzz/tomoyo
fuzz_seconds=${TLKM_FUZZ_SECONDS:-20}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cflags=(-std=gnu11 -Wall -Wextra -Werror -Wvla -Wshadow -O1 -g
	-fno-omit-frame-pointer "-fsanitize=address,undefined"
	-fno-sanitize-recover=all -I"$src" -I"$fuzz")

# The portable core: every file of modules/tomoyo/core.
portable=("$src"/*.c)
if ! gcc "${cflags[@]}" -o "$work/tomoyo-unit" "${portable[@]}" "$unit"/*.c \
	"$fuzz/fuzz_prop.c" >"$work/build.log" 2>&1; then
	sed 's/^/# /' "$work/build.log"
	echo "not ok 1 - build tomoyo unit tests"
	echo "0 passed, 1 failed"
	exit 1
fi

out=$work/unit.out
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
	"$work/tomoyo-unit" "$unit/data" "$fuzz/regressions" >"$out" 2>&1
rc=$?
# The unit binary prints its own summary; fold it into ours.
grep -a -v -E '^([0-9]+ passed, [0-9]+ failed|1\.\.[0-9]+)$' "$out"
summary=$(grep -a -E '^[0-9]+ passed, [0-9]+ failed$' "$out" | tail -n 1)
passed=${summary%% passed*}
failed=${summary#*passed, }
failed=${failed%% failed*}
if [ -z "$summary" ]; then
	passed=0 failed=0
fi
if [ $rc -ne 0 ] && [ "$failed" = 0 ]; then
	echo "not ok - unit test binary exited with status $rc"
	failed=$((failed + 1))
fi
n=$((passed + failed))

# fuzz_line: one test; skipped (not failed) when libFuzzer is missing.
fuzz_test() {
	local bin=$work/fuzz_line corpus=$work/corpus log=$work/fuzz.log
	if ! command -v clang >/dev/null 2>&1; then
		echo "# skipped fuzz: clang not installed"
		return 2
	fi
	if ! clang -std=gnu11 -O1 -g -fsanitize=fuzzer,address,undefined \
		-fno-sanitize-recover=all -I"$src" -I"$fuzz" -o "$bin" \
		"${portable[@]}" "$fuzz/fuzz_prop.c" "$fuzz/fuzz_line.c" \
		>"$work/fuzz-build.log" 2>&1; then
		echo "# skipped fuzz: clang cannot build with -fsanitize=fuzzer" \
			"(install libclang-rt-14-dev)"
		return 2
	fi
	mkdir -p "$corpus"
	cp "$fuzz"/corpus/* "$corpus"/ 2>/dev/null
	if "$bin" -max_total_time="$fuzz_seconds" -max_len=512 -timeout=10 \
		-artifact_prefix="$work/" "$corpus" >"$log" 2>&1; then
		return 0
	fi
	grep -E 'ERROR|property violated|SUMMARY' "$log" | sed 's/^/# /'
	for a in "$work"/crash-* "$work"/timeout-* "$work"/leak-*; do
		[ -e "$a" ] && echo "# new fuzz artifact: $a (copy it to" \
			"tests/fuzz/tomoyo/regressions/)" &&
			cp "$a" "$fuzz/regressions/" 2>/dev/null
	done
	return 1
}

fuzz_test
case $? in
0)
	n=$((n + 1)) passed=$((passed + 1))
	echo "ok $n - fuzz_line ran ${fuzz_seconds}s without a property violation"
	;;
1)
	n=$((n + 1)) failed=$((failed + 1))
	echo "not ok $n - fuzz_line found a crash or property violation"
	;;
esac
echo "1..$n"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
