#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 17 item 3, the other boot: without the built-in TOMOYO, the same
# "load tomoyo" line and command as 94-tomoyo-activate.sh load tomoyo_lkm
# and the policy in /etc/tomoyo (with tomoyo-tools' tomoyo-loadpolicy): the
# operation the policy denies succeeds before and is denied after, with
# its audit record. Unloads tomoyo_lkm and restores /etc/tomoyo at the end
# (before 92-lock-forced locks the shim in this boot).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/tomoyo-activate.sh

kver=$(uname -r)
if grep -qw tomoyo <(tr , ' ' </sys/kernel/security/lsm); then
	tap_not_ok "no built-in TOMOYO in this boot's lsm= list ($(cat /sys/kernel/security/lsm))"
	tap_end
fi
tap_ok "no built-in TOMOYO in this boot ($(cat /sys/kernel/security/lsm))"
# The loader loads with modprobe: the prebuilt modules (later boots of
# make check, dev-run) go where DKMS would put them.
if ! modinfo -k "$kver" tomoyo_lkm >/dev/null 2>&1 && [ -n "${LLSM_KO_DIR:-}" ]; then
	mkdir -p "/lib/modules/$kver/updates/llsm-test"
	cp "$LLSM_KO_DIR"/*.ko* "/lib/modules/$kver/updates/llsm-test/"
	depmod -a "$kver"
fi
tap_is "tomoyo_lkm is installed for $kver" 0 "$(modinfo -k "$kver" tomoyo_lkm >/dev/null 2>&1; echo $?)"
loaded tomoyo_lkm && rmmod tomoyo_lkm
shim_before=$(loaded lsm_shim && echo yes || echo no)
rm -rf /tmp/etc-tomoyo.saved
[ -d /etc/tomoyo ] && cp -a /etc/tomoyo /tmp/etc-tomoyo.saved
tap_run "loader, modules.conf ('load tomoyo'), policy in /etc/tomoyo installed" ta_install
tap_is "before: the operation the policy denies succeeds" granted "$(ta_denied_op)"

out=$(loadable-lsm-load 2>&1)
rc=$?
tap_is "loadable-lsm-load with 'load tomoyo': exit 0, tomoyo_lkm and the policy loaded" "0|1|1" \
	"$rc|$(grep -c '^loadable-lsm: loaded tomoyo_lkm' <<<"$out")|$(grep -c 'TOMOYO policy loaded from /etc/tomoyo' <<<"$out")"
tap_diag "$out"
tap_is "after: the operation is denied (EPERM)" denied "$(ta_denied_op)"
rec=$(ta_audit_denial)
tap_is "after: the denial is in tomoyo_lkm's audit log" 1 \
	"$(grep -c 'profile=3 mode=enforcing granted=no' <<<"$rec")"
tap_diag "$rec"
tap_is "after: what the policy allows still works" granted "$(ta_allowed_op)"
tap_is "the enforcing TOMOYO is tomoyo_lkm (loaded, its securityfs holds the domain)" "yes|1" \
	"$(loaded tomoyo_lkm && echo yes || echo no)|$(grep -c "^<kernel> $TA_MKDIR\$" "$TA_TFS/domain_policy")"
out=$(loadable-lsm-load 2>&1)
rc=$?
tap_is "a second run: exit 0, tomoyo_lkm already loaded" "0|1" \
	"$rc|$(grep -c 'tomoyo_lkm is already loaded' <<<"$out")"

rmmod tomoyo_lkm
[ "$shim_before" = yes ] || rmmod lsm_shim
tap_is "tomoyo_lkm unloaded at the end (lsm_shim as it was: $shim_before)" "no|$shim_before" \
	"$(loaded tomoyo_lkm && echo yes || echo no)|$(loaded lsm_shim && echo yes || echo no)"
rm -rf /etc/tomoyo
[ -d /tmp/etc-tomoyo.saved ] && mv /tmp/etc-tomoyo.saved /etc/tomoyo
tap_end
