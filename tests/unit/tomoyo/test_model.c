// SPDX-License-Identifier: GPL-2.0
/*
 * test_model.c - the in-memory policy: merging, deletion, permission
 * checks, domain transitions and profile modes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tlkm_addr.h"
#include "tlkm_check.h"
#include "tlkm_learn.h"
#include "tlkm_manager.h"
#include "tlkm_transition.h"

struct sink {
	char text[8192];
	size_t len;
};

static int collect(void *ctx, const char *line, size_t len)
{
	struct sink *s = ctx;

	if (s->len + len + 2 > sizeof(s->text))
		return -1;
	memcpy(s->text + s->len, line, len);
	s->len += len;
	s->text[s->len++] = '\n';
	s->text[s->len] = '\0';
	return 0;
}

/* Write newline-separated @lines; returns the first error. */
static int load(struct tlkm_policy *p, int file, const char *lines,
		struct tlkm_err *err)
{
	struct tlkm_writer w;
	const char *s = lines;
	int ret = 0;

	tlkm_writer_init(&w, p, file);
	while (*s && !ret) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);

		ret = tlkm_write_line(&w, s, n, err);
		s += n + (nl ? 1 : 0);
	}
	return ret;
}

static const char *dump(struct tlkm_policy *p, int file, struct sink *s)
{
	s->len = 0;
	s->text[0] = '\0';
	if (tlkm_dump_policy(p, file, collect, s))
		return "<dump failed>";
	return s->text;
}

static bool has_line(const char *text, const char *line)
{
	size_t n = strlen(line);
	const char *s = text;

	while ((s = strstr(s, line))) {
		if ((s == text || s[-1] == '\n') && s[n] == '\n')
			return true;
		s++;
	}
	return false;
}

static void merging(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s;
	const char *t;
	int ret;

	ret = load(p, TLKM_DOMAIN_POLICY, "<kernel> /bin/a\nfile read /x\n"
		   "file write /x\nfile read /x task.uid=0\nfile read /x", NULL);
	t = dump(p, TLKM_DOMAIN_POLICY, &s);
	tap_result(!ret && has_line(t, "file read/write /x") &&
		   has_line(t, "file read /x task.uid=0") &&
		   !has_line(t, "file read /x"),
		   "same operands merge; different conditions do not");
	ret = load(p, TLKM_DOMAIN_POLICY,
		   "<kernel> /bin/a\ndelete file read /x", NULL);
	t = dump(p, TLKM_DOMAIN_POLICY, &s);
	tap_result(!ret && has_line(t, "file write /x") &&
		   !has_line(t, "file read/write /x"),
		   "delete clears only the named permission");
	ret = load(p, TLKM_DOMAIN_POLICY,
		   "<kernel> /bin/a\ndelete file write /x", NULL);
	t = dump(p, TLKM_DOMAIN_POLICY, &s);
	tap_result(!ret && !strstr(t, "file write /x\n"),
		   "deleting the last permission removes the line");
	ret = load(p, TLKM_DOMAIN_POLICY,
		   "<kernel> /bin/a\ndelete file write /x", NULL);
	tap_result(ret == -ENOENT, "deleting a missing ACL gives -ENOENT");
	tlkm_policy_destroy(p);
}

static void domains(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_err err;
	struct sink s;
	int ret;

	ret = load(p, TLKM_DOMAIN_POLICY, "file read /x", &err);
	tap_result(ret == -EINVAL && strstr(err.reason, "no domain selected"),
		   "ACL before any domain header is refused");
	ret = load(p, TLKM_DOMAIN_POLICY, "delete <kernel>", &err);
	tap_result(ret == -EINVAL && tlkm_find_domain(p, "<kernel>"),
		   "<kernel> cannot be deleted");
	load(p, TLKM_DOMAIN_POLICY, "<kernel> /bin/a\nuse_profile 2\n"
	     "use_group 7\nquota_exceeded\ntransition_failed\n"
	     "delete quota_exceeded", NULL);
	tap_result(!strcmp(dump(p, TLKM_DOMAIN_POLICY, &s),
			   "<kernel>\nuse_profile 0\n\n\n"
			   "<kernel> /bin/a\nuse_profile 2\n"
			   "transition_failed\nuse_group 7\n\n\n"),
		   "domain header lines and flags dump in TOMOYO's layout");
	ret = load(p, TLKM_DOMAIN_POLICY, "delete <kernel> /bin/a", NULL);
	tap_result(!ret && !tlkm_find_domain(p, "<kernel> /bin/a"),
		   "delete <domain> removes the domain");
	ret = load(p, TLKM_DOMAIN_POLICY, "<kernel> /bin/b\nfile read /x\n"
		   "file read /\\q", &err);
	tap_result(ret == -EINVAL && tlkm_find_domain(p, "<kernel> /bin/b") &&
		   !strstr(dump(p, TLKM_DOMAIN_POLICY, &s), "\\q"),
		   "a refused line changes nothing");
	tlkm_policy_destroy(p);
}

static void exceptions(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s;
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY, "acl_group 1 file read /x\n"
		   "path_group G /a\nkeep_domain any from <kernel> /bin/a\n"
		   "path_group G /a\nacl_group 1 file write /x\n"
		   "number_group N 1\naggregator /usr/bin/\\* /usr/bin/x",
		   NULL);
	tap_result(!ret && !strcmp(dump(p, TLKM_EXCEPTION_POLICY, &s),
				   "keep_domain any from <kernel> /bin/a\n"
				   "aggregator /usr/bin/\\* /usr/bin/x\n"
				   "path_group G /a\nnumber_group N 1\n"
				   "acl_group 1 file read/write /x\n"),
		   "exception lines dedup, order by kind, acl_group merges");
	ret = load(p, TLKM_EXCEPTION_POLICY, "delete path_group G /a", NULL);
	tap_result(!ret && !strstr(dump(p, TLKM_EXCEPTION_POLICY, &s),
				   "path_group"), "delete removes a group member");
	ret = load(p, TLKM_EXCEPTION_POLICY, "delete path_group G /a", NULL);
	tap_result(ret == -ENOENT, "deleting a missing exception gives -ENOENT");
	tlkm_policy_destroy(p);
}

static void profiles(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s;
	int ret;

	ret = load(p, TLKM_PROFILE_POLICY, "1-CONFIG::file={ mode=learning }\n"
		   "1-CONFIG={ mode=enforcing grant_log=no }\n"
		   "PROFILE_VERSION=20150505\n1-CONFIG={ mode=disabled }\n"
		   "0-COMMENT=zero\n1-CONFIG::file::open={ mode=permissive }",
		   NULL);
	tap_result(!ret && !strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
				   "PROFILE_VERSION=20150505\n0-COMMENT=zero\n"
				   "0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n"
				   "0-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
				   "1-COMMENT=\n"
				   "1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n"
				   "1-CONFIG={ mode=disabled grant_log=no reject_log=yes }\n"
				   "1-CONFIG::file::open={ mode=permissive grant_log=yes reject_log=yes }\n"
				   "1-CONFIG::file={ mode=learning grant_log=yes reject_log=yes }\n"),
		   "profile lines merge per key and read back in full, as TOMOYO's");
	tap_result(tlkm_profile_mode(p, "<kernel>", 1, 1) == TLKM_MODE_PERMISSIVE &&
		   tlkm_profile_mode(p, "<kernel>", 1, 0) == TLKM_MODE_LEARNING &&
		   tlkm_profile_mode(p, "<kernel>", 1, 23) == TLKM_MODE_DISABLED &&
		   tlkm_profile_mode(p, "<kernel>", 9, 0) == TLKM_MODE_DISABLED,
		   "profile mode: operation, then category, then default");
	tlkm_policy_destroy(p);
}

static const char checks_exc[] =
	"path_group LIBS /lib/\\*.so\\*\n"
	"path_group LIBS /usr/lib/\\{\\*\\}/\\*.so\\*\n"
	"number_group MODES 0600-0644\n"
	"address_group LOCAL 127.0.0.0-127.255.255.255\n"
	"address_group LOCAL ::1\n"
	"acl_group 4 file getattr /\\{\\*\\}/\n";

static const char checks_dom[] =
	"<kernel> /bin/a\n"
	"use_group 4\n"
	"file read @LIBS\n"
	"file read/write /tmp/\\*\\-secret\n"
	"file create /tmp/\\* @MODES\n"
	"file write /etc/motd task.uid=0\n"
	"file unlink /tmp/\\* path1.type=file path1.perm!=setuid\n"
	"file execute /bin/sh exec.argv[1]=\"-c\" exec.envp[\"LD_PRELOAD\"]=NULL\n"
	"file symlink /tmp/l symlink.target=\"/etc/\\*\"\n"
	"file rename /tmp/\\* /tmp/\\*.bak\n"
	"file mount none /proc/ proc 0-0xFFFF\n"
	"network inet stream connect @LOCAL 1-1024\n"
	"network inet dgram send 10.0.0.1 53\n"
	"network unix stream connect /run/\\*.sock\n"
	"misc env LC_\\*\n"
	"task manual_domain_transition <kernel> /bin/b\n";

struct check_case {
	const char *what;
	int kind;	/* 0 file, 1 inet, 2 unix, 3 env, 4 manual */
	unsigned int op;
	unsigned int proto;
	const char *n0, *n1, *n2;
	u64 num0;
	u32 uid;
	const char *ip;
	bool want;
};

static const struct check_case checks[] = {
	{ "read via path_group", 0, TLKM_FILE_READ, 0, "/lib/libc.so.6", NULL, NULL, 0, 1000, NULL, true },
	{ "read via \\{\\} group member", 0, TLKM_FILE_READ, 0, "/usr/lib/x86_64/gnu/libm.so", NULL, NULL, 0, 1000, NULL, true },
	{ "read outside the group", 0, TLKM_FILE_READ, 0, "/etc/shadow", NULL, NULL, 0, 0, NULL, false },
	{ "write allowed by \\- subtraction", 0, TLKM_FILE_WRITE, 0, "/tmp/notes", NULL, NULL, 0, 0, NULL, true },
	{ "write denied by \\- subtraction", 0, TLKM_FILE_WRITE, 0, "/tmp/secret", NULL, NULL, 0, 0, NULL, false },
	{ "append is not write", 0, TLKM_FILE_APPEND, 0, "/tmp/notes", NULL, NULL, 0, 0, NULL, false },
	{ "create mode inside number_group", 0, TLKM_FILE_CREATE, 0, "/tmp/f", NULL, NULL, 0640, 0, NULL, true },
	{ "create mode outside number_group", 0, TLKM_FILE_CREATE, 0, "/tmp/f", NULL, NULL, 0666, 0, NULL, false },
	{ "task.uid=0 condition holds", 0, TLKM_FILE_WRITE, 0, "/etc/motd", NULL, NULL, 0, 0, NULL, true },
	{ "task.uid=0 condition fails", 0, TLKM_FILE_WRITE, 0, "/etc/motd", NULL, NULL, 0, 1000, NULL, false },
	{ "rename both paths match", 0, TLKM_FILE_RENAME, 0, "/tmp/a", "/tmp/a.bak", NULL, 0, 0, NULL, true },
	{ "rename second path differs", 0, TLKM_FILE_RENAME, 0, "/tmp/a", "/tmp/a.old", NULL, 0, 0, NULL, false },
	{ "mount flags in range", 0, TLKM_FILE_MOUNT, 0, "none", "/proc/", "proc", 0xE, 0, NULL, true },
	{ "mount type differs", 0, TLKM_FILE_MOUNT, 0, "none", "/proc/", "sysfs", 0, 0, NULL, false },
	{ "getattr via use_group acl_group", 0, TLKM_FILE_GETATTR, 0, "/var/lib/", NULL, NULL, 0, 0, NULL, true },
	{ "inet connect to address_group", 1, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, NULL, NULL, NULL, 80, 0, "127.0.0.1", true },
	{ "inet connect to IPv6 group member", 1, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, NULL, NULL, NULL, 22, 0, "::1", true },
	{ "inet connect port out of range", 1, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, NULL, NULL, NULL, 8080, 0, "127.0.0.1", false },
	{ "inet connect wrong address", 1, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, NULL, NULL, NULL, 80, 0, "10.0.0.1", false },
	{ "inet dgram send", 1, TLKM_NET_SEND, TLKM_SOCK_DGRAM, NULL, NULL, NULL, 53, 0, "10.0.0.1", true },
	{ "inet protocol must match", 1, TLKM_NET_SEND, TLKM_SOCK_RAW, NULL, NULL, NULL, 53, 0, "10.0.0.1", false },
	{ "unix stream connect", 2, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, "/run/dbus.sock", NULL, NULL, 0, 0, NULL, true },
	{ "unix seqpacket not granted", 2, TLKM_NET_CONNECT, TLKM_SOCK_SEQPACKET, "/run/dbus.sock", NULL, NULL, 0, 0, NULL, false },
	{ "env by pattern", 3, 0, 0, "LC_ALL", NULL, NULL, 0, 0, NULL, true },
	{ "env not listed", 3, 0, 0, "LD_PRELOAD", NULL, NULL, 0, 0, NULL, false },
	{ "manual transition allowed", 4, 0, 0, "<kernel> /bin/b", NULL, NULL, 0, 0, NULL, true },
	{ "manual transition elsewhere", 4, 0, 0, "<kernel> /bin/c", NULL, NULL, 0, 0, NULL, false },
};

static bool run_check(const struct tlkm_policy *p, const struct tlkm_domain *d,
		      const struct check_case *c)
{
	struct tlkm_request r;

	memset(&r, 0, sizeof(r));
	r.uid = c->uid;
	r.name[0] = c->n0;
	r.name[1] = c->n1;
	r.name[2] = c->n2;
	r.num[0] = c->num0;
	r.domain = c->n0;
	if (c->ip)
		tlkm_parse_ip(c->ip, strlen(c->ip), r.addr, &r.is_ipv6);
	switch (c->kind) {
	case 0:
		return tlkm_check_file(p, d, c->op, &r);
	case 1:
		return tlkm_check_inet(p, d, c->proto, c->op, &r);
	case 2:
		return tlkm_check_unix(p, d, c->proto, c->op, &r);
	case 3:
		return tlkm_check_env(p, d, &r);
	default:
		return tlkm_check_manual_transition(p, d, &r);
	}
}

static void exec_conditions(const struct tlkm_policy *p,
			    const struct tlkm_domain *d)
{
	const char *argv[] = { "sh", "-c", "true" };
	const char *envp[] = { "HOME=/root", "LD_PRELOAD=/x.so" };
	struct tlkm_request r;

	memset(&r, 0, sizeof(r));
	r.name[0] = "/bin/sh";
	r.in_exec = true;
	r.argc = 3;
	r.argv = argv;
	r.envc = 1;
	r.envp = envp;
	tap_result(tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "exec.argv[1] and envp NULL conditions hold");
	r.envc = 2;
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "exec.envp[\"LD_PRELOAD\"]=NULL fails when it is set");
	r.in_exec = false;
	r.envc = 1;
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "exec.* conditions fail outside execve");
}

static void object_conditions(const struct tlkm_policy *p,
			      const struct tlkm_domain *d)
{
	struct tlkm_request r;

	memset(&r, 0, sizeof(r));
	r.name[0] = "/tmp/x";
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_UNLINK, &r),
		   "path1.* conditions fail when attributes are unknown");
	r.obj[TLKM_OBJ_PATH1].valid = true;
	r.obj[TLKM_OBJ_PATH1].mode = 0100644;
	tap_result(tlkm_check_file(p, d, TLKM_FILE_UNLINK, &r),
		   "path1.type=file and path1.perm!=setuid hold");
	r.obj[TLKM_OBJ_PATH1].mode = 0104755;
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_UNLINK, &r),
		   "path1.perm!=setuid fails on a setuid file");
	r.obj[TLKM_OBJ_PATH1].mode = 0040755;
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_UNLINK, &r),
		   "path1.type=file fails on a directory");
	memset(&r, 0, sizeof(r));
	r.name[0] = "/tmp/l";
	r.symlink_target = "/etc/hosts";
	tap_result(tlkm_check_file(p, d, TLKM_FILE_SYMLINK, &r),
		   "symlink.target pattern holds");
	r.symlink_target = "/root/x";
	tap_result(!tlkm_check_file(p, d, TLKM_FILE_SYMLINK, &r),
		   "symlink.target pattern fails");
}

static void checks_all(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	const struct tlkm_domain *d;
	struct tlkm_err err;
	unsigned int i;
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY, checks_exc, &err);
	if (!ret)
		ret = load(p, TLKM_DOMAIN_POLICY, checks_dom, &err);
	d = tlkm_find_domain(p, "<kernel> /bin/a");
	tap_result(!ret && d, "check fixture loads (%s)", ret ? err.reason : "");
	if (!d) {
		tlkm_policy_destroy(p);
		return;
	}
	for (i = 0; i < sizeof(checks) / sizeof(checks[0]); i++)
		tap_result(run_check(p, d, &checks[i]) == checks[i].want,
			   "check: %s", checks[i].what);
	exec_conditions(p, d);
	object_conditions(p, d);
	tlkm_policy_destroy(p);
}

static const char trans_exc[] =
	"initialize_domain /sbin/modprobe from any\n"
	"no_initialize_domain /sbin/modprobe from <kernel> /sbin/init\n"
	"keep_domain any from <kernel> /usr/sbin/sshd /bin/bash\n"
	"no_keep_domain /usr/bin/passwd from any\n"
	"keep_domain /usr/bin/passwd from any\n"
	"reset_domain /usr/sbin/httpd from any\n"
	"no_reset_domain /usr/sbin/httpd from /usr/sbin/apachectl\n"
	"keep_domain /bin/ls from /bin/zsh\n"
	"keep_domain /usr/sbin/crond\n"
	"aggregator /usr/bin/python3.\\$ /usr/bin/python3\n"
	"<other> initialize_domain /bin/other from any\n";

struct trans_case {
	const char *domain;
	const char *program;
	int result;
	const char *want;
};

static const struct trans_case trans[] = {
	{ "<kernel> /sbin/init", "/bin/sh", TLKM_GO_CHILD, "<kernel> /sbin/init /bin/sh" },
	{ "<kernel> /bin/sh", "/sbin/modprobe", TLKM_GO_INITIALIZE, "<kernel> /sbin/modprobe" },
	{ "<kernel> /sbin/init", "/sbin/modprobe", TLKM_GO_CHILD, "<kernel> /sbin/init /sbin/modprobe" },
	{ "<kernel> /usr/sbin/sshd /bin/bash", "/bin/ls", TLKM_GO_KEEP, "<kernel> /usr/sbin/sshd /bin/bash" },
	{ "<kernel> /usr/sbin/sshd /bin/bash", "/usr/bin/passwd", TLKM_GO_CHILD, "<kernel> /usr/sbin/sshd /bin/bash /usr/bin/passwd" },
	{ "<kernel> /sbin/init", "/usr/sbin/httpd", TLKM_GO_RESET, "</usr/sbin/httpd>" },
	{ "<kernel> /usr/sbin/apachectl", "/usr/sbin/httpd", TLKM_GO_CHILD, "<kernel> /usr/sbin/apachectl /usr/sbin/httpd" },
	{ "<kernel> /usr/sbin/sshd /bin/zsh", "/bin/ls", TLKM_GO_KEEP, "<kernel> /usr/sbin/sshd /bin/zsh" },
	{ "<kernel> /bin/sh", "/usr/bin/python3.11", TLKM_GO_CHILD, "<kernel> /bin/sh /usr/bin/python3" },
	{ "<kernel> /sbin/init /usr/sbin/crond", "/bin/sh", TLKM_GO_KEEP, "<kernel> /sbin/init /usr/sbin/crond" },
	{ "<kernel> /sbin/init", "/usr/sbin/crond", TLKM_GO_CHILD, "<kernel> /sbin/init /usr/sbin/crond" },
	{ "<other> /bin/x", "/bin/other", TLKM_GO_INITIALIZE, "<other> /bin/other" },
	{ "<other> /bin/x", "/sbin/modprobe", TLKM_GO_CHILD, "<other> /bin/x /sbin/modprobe" },
};

static void transitions(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	char out[256];
	unsigned int i;
	int ret = load(p, TLKM_EXCEPTION_POLICY, trans_exc, NULL);

	tap_result(!ret, "transition fixture loads");
	for (i = 0; i < sizeof(trans) / sizeof(trans[0]); i++) {
		const struct trans_case *c = &trans[i];

		ret = tlkm_next_domain(p, c->domain, c->program, out,
				       sizeof(out));
		tap_result(ret == c->result && !strcmp(out, c->want),
			   "exec %s from '%s' -> '%s' (got %d '%s')",
			   c->program, c->domain, c->want, ret, out);
	}
	ret = tlkm_next_domain(p, "<kernel> /bin/sh", "/bin/true", out, 10);
	tap_result(ret == -E2BIG, "next domain name too long gives -E2BIG");
	tlkm_policy_destroy(p);
}

/*
 * Transition rules and aggregators are walked on their own lists: adding,
 * deleting and adding again keeps them as the exception policy holds them,
 * among lines of other kinds.
 */
static void exec_lists(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	const char *d = "<kernel> /bin/sh";
	char out[256];
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY,
		   "path_group G /bin/\\*\n"
		   "aggregator /usr/bin/py\\* /usr/bin/first\n"
		   "path_group G /sbin/\\*\n"
		   "aggregator /usr/bin/py\\$ /usr/bin/second\n"
		   "keep_domain /bin/ls from any\n"
		   "path_group G /usr/\\*\n"
		   "initialize_domain /bin/cat from any", NULL);
	tap_result(!ret && !strcmp(tlkm_aggregate(p, d, "/usr/bin/py3"),
				   "/usr/bin/first"),
		   "exec lists: the first aggregator added wins");
	ret = load(p, TLKM_EXCEPTION_POLICY,
		   "delete aggregator /usr/bin/py\\* /usr/bin/first\n"
		   "delete path_group G /sbin/\\*", NULL);
	tap_result(!ret && !strcmp(tlkm_aggregate(p, d, "/usr/bin/py3"),
				   "/usr/bin/second"),
		   "exec lists: a deleted aggregator no longer applies");
	load(p, TLKM_EXCEPTION_POLICY,
	     "aggregator /usr/bin/py\\* /usr/bin/first", NULL);
	tap_result(!strcmp(tlkm_aggregate(p, d, "/usr/bin/py3"),
			   "/usr/bin/second") &&
		   !strcmp(tlkm_aggregate(p, d, "/usr/bin/pyx"),
			   "/usr/bin/first"),
		   "exec lists: added again, it comes last");
	ret = tlkm_next_domain(p, d, "/bin/ls", out, sizeof(out));
	tap_result(ret == TLKM_GO_KEEP, "exec lists: keep_domain applies");
	load(p, TLKM_EXCEPTION_POLICY, "delete keep_domain /bin/ls from any",
	     NULL);
	ret = tlkm_next_domain(p, d, "/bin/ls", out, sizeof(out));
	tap_result(ret == TLKM_GO_CHILD && !strcmp(out, "<kernel> /bin/sh /bin/ls"),
		   "exec lists: a deleted keep_domain no longer applies");
	ret = tlkm_next_domain(p, d, "/bin/cat", out, sizeof(out));
	tap_result(ret == TLKM_GO_INITIALIZE,
		   "exec lists: the rule after the deleted one still applies");
	load(p, TLKM_EXCEPTION_POLICY, "keep_domain /bin/ls from any", NULL);
	ret = tlkm_next_domain(p, d, "/bin/ls", out, sizeof(out));
	tap_result(ret == TLKM_GO_KEEP,
		   "exec lists: keep_domain added again applies again");
	tlkm_policy_destroy(p);
}

static void namespaces(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	const struct tlkm_domain *k, *o;
	struct tlkm_request r;
	struct tlkm_err err;
	int ret;

	load(p, TLKM_EXCEPTION_POLICY, "<other> path_group G /a\n"
	     "path_group G /b", NULL);
	load(p, TLKM_DOMAIN_POLICY, "<kernel> /x\nfile read @G\n"
	     "<other> /x\nfile read @G", NULL);
	load(p, TLKM_PROFILE_POLICY, "<other> 0-CONFIG={ mode=enforcing }",
	     NULL);
	k = tlkm_find_domain(p, "<kernel> /x");
	o = tlkm_find_domain(p, "<other> /x");
	memset(&r, 0, sizeof(r));
	r.name[0] = "/a";
	tap_result(k && o && tlkm_check_file(p, o, TLKM_FILE_READ, &r) &&
		   !tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "path_group lines apply only in their namespace");
	r.name[0] = "/b";
	ret = tlkm_check_file(p, k, TLKM_FILE_READ, &r);
	load(p, TLKM_EXCEPTION_POLICY, "delete path_group G /b\n", NULL);
	tap_result(ret && !tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "a deleted group member no longer matches");
	load(p, TLKM_EXCEPTION_POLICY, "path_group G /b\n", NULL);
	tap_result(tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "a group member added again matches again");
	load(p, TLKM_EXCEPTION_POLICY, "<kernel> path_group G /c\n", NULL);
	r.name[0] = "/c";
	tap_result(tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "'<kernel> path_group' joins the group of 'path_group'");
	r.name[0] = "/b";
	tap_result(tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "and the group keeps its other members");
	r.name[0] = "/a";
	tap_result(tlkm_profile_mode(p, "<other> /x", 0, 0) ==
		   TLKM_MODE_ENFORCING &&
		   tlkm_profile_mode(p, "<kernel>", 0, 0) == TLKM_MODE_DISABLED,
		   "profiles apply only in their namespace");
	ret = load(p, TLKM_EXCEPTION_POLICY, "<other> acl_group 1 file read /o\n"
		   "acl_group 1 file read /k", &err);
	ret |= load(p, TLKM_DOMAIN_POLICY, "<kernel> /x\nuse_group 1\n"
		    "<other> /x\nuse_group 1", &err);
	r.name[0] = "/o";
	tap_result(!ret && tlkm_check_file(p, o, TLKM_FILE_READ, &r) &&
		   !tlkm_check_file(p, k, TLKM_FILE_READ, &r),
		   "acl_group of another namespace applies there only");
	r.name[0] = "/k";
	tap_result(tlkm_check_file(p, k, TLKM_FILE_READ, &r) &&
		   !tlkm_check_file(p, o, TLKM_FILE_READ, &r),
		   "acl_group of <kernel> applies in <kernel> only");
	{
		struct sink s;
		const char *t = dump(p, TLKM_EXCEPTION_POLICY, &s);

		tap_result(has_line(t, "<kernel> acl_group 1 file read /k") &&
			   has_line(t, "<other> acl_group 1 file read /o"),
			   "acl_group lines print with their namespace, <kernel> too");
	}
	ret = load(p, TLKM_EXCEPTION_POLICY,
		   "delete <other> acl_group 1 file read /o", &err);
	r.name[0] = "/o";
	tap_result(!ret && !tlkm_check_file(p, o, TLKM_FILE_READ, &r),
		   "delete <ns> acl_group removes the ACL");
	ret = load(p, TLKM_EXCEPTION_POLICY,
		   "delete <none> acl_group 1 file read /o", &err);
	tap_result(ret == -ENOENT,
		   "delete in a namespace without acl_group gives -ENOENT");
	tlkm_policy_destroy(p);
}

/**
 * test_model() - The policy model, one behaviour per test.
 */
/* The mode each domain remembers follows every change of profile. */
static void remembered_config(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_config cfg;
	struct tlkm_domain *d;
	struct tlkm_err err;
	bool ok;

	load(p, TLKM_PROFILE_POLICY, "1-CONFIG={ mode=learning }\n"
		"2-CONFIG={ mode=enforcing grant_log=yes }\n", &err);
	load(p, TLKM_DOMAIN_POLICY, "<kernel> /bin/a\nuse_profile 1\n", &err);
	d = tlkm_find_domain(p, "<kernel> /bin/a");
	ok = d && !tlkm_domain_config(p, d, 0, &cfg) &&
	     cfg.mode == TLKM_MODE_LEARNING && cfg.grant_log && cfg.reject_log;
	load(p, TLKM_PROFILE_POLICY, "1-CONFIG={ mode=permissive }\n", &err);
	ok = ok && !tlkm_domain_config(p, d, 0, &cfg) &&
	     cfg.mode == TLKM_MODE_PERMISSIVE;
	load(p, TLKM_PROFILE_POLICY,
	     "1-CONFIG::file::execute={ mode=enforcing }\n", &err);
	ok = ok && !tlkm_domain_config(p, d, 0, &cfg) &&
	     cfg.mode == TLKM_MODE_ENFORCING &&
	     !tlkm_domain_config(p, d, 1, &cfg) &&
	     cfg.mode == TLKM_MODE_PERMISSIVE;
	load(p, TLKM_DOMAIN_POLICY, "<kernel> /bin/a\nuse_profile 2\n", &err);
	ok = ok && !tlkm_domain_config(p, d, 1, &cfg) &&
	     cfg.mode == TLKM_MODE_ENFORCING && cfg.grant_log;
	tap_result(ok, "a domain's remembered mode follows profile and use_profile changes");
	tap_result(tlkm_domain_config(p, d, TLKM_MAC_MAX, &cfg) == -EINVAL,
		   "remembered mode: an invalid operation is refused");
	tlkm_policy_destroy(p);
}

/* Many domains: the name index finds each, and none once deleted. */
static void domain_index(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_err err;
	char line[64];
	int i, found = 0, gone = 0;

	for (i = 0; i < 500; i++) {
		snprintf(line, sizeof(line), "<kernel> /bin/p%d\n", i);
		load(p, TLKM_DOMAIN_POLICY, line, &err);
	}
	for (i = 0; i < 500; i++) {
		snprintf(line, sizeof(line), "<kernel> /bin/p%d", i);
		found += tlkm_find_domain(p, line) != NULL;
	}
	for (i = 0; i < 500; i += 2) {
		snprintf(line, sizeof(line), "delete <kernel> /bin/p%d\n", i);
		load(p, TLKM_DOMAIN_POLICY, line, &err);
	}
	for (i = 0; i < 500; i++) {
		snprintf(line, sizeof(line), "<kernel> /bin/p%d", i);
		gone += (tlkm_find_domain(p, line) == NULL) == !(i % 2);
	}
	tap_result(found == 500 && gone == 500 &&
		   tlkm_find_domain(p, "<kernel>") &&
		   !tlkm_find_domain(p, "<kernel> /bin/p"),
		   "the domain index finds 500 domains, and not the 250 deleted");
	tlkm_policy_destroy(p);
}

/*
 * Write every line of @lines with one writer, as the securityfs glue does:
 * a refused line does not stop the lines after it. Returns the number of
 * refused lines.
 */
static int load_all(struct tlkm_policy *p, int file, bool loaded,
		    const char *lines)
{
	struct tlkm_writer w;
	const char *s = lines;
	int refused = 0;

	tlkm_writer_init(&w, p, file);
	w.loaded = loaded;
	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		struct tlkm_err err = { 0 };

		if (tlkm_write_line(&w, s, n, &err))
			refused++;
		s += n + (nl ? 1 : 0);
	}
	return refused;
}

static void writes(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_domain *d;
	struct tlkm_err err;
	struct sink s;
	int n;

	n = load_all(p, TLKM_DOMAIN_POLICY, false,
		     "<kernel> /opt/victim\nuse_profile 3\n"
		     "<kernel> ./not-a-domain\nfile read /etc/shadow\n"
		     "use_profile 1\n<kernel> /opt/next\nfile read /etc/hostname");
	d = tlkm_find_domain(p, "<kernel> /opt/victim");
	tap_result(n == 3 && d && d->profile == 3 && !d->acls,
		   "lines after a refused header land nowhere (%d refused)", n);
	tap_result(!strstr(dump(p, TLKM_DOMAIN_POLICY, &s), "/etc/shadow") &&
		   has_line(s.text, "file read /etc/hostname"),
		   "the next valid header selects its domain again");
	n = load_all(p, TLKM_DOMAIN_POLICY, false,
		     "<kernel> /opt/victim\ndelete <kernel> /opt/nosuch\n"
		     "file read /etc/shadow");
	tap_result(n == 2 && !tlkm_find_domain(p, "<kernel> /opt/victim")->acls,
		   "a refused delete of a domain deselects too");
	n = load_all(p, TLKM_DOMAIN_POLICY, false,
		     "<kernel> /opt/net\n"
		     "network inet stream connect 127.0.0.1 70000\n"
		     "network inet stream connect 127.0.0.1 1-65536\n"
		     "network inet raw send 127.0.0.1 65536\n"
		     "network inet stream connect 127.0.0.1 65535\n"
		     "network inet stream connect 127.0.0.1 @PORTS");
	tap_result(n == 3, "ports above 65535 are refused, 65535 and @group not "
		   "(%d refused)", n);
	{
		struct tlkm_writer w;

		memset(&err, 0, sizeof(err));
		tlkm_writer_init(&w, p, TLKM_DOMAIN_POLICY);
		w.domain = tlkm_find_domain(p, "<kernel> /opt/net");
		tlkm_write_line(&w, "network inet dgram bind ::1 65536", 33,
				&err);
		tap_result(err.code == -EINVAL &&
			   strstr(err.reason, "port above 65535"),
			   "the reason names the port: %s", err.reason);
	}
	load_all(p, TLKM_PROFILE_POLICY, true,
		 "PROFILE_VERSION=20150505\n1-COMMENT=learning");
	n = load_all(p, TLKM_DOMAIN_POLICY, true,
		     "<kernel> /opt/prof\nuse_profile 1\nuse_profile 200");
	d = tlkm_find_domain(p, "<kernel> /opt/prof");
	tap_result(n == 1 && d && d->profile == 1,
		   "once loaded, use_profile of an undefined profile is refused");
	memset(&err, 0, sizeof(err));
	{
		struct tlkm_writer w;

		tlkm_writer_init(&w, p, TLKM_DOMAIN_POLICY);
		w.loaded = true;
		w.domain = d;
		tlkm_write_line(&w, "use_profile 7", 13, &err);
		tap_result(!strcmp(err.reason, "profile 7 is not defined"),
			   "the reason names the profile: %s", err.reason);
	}
	n = load_all(p, TLKM_DOMAIN_POLICY, false,
		     "<kernel> /opt/prof\nuse_profile 200");
	tap_result(!n && d->profile == 200,
		   "before the policy is loaded any profile may be used");
	tlkm_policy_destroy(p);
}

static void deleted_domains(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_domain *d;
	struct sink s;

	load_all(p, TLKM_DOMAIN_POLICY, false,
		 "<kernel> /opt/a\nuse_profile 3\nfile read /x\n"
		 "delete <kernel> /opt/a");
	d = tlkm_task_domain(p, "<kernel> /opt/a");
	tap_result(!tlkm_find_domain(p, "<kernel> /opt/a") && d &&
		   d->profile == 3 && d->acls,
		   "a deleted domain stays in force for its tasks");
	tap_result(!strstr(dump(p, TLKM_DOMAIN_POLICY, &s), "/opt/a"),
		   "a deleted domain is not printed");
	load_all(p, TLKM_DOMAIN_POLICY, false,
		 "<kernel> /opt/a\nuse_profile 2\ndelete <kernel> /opt/a\n"
		 "<kernel> /opt/a\nuse_profile 1");
	d = tlkm_task_domain(p, "<kernel> /opt/a");
	tap_result(d && d == tlkm_find_domain(p, "<kernel> /opt/a") &&
		   d->profile == 1 && !p->deleted,
		   "a new domain of the same name replaces the deleted ones");
	tlkm_policy_destroy(p);
}

/* exec.argv[N] past argc and exec.envp["X"] of an unset X, as TOMOYO. */
static void absent_exec_strings(void)
{
	static const char *const cases[][2] = {
		{ "/bin/a", "1" }, { "/bin/b", "0" },
		{ "/bin/c", "1" }, { "/bin/d", "0" },
	};
	struct tlkm_policy *p = tlkm_policy_create();
	const char *argv[] = { "sh", "-c", "true" };
	const char *envp[] = { "HOME=/root" };
	struct tlkm_request r;
	struct tlkm_domain *d;
	unsigned int i;

	load_all(p, TLKM_DOMAIN_POLICY, false,
		 "<kernel> /x\n"
		 "file execute /bin/a exec.argv[5]!=\"x\"\n"
		 "file execute /bin/b exec.argv[5]=\"x\"\n"
		 "file execute /bin/c exec.envp[\"FOO\"]!=\"1\"\n"
		 "file execute /bin/d exec.envp[\"FOO\"]=\"1\"");
	d = tlkm_find_domain(p, "<kernel> /x");
	memset(&r, 0, sizeof(r));
	r.in_exec = true;
	r.argc = 3;
	r.argv = argv;
	r.envc = 1;
	r.envp = envp;
	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		r.name[0] = cases[i][0];
		tap_result(d && tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r) ==
			   (cases[i][1][0] == '1'),
			   "absent argv/envp entries: %s %s", cases[i][0],
			   cases[i][1][0] == '1' ? "allowed" : "refused");
	}
	tlkm_policy_destroy(p);
}

/*
 * The glue reads an exec's strings before its checks only once a
 * condition compares them: the policy says when, and a check made
 * without them never takes an absent string for a match.
 */
static void unread_exec_strings(void)
{
	static const char *const flags[][2] = {
		{ "file execute /bin/a exec.argc=1", "0" },
		{ "file execute /bin/a task.uid=0 exec.envc=0-2", "0" },
		{ "file execute /bin/a exec.realpath=\"/bin/a\"", "0" },
		{ "file read /etc/x task.uid=0 exec.argv[0]=\"a\"", "1" },
		{ "file execute /bin/a exec.envp[\"X\"]=NULL", "1" },
	};
	struct tlkm_policy *p;
	struct tlkm_request r;
	struct tlkm_domain *d;
	unsigned int i;
	char *text;

	for (i = 0; i < ARRAY_SIZE(flags); i++) {
		p = tlkm_policy_create();
		text = malloc(strlen(flags[i][0]) + 16);
		sprintf(text, "<kernel> /x\n%s", flags[i][0]);
		load_all(p, TLKM_DOMAIN_POLICY, false, text);
		tap_result(p->has_exec_args == (flags[i][1][0] == '1'),
			   "has_exec_args %s after: %s", flags[i][1],
			   flags[i][0]);
		free(text);
		tlkm_policy_destroy(p);
	}
	p = tlkm_policy_create();
	load_all(p, TLKM_EXCEPTION_POLICY, false,
		 "acl_group 1 file execute /bin/a exec.argv[1]=\"-c\"");
	tap_result(p->has_exec_args, "has_exec_args set by an acl_group line");
	tlkm_policy_destroy(p);

	p = tlkm_policy_create();
	load_all(p, TLKM_DOMAIN_POLICY, false,
		 "<kernel> /x\n"
		 "file execute /bin/a exec.argv[0]!=\"x\"\n"
		 "file execute /bin/b exec.envp[\"X\"]=NULL\n"
		 "file execute /bin/c exec.envp[\"X\"]!=\"1\"\n"
		 "file execute /bin/d exec.argv[3]!=\"x\"\n"
		 "file execute /bin/e exec.argc=2");
	d = tlkm_find_domain(p, "<kernel> /x");
	memset(&r, 0, sizeof(r));
	r.in_exec = true;
	r.argc = 2;
	r.envc = 1;
	r.name[0] = "/bin/a";
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "unread argv: exec.argv[0]!= is not taken to hold");
	r.name[0] = "/bin/b";
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "unread envp: exec.envp[]=NULL is not taken to hold");
	r.name[0] = "/bin/c";
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "unread envp: exec.envp[]!= is not taken to hold");
	r.name[0] = "/bin/d";
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "argv[3] of 2 is absent, read or not (built-in's answer)");
	r.name[0] = "/bin/e";
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "exec.argc needs no strings");
	r.envc = 0;
	r.name[0] = "/bin/b";
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_EXECUTE, &r),
		   "no envp at all: exec.envp[]=NULL holds");
	tlkm_policy_destroy(p);
}

/* Transition preferences and domains named after the matched pattern. */
static void exec_preferences(void)
{
	static const struct {
		const char *program, *name, *transit, *next;
	} cases[] = {
		{ "/usr/bin/ls", "/usr/bin/\\*", "keep", "<kernel> /x" },
		{ "/bin/a", "/bin/a", "child", "<kernel> /x /bin/a" },
		{ "/bin/b", "/bin/b", "parent", "<kernel>" },
		{ "/bin/c", "/bin/c", "<kernel> /jail", "<kernel> /jail" },
		{ "/bin/d", "/bin/d", "/named", "<kernel> /x /named" },
		{ "/bin/e", "/bin/e", "reset", "</bin/e>" },
		{ "/bin/f", "/bin/f", "initialize", "<kernel> /bin/f" },
		{ "/opt/tool", "/opt/\\*", NULL, "<kernel> /opt/\\*" },
		{ "/srv/app", "/srv/\\*", NULL, "<kernel> /x /srv/\\*" },
	};
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_exec_match m;
	struct tlkm_request r;
	struct tlkm_domain *d;
	unsigned int i;
	char next[256];
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY,
		   "initialize_domain /opt/\\* from any\n"
		   "path_group G /opt/\\*", NULL);
	ret |= load(p, TLKM_DOMAIN_POLICY,
		    "<kernel> /x\n"
		    "file execute /usr/bin/\\* keep\n"
		    "file execute /bin/a child\n"
		    "file execute /bin/b parent\n"
		    "file execute /bin/c <kernel> /jail\n"
		    "file execute /bin/d /named\n"
		    "file execute /bin/e reset\n"
		    "file execute /bin/f initialize\n"
		    "file execute @G\n"
		    "file execute /srv/\\*", NULL);
	d = tlkm_find_domain(p, "<kernel> /x");
	tap_result(!ret && d, "transition preferences load");
	memset(&r, 0, sizeof(r));
	r.in_exec = true;
	for (i = 0; d && i < ARRAY_SIZE(cases); i++) {
		bool ok;

		r.name[0] = cases[i].program;
		ok = tlkm_check_exec(p, d, &r, &m) && m.name &&
		     !strcmp(m.name, cases[i].name) &&
		     (cases[i].transit ? m.transit &&
		      !strcmp(m.transit, cases[i].transit) : !m.transit);
		ret = tlkm_exec_domain(p, d->name, m.name, m.transit, next,
				       sizeof(next));
		tap_result(ok && ret >= 0 && !strcmp(next, cases[i].next),
			   "exec %s: named %s, enters '%s' (got '%s')",
			   cases[i].program, cases[i].name, cases[i].next,
			   ret >= 0 ? next : "error");
	}
	r.name[0] = "/etc/x";
	tap_result(d && !tlkm_check_exec(p, d, &r, &m) && !m.name &&
		   !m.transit, "an exec no ACL allows has no match");
	ret = load(p, TLKM_DOMAIN_POLICY, "<kernel> /x /srv/\\*\nuse_profile 1",
		   NULL);
	tap_result(!ret && tlkm_find_domain(p, "<kernel> /x /srv/\\*"),
		   "a domain name may hold a wildcard, as TOMOYO");
	tlkm_policy_destroy(p);
}

/* use_default, grant_log's default and whole-line inheritance, as TOMOYO. */
static void profile_defaults(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_config cfg;
	struct sink s;
	int ret;

	ret = load(p, TLKM_PROFILE_POLICY,
		   "3-CONFIG={ mode=enforcing grant_log=no reject_log=no }\n"
		   "3-CONFIG::file={ mode=learning }\n"
		   "3-CONFIG::network={ grant_log=no }", NULL);
	tlkm_profile_config(p, "<kernel>", 3, 1, &cfg);
	tap_result(!ret && cfg.mode == TLKM_MODE_LEARNING && cfg.grant_log &&
		   cfg.reject_log,
		   "a CONFIG::category line does not inherit CONFIG's log switches");
	tlkm_profile_config(p, "<kernel>", 3, 23, &cfg);
	tap_result(cfg.mode == TLKM_MODE_ENFORCING && !cfg.grant_log &&
		   !cfg.reject_log,
		   "a CONFIG::category line without a mode sets nothing");
	tap_result(!strstr(dump(p, TLKM_PROFILE_POLICY, &s), "network"),
		   "and is not listed");
	ret = load(p, TLKM_PROFILE_POLICY, "3-CONFIG::file={ use_default }",
		   NULL);
	tlkm_profile_config(p, "<kernel>", 3, 1, &cfg);
	tap_result(!ret && cfg.mode == TLKM_MODE_ENFORCING && !cfg.grant_log,
		   "CONFIG::file={ use_default } reverts to CONFIG");
	tap_result(!strstr(dump(p, TLKM_PROFILE_POLICY, &s), "CONFIG::"),
		   "and removes the CONFIG::file line");
	ret = load(p, TLKM_PROFILE_POLICY, "3-CONFIG={ use_default }", NULL);
	tlkm_profile_config(p, "<kernel>", 3, 1, &cfg);
	tap_result(!ret && cfg.mode == TLKM_MODE_ENFORCING,
		   "CONFIG={ use_default } changes nothing");
	ret = load(p, TLKM_PROFILE_POLICY, "4-CONFIG={ mode=learning }", NULL);
	tlkm_profile_config(p, "<kernel>", 4, 1, &cfg);
	tap_result(!ret && cfg.grant_log && cfg.reject_log,
		   "grant_log and reject_log default to yes, as TOMOYO");
	tlkm_profile_config(p, "<kernel>", 9, 1, &cfg);
	tap_result(cfg.mode == TLKM_MODE_DISABLED && !cfg.grant_log &&
		   !cfg.reject_log && !cfg.max_audit_log &&
		   !cfg.max_learning_entry,
		   "an undefined profile logs and learns nothing, as TOMOYO's null profile");
	ret = load(p, TLKM_PROFILE_POLICY, "9-COMMENT=defined", NULL);
	tlkm_profile_config(p, "<kernel>", 9, 1, &cfg);
	tap_result(!ret && cfg.mode == TLKM_MODE_DISABLED && cfg.grant_log &&
		   cfg.reject_log && cfg.max_audit_log == 1024 &&
		   cfg.max_learning_entry == 2048,
		   "a profile with only a COMMENT has the defaults");
	tap_result(tlkm_audit_has_room(1023, 1024) &&
		   !tlkm_audit_has_room(1024, 1024) &&
		   !tlkm_audit_has_room(0, 0),
		   "a full audit log takes no new record, as TOMOYO");
	tlkm_policy_destroy(p);
}

/* path1.parent.*, path2.* and path2.parent.*, once the glue fills them. */
static void parent_and_path2(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_request r;
	struct tlkm_domain *d;

	load_all(p, TLKM_DOMAIN_POLICY, false,
		 "<kernel> /x\n"
		 "file create /tmp/\\* 0600 path1.parent.uid=task.uid\n"
		 "file rename /tmp/\\* /tmp/\\* path2.parent.perm=01777 "
		 "path2.uid=0\n"
		 "file link /tmp/\\* /tmp/\\* path2.parent.ino=7");
	d = tlkm_find_domain(p, "<kernel> /x");
	memset(&r, 0, sizeof(r));
	r.uid = 1000;
	r.name[0] = "/tmp/f";
	r.num[0] = 0600;
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_CREATE, &r),
		   "path1.parent.uid fails while the parent is unknown");
	r.obj[TLKM_OBJ_PATH1_PARENT].valid = true;
	r.obj[TLKM_OBJ_PATH1_PARENT].uid = 1000;
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_CREATE, &r),
		   "path1.parent.uid=task.uid holds in the user's directory");
	r.obj[TLKM_OBJ_PATH1_PARENT].uid = 0;
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_CREATE, &r),
		   "path1.parent.uid=task.uid fails in root's directory");
	memset(&r, 0, sizeof(r));
	r.name[0] = "/tmp/a";
	r.name[1] = "/tmp/b";
	r.obj[TLKM_OBJ_PATH2_PARENT].valid = true;
	r.obj[TLKM_OBJ_PATH2_PARENT].mode = 041777;
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_RENAME, &r),
		   "path2.uid fails when the new name does not exist");
	r.obj[TLKM_OBJ_PATH2].valid = true;
	r.obj[TLKM_OBJ_PATH2].mode = 0100644;
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_RENAME, &r),
		   "path2.parent.perm and path2.uid hold");
	r.obj[TLKM_OBJ_PATH2_PARENT].mode = 040755;
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_RENAME, &r),
		   "path2.parent.perm=01777 fails on a 0755 directory");
	r.obj[TLKM_OBJ_PATH2_PARENT].ino = 7;
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_LINK, &r),
		   "path2.parent.ino holds");
	tlkm_policy_destroy(p);
}

/* Several use_group lines per domain, and delete use_group, as TOMOYO. */
static void use_groups(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_request r = { .name = { "/g1" } };
	struct tlkm_domain *d;
	struct sink s;
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY, "acl_group 1 file read /g1\n"
		   "acl_group 2 file read /g2\nacl_group 0 file read /g0", NULL);
	ret |= load(p, TLKM_DOMAIN_POLICY, "<kernel> /x\nuse_group 2\n"
		    "use_group 1\nuse_group 2", NULL);
	d = tlkm_find_domain(p, "<kernel> /x");
	tap_result(!ret && d && tlkm_check_file(p, d, TLKM_FILE_READ, &r),
		   "use_group: the first of two groups applies");
	r.name[0] = "/g2";
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_READ, &r),
		   "use_group: the second of two groups applies");
	r.name[0] = "/g0";
	tap_result(d && !tlkm_check_file(p, d, TLKM_FILE_READ, &r),
		   "use_group: a group the domain does not use does not apply");
	tap_result(!strcmp(dump(p, TLKM_DOMAIN_POLICY, &s),
			   "<kernel>\nuse_profile 0\n\n\n"
			   "<kernel> /x\nuse_profile 0\nuse_group 1\n"
			   "use_group 2\n\n\n"),
		   "use_group: one line per group, in group order");
	ret = load(p, TLKM_DOMAIN_POLICY, "<kernel> /x\ndelete use_group 1",
		   NULL);
	r.name[0] = "/g1";
	tap_result(!ret && d && !tlkm_check_file(p, d, TLKM_FILE_READ, &r),
		   "delete use_group: the group no longer applies");
	r.name[0] = "/g2";
	tap_result(d && tlkm_check_file(p, d, TLKM_FILE_READ, &r),
		   "delete use_group: the other group still applies");
	ret = load(p, TLKM_DOMAIN_POLICY, "<kernel> /x\ndelete use_group 1",
		   NULL);
	tap_result(!ret, "delete use_group of an unused group is a no-op");
	tlkm_policy_destroy(p);
}

/* The patterns newer TOMOYO learns for volatile numbers. */
static void learn_patterns(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "file getattr pipe:[15087]", "file getattr pipe:[\\$]" },
		{ "file ioctl socket:[42] 0x5401", "file ioctl socket:[\\$] 0x5401" },
		{ "file read proc:/1234/stat", "file read proc:/\\$/stat" },
		{ "file read proc:/1/cmdline", "file read proc:/1/cmdline" },
		{ "file read proc:/12/cmdline", "file read proc:/\\$/cmdline" },
		{ "file read proc:/self/task/77/fdinfo/3",
		  "file read proc:/self/task/\\$/fdinfo/\\$" },
		{ "file read proc:/55/fd/4", "file read proc:/\\$/fd/\\$" },
		{ "file read proc:/self/status", "file read proc:/self/status" },
		{ "file read /tmp/pipe:[1]", "file read /tmp/pipe:[1]" },
		{ "file read pipe:[]", "file read pipe:[]" },
		{ "file read /etc/passwd", "file read /etc/passwd" },
		{ "network inet stream connect 127.0.0.1 80",
		  "network inet stream connect 127.0.0.1 80" },
		{ "file rename devpts:/3 devpts:/4", "file rename devpts:/3 devpts:/4" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++) {
		char *got = tlkm_learn_patternize(cases[i].in,
						  strlen(cases[i].in));

		tap_result(got && !strcmp(got, cases[i].out),
			   "learned pattern: '%s' -> '%s' (got '%s')",
			   cases[i].in, cases[i].out, got ? got : "(null)");
		free(got);
	}
}

/* "<kernel> " before exception and profile lines once a namespace exists. */
static void namespace_prefix(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s;
	int ret;

	ret = load(p, TLKM_EXCEPTION_POLICY, "path_group G /a\n"
		   "<kernel> path_group G /b\nacl_group 1 file read /g", NULL);
	ret |= load(p, TLKM_PROFILE_POLICY, "PROFILE_VERSION=20150505\n"
		    "<kernel> 1-COMMENT=one", NULL);
	tap_result(!ret && !strcmp(dump(p, TLKM_EXCEPTION_POLICY, &s),
				   "path_group G /a\npath_group G /b\n"
				   "acl_group 1 file read /g\n"),
		   "namespace prefix: none while <kernel> is the only one");
	tap_result(!strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
			   "PROFILE_VERSION=20150505\n1-COMMENT=one\n"
			   "1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n"
			   "1-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"),
		   "namespace prefix: none on profiles either");
	/* A refused line still names its namespace, as TOMOYO. */
	load(p, TLKM_EXCEPTION_POLICY, "<foo> no_such_keyword x", NULL);
	tap_result(!strcmp(dump(p, TLKM_EXCEPTION_POLICY, &s),
			   "<kernel> path_group G /a\n<kernel> path_group G /b\n"
			   "<kernel> acl_group 1 file read /g\n"),
		   "namespace prefix: every line once <foo> was named");
	tap_result(!strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
			   "<kernel> PROFILE_VERSION=20150505\n"
			   "<kernel> 1-COMMENT=one\n"
			   "<kernel> 1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n"
			   "<kernel> 1-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
			   "<foo> PROFILE_VERSION=20150505\n"),
		   "namespace prefix: on profile lines too, and <foo>'s version");
	tlkm_policy_destroy(p);

	p = tlkm_policy_create();
	ret = load(p, TLKM_EXCEPTION_POLICY, "path_group G /a", NULL);
	ret |= load(p, TLKM_DOMAIN_POLICY, "</bin/x> /bin/y", NULL);
	tap_result(!ret && !strcmp(dump(p, TLKM_EXCEPTION_POLICY, &s),
				   "<kernel> path_group G /a\n"),
		   "namespace prefix: a domain in another namespace enables it");
	tlkm_policy_destroy(p);
}

/* TOMOYO's manager rule, including an emptied list after activation. */
static void manager_rule(void)
{
	static const struct {
		const char *name;
		struct tlkm_manager_state s;
		bool ok;
	} cases[] = {
		{ "before activation any root writer",
		  { .uid_root = true, .euid_root = true }, true },
		{ "before activation euid 0 suffices",
		  { .euid_root = true }, true },
		{ "before activation a non-root writer is refused",
		  { .uid_root = true }, false },
		{ "the policy loader writes on after activation",
		  { .activated = true, .is_loader = true, .euid_root = true },
		  true },
		{ "after activation a listed root writer",
		  { .activated = true, .uid_root = true, .euid_root = true,
		    .listed = true }, true },
		{ "after activation an unlisted root writer is refused",
		  { .activated = true, .uid_root = true, .euid_root = true },
		  false },
		{ "after activation an empty list lets no root writer in",
		  { .activated = true, .uid_root = true, .euid_root = true,
		    .listed = false }, false },
		{ "after activation a listed writer with uid 1000 is refused",
		  { .activated = true, .euid_root = true, .listed = true },
		  false },
		{ "manage_by_non_root lets a listed non-root writer in",
		  { .activated = true, .non_root = true, .listed = true },
		  true },
		{ "manage_by_non_root does not let an unlisted one in",
		  { .activated = true, .non_root = true }, false },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(cases); i++)
		tap_result(tlkm_manager_rule(&cases[i].s) == cases[i].ok,
			   "manager rule: %s", cases[i].name);
}

/*
 * The profile file reads back as the built-in TOMOYO's (common.c,
 * tomoyo_read_profile()): a version line per namespace, each defined
 * profile in full, and a line that sets nothing still defines its profile.
 */
static void profile_read_back(void)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s;
	int n;

	tap_result(!strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
			   "PROFILE_VERSION=20150505\n"),
		   "profile read-back: an empty policy has its version line");
	n = load_all(p, TLKM_PROFILE_POLICY, true,
		     "5-CONFIG::file={ use_default }\n"
		     "6-CONFIG::misc::env={ grant_log=no }\n"
		     "7-CONFIG::network={ mode=learning }\n"
		     "7-CONFIG::network={ use_default }\n");
	tap_result(!n && !strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
				 "PROFILE_VERSION=20150505\n"
				 "5-COMMENT=\n5-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n5-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
				 "6-COMMENT=\n6-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n6-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
				 "7-COMMENT=\n7-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n7-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"),
		   "profile read-back: lines that set nothing define their profile %s",
		   s.text);
	n = load_all(p, TLKM_DOMAIN_POLICY, true,
		     "<kernel> /a\nuse_profile 5\n<kernel> /b\nuse_profile 7\n"
		     "<kernel> /c\nuse_profile 8\n");
	tap_result(n == 1 && tlkm_find_domain(p, "<kernel> /a")->profile == 5 &&
		   tlkm_find_domain(p, "<kernel> /b")->profile == 7 &&
		   tlkm_find_domain(p, "<kernel> /c")->profile == 0,
		   "profile read-back: such profiles can be used, undefined 8 not");
	tlkm_policy_destroy(p);

	p = tlkm_policy_create();
	n = load_all(p, TLKM_PROFILE_POLICY, true,
		     "<b> 1-COMMENT=bee\n<a> PROFILE_VERSION=20150505\n"
		     "2-PREFERENCE={ max_audit_log=7 }\n"
		     "<a> 0-CONFIG={ mode=enforcing reject_log=no }\n");
	tap_result(!n && !strcmp(dump(p, TLKM_PROFILE_POLICY, &s),
				 "<kernel> PROFILE_VERSION=20150505\n"
				 "<kernel> 2-COMMENT=\n"
				 "<kernel> 2-PREFERENCE={ max_audit_log=7 max_learning_entry=2048 }\n"
				 "<kernel> 2-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
				 "<b> PROFILE_VERSION=20150505\n"
				 "<b> 1-COMMENT=bee\n<b> 1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n<b> 1-CONFIG={ mode=disabled grant_log=yes reject_log=yes }\n"
				 "<a> PROFILE_VERSION=20150505\n"
				 "<a> 0-COMMENT=\n<a> 0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }\n"
				 "<a> 0-CONFIG={ mode=enforcing grant_log=yes reject_log=no }\n"),
		   "profile read-back: namespaces in the order named %s", s.text);
	tlkm_policy_destroy(p);
}

void test_model(void)
{
	profile_read_back();
	namespace_prefix();
	learn_patterns();
	manager_rule();
	use_groups();
	parent_and_path2();
	profile_defaults();
	exec_preferences();
	writes();
	absent_exec_strings();
	unread_exec_strings();
	deleted_domains();
	remembered_config();
	domain_index();
	merging();
	domains();
	exceptions();
	profiles();
	checks_all();
	transitions();
	exec_lists();
	namespaces();
}
