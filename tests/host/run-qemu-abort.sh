#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test of guest-test/run's answer to QEMU dying on an assertion before
# the job started (QEMU 10.0's multi-threaded TCG did, twice): one more
# boot, single-threaded, on a new overlay; not when the job had started.
# A fake qemu-system-x86_64 on PATH and a fake image stand in for both.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"

img=$d/image
mkdir -p "$img/rootfs/boot" "$d/bin" "$d/job"
printf 'SERIES=6.12\nKERNEL_ABI=6.12.0-fake\n' >"$img/series.env"
touch "$img/ready" "$img/vmlinuz" "$img/initrd.img"
echo CONFIG_NET_9P=y >"$img/rootfs/boot/config-6.12.0-fake"
truncate -s 1M "$img/base.ext4"
echo 'true' >"$d/job/job.sh"
# The fake QEMU: a version, then per boot its arguments in calls.log; the
# first boot dies as QEMU did (after printing what $FAKE_BEFORE says).
cat >"$d/bin/qemu-system-x86_64" <<'EOF'
#!/bin/bash
[ "$1" = --version ] && { echo "QEMU emulator version 10.0.13"; exit 0; }
echo "$*" >>"$FAKE_DIR/calls.log"
if [ "$(wc -l <"$FAKE_DIR/calls.log")" = 1 ]; then
	[ -n "${FAKE_BEFORE:-}" ] && echo "$FAKE_BEFORE"
	echo "qemu-system-x86_64: ../system/physmem.c:2671: iotlb_to_section: Assertion \`section_index < d->map.sections_nb' failed."
	exit 134
fi
exit 0
EOF
chmod 755 "$d/bin/qemu-system-x86_64"

# fake_run: guest-test/run on the fake image; its stderr to run.err.
fake_run() {
	rm -f "$d/calls.log"
	PATH=$d/bin:$PATH FAKE_DIR=$d LLSM_QEMU=host LLSM_ACCEL=tcg LLSM_TCG_THREAD=multi \
		LLSM_PROGRESS=0 "$top/guest-test/run" --image "$img" --timeout 30 "$d/job" \
		>"$d/run.out" 2>"$d/run.err"
}

fake_run
is "an abort before the job: QEMU is started twice" 2 "$(wc -l <"$d/calls.log")"
check "the first boot was multi-threaded" grep -q 'tcg,thread=multi' <(sed -n 1p "$d/calls.log")
check "the second boot is single-threaded" grep -q 'tcg,thread=single' <(sed -n 2p "$d/calls.log")
check "the run says why it boots again" grep -q 'QEMU aborted before the job .*booting again, single-threaded' "$d/run.err"
check "the aborted boot's console is kept" grep -q Assertion "$d/job/out/console-qemu-abort.log"
fails "and not scanned as the second boot's" grep -q Assertion "$d/job/out/console.log"

FAKE_BEFORE=GUEST-JOB-START fake_run
rc=$?
is "an abort after the job started: no second boot" 1 "$(wc -l <"$d/calls.log")"
is "and the run fails" 1 "$rc"
finish
