#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# customize.sh: turn a copy of a guest rootfs into the root of a cloud image.
#
# Usage: guest-test/cloud/customize.sh ROOT ROOT_PARTUUID
# Run by build-cloud-image on a copy of build-image's rootfs. Installs
# cloud-init and the systemd-boot EFI binary with apt in a chroot (no mounts
# are needed for these packages), removes the harness's own job runner so
# that run-image cannot lean on it, and makes the root file system come from
# the GPT partition ROOT_PARTUUID, the way a distribution's cloud image does.
set -euo pipefail
[ $# = 2 ] || { echo "usage: customize.sh ROOT ROOT_PARTUUID" >&2; exit 2; }
root=$1 partuuid=$2

# apt in the chroot resolves names through the host's resolver.
cp -L /etc/resolv.conf "$root/etc/resolv.conf"
export DEBIAN_FRONTEND=noninteractive
chroot "$root" apt-get -qq -o Acquire::Retries=3 -o Acquire::Check-Valid-Until=false update
chroot "$root" apt-get install -y -qq --no-install-recommends -o Acquire::Retries=3 \
	cloud-init systemd-boot-efi
chroot "$root" apt-get clean
rm -rf "$root"/var/lib/apt/lists/*

# No trace of the direct-boot harness: the job must come through cloud-init.
rm -f "$root/usr/local/sbin/guest-job" "$root/etc/systemd/system/guest-job.service" \
	"$root/etc/systemd/system/multi-user.target.wants/guest-job.service" \
	"$root/etc/modules-load.d/llsm-guest.conf"

echo "PARTUUID=$partuuid / ext4 rw,errors=remount-ro 0 1" >"$root/etc/fstab"
echo cloudguest >"$root/etc/hostname"
# QEMU's user-mode network answers DNS here.
echo 'nameserver 10.0.2.3' >"$root/etc/resolv.conf"
# cloud-init renders its network config (DHCP on the first NIC) for
# systemd-networkd, as on Debian's own cloud images.
chroot "$root" systemctl enable systemd-networkd.service >/dev/null 2>&1
# Only NoCloud (and the fallback None): no probing of metadata servers.
cat >"$root/etc/cloud/cloud.cfg.d/90-llsm.cfg" <<'EOF'
datasource_list: [ NoCloud, None ]
EOF
# Start with no cloud-init state, as a published image does.
rm -rf "$root/var/lib/cloud"
