# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side helpers of what a field engineer's steps share: the demo's
# job (guest-jobs/demo.sh), the SELinux job (selinux.sh), the package
# tests (pkg.sh), 30-audit.sh and the "load tomoyo" tests
# (tomoyo-activate.sh). Plain functions of their arguments: it needs
# neither tap.sh nor the package tests' versions file.

# domain_block HEADER FILE: the lines of one TOMOYO domain in a domain
# policy: HEADER and what follows it up to the next domain.
domain_block() {
	awk -v h="$1" '/^<[^>]*>/ { on = ($0 == h) } on && NF' "$2"
}

# tomoyo_audit_denial TFS PATTERN: the record of TOMOYO's audit log (TFS
# is TOMOYO's securityfs directory) of a denied request matching PATTERN,
# or nothing. The records are NUL-separated.
tomoyo_audit_denial() {
	timeout 5 cat "$1/audit" 2>/dev/null | tr '\0' '\n' |
		grep -A2 'granted=no' | grep -B2 -- "$2"
}

# repo_add DIR: the signed apt repository make-repo wrote at DIR as apt's
# only source, with the .sources snippet and key it ships. The guest has
# no network: the image's Debian sources are set aside in /root/apt-aside
# (and stay aside).
repo_add() {
	mkdir -p /root/apt-aside
	mv /etc/apt/sources.list.d/* /root/apt-aside/ 2>/dev/null
	if [ -f /etc/apt/sources.list ]; then
		mv /etc/apt/sources.list /root/apt-aside/
	fi
	install -D -m 0644 "$1/loadable-lsm.gpg" /etc/apt/keyrings/loadable-lsm.gpg &&
		install -m 0644 "$1/loadable-lsm.sources" /etc/apt/sources.list.d/
}

# start_auditd CONFDIR LOGFILE: auditd with CONFDIR/auditd.conf, made from
# /etc/audit/auditd.conf (CONFDIR may be /etc/audit itself) with its log
# in LOGFILE, written through on every record so that ausearch sees it at
# once; waits up to 10 s for auditd to answer auditctl.
start_auditd() {
	local conf
	mkdir -p "$1" "$(dirname "$2")" &&
		conf=$(sed -e "s|^log_file *=.*|log_file = $2|" -e 's|^flush *=.*|flush = SYNC|' \
			/etc/audit/auditd.conf) &&
		printf '%s\n' "$conf" >"$1/auditd.conf" &&
		chmod 600 "$1/auditd.conf" &&
		auditd -c "$1" || return 1
	for _ in $(seq 50); do
		auditctl -s 2>/dev/null | grep -q '^pid [1-9]' && return 0
		sleep 0.2
	done
	return 1
}

# install_attach_child: /usr/local/bin/attach-child, which forks a child
# and PTRACE_ATTACHes to it (request 16, system call 101), printing the
# outcome; exit 0 when attached. What Yama's scopes decide about.
install_attach_child() {
	cat >/usr/local/bin/attach-child <<'PERL'
#!/usr/bin/perl
my $p = fork // die "fork: $!";
if (!$p) { sleep 30; exit 0 }
select(undef, undef, undef, 0.3);
my $r = syscall(101, 16, $p, 0, 0);
my $e = "$!";
kill 9, $p;
waitpid $p, 0;
print $r == 0 ? "attached to my child $p\n" : "PTRACE_ATTACH to my child $p: $e\n";
exit($r == 0 ? 0 : 1);
PERL
	chmod 0755 /usr/local/bin/attach-child
}

# audit_lkm_exec_record PROGRAM: audit_lkm's record of an exec of PROGRAM
# as ausearch finds it in auditd's log (waiting up to 10 s), or nothing.
audit_lkm_exec_record() {
	local rec
	for _ in $(seq 50); do
		rec=$(ausearch -m KERNEL_OTHER --raw 2>/dev/null | grep 'lsm=audit_lkm' |
			grep ' op=exec ' | grep "path=\"$1\"" | tail -n 1)
		[ -n "$rec" ] && break
		sleep 0.2
	done
	printf '%s' "$rec"
}

# tomoyo_etc_learning PROGRAM...: a TOMOYO policy in /etc/tomoyo, as
# tomoyo-init and loadable-lsm-load read it: profiles 0 (disabled), 1
# (learning) and 3 (enforcing), tomoyo-loadpolicy and tomoyo-setprofile as
# managers, and each PROGRAM in a domain of its own (initialize_domain),
# learning; every other domain disabled.
tomoyo_etc_learning() {
	local p
	mkdir -p /etc/tomoyo
	printf '%s\n' PROFILE_VERSION=20150505 \
		'0-COMMENT=-----Disabled Mode-----' '0-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
		'1-COMMENT=-----Learning Mode-----' '1-CONFIG={ mode=learning grant_log=no reject_log=yes }' \
		'3-COMMENT=-----Enforcing Mode-----' '3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }' \
		>/etc/tomoyo/profile.conf
	printf '%s\n' /usr/sbin/tomoyo-loadpolicy /usr/sbin/tomoyo-setprofile >/etc/tomoyo/manager.conf
	for p in "$@"; do
		echo "initialize_domain $p from any"
	done >/etc/tomoyo/exception_policy.conf
	{
		printf '%s\n' '<kernel>' 'use_profile 0'
		for p in "$@"; do
			printf '%s\n' '' "<kernel> $p" 'use_profile 1'
		done
	} >/etc/tomoyo/domain_policy.conf
	: >/etc/tomoyo/stat.conf
}
