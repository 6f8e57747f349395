# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: grant_log and reject_log defaults: a CONFIG line
# without them, one with grant_log=yes, and the profile as read back.
PROFILES="41 42"
MODES="41 42"
td_setup() { echo x >"$C/f"; }
td_profile() {
	printf '%s\n' '41-COMMENT=no log options' '41-CONFIG={ mode=enforcing }' \
		'42-COMMENT=grant log' '42-CONFIG={ mode=enforcing grant_log=yes }' \
		'42-CONFIG::file::read={ mode=enforcing grant_log=no }'
}
td_domain() { printf '%s\n' "$D" "file read $C/f" "file getattr $C/f"; }
td_workload() {
	op read read "$C/f"
	op write write "$C/f"
}
