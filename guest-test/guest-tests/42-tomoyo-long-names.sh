#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 1: names that cannot be built fail closed in enforcing
# mode, as in the built-in TOMOYO. A file 25 directories of 200 bytes deep
# (a 5 KiB name, reached with relative paths) is checked under its full
# name: refused without a grant, allowed with one. A file 350 such
# directories deep (a 70 KiB name, more than tomoyo_lkm builds) is refused
# in enforcing mode. Once, every name longer than 4 KiB went unchecked.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
L=/tmp/ln
comp=$(printf 'd%.0s' $(seq 200))
rm -rf "$L"
mkdir -p "$L"

tap_run "helpers compile" build_helpers || tap_end
# deep N: make N nested directories under $L with a file f at the bottom;
# prints nothing, leaves the shell where it was.
deep() {
	(cd "$L" && mkdir "$1" && cd "$1" &&
		for _ in $(seq "$2"); do mkdir "$comp" && cd "$comp" || exit 1; done &&
		echo data >f)
}
# try N: tryopen f at the bottom of tree N.
try() {
	(cd "$L/$1" && for _ in $(seq "$2"); do cd "$comp" || exit 1; done &&
		"$LLSM_BIN/tryopen" f)
}
tap_run "a 5 KiB deep tree" deep a 25
tap_run "a 70 KiB deep tree" deep b 350
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm

tap_is "without TOMOYO both files open" "ok ok" "$(try a 25) $(try b 350)"
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=yes }' \
	>"$TFS/profile"
printf '%s\n' "<kernel> $LLSM_BIN/tryopen" 'use_profile 3' \
	'file read /etc/ld.so.cache' 'file read /usr/lib/x86_64-linux-gnu/\*' \
	>"$TFS/domain_policy"
tap_is "enforcing, no grant: the 5 KiB name is refused" EPERM "$(try a 25)"
printf '%s\n' "<kernel> $LLSM_BIN/tryopen" "file read $L/a/\\{\\*\\}/f" \
	>"$TFS/domain_policy"
tap_is "enforcing, granted by a pattern: the 5 KiB name is allowed" ok "$(try a 25)"
out=$(try b 350)
if [ "$out" != ok ]; then
	tap_ok "enforcing: the 70 KiB name is refused ($out)"
else
	tap_not_ok "enforcing: the 70 KiB name is refused ($out)"
fi
printf '%s\n' "<kernel> $LLSM_BIN/tryopen" 'use_profile 0' >"$TFS/domain_policy"
tap_is "disabled: the 70 KiB name opens" ok "$(try b 350)"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
rm -rf "$L"
tap_end
