# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: IPv6 addresses of 24 to 27 bytes (SIN6_LEN_RFC2133)
# are checked like 28-byte ones.
td_domain() {
	printf '%s\n' "$D" 'network inet stream connect ::1 9'
}
td_workload() {
	local len
	for len in 28 27 24; do
		op "connect6-$len-granted" connect6 "$len" 9
		op "connect6-$len" connect6 "$len" 10
	done
	op bind6-24 bind6 24 0
	op send6-24 send6 24 9
	op connect6-23 connect6 23 9
}
