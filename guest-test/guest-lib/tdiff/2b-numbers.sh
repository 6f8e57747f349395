# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 2: out-of-range ports and undefined profiles.
MODES=0
td_workload() { :; }
td_domain() {
	printf '%s\n' "<kernel> $C/net" \
		'network inet stream connect 127.0.0.1 70000' \
		'network inet stream connect 127.0.0.1 65535' \
		'network inet stream connect 127.0.0.1 1-65536' \
		'network inet stream connect 127.0.0.1 0x10' \
		"<kernel> $C/prof" 'use_profile 1' 'use_profile 200'
}
