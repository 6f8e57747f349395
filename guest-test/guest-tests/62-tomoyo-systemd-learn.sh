#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-needs-config: CONFIG_SECURITY_TOMOYO
# llsm-append: TOMOYO_trigger=/tmp/tomoyo-activate TOMOYO_loader=/bin/true llsm-systemd
# Issue 15 item 4, a real policy, the built-in half: in a systemd boot the
# built-in TOMOYO, activated at run time with tomoyo-tools' init_policy
# defaults and systemd's domain in learning mode, learns while PID 1
# re-executes itself and every running service restarts, twice (the
# first cycle takes them from <kernel> into their domains, the second
# learns what the old instances do too: ts_cycle); the policy, with
# the names that differ between runs (pids, temporary files) patternized,
# goes to out/carry/tomoyo-systemd/ for 63-tomoyo-systemd-enforce.sh. The
# control:
# the built-in TOMOYO itself then enforces that policy (profile 3) through
# the same re-execution and restarts, and must refuse nothing; otherwise
# the policy, not tomoyo_lkm, is what 63 would find wanting.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/tomoyo-systemd.sh

out=/mnt/host/out/carry/tomoyo-systemd
t0=$(now_s)
if [ "$(cat /proc/1/comm)" != systemd ] || [ ! -d "$TS_TFS" ]; then
	tap_not_ok "a systemd boot with the built-in TOMOYO ($(cat /proc/1/comm))"
	tap_end
fi
tap_ok "a systemd boot with the built-in TOMOYO"
rm -rf "$out"
mkdir -p "$out/policy"
mapfile -t units < <(ts_units)
printf '%s\n' "${units[@]}" >"$out/units.txt"
tap_diag "state: $(ts_state)" "services: ${units[*]}"
tomoyo-loadpolicy -p </etc/tomoyo/profile.conf &&
	tomoyo-loadpolicy -e </etc/tomoyo/exception_policy.conf &&
	printf '%s\n' "$TS_DOMAIN" 'use_profile 1' 'use_group 0' | tomoyo-loadpolicy -d &&
	tomoyo-loadpolicy -m </etc/tomoyo/manager.conf
tap_is "init_policy's defaults and a learning systemd domain load" 0 "$?"
cp /bin/true /tmp/tomoyo-activate && /tmp/tomoyo-activate
# The first cycle takes PID 1 and the services from <kernel> into their
# domains; the second is learned whole, the old instances' side too.
tap_is "systemd re-executes itself and its services restart into their domains, learning" "" \
	"$(ts_cycle "${units[@]}")"
tap_is "systemd re-executes itself and its services restart, learning" "" \
	"$(ts_cycle "${units[@]}")"
tap_is "PID 1 is in systemd's domain, learning" "1 $TS_DOMAIN" "$(ts_pid1)"
tap_diag "state: $(ts_state)"
tap_run "tomoyo-savepolicy saves the learned policy" tomoyo-savepolicy "$out"
for f in profile exception_policy manager; do
	cp "$out/policy/current/$f.conf" "$out/$f.conf" 2>/dev/null
done
# tomoyo-savepolicy made $out/domain_policy.conf a symbolic link to the
# saved file: replace the link, do not write through it.
rm -f "$out/domain_policy.conf"
ts_patternize <"$out/policy/current/domain_policy.conf" >"$out/domain_policy.conf"
tap_diag "$(grep -c '^<kernel> /usr/lib/systemd/systemd' "$out/domain_policy.conf") domains, $(grep -vc '^<\|^use_\|^$' "$out/domain_policy.conf") ACL lines learned, $(grep -c 'proc:/\\\$/\|/\.#\\\*\|aurules\.\\\*' "$out/domain_policy.conf") with a pid or temporary name patternized"
tap_is "the learned policy has systemd's domains" yes \
	"$(grep -q "^$TS_DOMAIN /" "$out/domain_policy.conf" && echo yes || echo no)"

# The control: the built-in enforces what it learned. Reading the audit
# log empties it (learning filled it).
ts_denials >/dev/null
sed 's/^use_profile 1$/use_profile 3/' "$out/domain_policy.conf" | tomoyo-loadpolicy -d
tap_is "the learned policy loads into the built-in, enforcing" 0 "$?"
tap_is "systemd re-executes itself and its services restart, the built-in enforcing" "" \
	"$(ts_cycle "${units[@]}")"
tap_is "PID 1 is in systemd's domain, the built-in enforcing" "3 $TS_DOMAIN" "$(ts_pid1)"
ts_denials >"$out/builtin-denials.txt"
tap_is "the built-in TOMOYO refuses nothing of its own learned policy" "" \
	"$(cat "$out/builtin-denials.txt")"
sed 's/^use_profile [0-9]*$/use_profile 0/' "$out/domain_policy.conf" | tomoyo-loadpolicy -d
since "$t0" >"$out/seconds"
tap_diag "took $(cat "$out/seconds") s"
tap_end
