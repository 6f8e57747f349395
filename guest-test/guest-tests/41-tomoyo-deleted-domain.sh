#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 1: a task whose domain is deleted from the policy stays
# confined, as in the built-in TOMOYO (deleted domains stay in force for
# the tasks in them). Once, "delete <domain>" (or tomoyo-loadpolicy -df)
# unconfined every task in the domain.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
D=/tmp/dd
BIN=$LLSM_BIN/waitopen
rm -rf "$D"
mkdir -p "$D"
echo secret >"$D/secret"
mkfifo "$D/go"

tap_run "helpers compile" build_helpers || tap_end
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm

# run [delete]: start waitopen, optionally delete its domain while it
# waits, then let it open the secret; prints its answer.
run() {
	local pid
	"$BIN" "$D/go" "$D/secret" >"$D/out" 2>&1 &
	pid=$!
	sleep 1
	[ "${1:-}" = delete ] &&
		printf '%s\n' "delete <kernel> $BIN" >"$TFS/domain_policy"
	echo >"$D/go"
	wait "$pid"
	cat "$D/out"
}

tap_is "without TOMOYO the secret opens" ok "$(run)"
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
policy() {
	printf '%s\n' 'PROFILE_VERSION=20150505' \
		'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
		'3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=yes }' \
		>"$TFS/profile"
	printf '%s\n' "<kernel> $BIN" 'use_profile 3' \
		'file read /etc/ld.so.cache' 'file read /usr/lib/x86_64-linux-gnu/\*' \
		"file read $D/go" >"$TFS/domain_policy"
}
policy
tap_is "in its enforcing domain the secret is refused" EPERM "$(run)"
policy
tap_is "after its domain is deleted under it, still refused" EPERM "$(run delete)"
tap_is "the deleted domain is gone from domain_policy" "" \
	"$(grep -xF "<kernel> $BIN" "$TFS/domain_policy")"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
rm -rf "$D"
tap_end
