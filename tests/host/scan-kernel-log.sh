#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of guest-test/scan-kernel-log on made-up kernel logs.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
scan=$top/guest-test/scan-kernel-log
expect() { # NAME WANT_RC ARGS...
	local name=$1 want=$2 got
	shift 2
	"$scan" "$@" >"$d/out" 2>&1
	got=$?
	if [ "$got" = "$want" ]; then
		ok "$name"
	else
		not_ok "$name (exit $got, wanted $want)"
		sed 's/^/# /' "$d/out"
	fi
}
printf '[    1.000000] Linux version 6.12.0\n[    2.000000] llsm: loaded\n' >"$d/clean"
printf '[    1.0] ok\n[    3.141592] WARNING: CPU: 0 PID: 1 at x.c:1 f+0x0/0x1\n' >"$d/warn"
printf '[    9.000000] BUG: kernel NULL pointer dereference, address: 0000000000000000\n' >"$d/bug"
printf '[    9.000000] traps: Missing ENDBR: lsm_hook+0x0/0x10\n' >"$d/endbr"
printf '[  123.000000] INFO: task modprobe:77 blocked for more than 120 seconds.\n' >"$d/hung"
printf '[   12.000000] WARNING: possible circular locking dependency detected\n' >"$d/lockdep"
printf '[   12.000000] rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:\n' >"$d/rcu"
printf 'dkms: WARNING: this line is job output, not the kernel\nBUG: also job output\n' >"$d/userspace"
printf '\r[    1.500000] Oops: 0000 [#1] PREEMPT SMP NOPTI\r\n' >"$d/oops-crlf"
printf '[    4.200000] int3: 0000 [#1] PREEMPT SMP NOPTI\n' >"$d/int3"
printf '[    4.200000] invalid opcode: 0000 [#2] SMP PTI\n' >"$d/ud2"
# What slub_debug=FZPU prints when a red zone or poison was overwritten
# (taint B comes with it, but the report must fail on its own).
printf '[   20.100000] BUG kmalloc-64 (Not tainted): Right Redzone overwritten\n' >"$d/slub"
printf '[   20.100000] BUG kmalloc-rnd-01-128 (Tainted: G    B      O      ): Poison overwritten\n' >"$d/slub2"
printf '[   21.000000] BUG: KFENCE: use-after-free read in f+0x0/0x1\n' >"$d/kfence"
# The sanitizer kernel (make check-debug): one line of each tool's report,
# as 6.12 prints it, and the clean boot messages of those tools.
printf '[   30.100000] BUG: KASAN: slab-out-of-bounds in slab_oob_init+0x4f/0xff0 [llsm_selftest_kasan]\n' >"$d/kasan"
printf '[   30.100000] KASAN: null-ptr-deref in range [0x0000000000000000-0x0000000000000007]\n' >"$d/kasan-gpf"
printf '[   31.000000] WARNING: suspicious RCU usage\n' >"$d/rcu-usage"
printf '[   32.000000] UBSAN: array-index-out-of-bounds in /var/lib/dkms/llsm-selftest/1.0/build/ubsan.c:29:20\n' >"$d/ubsan"
printf '[   45.000000] kmemleak: 1 new suspected memory leaks (see /sys/kernel/debug/kmemleak)\n' >"$d/kmemleak"
printf '[   33.000000] BUG: sleeping function called from invalid context at kernel/locking/mutex.c:585\n' >"$d/atomic-sleep"
printf '[   34.000000] ODEBUG: free active (active state 0) object: 000000003b9a5c1e object type: timer_list hint: f+0x0/0x10\n' >"$d/odebug"
printf '[   34.000000] ODEBUG: Out of memory. ODEBUG disabled\n' >"$d/odebug-oom"
printf '[   35.000000] list_add corruption. next->prev should be prev (ffff888003a1b2c0), but was 0000000000000000. (next=ffff888003a1b2d0).\n' >"$d/list-add"
printf '[   35.000000] list_del corruption, ffff888003a1b2c0->next is LIST_POISON1 (dead000000000100)\n' >"$d/list-del"
cat >"$d/clean-debug" <<'LOG'
[    0.000000] Lock dependency validator: Copyright (c) 2006 Red Hat, Inc., Ingo Molnar
[    0.000000] rcu: 	RCU lockdep checking is enabled.
[    0.100000] kasan: KernelAddressSanitizer initialized
[    0.200000] kfence: initialized - using 2097152 bytes for 255 objects at 0x(____ptrval____)-0x(____ptrval____)
[    0.300000] ODEBUG: selftest passed
[    0.400000] kmemleak: Kernel memory leak detector initialized (mem pool available: 15807)
[    0.400000] kmemleak: Automatic memory scanning thread started
LOG

expect "a clean log passes" 0 "$d/clean"
expect "a WARNING fails" 1 "$d/warn"
expect "a BUG fails" 1 "$d/bug"
expect "Missing ENDBR fails" 1 "$d/endbr"
expect "a hung task fails" 1 "$d/hung"
expect "a lockdep report fails" 1 "$d/lockdep"
expect "an RCU stall fails" 1 "$d/rcu"
expect "an oops on a CRLF console fails" 1 "$d/oops-crlf"
expect "a stray int3 fails" 1 "$d/int3"
expect "an invalid opcode trap fails" 1 "$d/ud2"
expect "a SLUB red zone report fails" 1 "$d/slub"
expect "a SLUB poison report of a tainted kernel fails" 1 "$d/slub2"
expect "a KFENCE report fails" 1 "$d/kfence"
expect "a KASAN report fails" 1 "$d/kasan"
expect "KASAN's note in a general protection fault fails" 1 "$d/kasan-gpf"
expect "suspicious RCU usage fails" 1 "$d/rcu-usage"
expect "a UBSAN report fails" 1 "$d/ubsan"
expect "a kmemleak report fails" 1 "$d/kmemleak"
# The job's baseline scan reports the boot's own objects, then marks the
# log: only reports after the mark are the tests'.
printf '[   40.000000] kmemleak: 3 new suspected memory leaks (see /sys/kernel/debug/kmemleak)\n[   41.000000] llsm: kmemleak baseline set\n' >"$d/kml-boot"
cat "$d/kml-boot" "$d/kmemleak" >"$d/kml-after"
expect "kmemleak's report before the baseline mark passes" 0 "$d/kml-boot"
expect "kmemleak's report after the baseline mark fails" 1 "$d/kml-after"
expect "sleeping in atomic context fails" 1 "$d/atomic-sleep"
expect "a debug objects report fails" 1 "$d/odebug"
expect "debug objects out of memory fails" 1 "$d/odebug-oom"
expect "a list_add corruption fails" 1 "$d/list-add"
expect "a list_del corruption fails" 1 "$d/list-del"
expect "a clean sanitizer kernel's boot passes" 0 "$d/clean-debug"
expect "job output that says WARNING is not a kernel line" 0 "$d/userspace"
expect "taint O and E only passes" 0 --tainted 12288 "$d/clean"
expect "taint W fails" 1 --tainted $((12288 | 512)) "$d/clean"
expect "taint R (forced unload) fails" 1 --tainted $((12288 | 8)) "$d/clean"
expect "taint R passes where a test allows it" 0 --tainted $((12288 | 8)) --allow R "$d/clean"
expect "--allow R still fails taint W" 1 --tainted $((12288 | 8 | 512)) --allow R "$d/clean"
expect "taint D (died) fails" 1 --tainted 128 "$d/clean"
expect "a problem in the second file is found" 1 "$d/clean" "$d/warn"
expect "no file is a usage error" 2
finish
