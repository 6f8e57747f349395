# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: a symlink learned in learning mode (symlink.target)
# is allowed in enforcing mode; another target is not.
MODES="1 3"
td_prepass() { rm -f "$C/l" "$C/m"; }
td_domain() { printf '%s\n' "$D"; }
td_workload() {
	op symlink symlink ../target "$C/l"
	rm -f "$C/m"
	[ "$TD_PASS" = m3 ] && op symlink-other symlink ../other "$C/m"
}
