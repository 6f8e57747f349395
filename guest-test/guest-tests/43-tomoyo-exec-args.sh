#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 1: every argv and envp string of an exec is seen, as the
# built-in TOMOYO sees them. A domain enforcing misc env that allows only
# A must refuse an exec that passes BAD too, also when one long argument
# (70,000 bytes) or 300 arguments come before the environment; once,
# tomoyo_lkm read 256 strings or 64 KiB and then stopped looking.
# exec.argc and exec.envc are the kernel's counts.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
long=$(head -c 70000 /dev/zero | tr '\0' x)
mapfile -t many < <(seq 300)

loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm

# run_all: one line per exec, "NAME ok|fail".
run_all() {
	r() { if "$@" 2>/dev/null; then echo ok; else echo fail; fi; }
	echo "allowed-env $(r env -i A=1 /usr/bin/true)"
	echo "bad-env $(r env -i A=1 BAD=1 /usr/bin/true)"
	echo "bad-env-after-70000-byte-arg $(r env -i A=1 BAD=1 /usr/bin/true "$long")"
	echo "bad-env-after-300-args $(r env -i A=1 BAD=1 /usr/bin/true "${many[@]}")"
	echo "allowed-env-after-70000-byte-arg $(r env -i A=1 /usr/bin/true "$long")"
	echo "argc-300 $(r env -i A=1 /usr/bin/printf '' "${many[@]}")"
}

tap_is "without TOMOYO every exec succeeds" "allowed-env ok
bad-env ok
bad-env-after-70000-byte-arg ok
bad-env-after-300-args ok
allowed-env-after-70000-byte-arg ok
argc-300 ok" "$(run_all)"

tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'3-CONFIG::misc={ mode=enforcing grant_log=no reject_log=yes }' \
	'4-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'4-CONFIG::file::execute={ mode=enforcing grant_log=no reject_log=yes }' \
	>"$TFS/profile"
# env's own domain checks what it executes (argv[0], '' and 300 numbers
# make exec.argc 302); the domains it enters check the environment.
printf '%s\n' '<kernel> /usr/bin/env' 'use_profile 4' \
	'file execute /usr/bin/true' \
	'file execute /usr/bin/printf exec.argc=302' \
	'<kernel> /usr/bin/env /usr/bin/true' 'use_profile 3' 'misc env A' \
	'<kernel> /usr/bin/env /usr/bin/printf' 'use_profile 3' 'misc env A' \
	>"$TFS/domain_policy"
tap_is "in a domain that allows only A, every exec passing BAD is refused" \
	"allowed-env ok
bad-env fail
bad-env-after-70000-byte-arg fail
bad-env-after-300-args fail
allowed-env-after-70000-byte-arg ok
argc-300 ok" "$(run_all)"
audit=$(tr '\0' '\n' <"$TFS/audit" | grep -c '^misc env BAD$')
tap_is "each refusal is in the audit log as misc env BAD" 3 "$audit"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
