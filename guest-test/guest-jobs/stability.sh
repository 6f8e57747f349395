#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of guest-test/stability: load every module the package ships
# (the shim first), check each is there, unload them in reverse. tomoyo_lkm
# loads only in a boot without the built-in TOMOYO and must refuse in one
# with it. Exits non-zero on the first surprise; the host's kernel log scan
# catches oopses, stray int3 traps and the like.
ko=/mnt/host/ko
rc=0
load() {
	insmod "$(ls "$ko/$1".ko* | head -n 1)" && grep -q "^$1 " /proc/modules
}
echo "kernel $(uname -r), lsm $(cat /sys/kernel/security/lsm)"
load lsm_shim || { echo "FAIL lsm_shim did not load"; exit 1; }
loaded=""
for m in yama_lkm audit_lkm tomoyo_lkm; do
	if [ "$m" = tomoyo_lkm ] && [ -d /sys/kernel/security/tomoyo ]; then
		if load "$m" 2>/dev/null; then
			echo "FAIL tomoyo_lkm loaded beside the built-in TOMOYO"
			rc=1
			rmmod "$m"
		else
			echo "ok tomoyo_lkm refused beside the built-in TOMOYO"
		fi
		continue
	fi
	if load "$m"; then
		echo "ok $m loaded"
		loaded="$m $loaded"
	else
		echo "FAIL $m did not load"
		rc=1
	fi
done
echo "shim clients: $(cat /sys/kernel/security/lsm_shim/lsm 2>&1)"
for m in $loaded lsm_shim; do
	if rmmod "$m"; then
		echo "ok $m unloaded"
	else
		echo "FAIL $m did not unload"
		rc=1
	fi
done
exit $rc
