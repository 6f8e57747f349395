# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Addresses read back as TOMOYO prints them (the kernel's "%pI6c"): the
# longest run of zero groups compressed, a single zero group not, and
# IPv4-mapped and ISATAP addresses with a dotted IPv4 tail.
MODES=0
td_workload() { :; }
td_domain() {
	printf '%s\n' "<kernel> $C/addr" \
		'network inet stream connect fe80::5efe:c000:201 80' \
		'network inet stream connect fe80::200:5efe:192.0.2.1 81' \
		'network inet stream connect 2001:db8:1:2:0:5efe:a00:1 82' \
		'network inet stream connect ::ffff:c000:201 83' \
		'network inet stream connect ::192.0.2.1 84' \
		'network inet stream connect 1:0:2:3:4:5:6:7 85' \
		'network inet stream connect 2001:db8:0:0:1:0:0:1 86' \
		'network inet stream connect fe80::5efe:c000:201-fe80::5efe:c000:2ff 87'
}
