// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_acl.c - parse, print, compare and free ACL lines.
 */
#include "tlkm_acl.h"
#include "tlkm_domainname.h"
#include "tlkm_path.h"

const char * const tlkm_file_op_names[TLKM_FILE_MAX] = {
	"execute", "read", "write", "append", "unlink", "getattr", "rmdir",
	"truncate", "symlink", "chroot", "unmount", "create", "mkdir",
	"mkfifo", "mksock", "ioctl", "chmod", "chown", "chgrp", "mkblock",
	"mkchar", "link", "rename", "pivot_root", "mount",
};

const char * const tlkm_net_op_names[TLKM_NET_MAX] = {
	"bind", "listen", "connect", "send",
};

const char * const tlkm_sock_names[TLKM_SOCK_MAX] = {
	"stream", "dgram", "raw", "seqpacket",
};

/* Operations each socket type supports, per family (inet, unix). */
static const u8 sock_ops[2][4] = {
	{ 0x7, 0x9, 0x9, 0x0 },
	{ 0x7, 0x9, 0x0, 0x7 },
};

/* Number of name and number operands per file ACL type. */
const u8 tlkm_acl_nr_names[5] = { 1, 1, 1, 2, 3 };
const u8 tlkm_acl_nr_nums[5] = { 0, 1, 3, 0, 1 };

/**
 * tlkm_file_op_type() - Operand layout of a file permission.
 * @op: enum tlkm_file_op value.
 *
 * Return: enum tlkm_acl_type value, or -1 for an invalid @op.
 */
int tlkm_file_op_type(unsigned int op)
{
	if (op <= TLKM_FILE_UNMOUNT)
		return TLKM_ACL_PATH;
	if (op <= TLKM_FILE_CHGRP)
		return TLKM_ACL_PATH_NUMBER;
	if (op <= TLKM_FILE_MKCHAR)
		return TLKM_ACL_MKDEV;
	if (op <= TLKM_FILE_PIVOT_ROOT)
		return TLKM_ACL_PATH2;
	return op == TLKM_FILE_MOUNT ? TLKM_ACL_MOUNT : -1;
}

/* Parse "op1/op2/..." into @perm; @type receives the common layout. */
static int parse_file_perms(const struct tlkm_word *w, u32 *perm, int *type,
			    struct tlkm_err *err)
{
	const char *s = w->s, *end = w->s + w->len;

	*type = -1;
	while (s <= end) {
		const char *slash = memchr(s, '/', end - s);
		size_t n = slash ? (size_t)(slash - s) : (size_t)(end - s);
		int op = tlkm_word_index(tlkm_file_op_names, TLKM_FILE_MAX, s, n);

		if (op < 0)
			return tlkm_fail(err, -EINVAL,
					 "unknown file permission '", s, n,
					 "'");
		if (*type >= 0 && *type != tlkm_file_op_type(op))
			return tlkm_fail(err, -EINVAL,
					 "permissions with different operands on one line: '",
					 w->s, w->len, "'");
		*type = tlkm_file_op_type(op);
		*perm |= 1U << op;
		s += n + 1;
	}
	return 0;
}

static int need_word(struct tlkm_cursor *c, struct tlkm_word *w,
		     const char *what, struct tlkm_err *err)
{
	if (tlkm_next_word(c, w))
		return 0;
	return tlkm_fail(err, -EINVAL, "missing ", NULL, 0, what);
}

static int parse_file(struct tlkm_acl *acl, struct tlkm_cursor *c,
		      struct tlkm_err *err)
{
	struct tlkm_word w;
	int type, ret, i;

	ret = need_word(c, &w, "file permission", err);
	if (!ret)
		ret = parse_file_perms(&w, &acl->perm, &type, err);
	if (ret)
		return ret;
	acl->type = type;
	for (i = 0; i < tlkm_acl_nr_names[type]; i++) {
		ret = need_word(c, &w, "pathname operand", err);
		if (!ret)
			ret = tlkm_parse_name_union(&acl->name[i], &w,
						    TLKM_WORD_PATTERN, err);
		if (ret)
			return ret;
	}
	for (i = 0; i < tlkm_acl_nr_nums[type]; i++) {
		ret = need_word(c, &w, "number operand", err);
		if (!ret)
			ret = tlkm_parse_number_union(&acl->num[i], &w, true,
						      err);
		if (ret)
			return ret;
	}
	return 0;
}

static int parse_net_ops(struct tlkm_acl *acl, const struct tlkm_word *w,
			 unsigned int family, struct tlkm_err *err)
{
	const char *s = w->s, *end = w->s + w->len;

	while (s <= end) {
		const char *slash = memchr(s, '/', end - s);
		size_t n = slash ? (size_t)(slash - s) : (size_t)(end - s);
		int op = tlkm_word_index(tlkm_net_op_names, TLKM_NET_MAX, s, n);
		struct tlkm_word o = { s, n };

		if (tlkm_word_eq(&o, "accept") || tlkm_word_eq(&o, "recv"))
			return tlkm_fail(err, -EOPNOTSUPP, "network '", s, n,
					 "' is TOMOYO 1.x only, not 2.6");
		if (op < 0)
			return tlkm_fail(err, -EINVAL,
					 "unknown network operation '", s, n,
					 "'");
		if (!(sock_ops[family][acl->protocol] & (1U << op)))
			return tlkm_fail(err, -EINVAL, "'", s, n,
					 "' is not valid for this socket type");
		acl->perm |= 1U << op;
		s += n + 1;
	}
	return 0;
}

static int parse_network(struct tlkm_acl *acl, struct tlkm_cursor *c,
			 struct tlkm_err *err)
{
	struct tlkm_word w;
	int family, proto, ret;

	ret = need_word(c, &w, "network family", err);
	if (ret)
		return ret;
	family = tlkm_word_eq(&w, "inet") ? 0 : tlkm_word_eq(&w, "unix") ? 1 :
		 -1;
	if (family < 0)
		return tlkm_fail(err, -EINVAL, "network family must be inet|unix: '",
				 w.s, w.len, "'");
	ret = need_word(c, &w, "socket type", err);
	if (ret)
		return ret;
	proto = tlkm_word_index(tlkm_sock_names, TLKM_SOCK_MAX, w.s, w.len);
	if (proto < 0 || !sock_ops[family][proto])
		return tlkm_fail(err, -EINVAL, "bad socket type '", w.s, w.len,
				 "'");
	acl->protocol = proto;
	acl->type = family ? TLKM_ACL_UNIX : TLKM_ACL_INET;
	ret = need_word(c, &w, "network operation", err);
	if (!ret)
		ret = parse_net_ops(acl, &w, family, err);
	if (!ret)
		ret = need_word(c, &w, family ? "socket path" : "IP address",
				err);
	if (ret)
		return ret;
	if (family)
		return tlkm_parse_name_union(&acl->name[0], &w,
					     TLKM_WORD_PATTERN, err);
	ret = tlkm_parse_addr_union(&acl->addr, &w, true, err);
	if (!ret)
		ret = need_word(c, &w, "port", err);
	if (!ret)
		ret = tlkm_parse_number_union(&acl->num[0], &w, true, err);
	/* As TOMOYO: a port (or raw protocol) above 65535 is refused. */
	if (!ret && !acl->num[0].group && acl->num[0].max > 65535)
		ret = tlkm_fail(err, -EINVAL, "port above 65535: '", w.s,
				w.len, "'");
	return ret;
}

static int parse_misc(struct tlkm_acl *acl, struct tlkm_cursor *c,
		      struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need_word(c, &w, "misc keyword", err);

	if (ret)
		return ret;
	if (!tlkm_word_eq(&w, "env"))
		return tlkm_fail(err, -EINVAL, "unknown misc keyword '", w.s,
				 w.len, "'");
	acl->type = TLKM_ACL_ENV;
	acl->perm = 1;
	ret = need_word(c, &w, "environment variable name", err);
	if (ret)
		return ret;
	if (w.s[0] == '@')
		return tlkm_fail(err, -EINVAL, "misc env takes no group: '",
				 w.s, w.len, "'");
	return tlkm_pattern_init(&acl->name[0].pat, w.s, w.len,
				 TLKM_WORD_PATTERN, err);
}

static int parse_task(struct tlkm_acl *acl, struct tlkm_cursor *c,
		      struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need_word(c, &w, "task keyword", err);

	if (ret)
		return ret;
	if (tlkm_word_eq(&w, "auto_domain_transition"))
		return tlkm_fail(err, -EOPNOTSUPP,
				 "task auto_domain_transition is TOMOYO 1.x only",
				 NULL, 0, NULL);
	if (!tlkm_word_eq(&w, "manual_domain_transition"))
		return tlkm_fail(err, -EINVAL, "unknown task keyword '", w.s,
				 w.len, "'");
	acl->type = TLKM_ACL_TASK;
	acl->perm = 1;
	ret = need_word(c, &w, "domain name", err);
	if (ret)
		return ret;
	return tlkm_parse_domainname(&acl->domain, &w, c, err);
}

/**
 * tlkm_parse_acl() - Parse an ACL from its category keyword onwards.
 * @acl: Receives the ACL; destroy with tlkm_acl_destroy() even on error.
 * @c:   Cursor at "file", "network", "misc" or "task"; consumed.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL for malformed input, -%EOPNOTSUPP for TOMOYO 1.x
 * features, -%E2BIG, -%ENOMEM.
 */
int tlkm_parse_acl(struct tlkm_acl *acl, struct tlkm_cursor *c,
		   struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret;

	memset(acl, 0, sizeof(*acl));
	if (!tlkm_next_word(c, &w))
		return tlkm_fail(err, -EINVAL, "empty ACL", NULL, 0, NULL);
	if (tlkm_word_eq(&w, "file"))
		ret = parse_file(acl, c, err);
	else if (tlkm_word_eq(&w, "network"))
		ret = parse_network(acl, c, err);
	else if (tlkm_word_eq(&w, "misc"))
		ret = parse_misc(acl, c, err);
	else if (tlkm_word_eq(&w, "task"))
		ret = parse_task(acl, c, err);
	else
		ret = tlkm_fail(err, -EINVAL, "unknown keyword '", w.s, w.len,
				"'");
	if (ret)
		return ret;
	ret = tlkm_parse_cond(&acl->cond, c, err);
	/* As TOMOYO: a transition preference only on "file execute". */
	if (!ret && acl->cond && acl->cond->transit &&
	    (acl->type != TLKM_ACL_PATH ||
	     acl->perm != 1U << TLKM_FILE_EXECUTE))
		ret = tlkm_fail(err, -EINVAL,
				"a transition preference needs 'file execute' alone",
				NULL, 0, NULL);
	return ret;
}

static void print_perms(struct tlkm_buf *b, u32 perm,
			const char * const *names, unsigned int n)
{
	bool first = true;
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (!(perm & (1U << i)))
			continue;
		if (!first)
			tlkm_buf_putc(b, '/');
		tlkm_buf_puts(b, names[i]);
		first = false;
	}
}

static void print_file(struct tlkm_buf *b, const struct tlkm_acl *acl)
{
	int i;

	tlkm_buf_puts(b, "file ");
	print_perms(b, acl->perm, tlkm_file_op_names, TLKM_FILE_MAX);
	for (i = 0; i < tlkm_acl_nr_names[acl->type]; i++) {
		tlkm_buf_putc(b, ' ');
		tlkm_print_name_union(b, &acl->name[i]);
	}
	for (i = 0; i < tlkm_acl_nr_nums[acl->type]; i++) {
		tlkm_buf_putc(b, ' ');
		tlkm_print_number_union(b, &acl->num[i]);
	}
}

static void print_network(struct tlkm_buf *b, const struct tlkm_acl *acl)
{
	bool is_unix = acl->type == TLKM_ACL_UNIX;

	tlkm_buf_puts(b, is_unix ? "network unix " : "network inet ");
	tlkm_buf_puts(b, tlkm_sock_names[acl->protocol]);
	tlkm_buf_putc(b, ' ');
	print_perms(b, acl->perm, tlkm_net_op_names, TLKM_NET_MAX);
	tlkm_buf_putc(b, ' ');
	if (is_unix)
		return tlkm_print_name_union(b, &acl->name[0]);
	tlkm_print_addr_union(b, &acl->addr);
	tlkm_buf_putc(b, ' ');
	tlkm_print_number_union(b, &acl->num[0]);
}

/**
 * tlkm_print_acl() - Print an ACL in canonical form (no newline).
 * @b:   Output buffer.
 * @acl: ACL.
 */
void tlkm_print_acl(struct tlkm_buf *b, const struct tlkm_acl *acl)
{
	switch (acl->type) {
	case TLKM_ACL_INET:
	case TLKM_ACL_UNIX:
		print_network(b, acl);
		break;
	case TLKM_ACL_ENV:
		tlkm_buf_puts(b, "misc env ");
		tlkm_print_name_union(b, &acl->name[0]);
		break;
	case TLKM_ACL_TASK:
		tlkm_buf_puts(b, "task manual_domain_transition ");
		tlkm_buf_puts(b, acl->domain);
		break;
	default:
		print_file(b, acl);
		break;
	}
	tlkm_print_cond(b, acl->cond);
}

/**
 * tlkm_acl_same_target() - Do two ACLs differ only in their permissions?
 * @a: First ACL.
 * @b: Second ACL.
 *
 * Such ACLs merge into one line, as TOMOYO prints "file read/write /x".
 *
 * Return: true if type, operands and condition are the same.
 */
bool tlkm_acl_same_target(const struct tlkm_acl *a, const struct tlkm_acl *b)
{
	int i;

	if (a->type != b->type || a->protocol != b->protocol)
		return false;
	for (i = 0; i < 3; i++)
		if (!tlkm_name_union_eq(&a->name[i], &b->name[i]) ||
		    !tlkm_number_union_eq(&a->num[i], &b->num[i]))
			return false;
	if (!tlkm_addr_union_eq(&a->addr, &b->addr))
		return false;
	if ((a->domain || b->domain) &&
	    (!a->domain || !b->domain || strcmp(a->domain, b->domain)))
		return false;
	return tlkm_cond_eq(a->cond, b->cond);
}

/**
 * tlkm_acl_destroy() - Free everything an ACL owns.
 * @acl: ACL (may be partially parsed).
 */
void tlkm_acl_destroy(struct tlkm_acl *acl)
{
	int i;

	for (i = 0; i < 3; i++) {
		tlkm_name_union_destroy(&acl->name[i]);
		tlkm_number_union_destroy(&acl->num[i]);
	}
	tlkm_addr_union_destroy(&acl->addr);
	kfree(acl->domain);
	acl->domain = NULL;
	tlkm_cond_free(acl->cond);
	acl->cond = NULL;
}
