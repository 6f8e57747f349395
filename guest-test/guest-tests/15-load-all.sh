#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# Every module the package ships loads into the running kernel and unloads
# again, the shim first. tomoyo_lkm must refuse while the built-in TOMOYO
# owns /sys/kernel/security/tomoyo (a default Debian boot).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

modules=$(sed -n 's/^BUILT_MODULE_NAME\[[0-9]*\]="\(.*\)"/\1/p' /mnt/host/src/dkms.conf)
tap_diag "package modules: $(echo $modules)"
if ! llsm_load lsm_shim; then
	tap_not_ok "lsm_shim loads"
	tap_end
fi
tap_ok "lsm_shim loads"
loaded_now=""
for m in $modules; do
	[ "$m" = lsm_shim ] && continue
	if [ "$m" = tomoyo_lkm ] && [ -d /sys/kernel/security/tomoyo ]; then
		if llsm_load "$m" 2>/dev/null; then
			tap_not_ok "$m refuses to load beside the built-in TOMOYO"
			rmmod "$m"
		else
			tap_ok "$m refuses to load beside the built-in TOMOYO"
		fi
		continue
	fi
	if llsm_load "$m" && loaded "$m"; then
		tap_ok "$m loads"
		loaded_now="$m $loaded_now"
	else
		tap_not_ok "$m loads"
	fi
done
tap_diag "lsm_shim clients: $(cat "$SHIMFS/lsm")"
for m in $loaded_now; do
	tap_run "$m unloads" rmmod "$m"
done
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
