#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mmdebstrap customize hook: make the rootfs a test guest.
set -eu
root=$1
here=$(dirname "$0")

echo guest >"$root/etc/hostname"
printf '127.0.0.1\tlocalhost\n127.0.1.1\tguest\n' >"$root/etc/hosts"
echo '/dev/vda / ext4 rw,errors=remount-ro 0 1' >"$root/etc/fstab"
chroot "$root" passwd -d root >/dev/null

install -m 0755 "$here/guest-job" "$root/usr/local/sbin/guest-job"
install -m 0644 "$here/guest-job.service" "$root/etc/systemd/system/guest-job.service"
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/guest-job.service \
	"$root/etc/systemd/system/multi-user.target.wants/guest-job.service"
printf '%s\n' 9pnet_virtio 9p >"$root/etc/modules-load.d/llsm-guest.conf"
# An unprivileged user for the tests.
chroot "$root" useradd -m -u 1000 -s /bin/bash tester

# Drop module trees a test guest never loads: depmod runs in every
# "dkms install" and is the slowest part of it under software emulation.
for d in "$root"/lib/modules/*/kernel/drivers; do
	for sub in gpu media net/wireless net/ethernet sound infiniband staging \
		iio hid/amd-sfh-hid bluetooth isdn usb/gadget comedi mtd; do
		rm -rf "${d:?}/$sub"
	done
	rm -rf "${d%/drivers}/sound"
	kver=${d%/kernel/drivers}
	chroot "$root" depmod -a "${kver##*/}"
done

chroot "$root" systemd-machine-id-setup >/dev/null 2>&1 || true
touch "$root/etc/.updated" "$root/var/.updated"
