# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: directory renames, links and removals as the built-in
# names them (trailing '/'), learned and then enforced.
MODES="1 3"
td_prepass() {
	rm -rf "$C/d1" "$C/d2" "$C/d3"
	mkdir -p "$C/d1" "$C/d3"
}
td_domain() { printf '%s\n' "$D"; }
td_workload() {
	op rename-dir rename "$C/d1" "$C/d2"
	op rmdir rmdir "$C/d3"
	op mkdir mkdir "$C/d4" 755
	op rmdir-new rmdir "$C/d4"
}
