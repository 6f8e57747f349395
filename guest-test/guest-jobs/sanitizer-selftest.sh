#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of one sanitizer self-test boot: load the test-only module named
# by /mnt/host/selftest.name (kasan, kfence, lockdep, rcu, ubsan, kmemleak),
# which makes the kernel print one report, then exit 0, so that only the
# host's kernel log scan can fail this run. kmemleak reports only when it
# scans, so for that module the job scans.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/kmemleak.sh
read -r name 2>/dev/null </mnt/host/selftest.name
case ${name:-} in
"" | *[!a-z0-9_]*)
	echo "no self-test name in /mnt/host/selftest.name"
	exit 3
	;;
esac
kos=(/mnt/host/llsm_selftest_"$name".ko*)
ko=${kos[0]}
[ -f "$ko" ] || { echo "no llsm_selftest_$name module handed in"; exit 3; }

# Set aside what the boot itself leaked, so that the report after insmod
# counts the module's object only.
[ "$name" = kmemleak ] && kmemleak_begin
# The KFENCE boot starts with sampling off (kfence.sample_interval=0, so
# that no object is taken yet); turned on now, KFENCE allocates its pool
# and samples every 10 ms, and the module gets one of its objects.
kfence=/sys/module/kfence/parameters/sample_interval
if [ "$name" = kfence ] && [ -w "$kfence" ]; then
	echo 10 >"$kfence" && echo "KFENCE sampling every $(cat "$kfence") ms, pool new"
fi

insmod "$ko"
echo "insmod rc=$?"
[ "$name" = kmemleak ] || exit 0

# kmemleak reports only when it scans: kmemleak_end waits past its minimum
# age, scans twice and prints the report (the run's verdict is the host's).
kmemleak_end
exit 0
