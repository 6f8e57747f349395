# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: names over 4 KiB (20 components of 250 bytes) in an
# enforcing domain that grants every such file: the built-in builds the
# name or fails closed.
td_setup() {
	"$TD/tdop" longmk "$C/long" 10
	"$TD/tdop" longmk "$C/long" 20
}
td_domain() {
	printf '%s\n' "$D" "file read $C/long/\\{\\*\\}/f"
}
td_workload() {
	op longread-2500 longread "$C/long" 10
	op longread-5000 longread "$C/long" 20
}
