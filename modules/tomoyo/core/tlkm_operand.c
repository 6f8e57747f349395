// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_operand.c - parse, print, compare and free policy operands.
 */
#include "tlkm_operand.h"
#include "tlkm_addr.h"
#include "tlkm_path.h"

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

/* A group operand prints as "@NAME"; true when @group was one. */
static bool print_group(struct tlkm_buf *b, const char *group)
{
	if (!group)
		return false;
	tlkm_buf_putc(b, '@');
	tlkm_buf_puts(b, group);
	return true;
}

/**
 * tlkm_parse_group_name() - Validate and copy a group name.
 * @out: Receives a kmalloc()ed copy.
 * @s:   Name without the leading '@'.
 * @len: Its length.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL for a malformed name, -%ENOMEM.
 */
int tlkm_parse_group_name(char **out, const char *s, size_t len,
			  struct tlkm_err *err)
{
	int ret = tlkm_check_word(s, len, 0, err);

	if (ret)
		return ret;
	*out = tlkm_memdup_str(s, len);
	if (!*out)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	return 0;
}

/**
 * tlkm_parse_name_union() - Parse a pathname operand.
 * @u:     Receives the operand; destroy with tlkm_name_union_destroy().
 * @w:     The word ("@group" or an encoded pattern).
 * @flags: TLKM_WORD_* flags for the pattern.
 * @err:   Receives the reason on failure.
 *
 * Return: 0, -%EINVAL, -%ENOMEM.
 */
int tlkm_parse_name_union(struct tlkm_name_union *u,
			  const struct tlkm_word *w, unsigned int flags,
			  struct tlkm_err *err)
{
	memset(u, 0, sizeof(*u));
	if (w->len && w->s[0] == '@')
		return tlkm_parse_group_name(&u->group, w->s + 1, w->len - 1,
					     err);
	return tlkm_pattern_init(&u->pat, w->s, w->len, flags, err);
}

/**
 * tlkm_print_name_union() - Print a pathname operand.
 * @b: Output buffer.
 * @u: Operand.
 */
void tlkm_print_name_union(struct tlkm_buf *b,
			   const struct tlkm_name_union *u)
{
	if (!print_group(b, u->group))
		tlkm_buf_putn(b, u->pat.text, u->pat.len);
}

/**
 * tlkm_name_union_eq() - Compare two pathname operands.
 * @a: First.
 * @b: Second.
 *
 * Return: true if both print the same.
 */
bool tlkm_name_union_eq(const struct tlkm_name_union *a,
			const struct tlkm_name_union *b)
{
	if (a->group || b->group)
		return str_eq(a->group, b->group);
	return tlkm_pattern_eq(&a->pat, &b->pat);
}

/**
 * tlkm_name_union_destroy() - Free a pathname operand.
 * @u: Operand (may be zeroed).
 */
void tlkm_name_union_destroy(struct tlkm_name_union *u)
{
	tlkm_pattern_destroy(&u->pat);
	kfree(u->group);
	u->group = NULL;
}

static int bad_number(const struct tlkm_word *w, struct tlkm_err *err)
{
	return tlkm_fail(err, -EINVAL, "bad number '", w->s, w->len, "'");
}

/**
 * tlkm_parse_number_union() - Parse "N", "MIN-MAX" or "@group".
 * @u:           Receives the operand.
 * @w:           The word.
 * @allow_group: Whether "@group" is allowed here.
 * @err:         Receives the reason on failure.
 *
 * Numbers are decimal, 0octal or 0xhex; a range needs MIN <= MAX.
 *
 * Return: 0, -%EINVAL, -%ENOMEM.
 */
int tlkm_parse_number_union(struct tlkm_number_union *u,
			    const struct tlkm_word *w, bool allow_group,
			    struct tlkm_err *err)
{
	const char *dash;
	enum tlkm_radix r1, r2;
	size_t n1;

	memset(u, 0, sizeof(*u));
	if (w->len && w->s[0] == '@') {
		if (!allow_group)
			return tlkm_fail(err, -EINVAL,
					 "group not allowed here: '", w->s,
					 w->len, "'");
		return tlkm_parse_group_name(&u->group, w->s + 1, w->len - 1,
					     err);
	}
	dash = memchr(w->s, '-', w->len);
	n1 = dash ? (size_t)(dash - w->s) : w->len;
	if (tlkm_parse_u64(w->s, n1, &u->min, &r1))
		return bad_number(w, err);
	u->max = u->min;
	r2 = r1;
	if (dash && tlkm_parse_u64(dash + 1, w->len - n1 - 1, &u->max, &r2))
		return bad_number(w, err);
	if (u->min > u->max)
		return tlkm_fail(err, -EINVAL, "range goes backwards: '", w->s,
				 w->len, "'");
	u->min_radix = r1;
	u->max_radix = r2;
	return 0;
}

/**
 * tlkm_print_number_union() - Print a number operand, keeping its radix.
 * @b: Output buffer.
 * @u: Operand.
 */
void tlkm_print_number_union(struct tlkm_buf *b,
			     const struct tlkm_number_union *u)
{
	if (print_group(b, u->group))
		return;
	tlkm_buf_put_u64(b, u->min, u->min_radix);
	if (u->min == u->max && u->min_radix == u->max_radix)
		return;
	tlkm_buf_putc(b, '-');
	tlkm_buf_put_u64(b, u->max, u->max_radix);
}

/**
 * tlkm_number_union_eq() - Compare two number operands.
 * @a: First.
 * @b: Second.
 *
 * Return: true if both print the same.
 */
bool tlkm_number_union_eq(const struct tlkm_number_union *a,
			  const struct tlkm_number_union *b)
{
	if (a->group || b->group)
		return str_eq(a->group, b->group);
	return a->min == b->min && a->max == b->max &&
	       a->min_radix == b->min_radix && a->max_radix == b->max_radix;
}

/**
 * tlkm_number_union_destroy() - Free a number operand.
 * @u: Operand (may be zeroed).
 */
void tlkm_number_union_destroy(struct tlkm_number_union *u)
{
	kfree(u->group);
	u->group = NULL;
}

/**
 * tlkm_parse_addr_union() - Parse "IP", "IP-IP" or "@group".
 * @u:           Receives the operand.
 * @w:           The word.
 * @allow_group: Whether "@group" is allowed here.
 * @err:         Receives the reason on failure.
 *
 * Return: 0, -%EINVAL, -%ENOMEM.
 */
int tlkm_parse_addr_union(struct tlkm_addr_union *u,
			  const struct tlkm_word *w, bool allow_group,
			  struct tlkm_err *err)
{
	const char *dash;
	bool v6b;
	size_t n1;

	memset(u, 0, sizeof(*u));
	if (w->len && w->s[0] == '@') {
		if (!allow_group)
			return tlkm_fail(err, -EINVAL,
					 "group not allowed here: '", w->s,
					 w->len, "'");
		return tlkm_parse_group_name(&u->group, w->s + 1, w->len - 1,
					     err);
	}
	dash = memchr(w->s, '-', w->len);
	n1 = dash ? (size_t)(dash - w->s) : w->len;
	if (tlkm_parse_ip(w->s, n1, u->min, &u->is_ipv6))
		goto bad;
	memcpy(u->max, u->min, 16);
	if (!dash)
		return 0;
	if (tlkm_parse_ip(dash + 1, w->len - n1 - 1, u->max, &v6b) ||
	    v6b != u->is_ipv6)
		goto bad;
	if (memcmp(u->min, u->max, 16) > 0)
		return tlkm_fail(err, -EINVAL, "range goes backwards: '", w->s,
				 w->len, "'");
	return 0;
bad:
	return tlkm_fail(err, -EINVAL, "bad IP address '", w->s, w->len,
			 "'");
}

/**
 * tlkm_print_addr_union() - Print an address operand.
 * @b: Output buffer.
 * @u: Operand.
 */
void tlkm_print_addr_union(struct tlkm_buf *b,
			   const struct tlkm_addr_union *u)
{
	if (print_group(b, u->group))
		return;
	tlkm_print_ip(b, u->min, u->is_ipv6);
	if (!memcmp(u->min, u->max, 16))
		return;
	tlkm_buf_putc(b, '-');
	tlkm_print_ip(b, u->max, u->is_ipv6);
}

/**
 * tlkm_addr_union_eq() - Compare two address operands.
 * @a: First.
 * @b: Second.
 *
 * Return: true if both denote the same range or group.
 */
bool tlkm_addr_union_eq(const struct tlkm_addr_union *a,
			const struct tlkm_addr_union *b)
{
	if (a->group || b->group)
		return str_eq(a->group, b->group);
	return a->is_ipv6 == b->is_ipv6 && !memcmp(a->min, b->min, 16) &&
	       !memcmp(a->max, b->max, 16);
}

/**
 * tlkm_addr_in_range() - Is an address inside a (non-group) range?
 * @u:       Range.
 * @addr:    Address (IPv4 in the first four bytes, the rest zero).
 * @is_ipv6: Family of @addr.
 *
 * Return: true if the families agree and @addr lies in the range.
 */
bool tlkm_addr_in_range(const struct tlkm_addr_union *u, const u8 *addr,
			bool is_ipv6)
{
	return !u->group && u->is_ipv6 == is_ipv6 &&
	       memcmp(u->min, addr, 16) <= 0 && memcmp(addr, u->max, 16) <= 0;
}

/**
 * tlkm_addr_union_destroy() - Free an address operand.
 * @u: Operand (may be zeroed).
 */
void tlkm_addr_union_destroy(struct tlkm_addr_union *u)
{
	kfree(u->group);
	u->group = NULL;
}
