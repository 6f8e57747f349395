# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: mount operands as the built-in forms them (device,
# directory, type, flags), learned and then enforced.
MODES="1 3"
td_setup() { mkdir -p "$C/mnt" "$C/src"; }
td_prepass() { umount -R "$C/mnt" 2>/dev/null; true; }
td_domain() { printf '%s\n' "$D"; }
td_workload() {
	op mount-tmpfs mount none "$C/mnt" tmpfs 0
	op remount-ro mount none "$C/mnt" tmpfs 0x21
	# No device and no type, as systemd sets up a mount namespace.
	op make-rslave-null mount - "$C/mnt" - 0x84000
	op remount-null mount - "$C/mnt" - 0x1021
	op umount umount "$C/mnt"
	op mount-bind mount "$C/src" "$C/mnt" - 0x1000
	op make-private mount none "$C/mnt" - 0x40000
	op umount-bind umount "$C/mnt"
	op mount-lazytime mount tmpfs "$C/mnt" tmpfs 0x2000000
	op umount-3 umount "$C/mnt"
	op mount-unknown-fs mount none "$C/mnt" nosuchfs 0
}
