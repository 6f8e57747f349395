// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_learn.c - the lines learning mode adds: the ACL that would allow a
 * request, with the patterns it puts in.
 */
#include "tlkm_acl.h"
#include "tlkm_addr.h"
#include "tlkm_learn.h"

static void put_num(struct tlkm_buf *b, u64 v, enum tlkm_radix radix)
{
	/* tlkm_buf_put_u64() writes the "0" and "0x" prefixes. */
	tlkm_buf_putc(b, ' ');
	tlkm_buf_put_u64(b, v, radix);
}

/* Numbers of file ACLs: modes in octal, ioctl and mount flags in hex. */
static enum tlkm_radix file_radix(unsigned int op, unsigned int i)
{
	if (op == TLKM_FILE_IOCTL || op == TLKM_FILE_MOUNT)
		return TLKM_RADIX_HEX;
	if (op == TLKM_FILE_CHOWN || op == TLKM_FILE_CHGRP || i > 0)
		return TLKM_RADIX_DEC;
	return TLKM_RADIX_OCT;
}

/**
 * tlkm_learn_acl() - The ACL line that would allow a request, as learning
 * mode adds it (without its condition).
 * @b:        Buffer to append to.
 * @kind:     enum tlkm_req_kind.
 * @op:       enum tlkm_file_op or tlkm_net_op.
 * @protocol: enum tlkm_sock_type, for network ACLs.
 * @r:        The request: its names, numbers and address.
 *
 * As TOMOYO prints it: a file ACL's names, then its numbers (a mode in
 * octal, an owner or a device number in decimal, ioctl and mount flags in
 * hex); a network ACL's address as "%pI4" or "%pI6c" and its port.
 */
void tlkm_learn_acl(struct tlkm_buf *b, unsigned int kind, unsigned int op,
		    unsigned int protocol, const struct tlkm_request *r)
{
	unsigned int i, type;

	switch (kind) {
	case TLKM_REQ_FILE:
		type = tlkm_file_op_type(op);
		tlkm_buf_puts(b, "file ");
		tlkm_buf_puts(b, tlkm_file_op_names[op]);
		for (i = 0; i < tlkm_acl_nr_names[type]; i++) {
			tlkm_buf_putc(b, ' ');
			tlkm_buf_puts(b, r->name[i]);
		}
		for (i = 0; i < tlkm_acl_nr_nums[type]; i++)
			put_num(b, r->num[i], file_radix(op, i));
		break;
	case TLKM_REQ_INET:
	case TLKM_REQ_UNIX:
		tlkm_buf_puts(b, kind == TLKM_REQ_INET ? "network inet " :
			      "network unix ");
		tlkm_buf_puts(b, tlkm_sock_names[protocol]);
		tlkm_buf_putc(b, ' ');
		tlkm_buf_puts(b, tlkm_net_op_names[op]);
		tlkm_buf_putc(b, ' ');
		if (kind == TLKM_REQ_INET) {
			tlkm_print_ip(b, r->addr, r->is_ipv6);
			put_num(b, r->num[0], TLKM_RADIX_DEC);
		} else {
			tlkm_buf_puts(b, r->name[0]);
		}
		break;
	default:
		tlkm_buf_puts(b, "misc env ");
		tlkm_buf_puts(b, r->name[0]);
		break;
	}
}

/* Length of the run of decimal digits after @head at @s, 0 if none. */
static size_t digits_after(const char *s, const char *head)
{
	size_t n = strlen(head), w = 0;

	if (strncmp(s, head, n))
		return 0;
	while (s[n + w] >= '0' && s[n + w] <= '9')
		w++;
	return w;
}

/**
 * tlkm_learn_patternize() - A learned file ACL with its volatile numbers
 * replaced by patterns, as newer TOMOYO learns it.
 * @acl: The ACL line of a refused request, NUL-terminated, e.g.
 *       "file ioctl pipe:[4711] 0x5401".
 * @len: Its length.
 *
 * Only "file" lines whose first name holds a ':' change: "pipe:[N]" and
 * "socket:[N]" become "pipe:[\$]" and "socket:[\$]"; "proc:/N" becomes
 * "proc:/\$" (but "proc:/1" stays), and after "proc:/self" or it the
 * numbers after "/task/" and then "/fd/" or "/fdinfo/" become "\$".
 *
 * Return: the new line, kmalloc()ed and NUL-terminated, or NULL when out
 * of memory.
 */
char *tlkm_learn_patternize(const char *acl, size_t len)
{
	/* Each rewrite is at most one "\$" longer than a one-digit number. */
	char *out = kmalloc(len + 16, TLKM_GFP);
	const char *cp, *end = acl + len, *colon;
	size_t o = 0, w;

	if (!out)
		return NULL;
#define PUT(s, n) do { memcpy(out + o, (s), (n)); o += (n); } while (0)
	cp = acl;
	if (len < 5 || strncmp(acl, "file ", 5))
		goto flush;
	colon = memchr(acl + 5, ':', len - 5);
	if (!colon)
		goto flush;
	cp = colon;
	while (*cp != ' ')
		cp--;
	cp++;
	PUT(acl, cp - acl);
	w = digits_after(cp, "pipe:[");
	if (w && cp[6 + w] == ']') {
		PUT("pipe:[\\$]", 9);
		cp += 7 + w;
		goto flush;
	}
	w = digits_after(cp, "socket:[");
	if (w && cp[8 + w] == ']') {
		PUT("socket:[\\$]", 11);
		cp += 9 + w;
		goto flush;
	}
	w = digits_after(cp, "proc:/");
	if (!strncmp(cp, "proc:/self", 10)) {
		PUT("proc:/self", 10);
		cp += 10;
	} else if (w) {
		if (w == 1 && cp[6] == '1')
			PUT("proc:/1", 7);
		else
			PUT("proc:/\\$", 8);
		cp += 6 + w;
	} else {
		goto flush;
	}
	w = digits_after(cp, "/task/");
	if (w) {
		PUT("/task/\\$", 8);
		cp += 6 + w;
	}
	w = digits_after(cp, "/fd/");
	if (w) {
		PUT("/fd/\\$", 6);
		cp += 4 + w;
	} else {
		w = digits_after(cp, "/fdinfo/");
		if (w) {
			PUT("/fdinfo/\\$", 10);
			cp += 8 + w;
		}
	}
flush:
	PUT(cp, end - cp);
#undef PUT
	out[o] = '\0';
	return out;
}
