# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: an append-only grant; clearing O_APPEND with
# fcntl(F_SETFL) is a write (the built-in's file_fcntl hook).
td_setup() { echo original >"$C/log"; }
td_prepass() { echo original >"$C/log"; }
td_domain() {
	printf '%s\n' "$D" "file append $C/log"
}
td_workload() {
	op fcntl-clear-append fcntl "$C/log"
	note log-content "$(cat "$C/log")"
	op append append "$C/log"
	op write write "$C/log"
}
