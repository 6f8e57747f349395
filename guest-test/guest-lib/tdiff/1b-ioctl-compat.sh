# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: ioctl through the 32-bit entry (file_ioctl_compat) is
# checked as file ioctl, like the native one.
td_domain() {
	printf '%s\n' "$D" 'file read /dev/null' 'file ioctl /dev/null 0x5450'
}
td_workload() {
	op ioctl-granted ioctl /dev/null 0x5450
	op ioctl-other ioctl /dev/null 0x5451
	op ioctl32-granted ioctl32 /dev/null 0x5450
	op ioctl32-other ioctl32 /dev/null 0x5451
}
