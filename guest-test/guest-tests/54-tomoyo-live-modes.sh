#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# A task's profile mode changes while it runs: tomoyo_lkm remembers, per
# domain name and policy generation, which operations a domain checks
# (tlkm_modes_lookup()). As in the built-in TOMOYO, every change of the
# profile or of the domain's use_profile applies to the running task at
# its next operation; a stale answer would let a task read what a now
# enforcing profile refuses. Tried: the mode flipped under one task 200
# times, the domain moved between profiles, and 100 domains (more than
# the cache's 64 slots) each asked in both orders, then again once the
# profile of the unchecked half became enforcing.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
D=/tmp/lm
rm -rf "$D"
mkdir -p "$D"
echo secret >"$D/secret"
SH=$D/lmsh
cp /bin/bash "$SH"
mkfifo "$D/cmd" "$D/ans"

loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end

# mode N MODE: profile N's file::open in MODE (its other operations off).
mode() {
	printf '%s\n' 'PROFILE_VERSION=20150505' \
		"$1-CONFIG={ mode=disabled grant_log=no reject_log=no }" \
		"$1-CONFIG::file::open={ mode=$2 grant_log=no reject_log=no }" \
		>"$TFS/profile"
}
mode 3 disabled
mode 4 enforcing
# The looping shell's domain: what it needs, not the secret.
printf '%s\n' "<kernel> $SH" 'use_profile 3' \
	'file read /etc/ld.so.cache' 'file read /usr/lib/x86_64-linux-gnu/\*' \
	"file read $D/cmd" "file write $D/ans" "file write /dev/null" >"$TFS/domain_policy"
# shellcheck disable=SC2016 # expanded by the looping shell
loop='while read -r c <"$1/cmd" && [ "$c" = go ]; do
	if { read -r _ <"$1/secret"; } 2>/dev/null; then echo ok; else echo EPERM; fi >"$1/ans"
done'
"$SH" -c "$loop" lmsh "$D" &
sh=$!
ask() {
	echo go >"$D/cmd"
	cat "$D/ans"
}
tap_is "profile 3 disabled: the running task reads the secret" ok "$(ask)"
mode 3 enforcing
tap_is "profile 3 made enforcing: the same task is refused at once" EPERM "$(ask)"
mode 3 disabled
tap_is "disabled again: allowed" ok "$(ask)"
printf '%s\n' "<kernel> $SH" 'use_profile 4' >"$TFS/domain_policy"
tap_is "its domain moved to enforcing profile 4: refused" EPERM "$(ask)"
printf '%s\n' "<kernel> $SH" 'use_profile 3' >"$TFS/domain_policy"
tap_is "moved back to disabled profile 3: allowed" ok "$(ask)"

bad=0
for i in $(seq 200); do
	if [ $((i % 2)) = 1 ]; then m=enforcing want=EPERM; else m=disabled want=ok; fi
	mode 3 "$m"
	got=$(ask)
	[ "$got" = "$want" ] || { bad=$((bad + 1)); tap_diag "flip $i ($m): $got"; }
done
tap_is "200 flips of the mode under the running task: each answer the new mode's" 0 "$bad"
echo quit >"$D/cmd"
wait "$sh"

# 100 domains, more than the cache's slots: even ones on disabled profile
# 3, odd ones on enforcing profile 4; each name a hard link of one copy of
# bash, asked once in each order, so slots are shared and refilled.
mode 3 disabled
for i in $(seq 100); do
	ln "$SH" "$D/sh$i"
	printf '%s\n' "<kernel> $D/sh$i" "use_profile $((3 + i % 2))" \
		'file read /etc/ld.so.cache' 'file read /usr/lib/x86_64-linux-gnu/\*' \
		'file write /dev/null' >"$TFS/domain_policy"
done
# each_domain EVEN ODD N...: the wrong answers of domains N (even ones
# should answer EVEN, odd ones ODD), asked in that order.
each_domain() {
	local even=$1 odd=$2 i want got n=0
	shift 2
	for i in "$@"; do
		want=$even
		[ $((i % 2)) = 1 ] && want=$odd
		got=$("$D/sh$i" -c 'if { read -r _ <"$1"; } 2>/dev/null; then echo ok; else echo EPERM; fi' \
			sh "$D/secret")
		[ "$got" = "$want" ] || { n=$((n + 1)); tap_diag "domain sh$i: $got, not $want"; }
	done
	echo "$n"
}
# shellcheck disable=SC2046 # one argument per domain
tap_is "100 domains, first to last: each by its own profile" 0 "$(each_domain ok EPERM $(seq 100))"
# shellcheck disable=SC2046
tap_is "100 domains, last to first: each by its own profile" 0 "$(each_domain ok EPERM $(seq 100 -1 1))"
# The direction that matters: a domain remembered as unchecked whose
# profile becomes enforcing. (A remembered "checked" that is no longer
# costs only work: the decision reads the mode again.)
mode 3 enforcing
# shellcheck disable=SC2046
tap_is "profile 3 made enforcing: the even domains are refused too" 0 \
	"$(each_domain EPERM EPERM $(seq 100 -1 1))"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
rm -rf "$D"
tap_end
