#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-needs-config: CONFIG_SECURITY_TOMOYO
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 5 item 3 and issue 15 item 4, the tomoyo_lkm half: the side-by-side
# policy and workload (guest-lib/tomoyo-sbs.sh) and the differential suite
# (guest-lib/tomoyo-diff.sh) under tomoyo_lkm, compared with what the built-in
# TOMOYO did in its own boot (46-tomoyo-builtin.sh, handed over by the
# harness in /mnt/host/carry/). The diffs must be empty but for the known
# differences of modules/tomoyo/DIFFERENCES.md (/mnt/host/DIFFERENCES.md).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/tomoyo-sbs.sh
. /mnt/host/guest-lib/tomoyo-diff.sh
. /mnt/host/guest-lib/tomoyo-diff-check.sh

builtin=/mnt/host/carry/tomoyo-builtin
out=/tmp/sbs-lkm

if [ ! -s "$builtin/decisions.txt" ]; then
	tap_not_ok "results of the built-in TOMOYO's boot are here ($builtin)"
	tap_end
fi
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm
tap_run "side-by-side run under tomoyo_lkm" sbs_run "$out"
tap_diag "$(cat "$out/errors.txt" 2>/dev/null)"
tap_diag "built-in: $(tr '\n' ' ' <"$builtin/kernel.txt")"
for f in decisions learned denials; do
	d=$(diff "$builtin/$f.txt" "$out/$f.txt")
	n=$(wc -l <"$builtin/$f.txt")
	tap_is "same $f as the built-in TOMOYO ($n lines; diff built-in tomoyo_lkm)" "" "$d"
done
tdb=/mnt/host/carry/tomoyo-diff
tdl=/mnt/host/out/tomoyo-diff-lkm
if [ -s "$tdb/summary" ]; then
	tap_run "differential suite under tomoyo_lkm" td_run_all "$tdl"
	tap_diag "$(cat "$tdl/summary")" \
		"$(cat "$tdl"/*.err 2>/dev/null)"
	td_compare "$tdb" "$tdl" /mnt/host/DIFFERENCES.md
else
	tap_not_ok "differential suite results of the built-in TOMOYO's boot are here ($tdb)"
fi
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
