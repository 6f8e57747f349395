# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Names that a policy learned from systemd holds (62/63-tomoyo-systemd-*):
# a file of a filesystem named by its type (securityfs:/lsm), a program
# run through /proc/self/fd/N (fexecve(), as systemd runs systemd-executor:
# "proc:/self/fd/9" before 6.14, the file's own name since), learned and
# then enforced.
MODES="1 3"
td_setup() { cp "$B" "$C/child"; }
td_domain() { printf '%s\n' "$D"; }
td_workload() {
	op read-securityfs read /sys/kernel/security/lsm
	op read-proc-self read /proc/self/stat
	exec 9<"$C/child"
	op exec-fd exec /proc/self/fd/9 child domain
	exec 9<&-
}
