# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: several use_group lines apply together; delete use_group.
td_setup() { echo 1 >"$C/g1"; echo 2 >"$C/g2"; echo 3 >"$C/g3"; }
td_exception() {
	printf '%s\n' "acl_group 21 file read $C/g1" "acl_group 22 file read $C/g2" \
		"acl_group 23 file read $C/g3"
}
td_domain() {
	printf '%s\n' "$D" 'use_group 21' 'use_group 22' 'use_group 23' 'delete use_group 23'
}
td_workload() {
	op read-g1 read "$C/g1"
	op read-g2 read "$C/g2"
	op read-g3 read "$C/g3"
}
