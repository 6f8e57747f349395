#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 1: operations the built-in TOMOYO checks and tomoyo_lkm once
# let through unchecked in an enforcing domain. Each one is run first with
# no TOMOYO (it succeeds, or reaches the network stack) and then in an
# enforcing domain that does not grant it (EPERM, as the built-in answers):
# fcntl(F_SETFL) clearing O_APPEND (file write), open() with access mode 3
# (file read and write), ioctl through the 32-bit entry (file ioctl),
# IPv6 connect/bind/sendto with a 24-byte address (SIN6_LEN_RFC2133), and
# unix autobind (network unix ... bind anonymous). And an exec that
# reset_domain sends to a namespace without a domain fails.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
H=/tmp/hb
BIN=$LLSM_BIN/tomoyo_bypass
rm -rf "$H"
mkdir -p "$H"

tap_run "helpers compile" build_helpers || tap_end
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm

# run_all: one line per operation, "NAME RESULT".
run_all() {
	echo original >"$H/applog"
	echo data >"$H/acc3"
	echo "fcntl-clear-append $("$BIN" fcntl "$H/applog") $(cat "$H/applog")"
	echo "open-accmode-3 $("$BIN" open3 "$H/acc3")"
	echo "ioctl-native-granted $("$BIN" ioctl /dev/null 0x5450)"
	echo "ioctl-native $("$BIN" ioctl /dev/null 0x5451)"
	echo "ioctl-32bit-granted $("$BIN" ioctl32 /dev/null 0x5450)"
	echo "ioctl-32bit $("$BIN" ioctl32 /dev/null 0x5451)"
	for len in 28 24 26; do
		echo "connect6-len$len $("$BIN" connect6 "$len" 9)"
	done
	echo "bind6-len24 $("$BIN" bind6 24 0)"
	echo "send6-len24 $("$BIN" send6 24 9)"
	echo "unix-autobind $("$BIN" autobind)"
}

without=$(run_all)
tap_is "without TOMOYO every operation succeeds or reaches the stack" \
	"fcntl-clear-append ok Xriginal
open-accmode-3 ok
ioctl-native-granted ok
ioctl-native ok
ioctl-32bit-granted ok
ioctl-32bit ok
connect6-len28 ECONNREFUSED
connect6-len24 ECONNREFUSED
connect6-len26 ECONNREFUSED
bind6-len24 ok
send6-len24 ok
unix-autobind ok" "$without"

tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
# Profile 3 enforces file open, file ioctl and the network; nothing else,
# so the helper needs no more than its libraries.
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=yes }' \
	'3-CONFIG::file::ioctl={ mode=enforcing grant_log=no reject_log=yes }' \
	'3-CONFIG::network={ mode=enforcing grant_log=no reject_log=yes }' \
	>"$TFS/profile"
printf '%s\n' "<kernel> $BIN" 'use_profile 3' \
	'file read /etc/ld.so.cache' \
	'file read /usr/lib/x86_64-linux-gnu/\*' \
	"file append $H/applog" \
	'file read /dev/null' \
	'file ioctl /dev/null 0x5450' >"$TFS/domain_policy"
tap_diag "$(awk -v d="<kernel> $BIN" '$0 == d { p = 1 } /^$/ && p++ == 2 { exit } p' \
	"$TFS/domain_policy")"

with=$(run_all)
tap_is "in an enforcing domain each ungranted operation is refused" \
	"fcntl-clear-append EPERM original
open-accmode-3 EPERM
ioctl-native-granted ok
ioctl-native EPERM
ioctl-32bit-granted ok
ioctl-32bit EPERM
connect6-len28 EPERM
connect6-len24 EPERM
connect6-len26 EPERM
bind6-len24 EPERM
send6-len24 EPERM
unix-autobind EPERM" "$with"

# What the audit log says about each refusal (the ACL TOMOYO would ask for).
audit=$(timeout 2 cat "$TFS/audit" 2>/dev/null | tr '\0' '\n' |
	grep -E '^(file|network) ' | sort -u)
for acl in "file write $H/applog" "file read $H/acc3" \
	'file ioctl /dev/null 0x5451' 'network inet stream connect ::1 9' \
	'network inet dgram bind ::1 0' 'network inet dgram send ::1 9' \
	'network unix stream bind anonymous'; do
	if grep -qxF "$acl" <<<"$audit"; then
		tap_ok "audit log: $acl"
	else
		tap_not_ok "audit log: $acl"
	fi
done
tap_diag "$audit"

# reset_domain into a namespace the policy has not set up: the exec fails
# (TOMOYO creates no domain across namespaces), instead of running in a
# new domain whose profile is undefined there, i.e. unconfined.
echo 'reset_domain /usr/bin/true from any' >"$TFS/exception_policy"
dmesg_mark reset
if /usr/bin/true 2>/dev/null; then
	tap_not_ok "exec into a namespace without a domain fails"
else
	tap_ok "exec into a namespace without a domain fails"
fi
tap_diag "$(dmesg_since reset | grep tomoyo_lkm)"
printf '%s\n' '</usr/bin/true> PROFILE_VERSION=20150505' \
	'</usr/bin/true> 0-CONFIG={ mode=disabled }' >"$TFS/profile"
echo '</usr/bin/true>' >"$TFS/domain_policy"
tap_run "once the namespace has the domain and a profile, the exec runs" \
	/usr/bin/true
echo 'delete reset_domain /usr/bin/true from any' >"$TFS/exception_policy"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
