#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# audit_lkm: off by default; bad control writes refused without effect;
# ausearch finds the exec, write open and connect of a known workload with
# the right pid and path; the filters, rate limit and module parameters; a
# workload gives the same results with every class on as without the
# module; 100 load/unload cycles under a ptrace/exec load.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/field.sh

afs=/sys/kernel/security/audit_lkm
cycles=${LLSM_AUDIT_CYCLES:-100}
adir=$LLSM_WORK/auditd
alog=$adir/audit.log
t_start=$(now_s)
mkdir -p "$LLSM_WORK"

# counter NAME: one of audit_lkm's counters.
counter() {
	awk -v n="$1" '$1 == n { print $2 }' "$afs/counters"
}

# records OP PID: audit_lkm's records of operation OP by process PID.
records() {
	ausearch -if "$alog" -m KERNEL_OTHER --raw 2>/dev/null |
		grep 'lsm=audit_lkm' | grep " op=$1 " | grep " pid=$2 "
}

# wait_record OP PID: wait up to 10 s for such a record.
wait_record() {
	for _ in $(seq 50); do
		records "$1" "$2" >/dev/null && return 0
		sleep 0.2
	done
	return 1
}

loaded lsm_shim || llsm_load lsm_shim
tap_run "audit_lkm loads" llsm_load audit_lkm
tap_is "control files" "cgroup classes comm counters rate uid" "$(ls "$afs" | paste -sd' ')"
tap_is "no class is on after a plain load" none "$(cat "$afs/classes")"
auditwl "$LLSM_WORK/a.out" "$LLSM_WORK/a.id" >/dev/null
tap_is "nothing is recorded while every class is off" 0 "$(counter recorded)"

# Bad writes are refused and change nothing.
junk=$(head -c 4096 /dev/zero | tr '\0' 'x')
check_bad() { # FILE GOOD VALUE...: set GOOD, then each VALUE must be refused
	local f=$1 good=$2 v name
	shift 2
	echo "$good" >"$afs/$f"
	for v in "$@"; do
		name=$v
		[ ${#v} -gt 20 ] && name="${#v} bytes of junk"
		tap_is "$f: '$name' is refused and changes nothing" "refused $good" \
			"$(try_write "$afs/$f" "$v") $(cat "$afs/$f")"
	done
}
check_bad classes "exec net" bogus "exec bogus" "" "$junk"
check_bad uid 1000 -1 abc "" 4294967295 "$junk"
check_bad comm auditwl "" abcdefghijklmnop "$junk"
check_bad cgroup any abc 0 -5 999999999 ""
check_bad rate 5 -1 abc 1000001 ""
tap_is "counters is read-only" refused "$(try_write "$afs/counters" 0)"
tap_is "uid 1000 cannot switch classes on" "refused exec net" \
	"$(try_write "$afs/classes" all setpriv --reuid=1000 --regid=1000 --clear-groups) $(cat "$afs/classes")"
for f in uid comm cgroup; do echo any >"$afs/$f"; done
echo 0 >"$afs/rate"
echo none >"$afs/classes"

# auditd and ausearch see the records of a known workload.
t=$(now_s)
# auditd with this test's configuration: its own log, written through.
if start_auditd "$adir" "$alog"; then
	tap_ok "auditd started ($(auditctl -s | grep '^pid'))"
else
	tap_not_ok "auditd started"
fi
echo "exec write net" >"$afs/classes"
tap_is "classes reads back" "exec write net" "$(cat "$afs/classes")"
auditwl "$LLSM_WORK/wl.out" "$LLSM_WORK/wl.id" >/dev/null
read -r pid port <"$LLSM_WORK/wl.id"
wait_record connect "$pid"
for want in "exec path=\"$LLSM_BIN/auditwl\"" \
	"open_write path=\"$LLSM_WORK/wl.out\"" \
	"connect family=inet addr=127.0.0.1 port=$port"; do
	op=${want%% *}
	if records "$op" "$pid" | grep -qF "${want#* }"; then
		tap_ok "ausearch finds the $op of pid $pid: ${want#* }"
	else
		tap_not_ok "ausearch finds the $op of pid $pid: ${want#* }"
	fi
	tap_diag "$(records "$op" "$pid")"
done
# (The exec record names the process as it was before the exec.)
if records connect "$pid" | grep -q "comm=\"auditwl\" exe=\"$LLSM_BIN/auditwl\""; then
	tap_ok "records name the process's comm and executable"
else
	tap_not_ok "records name the process's comm and executable"
fi
phase_time audit-ausearch "$(since "$t")"

# Filters: uid, comm, cgroup; and the rate limit.
echo 1000 >"$afs/uid"
before=$(counter recorded)
auditwl "$LLSM_WORK/wl.out" "$LLSM_WORK/wl.id" >/dev/null
tap_is "uid filter 1000: root's workload is not recorded" "$before" "$(counter recorded)"
setpriv --reuid=1000 --regid=1000 --clear-groups auditwl /tmp/llsm-u.out /tmp/llsm-u.id >/dev/null
if [ "$(counter recorded)" -gt "$before" ]; then
	tap_ok "uid filter 1000: uid 1000's workload is recorded"
else
	tap_not_ok "uid filter 1000: uid 1000's workload is recorded"
fi
rm -f /tmp/llsm-u.out /tmp/llsm-u.id
echo any >"$afs/uid"
echo auditwl >"$afs/comm"
before=$(counter recorded)
: >"$LLSM_WORK/shell.out"
tap_is "comm filter: the shell's write open is not recorded" "$before" "$(counter recorded)"
echo any >"$afs/comm"

cg=/sys/fs/cgroup
grep -q "^cgroup2 $cg " /proc/mounts || mount -t cgroup2 none "$cg" 2>/dev/null
if mkdir -p "$cg/llsm-audit" 2>/dev/null; then
	echo "$(stat -c %i "$cg/llsm-audit")" >"$afs/cgroup"
	before=$(counter recorded)
	auditwl "$LLSM_WORK/wl.out" "$LLSM_WORK/wl.id" >/dev/null
	tap_is "cgroup filter: a workload outside the cgroup is not recorded" "$before" "$(counter recorded)"
	# shellcheck disable=SC2016
	bash -c 'echo $$ >"$1/cgroup.procs" && exec auditwl "$2/wl.out" "$2/wl.id"' _ \
		"$cg/llsm-audit" "$LLSM_WORK" >/dev/null
	if [ "$(counter recorded)" -gt "$before" ]; then
		tap_ok "cgroup filter: a workload inside the cgroup is recorded"
	else
		tap_not_ok "cgroup filter: a workload inside the cgroup is recorded"
	fi
	echo any >"$afs/cgroup"
	rmdir "$cg/llsm-audit"
else
	tap_not_ok "a cgroup v2 directory for the cgroup filter"
fi

echo write >"$afs/classes"
echo 2 >"$afs/rate"
rec=$(counter recorded) sup=$(counter suppressed)
for _ in $(seq 30); do : >"$LLSM_WORK/rate.out"; done
rec=$(($(counter recorded) - rec)) sup=$(($(counter suppressed) - sup))
if [ "$sup" -gt 0 ] && [ "$rec" -lt 30 ] && [ $((rec + sup)) -ge 30 ]; then
	tap_ok "rate 2/s: 30 write opens give $rec records and $sup suppressed"
else
	tap_not_ok "rate 2/s: 30 write opens give $rec records and $sup suppressed"
fi
echo 0 >"$afs/rate"
echo none >"$afs/classes"
tap_diag "counters: $(paste -sd' ' "$afs/counters")"

# Module parameters switch classes on at load; bad ones fail the load.
rmmod audit_lkm
llsm_load audit_lkm classes=exec,net rate=7
tap_is "classes=exec,net rate=7 at load" "exec net 7" "$(cat "$afs/classes") $(cat "$afs/rate")"
rmmod audit_lkm
if llsm_load audit_lkm classes=exec,bogus 2>/dev/null || loaded audit_lkm; then
	tap_not_ok "classes=exec,bogus fails the load"
	rmmod audit_lkm
else
	tap_ok "classes=exec,bogus fails the load"
fi

# The same workload with every class on and without the module.
cat >"$LLSM_WORK/workload.sh" <<'EOF'
d=$1
rm -rf "$d"
mkdir -p "$d"
echo data >"$d/a"; echo "create $?"
cat "$d/a"
mv "$d/a" "$d/b"; echo "rename $?"
mkdir "$d/sub"; echo "mkdir $?"
rmdir "$d/sub"; echo "rmdir $?"
rm "$d/b"; echo "unlink $?"
ls "$d/missing" 2>&1; echo "ls $?"
mount -t tmpfs llsm-wl "$d"; echo "mount $?"
touch "$d/t"; echo "touch $?"
umount "$d"; echo "umount $?"
setpriv --reuid=1000 --regid=1000 --clear-groups id -u; echo "setuid $?"
setpriv --reuid=1000 --regid=1000 --clear-groups tryopen /etc/shadow; echo "tryopen $?"
auditwl "$d/out" "$d/id"; echo "auditwl $?"
insmod "$LLSM_TEST_KO/llsm_test_b.ko"; echo "insmod $?"
rmmod llsm_test_b; echo "rmmod $?"
ptmatrix; echo "ptmatrix $?"
EOF
t=$(now_s)
export LLSM_TEST_KO
bash "$LLSM_WORK/workload.sh" "$LLSM_WORK/wl" >"$LLSM_WORK/without.out" 2>&1
echo "exit $?" >>"$LLSM_WORK/without.out"
llsm_load audit_lkm classes=all
before=$(counter recorded)
bash "$LLSM_WORK/workload.sh" "$LLSM_WORK/wl" >"$LLSM_WORK/with.out" 2>&1
echo "exit $?" >>"$LLSM_WORK/with.out"
after=$(counter recorded)
if cmp -s "$LLSM_WORK/without.out" "$LLSM_WORK/with.out"; then
	tap_ok "every class on: the workload's exit codes and outputs are unchanged"
else
	tap_not_ok "every class on: the workload's exit codes and outputs are unchanged"
	tap_diag "$(diff "$LLSM_WORK/without.out" "$LLSM_WORK/with.out")"
fi
tap_diag "the workload's output:" "$(cat "$LLSM_WORK/with.out")"
if [ "$after" -gt "$before" ]; then
	tap_ok "the workload was recorded ($((after - before)) records)"
else
	tap_not_ok "the workload was recorded ($((after - before)) records)"
fi
ops=$(ausearch -if "$alog" -m KERNEL_OTHER --raw 2>/dev/null | grep 'lsm=audit_lkm' |
	grep -o ' op=[a-z_]*' | sort -u | sed 's/ op=//' | paste -sd' ')
tap_diag "operations recorded so far: $ops"
for op in exec open_write create rename mkdir rmdir unlink setuid connect bind module_load; do
	case " $ops " in
	*" $op "*) tap_ok "a record of $op" ;;
	*) tap_not_ok "a record of $op" ;;
	esac
done
case " $ops " in
*" mount "* | *" move_mount "*) tap_ok "a record of the mount" ;;
*) tap_not_ok "a record of the mount" ;;
esac
# The built-in Yama at 3 (20-yama.sh's last test) denies before the shim.
for op in ptrace_attach ptrace_traceme; do
	if [ "$(cat /proc/sys/kernel/yama/ptrace_scope)" = 3 ]; then
		tap_ok "a record of $op # SKIP the built-in Yama at 3 denies first"
		continue
	fi
	case " $ops " in
	*" $op "*) tap_ok "a record of $op" ;;
	*) tap_not_ok "a record of $op" ;;
	esac
done
rmmod audit_lkm
phase_time audit-workload "$(since "$t")"

# Load/unload cycles under a ptrace and exec load, every class on.
t=$(now_s)
base=$(paste -sd' ' "$SHIMFS/objects")
# The ptrace loop is load only: after 20-yama.sh the built-in Yama is at
# 3, so its attaches are refused (its "cases not ok" are expected here).
load_start audit-load 2 1800 ptrace
fails=$(cycle_module "$cycles" audit_lkm classes=all rate=50)
load_stop
tap_is "$cycles audit_lkm load/unload cycles under load" 0 "$fails"
tap_is "the exec load saw no failure" 0 "$LOAD_RC"
tap_diag "$(load_output)"
tap_is "shim objects back to baseline" "$base" "$(paste -sd' ' "$SHIMFS/objects")"
phase_time audit-cycles "$(since "$t")"

apid=$(auditctl -s 2>/dev/null | awk '$1 == "pid" { print $2 }')
[ -n "$apid" ] && [ "$apid" != 0 ] && kill "$apid"
phase_time audit-total "$(since "$t_start")"
tap_diag "30-audit.sh took $(since "$t_start")s"
tap_end
