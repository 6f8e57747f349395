#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of check-selinux, on an SELinux-enforcing Debian guest (no
# AppArmor, no built-in TOMOYO). SELinux's decisions are taken before any
# loadable-lsm module and again with every client loaded, and compared:
# the exit codes, the error messages and the AVC records (without their
# time, pid and inode) must be the same. Between the two: the package from
# the signed repository (DKMS builds in the guest), loadable-lsm.service
# loading the shim, tomoyo_lkm, yama_lkm and audit_lkm as systemd runs it
# under SELinux (no AVC denial of its own), and each client refusing what
# it should: TOMOYO a read SELinux allows, yama_lkm an attach, audit_lkm's
# record found with ausearch.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/field.sh
export DEBIAN_FRONTEND=noninteractive
R=/mnt/host/pkgs/repo
W=/root/llsm-selinux
TFS=/sys/kernel/security/tomoyo
ALOG=/var/log/audit/audit.log
# A copy of cat labelled as ping's program: the way into a confined domain
# (ping_t) for the SELinux probes. A plain copy, for TOMOYO's domain.
PCAT=/usr/local/bin/llsm-ping-cat
TCAT=/usr/local/bin/llsm-tomoyo-cat
mkdir -p "$W"

# mark: the audit log's length now. avc_since MARK [REGEX]: the AVC
# denials logged since MARK (those matching REGEX: the processes under
# test, not the boot's daemons, which Debian's policy denies things of its
# own), one per line, without time, pid and inode (auditd writes through:
# the image sets flush = SYNC).
mark() { wc -l <"$ALOG"; }
avc_since() {
	tail -n +"$(($1 + 1))" "$ALOG" | grep -E '^type=(USER_)?AVC ' | grep 'denied' |
		grep -E -- "${2:-.}" |
		sed -E 's/msg=audit\([^)]*\): //; s/ (pid|ino)=[0-9]+//g; s/pipe:\[[0-9]+\]/pipe:[N]/g'
}
# What the unit runs as (systemd's init_t, modprobe's kmod_t) and the job
# (initrc_t, rmmod's kmod_t).
OURS='scontext=[^ ]*:(init_t|initrc_t|kmod_t):'

# probes_same WHEN FILE: one test, the probes' result in FILE is the one
# taken before loadable-lsm ($W/before.txt), else the difference.
probes_same() {
	if diff "$W/before.txt" "$2" >"$W/probes.diff"; then
		tap_ok "SELinux's decisions and AVC records are the same $1"
	else
		tap_not_ok "SELinux's decisions and AVC records are the same $1"
		tap_diag "$(cat "$W/probes.diff")"
	fi
}

# selinux_probes: what SELinux decides on requests of a confined domain
# (ping_t): reading /etc/shadow (denied), starting a program that is not
# ping_t's entry point (denied), reading /etc/hostname and its own
# /proc/self/attr/current (allowed: the context it runs in); and the label
# SELinux gives a new file. Prints each request's exit code, output and
# error, then the AVC records.
selinux_probes() {
	local m out rc req
	m=$(mark)
	for req in "$PCAT /etc/shadow" "/usr/bin/true" "$PCAT /etc/hostname" \
		"$PCAT /proc/self/attr/current"; do
		# The output goes to the share, which every domain may write
		# (selinux-harness.cil), so that only the request is judged.
		# shellcheck disable=SC2086 # the request is words
		runcon system_u:system_r:ping_t:s0 $req >/mnt/host/out/probe.out 2>&1
		rc=$?
		out=$(tr '\0' '\n' </mnt/host/out/probe.out)
		echo "$req: exit $rc${out:+: $out}"
	done
	rm -f "$W/new-file"
	: >"$W/new-file"
	echo "a new file in $W: $(stat -c %C "$W/new-file")"
	sleep 1
	avc_since "$m" 'comm="(runcon|llsm-ping-cat)"|scontext=[^ ]*:ping_t:' | sort
}

tap_is "SELinux is enforcing" Enforcing "$(getenforce)"
lsms=$(cat /sys/kernel/security/lsm)
tap_diag "the boot's LSMs: $lsms"
tap_true "SELinux is among the boot's LSMs, AppArmor and TOMOYO are not" \
	bash -c "grep -q selinux <<<'$lsms' && ! grep -qE 'apparmor|tomoyo' <<<'$lsms'"
tap_diag "the job runs as $(id -Z) (an init script's domain)"
tap_is "auditd writes through (image: flush = SYNC)" "flush = SYNC" \
	"$(grep -E '^flush *=' /etc/audit/auditd.conf)"
tap_true "the policy has no dontaudit rules (image: semodule -D): every denial is logged" \
	test -e /var/lib/selinux/default/active/disable_dontaudit

cp /usr/bin/cat "$PCAT"
cp /usr/bin/cat "$TCAT"
chcon -t ping_exec_t "$PCAT"
selinux_probes >"$W/before.txt"
tap_diag "SELinux before loadable-lsm:" "$(cat "$W/before.txt")"
tap_true "SELinux denies ping_t the read of /etc/shadow, with an AVC record" \
	grep -q 'denied  { read } .*comm="llsm-ping-cat" name="shadow"' "$W/before.txt"
tap_true "SELinux denies ping_t an entry through /usr/bin/true, with an AVC record" \
	grep -q 'denied  { entrypoint } .*path="/usr/bin/true"' "$W/before.txt"
tap_true "SELinux lets ping_t read /etc/hostname" grep -qx "$PCAT /etc/hostname: exit 0: guest" "$W/before.txt"
tap_true "ping_t reads its own context" \
	grep -qx "$PCAT /proc/self/attr/current: exit 0: system_u:system_r:ping_t:s0" "$W/before.txt"
# tcat FILE: $TCAT reads FILE, its output always into the same file (TOMOYO
# checks the getattr of standard output by path: a pipe's name, pipe:[N],
# is new each time). Its errors are in $W/tcat.err.
tcat() { "$TCAT" "$1" >"$W/tcat.out" 2>"$W/tcat.err"; }
tap_true "without loadable-lsm, $TCAT reads /etc/passwd" tcat /etc/passwd

# The package, as a fleet installs it.
t=$(now_s)
m=$(mark)
if repo_add "$R"; then tap_ok "the signed repository added"; else tap_not_ok "the signed repository added"; fi
tap_run "apt-get update" apt-get update
if apt-get install -y loadable-lsm >"$W/apt-install.log" 2>&1; then
	tap_ok "apt-get install loadable-lsm: DKMS built for $(uname -r) ($(since "$t") s)"
else
	tap_not_ok "apt-get install loadable-lsm"
	tap_diag "$(tail -n 25 "$W/apt-install.log")"
fi
phase_time apt-install "$(since "$t")"
avc=$(avc_since "$m")
tap_diag "AVC denials while apt, dpkg and DKMS ran (SELinux's business with Debian's tools): ${avc:-none}"

# TOMOYO's policy: a domain for $TCAT, learning first. The SELinux probe's
# program learns in a domain of its own too, so that tomoyo_lkm's hooks run
# in full on the probes' path.
tomoyo_etc_learning "$TCAT" "$PCAT"
printf '%s\n' 'load lsm_shim' 'load tomoyo' 'load yama_lkm ptrace_scope=2' 'load audit_lkm' \
	'tomoyo_policy /etc/tomoyo' 'lock no' >/etc/loadable-lsm/modules.conf

install_attach_child
as_user() { setpriv --reuid=1000 --regid=1000 --clear-groups "$@"; }
tap_run "without yama_lkm, uid 1000 attaches to its own child" as_user attach-child

m=$(mark)
tap_run "systemctl enable --now loadable-lsm.service: systemd loads the modules under SELinux" \
	systemctl enable --now loadable-lsm.service
tap_diag "$(systemctl status --no-pager loadable-lsm.service 2>&1 | tail -n 12)"
for mod in lsm_shim tomoyo_lkm yama_lkm audit_lkm; do
	tap_true "$mod is loaded" grep -q "^$mod " /proc/modules
done
tap_is "lsm_shim's clients, in call order" "tomoyo_lkm,yama_lkm,audit_lkm" \
	"$(cat /sys/kernel/security/lsm_shim/lsm)"
sleep 1
avc=$(avc_since "$m" "$OURS")
tap_is "SELinux denied loadable-lsm.service nothing" "" "$avc"

# Each client at work beside SELinux.
tap_true "TOMOYO learning: $TCAT reads /etc/hostname" tcat /etc/hostname
tap_run "the domain to enforcing" tomoyo-setprofile 3 "<kernel> $TCAT"
tap_true "TOMOYO enforcing: the learned read still works" tcat /etc/hostname
tap_diag "$(cat "$W/tcat.err")"
if tcat /etc/passwd; then
	tap_not_ok "TOMOYO enforcing refuses $TCAT a read SELinux allows (/etc/passwd)"
else
	tap_ok "TOMOYO enforcing refuses $TCAT a read SELinux allows (/etc/passwd)"
fi
tap_diag "$(cat "$W/tcat.err")"
rec=$(tomoyo_audit_denial "$TFS" "file read /etc/passwd")
tap_true "with TOMOYO's audit record" test -n "$rec"
tap_diag "$rec"
out=$(as_user attach-child 2>&1)
if grep -q 'PTRACE_ATTACH .*Operation not permitted' <<<"$out"; then
	tap_ok "yama_lkm (ptrace_scope=2) refuses uid 1000 the attach (EPERM)"
else
	tap_not_ok "yama_lkm (ptrace_scope=2) refuses uid 1000 the attach (EPERM)"
fi
tap_diag "$out"
echo exec >/sys/kernel/security/audit_lkm/classes
/usr/bin/true
rec=$(audit_lkm_exec_record /usr/bin/true)
tap_true "audit_lkm's record of an exec, found with ausearch" test -n "$rec"
tap_diag "$rec"

# SELinux again, with every client loaded.
selinux_probes >"$W/after.txt"
probes_same "with every client loaded" "$W/after.txt"
tap_is "SELinux is still enforcing" Enforcing "$(getenforce)"

# And unloaded: every client, then the shim, with SELinux as before.
m=$(mark)
for mod in audit_lkm yama_lkm tomoyo_lkm lsm_shim; do
	tap_run "rmmod $mod" rmmod "$mod"
done
tap_is "SELinux denied the unloads nothing" "" "$(sleep 1; avc_since "$m" "$OURS")"
selinux_probes >"$W/unloaded.txt"
probes_same "once they are unloaded" "$W/unloaded.txt"
tap_end
