#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 5 item 3, the tomoyo_lkm half: the side-by-side policy and workload
# (guest/tomoyo-sbs.sh) under tomoyo_lkm, compared with what the built-in
# TOMOYO decided and learned in its own boot (46-tomoyo-builtin.sh, handed
# over by the harness in /mnt/host/carry/). The diffs must be empty.
. /mnt/host/guest/tap.sh
. /mnt/host/guest/llsm.sh
. /mnt/host/guest/tomoyo-sbs.sh

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
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
