# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: keep_domain, initialize_domain and reset_domain short
# forms and their "from" forms: which domain each exec ends in.
td_setup() {
	local c
	for c in a b k i; do cp "$B" "$C/$c"; done
}
td_exception() {
	printf '%s\n' "keep_domain $C/k" \
		"initialize_domain $C/i from any" \
		"keep_domain any from <kernel> $B $C/a" \
		"no_keep_domain $C/b from any"
}
td_domain() {
	local c
	printf '%s\n' "$D" 'file execute /tmp/td/\*/\*' \
		'file read /sys/kernel/security/tomoyo/self_domain' \
		'file read securityfs:/tomoyo/self_domain'
	for c in "<kernel> $B $C/a" "<kernel> $B $C/k" "<kernel> $C/i" "<kernel> $B $C/b"; do
		printf '%s\n' "$c" 'use_profile 0'
	done
}
td_workload() {
	op exec-k exec "$C/k" k domain
	op exec-k-a exec "$C/k" k exec "$C/a" a domain
	op exec-i exec "$C/i" i domain
	op exec-a-b exec "$C/a" a exec "$C/b" b domain
	op exec-b exec "$C/b" b domain
}
