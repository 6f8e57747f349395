# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side helpers for the loadable-lsm tests (sourced after tap.sh).
#
# The project's modules come from DKMS (modprobe) unless LLSM_KO_DIR names a
# directory of prebuilt .ko files; the test-only clients are always in
# LLSM_TEST_KO (built by 05-project-dkms.sh).

LLSM_WORK=${LLSM_WORK:-/tmp/llsm}
LLSM_TEST_KO=${LLSM_TEST_KO:-$LLSM_WORK/test-modules}
LLSM_BIN=$LLSM_WORK/bin
SHIMFS=/sys/kernel/security/lsm_shim
export PATH=$LLSM_BIN:$PATH

# llsm_load MODULE [PARAM=VALUE...]: load one of the project's modules.
llsm_load() {
	local m=$1
	shift
	if [ -n "${LLSM_KO_DIR:-}" ]; then
		# DKMS may have compressed it (.ko.xz); insmod reads both.
		insmod "$(ls "$LLSM_KO_DIR/$m".ko* | head -n 1)" "$@"
	else
		modprobe "$m" "$@"
	fi
}

# client_load a|b [PARAM=VALUE...]: load a test client.
client_load() {
	local c=$1
	shift
	insmod "$LLSM_TEST_KO/llsm_test_$c.ko" "$@"
}

# cycle_module N MODULE [PARAM=VALUE...]: load and unload MODULE N times;
# prints how many of those loads and unloads failed.
cycle_module() {
	local n=$1 fails=0
	shift
	for _ in $(seq "$n"); do
		llsm_load "$@" || fails=$((fails + 1))
		rmmod "$1" || fails=$((fails + 1))
	done
	echo "$fails"
}

# load_start NAME WORKERS SECONDS [ptrace|-] [SUID_PROGRAM]: the background
# load the cycle tests run under, until load_stop: loadgen's WORKERS exec
# workers (which also run SUID_PROGRAM as uid 1000 when one is named) and,
# with "ptrace", ptmatrix's attach loop; each also stops by itself after
# SECONDS. What they print goes to $LLSM_WORK/NAME-*.out (load_output).
load_start() {
	LOAD_NAME=$1 LOAD_STOP=$LLSM_WORK/$1.stop LOAD_PT=""
	rm -f "$LOAD_STOP" "$LLSM_WORK/$1"-*.out
	if [ "${4:-}" = ptrace ]; then
		ptmatrix --loop "$3" "$LOAD_STOP" >"$LLSM_WORK/$1-ptrace.out" 2>&1 &
		LOAD_PT=$!
	fi
	loadgen "$2" "$3" "$LOAD_STOP" ${5:+"$5"} >"$LLSM_WORK/$1-loadgen.out" 2>&1 &
	LOAD_LG=$!
}

# load_stop: stop what load_start began and wait for it. LOAD_RC is the
# exec load's exit status, LOAD_PTRACE_RC the ptrace loop's (0 without it).
# shellcheck disable=SC2034 # LOAD_*RC are for the caller
load_stop() {
	touch "$LOAD_STOP"
	LOAD_PTRACE_RC=0
	if [ -n "$LOAD_PT" ]; then
		wait "$LOAD_PT"
		LOAD_PTRACE_RC=$?
	fi
	wait "$LOAD_LG"
	LOAD_RC=$?
}

# load_output [ptrace|loadgen]: what the load printed (both by default).
load_output() {
	# shellcheck disable=SC2086 # the default is a glob
	cat "$LLSM_WORK/$LOAD_NAME"-${1:-*}.out 2>/dev/null
}

# fuzz NAME ARGS...: one run of fuzzw (the policy writer fuzzer) as one
# test; its report as diagnostics.
fuzz() {
	local name=$1 out rc
	shift
	out=$(fuzzw "$@" 2>&1)
	rc=$?
	if [ $rc = 0 ]; then tap_ok "$name"; else tap_not_ok "$name (exit $rc)"; fi
	tap_diag "$(grep -E '^(# )?fuzzw ' <<<"$out")"
	tap_diag "$(grep -vE '^(# )?fuzzw ' <<<"$out" | head -n 30)"
}

# try_write FILE VALUE [CMD...]: write VALUE and a newline to FILE, as
# echo does (through CMD, e.g. setpriv); prints "ok" or "refused".
try_write() {
	local f=$1 v=$2
	shift 2
	if "$@" sh -c 'printf "%s\n" "$1" >"$2"' _ "$v" "$f" 2>/dev/null; then
		echo ok
	else
		echo refused
	fi
}

# loaded MODULE: whether MODULE is in /proc/modules.
loaded() {
	grep -q "^$1 " /proc/modules
}

# param MODULE NAME: a module parameter's value.
param() {
	cat "/sys/module/$1/parameters/$2"
}

# objects TYPE: the shim's state entry count for TYPE.
objects() {
	awk -v t="$1" '$1 == t { print $2 }' "$SHIMFS/objects"
}

# build_helpers: compile the C helpers with the guest's own compiler.
build_helpers() {
	local cc src
	# Whatever C compiler the kernel headers pulled in.
	cc=$(ls /usr/bin/gcc /usr/bin/gcc-[0-9]* /usr/bin/x86_64-linux-gnu-gcc-[0-9]* \
		/usr/bin/cc 2>/dev/null | head -n 1)
	[ -n "$cc" ] || return 1
	mkdir -p "$LLSM_BIN"
	for src in /mnt/host/guest-helpers/*.c; do
		"$cc" -O2 -Wall -o "$LLSM_BIN/$(basename "$src" .c)" "$src" || return 1
	done
}

# readf FILE: "[CONTENT]", or "killed" when the read itself failed (a
# reader killed in a hook, or a file that went away).
readf() {
	local out
	out=$(cat "$1") || { echo killed; return; }
	echo "[$out]"
}

# ksym NAME MODULE: the address of MODULE's symbol NAME in /proc/kallsyms
# (hex, no 0x), or nothing.
ksym() {
	awk -v n="$1" -v m="[$2]" '$3 == n && $4 == m { print $1; exit }' /proc/kallsyms
}

# dmesg_since MARK: kernel log lines after the line containing MARK.
dmesg_mark() {
	echo "llsm-test-mark: $1" >/dev/kmsg
}
dmesg_since() {
	dmesg | sed -n "/llsm-test-mark: $1\$/,\$p"
}

# kmsg_unlimited: no printk rate limit for the rest of the boot, for tests
# that read audit records from the kernel log (a flood earlier in the boot
# would otherwise let the kernel drop them).
kmsg_unlimited() {
	echo 0 >/proc/sys/kernel/printk_ratelimit
}

# tap_logged DESC MARK TEXT [ERE]: ok when the kernel log since MARK holds
# TEXT (a basic regular expression); else not ok, with the log's lines that
# match ERE (default: the shim's and the test clients').
tap_logged() {
	local desc=$1 mark=$2 text=$3 ere=${4:-lsm_shim|llsm_test}
	if dmesg_since "$mark" | grep -q -- "$text"; then
		tap_ok "$desc"
	else
		tap_not_ok "$desc"
		tap_diag "$(dmesg_since "$mark" | grep -E -- "$ere")"
	fi
}

# outcome CMD...: "granted" when CMD succeeds, "denied" when it fails with
# "Operation not permitted", else "rc=N" and its output.
outcome() {
	local out rc
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc = 0 ]; then
		echo granted
	elif grep -q "Operation not permitted" <<<"$out"; then
		echo denied
	else
		echo "rc=$rc $out"
	fi
}
