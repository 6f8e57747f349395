#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of "make check": run every test script in tests/ in order.
. /mnt/host/guest/tap.sh
# shellcheck source=/dev/null
[ -f /mnt/host/env.sh ] && . /mnt/host/env.sh
phase_time boot-to-job "$(now_s)"
t=$(now_s)
rc=0
for t_script in /mnt/host/tests/*.sh; do
	echo "# --- ${t_script##*/}"
	bash "$t_script" || rc=1
done
phase_time tests "$(since "$t")"
exit $rc
