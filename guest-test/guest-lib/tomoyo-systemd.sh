# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side, sourced after tap.sh: a policy learned from a systemd boot
# (issue 15 item 4). Under the built-in TOMOYO (62-tomoyo-systemd-learn.sh)
# systemd's own domain learns while PID 1 re-executes itself and every
# running service restarts; the policy is saved with tomoyo-savepolicy.
# Under tomoyo_lkm (63-tomoyo-systemd-enforce.sh) that policy is loaded,
# every learned domain enforcing, and the same re-execution and restarts
# must bring the system up again.

TS_TFS=/sys/kernel/security/tomoyo
# shellcheck disable=SC2034 # used by the tests that source this file
TS_DOMAIN='<kernel> /usr/lib/systemd/systemd'

# ts_units: the running services but the test job itself.
ts_units() {
	systemctl list-units --type=service --state=running --no-legend --plain |
		awk '{ print $1 }' | grep -v '^guest-job' | sort
}

# ts_pid1: PID 1's profile and domain, as .process_status says.
ts_pid1() {
	local r
	exec 8<>"$TS_TFS/.process_status"
	echo 1 >&8
	read -r r <&8
	exec 8>&-
	echo "${r#1 }"
}

# ts_reexec: re-execute PID 1; prints what failed.
ts_reexec() {
	systemctl daemon-reexec || echo "daemon-reexec failed"
	sleep 2
}

# ts_reports UNITS...: what a service does only when asked, asked for so
# that every cycle does it. auditd writes its state report
# (/run/auditd.state) on SIGCONT, and systemd sends SIGCONT right after
# the SIGTERM of a restart: whether the old instance writes the report
# before it exits is a race, which learning lost once and enforcing won
# ("file create /run/auditd.state 0666" refused). Asked twice, from no
# file: the first report creates the file, the second rewrites it, as
# the racing instance may.
ts_reports() {
	local u pid old
	for u in "$@"; do
		[ "$u" = auditd.service ] || continue
		pid=$(systemctl show -p MainPID --value "$u")
		[ "${pid:-0}" -gt 0 ] || continue
		rm -f /run/auditd.state
		for _ in 1 2; do
			old=$(stat -c %y /run/auditd.state 2>/dev/null)
			kill -CONT "$pid"
			for _ in $(seq 50); do
				[ -e /run/auditd.state ] &&
					[ "$(stat -c %y /run/auditd.state)" != "$old" ] && break
				sleep 0.1
			done
			[ -e /run/auditd.state ] || echo "auditd wrote no state report"
			sleep 0.1
		done
	done
}

# ts_cycle UNITS...: re-execute PID 1, restart UNITS; prints what failed.
# The processes started before the policy run in <kernel>, PID 1 too,
# until their first execve() under it, and what the old instance does
# before it is replaced (PID 1 serializes each unit's cgroup memory.peak,
# removes the generators' output and executes systemd; auditd removes its
# pid file; udevd, about to be restarted last, handles the uevents of the
# VTs the gettys' restarts free and allocate) is checked in the domain it
# runs in: so a policy is learned, and enforced, from the second cycle on.
ts_cycle() {
	local u
	ts_reexec
	ts_reports "$@"
	for u in "$@"; do
		timeout 120 systemctl restart "$u" || echo "restart $u failed"
	done
	sleep 2
	for u in "$@"; do
		systemctl is-active -q "$u" || echo "$u $(systemctl is-active "$u")"
	done
}

# ts_denials: the refusals in the audit log (which reading empties), one
# "COUNT DOMAIN<TAB>ACL" line each, most frequent first. A new domain's
# use_profile/use_group records (granted=no by TOMOYO's convention) are
# not refusals.
ts_denials() {
	timeout 5 cat "$TS_TFS/audit" | tr '\0' '\n' |
		awk '/^#/ { n = /granted=no/ ? 2 : 0; next }
		n == 2 { d = $0; n = 1; next }
		n == 1 { n = 0; if ($0 !~ /^use_(profile|group) /) print d "\t" $0 }' |
		sort | uniq -c | sort -rn
}

# ts_patternize: stdin's domain policy with the names that differ from run
# to run written as patterns, through tomoyo-patternize, as an
# administrator does before enforcing: pids in procfs names
# ("proc:/123/stat" as "proc:/\$/stat"; systemd reads /proc/PID/stat of
# every process when it re-executes), the random temporary names of
# systemd and udev ("/run/udev/data/.#c7:1301b5e6df7df25a92f" as
# "/run/udev/data/.#\*") and of augenrules' mktemp, the machine id in
# the journal's directory (the image has none: each boot makes one up),
# device numbers in udev's database and /dev/char, /dev/block (loop
# devices come and go), the inode numbers naming journald's stream files,
# namespaces, sockets and pipes, the invocation id (random per start)
# that systemd writes as the target of /run/systemd/units/invocation:UNIT,
# and the number of a virtual console's /dev/vcs, vcsa and vcsu devices
# and of their /dev/char links' targets: which VTs the gettys' restarts
# free and allocate, and so which of them udevd handles, differs from
# boot to boot (a 6.12 enforcing run met VT 2's, which learning had not:
# "file chgrp /dev/vcs2 5" and its links refused), and udevd's inotify
# watch links, /run/udev/watch/WD -> DEVICE and /run/udev/watch/DEVICE ->
# WD, whose watch descriptors differ from boot to boot (a 6.1 enforcing
# run refused "file symlink /run/udev/watch/b7:0" and its neighbours).
ts_patternize() {
	local conf
	conf=$(mktemp)
	printf '%s\n' 'rewrite head_pattern proc:/\$/' 'rewrite tail_pattern /.#\*' \
		'rewrite tail_pattern /aurules.\*' \
		'rewrite head_pattern /var/log/journal/\X/' \
		'rewrite head_pattern /run/log/journal/\X/' \
		'rewrite tail_pattern /udev/data/c\$:\$' \
		'rewrite tail_pattern /udev/data/b\$:\$' \
		'rewrite tail_pattern /udev/watch/b\$:\$' \
		'rewrite tail_pattern /udev/watch/c\$:\$' \
		'rewrite tail_pattern /udev/watch/\$' \
		'rewrite tail_pattern /dev/char/\$:\$' \
		'rewrite tail_pattern /dev/block/\$:\$' \
		'rewrite tail_pattern /journal/streams/\$:\$' \
		'rewrite path_pattern user:[\$]' 'rewrite path_pattern mnt:[\$]' \
		'rewrite path_pattern net:[\$]' 'rewrite path_pattern cgroup:[\$]' \
		'rewrite path_pattern ipc:[\$]' 'rewrite path_pattern uts:[\$]' \
		'rewrite path_pattern pid:[\$]' 'rewrite path_pattern socket:[\$]' \
		'rewrite path_pattern pipe:[\$]' 'rewrite path_pattern /dev/vcs\$' \
		'rewrite path_pattern /dev/vcsa\$' 'rewrite path_pattern /dev/vcsu\$' >"$conf"
	tomoyo-patternize "$conf" |
		sed -e 's/ symlink\.target="[0-9a-f]\{32\}"/ symlink.target="\\X"/' \
			-e 's|symlink\.target="\.\./vcs\([au]\{0,1\}\)[0-9]\{1,\}"|symlink.target="../vcs\1\\$"|' \
			-e '\|/udev/watch/|s|symlink\.target="[0-9]\{1,\}"|symlink.target="\\$"|' \
			-e '\|/udev/watch/|s|symlink\.target="\([bc]\)[0-9]\{1,\}:[0-9]\{1,\}"|symlink.target="\1\\$:\\$"|'
	rm -f "$conf"
}

# ts_state: is-system-running and the failed units, one line.
ts_state() {
	echo "$(systemctl is-system-running) failed: $(systemctl --failed --no-legend --plain |
		awk '{ print $1 }' | paste -sd' ')"
}
