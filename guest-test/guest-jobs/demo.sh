#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of "make demo": install the .deb packages with apt (DKMS builds
# the modules), then load the loadable LSMs into the running kernel and
# show them.
set -u
export DEBIAN_FRONTEND=noninteractive
step() { printf '\n==> %s\n' "$*"; }
kver=$(uname -r)
deb=$(ls /mnt/host/pkgs/loadable-lsm-dkms_*_all.deb | head -n 1)
ver=${deb##*/loadable-lsm-dkms_}
ver=${ver%_all.deb}

step "Running kernel $kver; its built-in LSMs:"
cat /sys/kernel/security/lsm; echo

step "apt install loadable-lsm-dkms $ver (DKMS builds against this kernel's headers)"
apt-get install -y "$deb" "/mnt/host/pkgs/loadable-lsm_${ver}_all.deb" || exit 1
dkms status

step "Loading lsm_shim into the running kernel (no reboot)"
modprobe lsm_shim || exit 1
dmesg | grep lsm_shim | tail -n 3
cat /sys/kernel/security/lsm_shim/version

step "Loading the LSM modules this package ships"
loaded=""
for m in $(sed -n 's/^BUILT_MODULE_NAME\[[0-9]*\]="\{0,1\}\([^"]*\)"\{0,1\}/\1/p' \
	"/usr/src/loadable-lsm-$ver/dkms.conf"); do
	[ "$m" = lsm_shim ] && continue
	if [ "$m" = tomoyo_lkm ] && [ -d /sys/kernel/security/tomoyo ]; then
		echo "tomoyo_lkm: not loaded, the built-in TOMOYO is active on this boot (boot with lsm= without tomoyo to use it)"
		continue
	fi
	modprobe "$m" && loaded="$loaded $m"
done
echo "loaded:${loaded:- (no client LSM module in this version yet)}"
echo "lsm_shim clients in call order: $(cat /sys/kernel/security/lsm_shim/lsm)"
echo "hooks attached:"
cat /sys/kernel/security/lsm_shim/hooks

step "The kernel's own LSM list is untouched:"
cat /sys/kernel/security/lsm; echo

step "Unloading again"
for m in $(echo "$loaded" | tr ' ' '\n' | tac); do rmmod "$m"; done
rmmod lsm_shim && echo "lsm_shim unloaded"

step "At boot instead: loadable-lsm.service (installed disabled) would run"
loadable-lsm-load --dry-run
