#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# shellcheck disable=SC2317 # the check helpers are called through check()
# Host test of guest-test/run-image, the user-supplied cloud image path.
#
# Usage: tests/host/cloud-image.sh
# Builds (or reuses) the self-made cloud image of series 6.12 with
# guest-test/build-cloud-image, then runs two jobs through run-image: a
# trivial one through SeaBIOS that must pass, and one exiting 3 through UEFI
# (OVMF) that must be reported as a failure. Checks the verdicts, the
# results in out/, that the guest ran the series' kernel through the image's
# own boot loader, that the image file is left untouched and that no QEMU is
# left behind. Runtime under TCG on 2 cores: about 2-2.5 min with cached
# images (two boots of 40-73 s); a fresh machine adds about 1.5-2 min (base
# image 45-60 s, cloud image about 25 s, host packages about 20 s).
set -uo pipefail
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
gt=$top/guest-test
. "$gt/host-lib/common.sh"
series=6.12
# outputs_ok OUT: the files guest-test/run also leaves, with rc 0.
outputs_ok() {
	local f
	[ "$(cat "$1/rc" 2>/dev/null)" = 0 ] || return 1
	for f in job.log dmesg.txt tainted console.log boot-seconds; do
		[ -s "$1/$f" ] || return 1
	done
}
# own_boot JOBLOG: the job saw the command line of the image's boot loader
# entry, not the one of guest-test/run's direct kernel boot.
own_boot() { grep -q "root=PARTUUID=" "$1" && ! grep -q guest-job "$1"; }
# failed_by_job OUT: the job itself exited 3 and its log came back.
failed_by_job() { [ "$(cat "$1/rc" 2>/dev/null)" = 3 ] && grep -q "about to fail" "$1/job.log"; }
# no_qemu_left: no QEMU runs on one of run-image's throw-away disks.
no_qemu_left() { ! pgrep -f 'run-image\.[A-Za-z0-9]+/disk\.qcow2' >/dev/null; }
# diag FILE...: the last lines of FILEs as TAP diagnostics.
diag() { tail -n 15 "$@" 2>/dev/null | sed 's/^/# /'; }

if (need_host_tools cloud-image-utils fdisk dosfstools mtools syslinux syslinux-common ovmf procps) >"$d/tools.log" 2>&1; then
	ok "host tools for the cloud image path are installed"
else
	not_ok "host tools for the cloud image path are installed"
	diag "$d/tools.log"
	finish
fi

t=$(now_s)
if img=$("$gt/build-cloud-image" "$series" 2>"$d/build.log") && [ -f "$img" ]; then
	ok "cloud image $series built or cached ($(elapsed "$t")s)"
else
	not_ok "cloud image $series built or cached"
	diag "$d/build.log"
	finish
fi
# shellcheck disable=SC1090
kabi=$(. "$LLSM_CACHE/series/$series.env" && echo "$KERNEL_ABI")
before=$(stat -c '%s %Y' "$img")

"$gt/run-image" >/dev/null 2>&1
check "run-image without --image is a usage error (exit 2)" [ $? = 2 ]

# A job that passes, booted through SeaBIOS.
mkdir -p "$d/pass"
printf 'uname -r\ncat /proc/cmdline\necho ok\n' >"$d/pass/job.sh"
"$gt/run-image" --timeout 300 --image "$img" "$d/pass" 2>"$d/pass.err"
rc=$?
check "a passing job passes (BIOS boot, exit $rc, $(cat "$d/pass/out/boot-seconds" 2>/dev/null)s)" [ $rc = 0 ]
[ $rc = 0 ] || diag "$d/pass.err" "$d/pass/out/console.log"
check "out/kernel names the series' kernel $kabi" [ "$(cat "$d/pass/out/kernel" 2>/dev/null)" = "$kabi" ]
check "out/ has rc 0, job.log, dmesg.txt, tainted, console.log, boot-seconds" outputs_ok "$d/pass/out"
check "the job ran: its output came back" grep -qx ok "$d/pass/out/job.log"
check "the kernel came from the image's boot loader, not -kernel" own_boot "$d/pass/out/job.log"
check "the job went through cloud-init (runcmd)" grep -q "modules:final" "$d/pass/out/cloud-init-output.log"

# A job that fails, booted through UEFI.
mkdir -p "$d/fail"
printf 'echo about to fail\nexit 3\n' >"$d/fail/job.sh"
"$gt/run-image" --uefi --timeout 300 --image "$img" "$d/fail" 2>"$d/fail.err"
rc=$?
check "a job exiting 3 is a failure (UEFI boot, exit $rc, $(cat "$d/fail/out/boot-seconds" 2>/dev/null)s)" [ $rc = 1 ]
check "the failure is the job's: out/rc is 3, job.log came back" failed_by_job "$d/fail/out"
[ "$(cat "$d/fail/out/rc" 2>/dev/null)" = 3 ] || diag "$d/fail.err" "$d/fail/out/console.log"
check "out/kernel names $kabi after the UEFI boot too" [ "$(cat "$d/fail/out/kernel" 2>/dev/null)" = "$kabi" ]

check "the image file was not modified" [ "$(stat -c '%s %Y' "$img")" = "$before" ]
check "no QEMU of run-image is left" no_qemu_left
finish
