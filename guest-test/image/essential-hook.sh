#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# mmdebstrap essential hook: keep the initramfs small before the kernel arrives.
set -eu
root=$1
mkdir -p "$root/etc/initramfs-tools/conf.d" "$root/usr/share/initramfs-tools/modules.d"
echo MODULES=list >"$root/etc/initramfs-tools/conf.d/llsm-guest.conf"
printf '%s\n' virtio_pci virtio_blk ext4 >"$root/usr/share/initramfs-tools/modules.d/llsm-guest"
