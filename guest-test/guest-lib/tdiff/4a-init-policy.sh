# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 4, a real policy: tomoyo-tools' init_policy defaults
# (/etc/tomoyo/exception_policy.conf as the package's postinst made it),
# loaded with tomoyo-loadpolicy, read back, and enforced on a domain with
# use_group 0: a dynamically linked program runs on the group's grants.
td_setup() {
	cp /usr/bin/true "$C/true"
	tomoyo-loadpolicy -e </etc/tomoyo/exception_policy.conf
	echo "$?" >"$C/rc"
}
td_finish() {
	sed 's/^/delete /' /etc/tomoyo/exception_policy.conf >"$TFS/exception_policy"
}
td_domain() {
	printf '%s\n' "$D" 'use_group 0' "file execute $C/true" \
		"<kernel> $B $C/true" 'use_profile 3' 'use_group 0'
}
td_workload() {
	note loaded "$(cat "$C/rc")"
	# Once a second namespace exists, TOMOYO prints "<kernel> " first.
	note exception-lines "$(sort -u /etc/tomoyo/exception_policy.conf |
		grep -c -xFf - <(sed 's/^<kernel> //' "$TFS/exception_policy"))/$(sort -u /etc/tomoyo/exception_policy.conf | grep -c .)"
	op ld-cache read /etc/ld.so.cache
	op passwd read /etc/passwd
	op meminfo read /proc/meminfo
	op proc-self read /proc/self/status
	op dir read /usr/share/
	op ioctl-5401 ioctl /etc/ld.so.cache 0x5401
	op ioctl-5402 ioctl /etc/ld.so.cache 0x5402
	op exec-true exec "$C/true" true
}
