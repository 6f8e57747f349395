#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-needs-config: CONFIG_SECURITY_TOMOYO
# llsm-append: TOMOYO_trigger=/tmp/tomoyo-activate TOMOYO_loader=/bin/true
# Issue 5 item 3 and issue 15 item 4, the built-in half: the kernel's own
# TOMOYO runs the side-by-side policy and workload (guest-lib/tomoyo-sbs.sh)
# and the differential suite (guest-lib/tomoyo-diff.sh, guest-lib/tdiff/); the
# results go to out/carry/ for the tomoyo_lkm boot (47-tomoyo-sbs.sh) to
# compare. The
# built-in TOMOYO enforces nothing until the policy loader has run, which
# the kernel does on the first exec of the trigger program: the command
# line above names a trigger the test execs once the policy is written,
# and /bin/true as the loader (tomoyo-loadpolicy has done the loading).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/tomoyo-sbs.sh
. /mnt/host/guest-lib/tomoyo-diff.sh

out=/mnt/host/out/carry/tomoyo-builtin

activate() {
	cp /bin/true /tmp/tomoyo-activate && /tmp/tomoyo-activate
}

if [ ! -d "$SBS_TFS" ]; then
	tap_not_ok "the built-in TOMOYO is active in this boot"
	tap_end
fi
tap_ok "the built-in TOMOYO is active in this boot ($(cat /sys/kernel/security/lsm))"
tap_is "tomoyo_lkm is not loaded" no "$(loaded tomoyo_lkm && echo yes || echo no)"
dmesg_mark sbs
tap_run "side-by-side run under the built-in TOMOYO" sbs_run "$out" activate
tap_diag "$(cat "$out/errors.txt" 2>/dev/null)"
log=$(dmesg_since sbs | grep -i -e tomoyo -e 'Mandatory Access Control')
if grep -q 'Mandatory Access Control activated' <<<"$log"; then
	tap_ok "the built-in TOMOYO was activated by the trigger"
else
	tap_not_ok "the built-in TOMOYO was activated by the trigger"
fi
tap_diag "$log"
tap_is "the built-in TOMOYO denied in enforcing mode" yes \
	"$(grep -q '^enforcing: dev-read ok' "$out/decisions.txt" && echo no || echo yes)"
tap_diag "decisions:" "$(cat "$out/decisions.txt")"
tap_diag "learned $(wc -l <"$out/learned.txt") lines, $(wc -l <"$out/denials.txt") denials"
tdout=/mnt/host/out/carry/tomoyo-diff
tap_run "differential suite under the built-in TOMOYO" td_run_all "$tdout"
tap_diag "$(cat "$tdout/summary")" \
	"$(cat "$tdout"/*.err 2>/dev/null)"
tap_end
