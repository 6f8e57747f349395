#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-needs-config: CONFIG_SECURITY_TOMOYO
# Issue 17 item 3: TOMOYO without a reboot on Debian's default boot, where
# the built-in TOMOYO is in the lsm= list but not activated (nothing ran
# tomoyo-init: the test boot never executes /sbin/init). "load tomoyo" in
# modules.conf and one run of loadable-lsm-load activate it with the policy
# in /etc/tomoyo: an operation the policy denies succeeds before and is
# denied after, with its audit record, by the built-in TOMOYO, not
# tomoyo_lkm. Refused first: no profile.conf, a domain on an undefined
# profile (the kernel would panic); and a second run changes nothing.
# On trixie userlands (6.12, 7), which have no tomoyo-tools, the test
# hides the side-loaded tomoyo-init, so the loader's own writing is tested;
# on bookworm (6.1) the kernel runs tomoyo-tools' tomoyo-init as well.
# Last in its boot: the activation cannot be undone.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/tomoyo-activate.sh

if ! grep -qw tomoyo <(tr , ' ' </sys/kernel/security/lsm); then
	tap_not_ok "the built-in TOMOYO is in this boot's lsm= list ($(cat /sys/kernel/security/lsm))"
	tap_end
fi
tap_is "the built-in TOMOYO is not active yet (no activation in the kernel log)" 0 \
	"$(dmesg | grep -c 'Mandatory Access Control activated')"
. /etc/os-release
if [ "$VERSION_CODENAME" != bookworm ] && [ -e /usr/sbin/tomoyo-init ]; then
	mv /usr/sbin/tomoyo-init /usr/sbin/tomoyo-init.side-loaded
	tap_diag "$VERSION_CODENAME has no tomoyo-tools: the side-loaded tomoyo-init is hidden"
fi
tap_diag "kernel's loader: $(ls /sbin/tomoyo-init 2>&1)"
tap_run "loader, modules.conf ('load tomoyo'), policy in /etc/tomoyo installed" ta_install
tap_is "before: the operation the policy denies succeeds" granted "$(ta_denied_op)"

# Refused before anything changes.
dmesg_mark activate
before=$(ta_kernel_policy)
mkdir -p /tmp/bad
ta_policy /tmp/bad
rm /tmp/bad/profile.conf
out=$(loadable-lsm-load -c <(printf '%s\n' 'load tomoyo' 'tomoyo_policy /tmp/bad') 2>&1)
rc=$?
tap_is "no profile.conf: refused (exit 4), with the reason" "4|1" \
	"$rc|$(grep -c 'profile.conf is missing: not activating' <<<"$out")"
tap_diag "$out"
ta_policy /tmp/bad
printf '%s\n' '' '<kernel> /usr/bin/true' 'use_profile 9' >>/tmp/bad/domain_policy.conf
out=$(loadable-lsm-load -c <(printf '%s\n' 'load tomoyo' 'tomoyo_policy /tmp/bad') 2>&1)
rc=$?
tap_is "a domain on an undefined profile: refused (exit 4) before activation, no panic" "4|1" \
	"$rc|$(grep -c 'uses profile 9, which is not defined' <<<"$out")"
tap_diag "$out"
tap_is "after the refusals: the kernel's policy unchanged, TOMOYO not active, the operation still succeeds" \
	"$before|0|granted" \
	"$(ta_kernel_policy)|$(dmesg_since activate | grep -c 'Mandatory Access Control activated')|$(ta_denied_op)"

# The command.
t=$(now_s)
out=$(loadable-lsm-load 2>&1)
rc=$?
tap_is "loadable-lsm-load with 'load tomoyo': exit 0, activated" "0|1" \
	"$rc|$(grep -c 'activated the built-in TOMOYO with the policy in /etc/tomoyo' <<<"$out")"
tap_diag "$out" "took $(since "$t") s"
tap_logged "the kernel activated its TOMOYO (Mandatory Access Control activated)" activate \
	'Mandatory Access Control activated' 'TOMOYO|Mandatory|tomoyo'
tap_diag "$(dmesg_since activate | grep -iE 'tomoyo|Mandatory')"
tap_is "after: the operation is denied (EPERM)" denied "$(ta_denied_op)"
rec=$(ta_audit_denial)
tap_is "after: the denial is in the built-in TOMOYO's audit log" 1 \
	"$(grep -c 'profile=3 mode=enforcing granted=no' <<<"$rec")"
tap_diag "$rec"
tap_is "after: what the policy allows still works" granted "$(ta_allowed_op)"
tap_is "the enforcing TOMOYO is the built-in one (its securityfs holds the domain; no tomoyo_lkm)" "1|no" \
	"$(grep -c "^<kernel> $TA_MKDIR\$" "$TA_TFS/domain_policy")|$(loaded tomoyo_lkm && echo yes || echo no)"
tap_is "nothing else started: no init or systemd process, no trigger mount or copy left" "0|0|0" \
	"$(pgrep -c -x 'init|systemd')|$(grep -c trigger /proc/self/mountinfo)|$(find /run/loadable-lsm /tmp -maxdepth 1 -name 'trigger.*' 2>/dev/null | wc -l)"
tap_is "/sbin/init is still the system's (the copy of true was only in a private namespace)" \
	"no $(readlink -f /usr/sbin/init)" "$(cmp -s /sbin/init "$(type -P true)" && echo yes || echo no) $(readlink -f /sbin/init)"
tap_is "--status: the built-in TOMOYO is active" 1 \
	"$(loadable-lsm-load --status 2>&1 | grep -c '^TOMOYO: the built-in one, active$')"

# Twice: nothing changes.
after=$(ta_kernel_policy)
out=$(loadable-lsm-load 2>&1)
rc=$?
tap_is "a second run: exit 0, 'already active', the kernel's policy unchanged" "0|1|$after" \
	"$rc|$(grep -c 'already active on this boot: nothing changed' <<<"$out")|$(ta_kernel_policy)"
tap_diag "$out"
tap_is "still denied after the second run" denied "$(ta_denied_op)"
tap_end
