#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-needs-config: CONFIG_SECURITY_TOMOYO
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm llsm-systemd
# Issue 15 item 4, a real policy, the tomoyo_lkm half: the policy the
# built-in TOMOYO learned from systemd and its services
# (62-tomoyo-systemd-learn.sh, in /mnt/host/carry/tomoyo-systemd/) is
# loaded into tomoyo_lkm with every learned domain enforcing; PID 1
# re-executes itself into it and every service restarts, twice (as in
# 62), and the system must
# come up as before, with no refusal: 62 has shown that the built-in
# TOMOYO, enforcing the same policy, refuses nothing.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/tomoyo-systemd.sh

in=/mnt/host/carry/tomoyo-systemd
t0=$(now_s)
if [ ! -s "$in/domain_policy.conf" ]; then
	tap_not_ok "the built-in TOMOYO's learned systemd policy is here ($in)"
	tap_end
fi
if [ "$(cat /proc/1/comm)" != systemd ]; then
	tap_not_ok "a systemd boot ($(cat /proc/1/comm))"
	tap_end
fi
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
before=$(ts_state)
mapfile -t units <"$in/units.txt"
dmesg_mark sysd
# Learned under profile 1, enforced under profile 3.
sed 's/^use_profile 1$/use_profile 3/' "$in/domain_policy.conf" >/tmp/sysd-domain.conf
tomoyo-loadpolicy -p <"$in/profile.conf" &&
	tomoyo-loadpolicy -e <"$in/exception_policy.conf" &&
	tomoyo-loadpolicy -d </tmp/sysd-domain.conf &&
	tomoyo-loadpolicy -m <"$in/manager.conf"
tap_is "the saved policy loads into tomoyo_lkm" 0 "$?"
tap_diag "$(dmesg_since sysd | grep 'tomoyo_lkm: refused' | head -n 20)"
# As in 62: the first cycle takes PID 1 and the services from <kernel>
# into their domains, the second is enforced whole.
tap_is "systemd re-executes itself and its services restart into their domains, enforcing" "" \
	"$(ts_cycle "${units[@]}")"
tap_is "systemd re-executes itself and its services restart, enforcing" "" \
	"$(ts_cycle "${units[@]}")"
tap_is "PID 1 is in systemd's domain, enforcing" "3 $TS_DOMAIN" "$(ts_pid1)"
tap_is "the system is as it was before (state, failed units)" "$before" "$(ts_state)"
tap_is "no denials in enforcing mode" "" "$(ts_denials)"
[ -s "$in/builtin-denials.txt" ] &&
	tap_diag "the built-in TOMOYO refused, enforcing the same policy:" \
		"$(cat "$in/builtin-denials.txt")"
# Leave the boot usable: every domain back to profile 0.
sed 's/^use_profile [0-9]*$/use_profile 0/' "$in/domain_policy.conf" | tomoyo-loadpolicy -d
tap_diag "took $(since "$t0") s"
tap_end
