#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of "make demo": install the DKMS package, then load the
# loadable LSMs into the running kernel and show them.
set -u
step() { printf '\n==> %s\n' "$*"; }
kver=$(uname -r)
ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' /mnt/host/src/dkms.conf)

step "Running kernel $kver; its built-in LSMs:"
cat /sys/kernel/security/lsm; echo

step "Installing loadable-lsm $ver with DKMS (builds against this kernel's headers)"
cp -r /mnt/host/src "/usr/src/loadable-lsm-$ver"
dkms install -m loadable-lsm -v "$ver" -k "$kver" || exit 1
dkms status

step "Loading lsm_shim into the running kernel (no reboot)"
modprobe lsm_shim || exit 1
dmesg | grep lsm_shim | tail -n 3
cat /sys/kernel/security/lsm_shim/version

step "Loading the LSM modules this package ships"
loaded=""
for m in tomoyo_lkm yama_lkm audit_lkm; do
	if modinfo "$m" >/dev/null 2>&1; then
		modprobe "$m" && loaded="$loaded $m"
	fi
done
echo "loaded:${loaded:- (no client LSM module in this version yet)}"
echo "lsm_shim clients in call order: $(cat /sys/kernel/security/lsm_shim/lsm)"
echo "hooks attached:"
cat /sys/kernel/security/lsm_shim/hooks

step "The kernel's own LSM list is untouched:"
cat /sys/kernel/security/lsm; echo

step "Unloading again"
for m in $loaded; do rmmod "$m"; done
rmmod lsm_shim && echo "lsm_shim unloaded"
