# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: exec transition preferences (file execute P keep,
# child, reset, initialize, <domain>, /path).
td_setup() {
	local c
	for c in keep child reset init dom path plain; do cp "$B" "$C/c-$c"; done
}
td_profile() {
	printf '%s\n' "<$C/c-reset> PROFILE_VERSION=20150505" \
		"<$C/c-reset> 0-CONFIG={ mode=disabled }"
}
td_domain() {
	local c
	printf '%s\n' "$D" \
		"file execute $C/c-keep keep" \
		"file execute $C/c-child child" \
		"file execute $C/c-reset reset" \
		"file execute $C/c-init initialize" \
		"file execute $C/c-dom <kernel> $C/target" \
		"file execute $C/c-path $C/c-plain" \
		"file execute $C/c-plain" \
		'file read /sys/kernel/security/tomoyo/self_domain' \
		'file read securityfs:/tomoyo/self_domain'
	for c in "<kernel> $C/target" "<kernel> $B $C/c-child" "<kernel> $B $C/c-plain" \
		"<kernel> $C/c-init" "<$C/c-reset>" "<kernel> $B $C/c-path"; do
		printf '%s\n' "$c" 'use_profile 0'
	done
}
td_workload() {
	local c
	for c in keep child reset init dom path plain; do
		op "exec-$c" exec "$C/c-$c" "c-$c" domain
	done
}
