#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 3: what learning mode records lets the same workload run in
# enforcing mode. Here: ln -s, learned with its symlink.target="..."
# condition, passes in enforcing mode, and a link to another target is
# refused. A directory renamed in learning mode is renamed again in
# enforcing mode, under TOMOYO's names (both ending with '/').
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
S=/tmp/tl
rm -rf "$S"
mkdir -p "$S"

loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'1-CONFIG={ mode=learning grant_log=no reject_log=yes }' \
	'3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }' >"$TFS/profile"
printf '%s\n' '<kernel> /usr/bin/ln' 'use_profile 1' >"$TFS/domain_policy"

tap_run "learning mode: ln -s succeeds" /usr/bin/ln -s ../target "$S/link"
learned=$(awk '$0 == "<kernel> /usr/bin/ln" { p = 1; next } /^</ { p = 0 }
	p && /^file symlink/' "$TFS/domain_policy")
tap_is "learning mode recorded the symlink with its target" \
	"file symlink $S/link symlink.target=\"../target\"" "$learned"

printf '%s\n' '<kernel> /usr/bin/ln' 'use_profile 3' >"$TFS/domain_policy"
rm -f "$S/link"
tap_run "enforcing mode: the same ln -s succeeds" /usr/bin/ln -s ../target "$S/link"
rm -f "$S/link"
if /usr/bin/ln -s ../other "$S/link" 2>/dev/null; then
	tap_not_ok "enforcing mode: a link to another target is refused"
else
	tap_ok "enforcing mode: a link to another target is refused"
fi
tap_is "and no link was made" "" "$(readlink "$S/link")"

# A directory rename: both names end with '/', as TOMOYO names them.
mkdir "$S/d1"
printf '%s\n' '<kernel> /usr/bin/mv' 'use_profile 1' >"$TFS/domain_policy"
tap_run "learning mode: mv of a directory succeeds" /usr/bin/mv "$S/d1" "$S/d2"
learned=$(awk '$0 == "<kernel> /usr/bin/mv" { p = 1; next } /^</ { p = 0 }
	p && /^file rename/' "$TFS/domain_policy")
tap_is "learning mode recorded TOMOYO's directory names" \
	"file rename $S/d1/ $S/d2/" "$learned"
rmdir "$S/d2"
mkdir "$S/d1"
printf '%s\n' '<kernel> /usr/bin/mv' 'use_profile 3' >"$TFS/domain_policy"
tap_run "enforcing mode: the same mv succeeds" /usr/bin/mv "$S/d1" "$S/d2"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
