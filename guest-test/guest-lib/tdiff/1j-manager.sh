# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 items 1 and 2: a process that is no manager, even one granted
# write access to the policy files, gets EPERM for its policy writes.
td_domain() {
	printf '%s\n' "$D" 'file write /sys/kernel/security/tomoyo/domain_policy' \
		'file write securityfs:/tomoyo/domain_policy' \
		'file write /sys/kernel/security/tomoyo/exception_policy' \
		'file write securityfs:/tomoyo/exception_policy'
}
td_workload() {
	op write-domain polwrite "$TFS/domain_policy" "<kernel> $C/made"
	op write-exception polwrite "$TFS/exception_policy" "path_group TDMGR $C/x"
	note made "$(grep -c "$C/made\|TDMGR" "$TFS/domain_policy" "$TFS/exception_policy" | paste -sd' ')"
}
