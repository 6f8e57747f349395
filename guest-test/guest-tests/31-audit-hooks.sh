#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# audit_lkm attaches only the hooks of the classes that are on
# (lsm_shim_hook_enable()): with every class off no hook of its is attached,
# so it costs what no shim costs; switching classes attaches and detaches
# exactly their hooks; a refused write changes no hook; switching races
# writers and records still come once the class is on again.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

afs=/sys/kernel/security/audit_lkm
# attached: the attached hooks' names, sorted, on one line.
attached() { cut -d' ' -f1 "$SHIMFS/hooks" | sort | paste -sd' '; }
counter() { awk -v n="$1" '$1 == n { print $2 }' "$afs/counters"; }
classes() { echo "$1" >"$afs/classes"; }

# What the tests before left loaded is not this test's starting point.
for m in tomoyo_lkm yama_lkm audit_lkm llsm_test_a llsm_test_b llsm_test_null llsm_test_hooks; do
	loaded "$m" && { tap_diag "unloading $m, left loaded before this test"; rmmod "$m"; }
done
loaded lsm_shim || llsm_load lsm_shim
tap_is "only the shim: no hook attached" "" "$(attached)"
tap_run "audit_lkm loads with every class off" llsm_load audit_lkm
tap_is "every class off: none of its hooks is attached" "" "$(attached)"
classes write
tap_is "write: file_open alone" "file_open" "$(attached)"
classes "exec net"
tap_is "exec net: the exec check, connect and bind" \
	"bprm_check_security socket_bind socket_connect" "$(attached)"
classes all
tap_is "all: its 18 hooks" 18 "$(wc -l <"$SHIMFS/hooks")"
tap_is "a refused write changes no hook" "refused 18" \
	"$(try_write "$afs/classes" "exec bogus") $(wc -l <"$SHIMFS/hooks")"
classes none
tap_is "none again: every hook detached" "" "$(attached)"
rmmod audit_lkm
llsm_load audit_lkm classes=module,mount
tap_is "classes=module,mount at load: their five hooks" \
	"kernel_load_data kernel_read_file move_mount sb_mount sb_umount" "$(attached)"
classes none

# Switching the write class while processes open files for writing.
# Client B keeps file_open attached meanwhile: the switches republish the
# call vector without patching the kernel's text each time (see
# 14-shim-hook-switch.sh).
mkdir -p "$LLSM_WORK"
client_load b
(
	for i in $(seq 400); do
		echo "$i" >"$LLSM_WORK/audit-race.txt"
	done
) &
writer=$!
bad=0
for i in $(seq 200); do
	if [ $((i % 2)) = 1 ]; then
		classes write || bad=$((bad + 1))
	else
		classes none || bad=$((bad + 1))
	fi
done
wait "$writer"
tap_is "200 class switches racing writers all succeed" 0 "$bad"
rmmod llsm_test_b
tap_is "after the race, none: nothing attached" "" "$(attached)"
classes write
r0=$(counter recorded)
echo after >"$LLSM_WORK/audit-race.txt"
tap_true "write on again: a write open is recorded" [ "$(counter recorded)" -gt "$r0" ]
tap_is "and file_open is attached once" "file_open entries=1" \
	"$(grep '^file_open ' "$SHIMFS/hooks" | cut -d' ' -f1,2)"
rmmod audit_lkm
tap_is "audit_lkm unloads: nothing attached" "" "$(attached)"
rmmod lsm_shim
tap_end
