#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/host/shim-unit.sh: build and run the host unit tests of lsm_shim's
# pure logic (the allow-list of hooks, modules/shim/hook_class.c, and the
# guards' comparison, same_bytes.h) with ASan+UBSan. Prints TAP ending with
# "N passed, N failed".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
src=$top/modules/shim
unit=$top/tests/unit/shim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! gcc -std=gnu11 -Wall -Wextra -Werror -O1 -g \
	-fsanitize=address,undefined -fno-sanitize-recover=all -I"$src" \
	-o "$work/test_hook_class" "$src/hook_class.c" \
	"$unit/test_hook_class.c" "$unit/test_same_bytes.c" \
	>"$work/build.log" 2>&1; then
	sed 's/^/# /' "$work/build.log"
	echo "not ok 1 - build the shim unit tests"
	echo "0 passed, 1 failed"
	exit 1
fi
# The hooks the shipped clients register, from their sources.
grep -rhoE 'LSM_SHIM_HOOK_INIT\([a-z0-9_]+' "$top/modules/yama" \
	"$top/modules/audit" "$top/modules/tomoyo" |
	sed 's/.*(//' | sort -u >"$work/client-hooks"
"$work/test_hook_class" "$unit/data" "$work/client-hooks"
