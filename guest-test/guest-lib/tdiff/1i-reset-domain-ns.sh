# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: reset_domain into a namespace that has no profile: the
# exec fails; once the namespace has the domain and a profile, it runs.
td_setup() { cp "$B" "$C/child"; }
td_exception() { echo "reset_domain $C/child from any"; }
td_domain() { printf '%s\n' "$D" "file execute $C/child"; }
td_workload() {
	op exec-no-ns exec "$C/child" child read /dev/null
	printf '%s\n' "<$C/child> PROFILE_VERSION=20150505" \
		"<$C/child> 0-CONFIG={ mode=disabled }" >"$TFS/profile"
	echo "<$C/child>" >"$TFS/domain_policy"
	op exec-ns exec "$C/child" child read /dev/null
}
