#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# The harness's own test-only modules: DKMS builds them against this guest's
# headers, and they load and unload.
. /mnt/host/guest-lib/tap.sh

kver=$(uname -r)
name=llsm-selftest ver=1.0
rm -rf "/usr/src/$name-$ver"
cp -r /mnt/host/guest-selftest-modules "/usr/src/$name-$ver"

tap_run "dkms add $name/$ver" dkms add -m "$name" -v "$ver"
t=$(now_s)
if ! tap_run "dkms build $name against $kver headers" dkms build -m "$name" -v "$ver" -k "$kver"; then
	find "/var/lib/dkms/$name" -name make.log -exec cp {} /mnt/host/out/selftest-make.log \;
fi
phase_time dkms-build "$(since "$t")"
t=$(now_s)
tap_run "dkms install $name for $kver" dkms install -m "$name" -v "$ver" -k "$kver"
phase_time dkms-install "$(since "$t")"

vermagic=$(modinfo -F vermagic llsm_selftest_hello 2>&1)
tap_is "module vermagic names the running kernel" "$kver" "${vermagic%% *}"

t=$(now_s)
tap_run "modprobe llsm_selftest_hello" modprobe llsm_selftest_hello
if grep -q '^llsm_selftest_hello ' /proc/modules; then
	tap_ok "llsm_selftest_hello is listed in /proc/modules"
else
	tap_not_ok "llsm_selftest_hello is listed in /proc/modules"
fi
if dmesg | grep -q "llsm_selftest_hello: loaded on $kver"; then
	tap_ok "dmesg shows the module's load line"
else
	tap_not_ok "dmesg shows the module's load line"
fi
tap_run "rmmod llsm_selftest_hello" rmmod llsm_selftest_hello
if grep -q '^llsm_selftest_hello ' /proc/modules; then
	tap_not_ok "llsm_selftest_hello is gone from /proc/modules"
else
	tap_ok "llsm_selftest_hello is gone from /proc/modules"
fi
if dmesg | grep -q 'llsm_selftest_hello: unloaded'; then
	tap_ok "dmesg shows the module's unload line"
else
	tap_not_ok "dmesg shows the module's unload line"
fi
phase_time load-unload "$(since "$t")"

# Hand the WARNING module to the host for the log scanner's self-test run.
warn=$(modinfo -F filename llsm_selftest_warn 2>/dev/null)
if [ -n "$warn" ] && cp "$warn" /mnt/host/out/; then
	tap_ok "llsm_selftest_warn built for the scanner self-test"
else
	tap_not_ok "llsm_selftest_warn built for the scanner self-test"
fi

# A kernel with sanitizers (make check-debug): hand over the module of each
# report format, and list them, which asks the host for their runs.
if grep -qx 'CONFIG_KASAN=y' "/boot/config-$kver" 2>/dev/null; then
	: >/mnt/host/out/selftest-kos.tmp
	for m in kasan kfence lockdep rcu ubsan kmemleak; do
		f=$(modinfo -F filename "llsm_selftest_$m" 2>/dev/null)
		if [ -n "$f" ] && cp "$f" /mnt/host/out/; then
			tap_ok "llsm_selftest_$m built for the $m report's self-test"
			echo "$m" >>/mnt/host/out/selftest-kos.tmp
		else
			tap_not_ok "llsm_selftest_$m built for the $m report's self-test"
		fi
	done
	mv /mnt/host/out/selftest-kos.tmp /mnt/host/out/selftest-kos
fi
tap_end
