#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# The SELinux-enforcing profile (a series named BASE-selinux), applied by
# build-image to the finished root: labelled with Debian's default policy
# here, at build time (mke2fs -d keeps the labels), and set to boot
# enforcing. What a Fedora or RHEL host looks like to an LSM: SELinux
# enforcing, no AppArmor, no built-in TOMOYO (the boot's lsm= list, set by
# guest-test/check-selinux).
set -eu
root=$1
here=$(dirname "$0")
policy=$root/etc/selinux/default
[ -d "$policy/policy" ] || { echo "selinux.sh: no default policy in the image" >&2; exit 1; }

printf '%s\n' SELINUX=enforcing SELINUXTYPE=default >"$root/etc/selinux/config"
# The guest's job runner starts as an init script would, in initrc_t (an
# unconfined domain): the job is the administrator who installs and loads.
# A local file context, in the policy store as semanage keeps it, keeps it
# so across a relabel in the guest.
printf '%s\n' '/usr/local/sbin/guest-job -- system_u:object_r:initrc_exec_t:s0' |
	tee "$root/var/lib/selinux/default/active/file_contexts.local" \
	>"$policy/contexts/files/file_contexts.local"
# The harness's share gets a type of its own (selinux-harness.cil says
# why); guest-job mounts it with that context. The policy is built without
# its dontaudit rules (semodule -D): every denial is logged, so that a test
# asserting "no AVC denial" sees what the policy hides (it hid the one that
# failed lsm_shim's init under modprobe). Decisions do not change.
cp "$here/selinux-harness.cil" "$root/tmp/llsm-harness.cil"
chroot "$root" semodule -D -i /tmp/llsm-harness.cil
rm -f "$root/tmp/llsm-harness.cil"
# auditd writes each record through, so that a test reads it at once.
sed -i 's|^flush *=.*|flush = SYNC|' "$root/etc/audit/auditd.conf"
mkdir -p "$root/etc/llsm-guest"
echo 'context=system_u:object_r:llsm_share_t:s0' >"$root/etc/llsm-guest/9p-options"
chroot "$root" setfiles -F /etc/selinux/default/contexts/files/file_contexts /
