#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of "make demo": what a field engineer does and sees, in order.
# The packages come from the signed apt repository the host wrote
# (make-repo, at /mnt/host/pkgs/repo); "load tomoyo" and one run of
# loadable-lsm-load enable TOMOYO without a reboot (tomoyo_lkm where the
# boot has no TOMOYO, the built-in one where it has); a small service is
# learned, then enforced, and refused something new, with its audit
# record; yama_lkm refuses a ptrace attach; auditd stores audit_lkm's
# record and ausearch finds it. Every step checks what it shows: the job
# fails when one does not hold.
set -u
export DEBIAN_FRONTEND=noninteractive
. /mnt/host/guest-lib/field.sh
R=/mnt/host/pkgs/repo
SVC=/usr/local/sbin/demo-svc
TFS=/sys/kernel/security/tomoyo
kver=$(uname -r)

step() { printf '\n# progress: ==> %s\n' "$*"; }
# show CMD...: the command as typed, then its output, indented.
show() {
	printf '  # %s\n' "$*"
	"$@" 2>&1 | sed 's/^/    /'
	return "${PIPESTATUS[0]}"
}
fail() {
	printf '\ndemo: FAILED: %s\n' "$*"
	exit 1
}

step "Kernel $kver; the LSMs it booted with: $(cat /sys/kernel/security/lsm)"

step "Add the signed loadable-lsm repository (this guest has no network: Debian's own sources are set aside)"
repo_add "$R" || fail "the repository's key and .sources"
show cat /etc/apt/sources.list.d/loadable-lsm.sources
echo "  # apt-get update"
apt-get update >/tmp/apt-update.log 2>&1 || fail "apt-get update: $(tail -n 3 /tmp/apt-update.log)"
sed 's/^/    /' /tmp/apt-update.log
grep -q '^ *[WE]:' /tmp/apt-update.log && fail "apt-get update warned: is the repository signed?"

step "apt install loadable-lsm: DKMS builds the modules for $kver (minutes under emulation)"
t=$(date +%s)
echo "  # apt-get install -y loadable-lsm"
echo "running: apt-get install -y loadable-lsm (DKMS is building)"
apt-get install -y loadable-lsm 2>&1 | tee /tmp/apt-install.log |
	grep --line-buffered -E '^(Get:|Setting up|Building|loadable-lsm:)' | sed -u 's/^/    /'
[ "${PIPESTATUS[0]}" = 0 ] || fail "apt-get install loadable-lsm: $(tail -n 5 /tmp/apt-install.log)"
echo "    ($(($(date +%s) - t)) s)"
show dkms status loadable-lsm

step "TOMOYO without a reboot: a policy in /etc/tomoyo, 'load tomoyo' in modules.conf, one command"
mkdir -p /etc/tomoyo /usr/local/sbin
cat >"$SVC" <<'SVC'
#!/bin/bash
# demo-svc: a small service. "peek" makes it read what it never read.
read -r host </etc/hostname || exit 1
printf '%s served\n' "$host" >>/var/log/demo-svc.log || exit 1
if [ "${1:-}" = peek ]; then
	read -r _ </etc/shadow || exit 1
fi
exit 0
SVC
chmod 0755 "$SVC"
tomoyo_etc_learning "$SVC"
printf '%s\n' 'load lsm_shim' 'load tomoyo' 'tomoyo_policy /etc/tomoyo' 'lock no' \
	>/etc/loadable-lsm/modules.conf
show cat /etc/loadable-lsm/modules.conf
show loadable-lsm-load || fail "loadable-lsm-load"
if grep -q '^tomoyo_lkm ' /proc/modules; then
	echo "    TOMOYO here is tomoyo_lkm: this boot's LSM list has no TOMOYO"
else
	echo "    TOMOYO here is the kernel's own, activated now: this boot's LSM list has it"
fi
show loadable-lsm-load --status

step "Learn the service: its domain is in learning mode (profile 1); run it as usual"
show "$SVC" || fail "demo-svc in learning mode"
learned=$(domain_block "<kernel> $SVC" "$TFS/domain_policy" | grep -vE '^(<|use_)')
echo "    learned by TOMOYO for <kernel> $SVC:"
grep -v '^misc env ' <<<"$learned" | sed 's/^/      /'
echo "      (and $(grep -c '^misc env ' <<<"$learned") 'misc env' lines: the names in its environment)"
grep -q 'file read /etc/hostname' <<<"$learned" || fail "the read of /etc/hostname was not learned"

step "Enforce it (profile 3): the usual run passes, a new read is refused"
show tomoyo-setprofile 3 "<kernel> $SVC" || fail "tomoyo-setprofile"
show "$SVC" || fail "demo-svc refused in enforcing mode what it did while learning"
if show "$SVC" peek; then
	fail "demo-svc read /etc/shadow under enforcing TOMOYO"
fi
rec=$(tomoyo_audit_denial "$TFS" 'file read /etc/shadow')
[ -n "$rec" ] || fail "no audit record of the refused read"
echo "    TOMOYO's audit record of it:"
sed 's/^/      /' <<<"$rec"

step "yama_lkm: ptrace attach to one's own child, before and after ptrace_scope=2"
install_attach_child
show setpriv --reuid=1000 --regid=1000 --clear-groups attach-child ||
	fail "uid 1000 could not attach to its own child before yama_lkm"
show modprobe yama_lkm ptrace_scope=2 || fail "modprobe yama_lkm"
echo "    (the built-in Yama's scope stays $(cat /proc/sys/kernel/yama/ptrace_scope 2>/dev/null || echo -); yama_lkm's is $(cat /proc/sys/kernel/yama_lkm/ptrace_scope))"
if show setpriv --reuid=1000 --regid=1000 --clear-groups attach-child; then
	fail "yama_lkm at scope 2 let uid 1000 attach"
fi
show bash -c "dmesg | grep 'yama_lkm: ptrace attach' | tail -n 1"

step "audit_lkm: a record of an exec, stored by auditd and found with ausearch"
# Debian's configuration with its default log, written through at once, so
# that ausearch sees the record without a wait.
start_auditd /etc/audit /var/log/audit/audit.log || fail "auditd"
show modprobe audit_lkm || fail "modprobe audit_lkm"
echo exec >/sys/kernel/security/audit_lkm/classes
/usr/bin/true
rec=$(audit_lkm_exec_record /usr/bin/true)
[ -n "$rec" ] || fail "ausearch found no audit_lkm record of the exec of /usr/bin/true"
echo "  # ausearch -m KERNEL_OTHER --raw | grep lsm=audit_lkm"
echo "    $rec"

step "What runs now"
show loadable-lsm-load --status
echo "lsm_shim's clients in call order: $(cat /sys/kernel/security/lsm_shim/lsm)"
printf '\ndemo: every step did what it showed\n'
