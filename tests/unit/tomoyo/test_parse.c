// SPDX-License-Identifier: GPL-2.0
/*
 * test_parse.c - policy line parsing: canonical round trips,
 * normalisation and refusal of malformed or unsupported lines.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tlkm_policy.h"

#define D TLKM_DOMAIN_POLICY
#define E TLKM_EXCEPTION_POLICY
#define P TLKM_PROFILE_POLICY

struct norm_case {
	int file;
	const char *in;
	const char *out;	/* NULL: same as @in */
};

static const struct norm_case norms[] = {
	{ D, "<kernel>", NULL },
	{ D, "<kernel> /sbin/init /usr/sbin/sshd", NULL },
	{ D, "<ns1> /bin/a", NULL },
	{ D, "<kernel> /usr/bin/\\*", NULL },
	/* systemd's fexecve() of systemd-executor, as 6.1/6.12 name it. */
	{ D, "<kernel> /usr/lib/systemd/systemd proc:/self/fd/16", NULL },
	{ D, "<kernel> /usr/lib/systemd/systemd proc:/self/fd/16 /usr/sbin/auditd", NULL },
	{ D, "file execute /bin/sh <kernel> proc:/self/fd/9 task.uid=0", NULL },
	{ D, "file execute /bin/sh keep", NULL },
	{ D, "file execute /bin/sh child", NULL },
	{ D, "file execute /bin/sh parent", NULL },
	{ D, "file execute /bin/sh reset", NULL },
	{ D, "file execute /bin/sh initialize", NULL },
	{ D, "file execute /usr/bin/\\* /usr/bin/\\*", NULL },
	{ D, "file execute /bin/sh <kernel> /bin/a task.uid=0", NULL },
	{ D, "file execute /bin/sh <ns1> grant_log=no", NULL },
	{ E, "initialize_domain /usr/bin/\\* from any", NULL },
	{ E, "keep_domain any from <kernel> /usr/bin/\\*", NULL },
	{ D, "use_profile 3", NULL },
	{ D, "use_group 255", NULL },
	{ D, "quota_exceeded", NULL },
	{ D, "transition_failed", NULL },
	{ D, "file read/write /dev/tty", NULL },
	{ D, "file write/read /dev/tty", "file read/write /dev/tty" },
	{ D, "file execute/read/write/append/unlink/getattr/rmdir/truncate/symlink/chroot/unmount /x", NULL },
	{ D, "file create/mkdir/mkfifo/mksock/ioctl/chmod/chown/chgrp /x 0", NULL },
	{ D, "file execute /usr/bin/cat exec.realpath=\"/usr/bin/cat\" exec.argv[0]=\"/bin/cat\"", NULL },
	{ D, "file create /tmp/\\*.tmp 0666", NULL },
	{ D, "file mkdir /tmp/\\{\\*\\}/ 0777", NULL },
	{ D, "file mkblock /dev/sda 0660 8 0", NULL },
	{ D, "file mkchar/mkblock /dev/null 0666 1 3", "file mkblock/mkchar /dev/null 0666 1 3" },
	{ D, "file link/rename/pivot_root /tmp/a /tmp/b", NULL },
	{ D, "file mount /dev/sda1 /mnt/ ext4 0", NULL },
	{ D, "file mount none /proc/ proc 0x0-0xFF", NULL },
	{ D, "file mount none /proc/ proc 0xff", "file mount none /proc/ proc 0xFF" },
	{ D, "file ioctl /dev/tty 0x5401-0x5402", NULL },
	{ D, "file chmod /tmp/x 00", NULL },
	{ D, "file chmod /tmp/x 0-07777", NULL },
	{ D, "file chmod /tmp/x 5-5", "file chmod /tmp/x 5" },
	{ D, "file chown /tmp/x @UIDS", NULL },
	{ D, "file read @LIBS task.uid=0 task.gid!=1-100", NULL },
	{ D, "file symlink /tmp/l symlink.target=\"/etc/passwd\"", NULL },
	{ D, "file symlink /tmp/l symlink.target=@TARGETS", NULL },
	{ D, "file read proc:/meminfo path1.type=file path1.uid=task.uid path1.perm=0644 path1.parent.uid=0", NULL },
	{ D, "file rename /a /b path2.parent.perm=01777 path2.type!=directory path1.dev_major=8", NULL },
	{ D, "file write /tmp/x path1.perm=setuid grant_log=no", NULL },
	{ D, "file write /tmp/x grant_log=yes task.euid=0", "file write /tmp/x task.euid=0 grant_log=yes" },
	{ D, "file read /x grant_log=yes", NULL },
	{ D, "file execute /bin/sh exec.envp[\"HOME\"]=\"/root\" exec.envp[\"PATH\"]!=NULL exec.argc=2", NULL },
	{ D, "file execute /bin/sh exec.argv[1]=\"\" exec.envc=0-10", NULL },
	{ D, "file execute /bin/sh exec.realpath=@SHELLS task.uid=@UIDS", NULL },
	{ D, "file read /x task.uid=0x10 task.gid=010", "file read /x task.uid=0x10 task.gid=010" },
	{ D, "   file   read\t/x   ", "file read /x" },
	{ D, "network inet stream bind/listen 127.0.0.1 8080", NULL },
	{ D, "network inet stream connect/listen/bind 127.0.0.1 8080", "network inet stream bind/listen/connect 127.0.0.1 8080" },
	{ D, "network inet dgram bind/send ::1 53", NULL },
	{ D, "network inet dgram send 0:0:0:0:0:0:0:1 53", "network inet dgram send ::1 53" },
	{ D, "network inet stream connect 10.0.0.0-10.255.255.255 1-1024", NULL },
	{ D, "network inet raw bind/send @LOCAL 1", NULL },
	{ D, "network inet stream connect 2001:db8::1 443", NULL },
	{ D, "network inet stream connect 2001:DB8:0:0:1:0:0:1 443", "network inet stream connect 2001:db8::1:0:0:1 443" },
	{ D, "network inet stream connect ::ffff:192.168.0.1 80", NULL },
	{ D, "network inet stream connect fe80::1-fe80::ffff @PORTS", NULL },
	{ D, "network unix stream connect /var/run/dbus/system_bus_socket", NULL },
	{ D, "network unix dgram bind/send \\000abstract", NULL },
	{ D, "network unix seqpacket bind/listen/connect @SOCKS", NULL },
	{ D, "misc env HOME", NULL },
	{ D, "misc env LC_\\*", NULL },
	{ D, "task manual_domain_transition <kernel> /usr/sbin/sshd", NULL },
	{ D, "task manual_domain_transition <kernel> task.uid=0", NULL },
	{ D, "delete file read /etc/shadow", NULL },
	{ D, "delete <kernel> /bin/x", NULL },
	{ D, "", NULL },
	{ E, "initialize_domain /sbin/modprobe from any", NULL },
	{ E, "initialize_domain /sbin/modprobe", "initialize_domain /sbin/modprobe from any" },
	{ E, "no_initialize_domain /sbin/modprobe from <kernel> /sbin/init", NULL },
	{ E, "keep_domain any from <kernel> /usr/sbin/sshd", NULL },
	{ E, "keep_domain <kernel> /usr/sbin/sshd", "keep_domain any from <kernel> /usr/sbin/sshd" },
	{ E, "keep_domain /usr/sbin/sshd", "keep_domain any from /usr/sbin/sshd" },
	{ E, "no_keep_domain <kernel>", "no_keep_domain any from <kernel>" },
	{ E, "initialize_domain /usr/sbin/sshd", "initialize_domain /usr/sbin/sshd from any" },
	{ E, "no_keep_domain /bin/bash from /usr/sbin/sshd", NULL },
	{ E, "reset_domain /usr/sbin/httpd from any", NULL },
	{ E, "no_reset_domain any from any", NULL },
	{ E, "aggregator /usr/bin/\\* /usr/bin/any-program", NULL },
	{ E, "path_group LIBS /lib/\\*.so\\*", NULL },
	{ E, "path_group LIBS /usr/lib/\\{\\*\\}/\\*.so\\*", NULL },
	{ E, "number_group UIDS 0-999", NULL },
	{ E, "number_group MODES 0644", NULL },
	{ E, "address_group LOCAL 127.0.0.0-127.255.255.255", NULL },
	{ E, "address_group LOCAL6 ::1", NULL },
	{ E, "acl_group 0 file read proc:/meminfo", NULL },
	{ E, "acl_group 255 misc env \\*", NULL },
	{ E, "<kernel> keep_domain any from <kernel> /usr/sbin/cron", NULL },
	{ E, "delete path_group LIBS /lib/\\*.so\\*", NULL },
	{ P, "PROFILE_VERSION=20150505", NULL },
	{ P, "0-COMMENT=-----Disabled Mode-----", NULL },
	{ P, "1-COMMENT=a  b", "1-COMMENT=a b" },
	{ P, "2-COMMENT=", NULL },
	{ P, "0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }", NULL },
	{ P, "0-PREFERENCE={ max_learning_entry=2048 }", NULL },
	{ P, "0-CONFIG={ mode=disabled grant_log=no reject_log=yes }", NULL },
	{ P, "1-CONFIG={ reject_log=yes mode=learning }", "1-CONFIG={ mode=learning reject_log=yes }" },
	{ P, "1-CONFIG::file={ mode=learning }", NULL },
	{ P, "3-CONFIG::file::execute={ mode=enforcing grant_log=no reject_log=yes }", NULL },
	{ P, "3-CONFIG::file={ use_default }", NULL },
	{ P, "3-CONFIG::network::unix_seqpacket_connect={ mode=permissive }", NULL },
	{ P, "3-CONFIG::misc::env={ mode=enforcing }", NULL },
	{ P, "<kernel> 1-COMMENT=hello world", NULL },
};

struct reject_case {
	int file;
	const char *line;
	int err;
	const char *reason;
};

static const struct reject_case rejects[] = {
	{ D, "fiel read /x", -22, "unknown keyword 'fiel'" },
	{ D, "file raed /x", -22, "unknown file permission 'raed'" },
	{ D, "file read//write /x", -22, "unknown file permission ''" },
	{ D, "file read /tmp/\\q", -22, "bad escape in '/tmp/\\q'" },
	{ D, "file read/create /x", -22, "different operands" },
	{ D, "file read", -22, "missing pathname operand" },
	{ D, "file create /x", -22, "missing number operand" },
	{ D, "file mkblock /x 0600 8", -22, "missing number operand" },
	{ D, "file read /x\\101", -22, "needless escape" },
	{ D, "file read /\\{a/b\\}/", -22, "inside" },
	{ D, "file read /a/\\{\\}/", -22, "must close" },
	{ D, "file create /x 09", -22, "bad number '09'" },
	{ D, "file create /x 5-3", -22, "range goes backwards" },
	{ D, "file create /x 99999999999999999999", -22, "bad number" },
	{ D, "file create /x -1", -22, "bad number" },
	{ D, "file read /x task.foo=1", -22, "unknown condition variable 'task.foo'" },
	{ D, "file read /x task.uid", -22, "expected VAR=VALUE" },
	{ D, "file read /x task.uid=bogus", -22, "unknown condition value" },
	{ D, "file read /x grant_log=maybe", -22, "grant_log must be yes|no" },
	{ D, "file read /x grant_log=no grant_log=yes", -22, "grant_log given twice" },
	{ D, "file read /x exec.realpath=/bin/sh", -22, "expected a quoted string" },
	{ D, "file read /x exec.argv[x]=\"a\"", -22, "bad argv index" },
	{ D, "file read /x exec.envp[HOME]=\"a\"", -22, "bad envp name" },
	{ D, "file read /x exec.argv[0]=NULL", -22, "expected a quoted string" },
	{ D, "file read /x auto_domain_transition=\"<kernel>\"", -95, "auto_domain_transition" },
	{ D, "network inet stream accept 1.2.3.4 1", -95, "TOMOYO 1.x" },
	{ D, "network inet dgram recv 1.2.3.4 1", -95, "TOMOYO 1.x" },
	{ D, "network inet stream send 1.2.3.4 1", -22, "not valid for this socket type" },
	{ D, "network inet seqpacket bind 1.2.3.4 1", -22, "bad socket type" },
	{ D, "network unix raw bind /x", -22, "bad socket type" },
	{ D, "network inet6 stream bind ::1 1", -22, "inet|unix" },
	{ D, "network inet stream bind 1.2.3 1", -22, "bad IP address '1.2.3'" },
	{ D, "network inet stream bind 1.2.3.256 1", -22, "bad IP address" },
	{ D, "network inet stream bind 1::2::3 1", -22, "bad IP address" },
	{ D, "network inet stream bind 1.2.3.4-::1 1", -22, "bad IP address" },
	{ D, "network inet stream bind 1.2.3.4", -22, "missing port" },
	{ D, "misc env @GROUP", -22, "takes no group" },
	{ D, "misc foo BAR", -22, "unknown misc keyword" },
	{ D, "task auto_domain_transition <kernel>", -95, "1.x" },
	{ D, "task manual_domain_transition /bin/sh", -22, "bad namespace" },
	{ D, "use_profile 300", -22, "use_profile needs a number 0-255" },
	{ D, "use_profile", -22, "use_profile" },
	{ D, "use_group 1 2", -22, "unexpected '2'" },
	{ D, "<kernel> relative", -22, "unexpected 'relative'" },
	{ D, "<kernel> /bin/a b.c/d", -22, "unexpected 'b.c/d'" },
	{ D, "file read /bin/sh keep", -22, "needs 'file execute' alone" },
	{ D, "file read/execute /bin/sh child", -22, "needs 'file execute' alone" },
	{ D, "file execute /bin/sh task.uid=0 keep", -22, "" },
	{ D, "file execute /bin/sh <kernel> relative", -22, "" },
	{ D, "<kern el>", -22, "bad namespace" },
	{ D, "delete", -22, "nothing to delete" },
	{ D, "select domain=<kernel>", -95, "editor command" },
	{ D, "allow_read /etc/passwd", -22, "unknown keyword 'allow_read'" },
	{ D, "file read /x\n", -22, "newline" },
	{ E, "initialize_domain <kernel> /usr/sbin/sshd", -22, "expected a program, got '<kernel>'" },
	{ E, "keep_domain /usr/sbin/sshd extra", -22, "unexpected 'extra'" },
	{ E, "initialize_domain /sbin/x to any", -22, "expected 'from'" },
	{ E, "initialize_domain /sbin/x from any extra", -22, "unexpected 'extra'" },
	{ E, "path_group X @Y", -22, "groups cannot nest" },
	{ E, "path_group X", -22, "missing group member" },
	{ E, "number_group N 1.5", -22, "bad number" },
	{ E, "address_group A 300.1.1.1", -22, "bad IP address" },
	{ E, "aggregator /usr/bin/\\* /usr/bin/\\*", -22, "wildcard not allowed" },
	{ E, "acl_group 256 file read /x", -22, "acl_group must be 0-255" },
	{ E, "acl_group 1 fiel read /x", -22, "unknown keyword 'fiel'" },
	{ E, "deny_rewrite /var/log/\\*", -22, "unknown keyword 'deny_rewrite'" },
	{ E, "<bad namespace", -22, "bad namespace" },
	{ P, "PROFILE_VERSION=20100903", -95, "20150505" },
	{ P, "0-CONFIG={ mode=strict }", -22, "mode must be disabled|learning|permissive|enforcing" },
	{ P, "0-CONFIG::file::inet_stream_bind={ mode=learning }", -22, "unknown profile key" },
	{ P, "0-CONFIG::capability={ mode=learning }", -22, "unknown profile key" },
	{ P, "256-COMMENT=x", -22, "unknown profile line" },
	{ P, "0-CONFIG={ mode=disabled", -22, "missing '}'" },
	{ P, "0-CONFIG={ mode=disabled } x", -22, "text after '}'" },
	{ P, "0-CONFIG={ mode=disabled mode=learning }", -22, "option given twice" },
	{ P, "0-CONFIG={ grant_log=maybe }", -22, "yes|no" },
	{ P, "0-CONFIG={ use_default mode=learning }", -22, "use_default with other options" },
	{ P, "0-CONFIG::file={ mode=learning use_default }", -22, "use_default with other options" },
	{ P, "0-CONFIG=disabled", -22, "expected '={ ... }'" },
	{ P, "0-PREFERENCE={ max_audit_log=-1 }", -22, "bad number" },
	{ P, "0-PREFERENCE={ enforcing_penalty=1 }", -22, "unknown PREFERENCE option" },
	{ P, "0-FOO={ }", -22, "unknown profile key 'FOO'" },
	{ P, "delete 0-COMMENT=x", -22, "cannot be deleted" },
};

static void norm_case(const struct norm_case *c)
{
	const char *want = c->out ? c->out : c->in;
	struct tlkm_line l, l2;
	struct tlkm_err err;
	char out[1024], out2[1024];
	int ret, ret2 = -1;

	ret = tlkm_parse_line(c->file, c->in, strlen(c->in), &l, &err);
	if (!ret)
		ret = tlkm_print_line(&l, out, sizeof(out)) < 0;
	if (!ret) {
		ret2 = tlkm_parse_line(c->file, out, strlen(out), &l2, NULL);
		if (!ret2)
			ret2 = tlkm_print_line(&l2, out2, sizeof(out2)) < 0;
		tlkm_line_destroy(&l2);
	}
	tlkm_line_destroy(&l);
	tap_result(!ret && !ret2 && !strcmp(out, want) && !strcmp(out2, out),
		   "%s '%s' prints '%s'", c->out ? "normalises" : "round trip",
		   c->in, ret ? err.reason : out);
}

static void reject_case(const struct reject_case *c)
{
	struct tlkm_line l;
	struct tlkm_err err;
	int ret = tlkm_parse_line(c->file, c->line, strlen(c->line), &l, &err);

	tlkm_line_destroy(&l);
	tap_result(ret == c->err && err.code == c->err &&
		   strstr(err.reason, c->reason),
		   "refuses '%s': %d '%s'", c->line, ret, err.reason);
}

static void delete_flag(void)
{
	struct tlkm_line l;
	int ret = tlkm_parse_line(D, "delete misc env X", 17, &l, NULL);

	tap_result(!ret && l.is_delete && l.kind == TLKM_LINE_ACL &&
		   l.acl.type == TLKM_ACL_ENV, "delete prefix sets is_delete");
	tlkm_line_destroy(&l);
}

static void small_buffer(void)
{
	struct tlkm_line l;
	char out[8];
	int ret = tlkm_parse_line(D, "file read /etc/passwd", 21, &l, NULL);

	tap_result(!ret && tlkm_print_line(&l, out, sizeof(out)) == -E2BIG &&
		   strlen(out) < sizeof(out), "print into a small buffer gives -E2BIG");
	tlkm_line_destroy(&l);
}

static void long_line(void)
{
	static char line[TLKM_MAX_LINE + 20];
	struct tlkm_line l;
	struct tlkm_err err;
	int ret;

	memset(line, 'a', sizeof(line));
	memcpy(line, "file read /", 11);
	ret = tlkm_parse_line(D, line, sizeof(line), &l, &err);
	tlkm_line_destroy(&l);
	tap_result(ret == -E2BIG, "over-long line refused with -E2BIG: %s",
		   err.reason);
}

/**
 * test_parse() - Parser and printer, line by line.
 */
void test_parse(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(norms) / sizeof(norms[0]); i++)
		norm_case(&norms[i]);
	for (i = 0; i < sizeof(rejects) / sizeof(rejects[0]); i++)
		reject_case(&rejects[i]);
	delete_flag();
	small_buffer();
	long_line();
}
