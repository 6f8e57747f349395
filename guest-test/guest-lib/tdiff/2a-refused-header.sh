# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 2: the ACL lines after a refused domain header land
# nowhere, in one write() and in one write() per line.
MODES=0
td_workload() { :; }
td_domain() {
	printf '%s\n' "<kernel> $C/victim" 'use_profile 3' \
		'<kernel> ./not-a-domain' "file read $C/shadow" \
		"<kernel> $C/next" "file read $C/hostname"
}
td_setup() {
	local l
	for l in "<kernel> $C/victim1" 'use_profile 3' \
		'<kernel> ./not-a-domain' "file read $C/shadow1"; do
		printf '%s\n' "$l" >"$TFS/domain_policy" 2>/dev/null
	done
}
