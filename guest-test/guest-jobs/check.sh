#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of "make check": run every test script in guest-tests/ in order.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/kmemleak.sh
# shellcheck source=/dev/null
[ -f /mnt/host/env.sh ] && . /mnt/host/env.sh
phase_time boot-to-job "$(now_s)"
t=$(now_s)
rc=0
kmemleak_begin
# tests.list names this boot's scripts; without it, every script runs.
if [ -f /mnt/host/tests.list ]; then
	scripts=$(sed 's|^|/mnt/host/guest-tests/|' /mnt/host/tests.list)
else
	scripts=$(ls /mnt/host/guest-tests/*.sh)
fi
for t_script in $scripts; do
	echo "# --- ${t_script##*/}"
	bash "$t_script" || rc=1
done
kmemleak_end || rc=1
phase_time tests "$(since "$t")"
exit $rc
