# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side helpers of the "load tomoyo" tests (64-tomoyo-activate-lkm.sh,
# 94-tomoyo-activate.sh), sourced after tap.sh and llsm.sh: the loader as
# the package installs it, a policy in /etc/tomoyo as an engineer writes
# it, and one operation that policy denies.
#
# The policy: profile 0 disabled (<kernel> and everything else), profile 3
# enforcing mkdir only, for the domain of /usr/local/bin/llsm-mkdir (a copy
# of mkdir), which may create /tmp/llsm-ok and nothing else.

. /mnt/host/guest-lib/field.sh
TA_TFS=/sys/kernel/security/tomoyo
TA_MKDIR=/usr/local/bin/llsm-mkdir

# ta_install: the loader from the job directory (or LLSM_LOADER) as
# /usr/sbin/loadable-lsm-load, modules.conf with the one line, the policy
# in /etc/tomoyo, the program.
ta_install() {
	install -m 0755 "${LLSM_LOADER:-/mnt/host/systemd/loadable-lsm-load}" /usr/sbin/loadable-lsm-load &&
		mkdir -p /etc/loadable-lsm /usr/local/bin &&
		echo "load tomoyo" >/etc/loadable-lsm/modules.conf &&
		cp "$(type -P mkdir)" "$TA_MKDIR" &&
		ta_policy /etc/tomoyo
}

# ta_policy DIR: the test policy in DIR.
ta_policy() {
	mkdir -p "$1" &&
		printf '%s\n' PROFILE_VERSION=20150505 \
			'0-COMMENT=-----Disabled Mode-----' \
			'0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }' \
			'0-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
			'3-COMMENT=-----Enforcing mkdir-----' \
			'3-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }' \
			'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
			'3-CONFIG::file::mkdir={ mode=enforcing grant_log=no reject_log=yes }' \
			>"$1/profile.conf" &&
		echo /usr/sbin/tomoyo-loadpolicy >"$1/manager.conf" &&
		echo "initialize_domain $TA_MKDIR from any" >"$1/exception_policy.conf" &&
		printf '%s\n' '<kernel>' 'use_profile 0' '' "<kernel> $TA_MKDIR" 'use_profile 3' \
			'file mkdir /tmp/llsm-ok/ 0777' >"$1/domain_policy.conf" &&
		: >"$1/stat.conf"
}

# ta_denied_op: "granted", "denied" or what else creating /tmp/llsm-denied
# through the policy's program gave; removes what it made.
ta_denied_op() {
	outcome "$TA_MKDIR" /tmp/llsm-denied
	rmdir /tmp/llsm-denied 2>/dev/null
}

# ta_allowed_op: the same for /tmp/llsm-ok, which the policy allows.
ta_allowed_op() {
	outcome "$TA_MKDIR" /tmp/llsm-ok
	rmdir /tmp/llsm-ok 2>/dev/null
}

# ta_audit_denial: the audit log's record of the denied mkdir, or nothing.
ta_audit_denial() {
	tomoyo_audit_denial "$TA_TFS" 'file mkdir /tmp/llsm-denied/'
}

# ta_kernel_policy: what the kernel holds, as a checksum: the profiles, the
# exception policy, the managers, and the domains <kernel> and the test
# program's (once TOMOYO is active, every program executed makes a domain
# of its own, which is not a change of policy).
ta_kernel_policy() {
	{
		cat "$TA_TFS/profile" "$TA_TFS/exception_policy" "$TA_TFS/manager"
		awk -v keep="<kernel> $TA_MKDIR" '/^</ { show = ($0 == "<kernel>" || $0 == keep) } show' \
			"$TA_TFS/domain_policy"
	} 2>/dev/null | md5sum | cut -d' ' -f1
}
