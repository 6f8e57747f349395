# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: unix autobind is checked as "bind anonymous".
MODES="3 1"
td_domain() { printf '%s\n' "$D"; }
td_prepass() { rm -f "$C/sock"; }
td_workload() {
	op autobind autobind
	op bind-path unix-bind "$C/sock"
}
