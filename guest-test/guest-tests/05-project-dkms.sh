#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# The project's DKMS package builds and installs against this guest's own
# headers; the test-only clients and C helpers build against it.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

kver=$(uname -r)
mkdir -p "$LLSM_WORK"
if out=$(build_helpers 2>&1); then
	tap_ok "C test helpers built"
else
	tap_not_ok "C test helpers built"
	tap_diag "$out"
fi

if [ -n "${LLSM_KO_DIR:-}" ]; then
	tap_diag "using prebuilt modules from $LLSM_KO_DIR, not DKMS"
	symvers=$LLSM_KO_DIR/Module.symvers
	include=$LLSM_KO_DIR/include
else
	ver=$(sed -n 's/^PACKAGE_VERSION="\(.*\)"/\1/p' /mnt/host/src/dkms.conf)
	rm -rf "/usr/src/loadable-lsm-$ver"
	cp -r /mnt/host/src "/usr/src/loadable-lsm-$ver"
	tap_run "dkms add loadable-lsm/$ver" dkms add -m loadable-lsm -v "$ver"
	t=$(now_s)
	if ! tap_run "dkms build loadable-lsm against $kver headers" \
		dkms build -m loadable-lsm -v "$ver" -k "$kver"; then
		find /var/lib/dkms/loadable-lsm -name make.log -exec cp {} /mnt/host/out/project-make.log \;
		tap_diag "$(tail -n 30 /mnt/host/out/project-make.log 2>/dev/null)"
	fi
	phase_time dkms-build-project "$(since "$t")"
	t=$(now_s)
	tap_run "dkms install loadable-lsm for $kver" dkms install -m loadable-lsm -v "$ver" -k "$kver"
	phase_time dkms-install-project "$(since "$t")"
	for m in lsm_shim yama_lkm audit_lkm tomoyo_lkm; do
		vm=$(modinfo -F vermagic "$m" 2>&1)
		tap_is "$m installed for the running kernel" "$kver" "${vm%% *}"
	done
	symvers=$(find "/var/lib/dkms/loadable-lsm/$ver" -path '*modules/Module.symvers' | head -n 1)
	# Later boots of the same check (other kernel command lines) reuse them.
	mkdir -p /mnt/host/out/ko
	find "/lib/modules/$kver/updates" -path '*dkms*' -name '*.ko*' \
		-exec cp {} /mnt/host/out/ko/ \;
	# A check running boots side by side starts the others now.
	: >/mnt/host/out/ko-ready
	include=/usr/src/loadable-lsm-$ver/modules/include
fi

rm -rf "$LLSM_TEST_KO"
if [ -d /mnt/host/test-ko ]; then
	# Built on the host against the same headers (guest-test/build-modules).
	cp -r /mnt/host/test-ko "$LLSM_TEST_KO"
	for m in llsm_test_a llsm_test_b; do
		vm=$(modinfo -F vermagic "$LLSM_TEST_KO/$m.ko" 2>&1)
		tap_is "test client $m is built for the running kernel" "$kver" "${vm%% *}"
	done
else
	cp -r /mnt/host/guest-modules "$LLSM_TEST_KO"
	t=$(now_s)
	tap_run "test clients build against the shim's exported symbols" \
		make -s -C "$LLSM_TEST_KO" LLSM_INCLUDE="$include" SHIM_SYMVERS="$symvers"
	phase_time build-test-modules "$(since "$t")"
fi
tap_end
