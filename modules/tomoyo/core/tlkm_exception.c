// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_exception.c - parse and print exception policy lines: domain
 * transition control, aggregator, groups and acl_group.
 */
#include "tlkm_domainname.h"
#include "tlkm_line.h"
#include "tlkm_path.h"

const char * const tlkm_transition_keywords[TLKM_TR_MAX] = {
	"no_reset_domain", "reset_domain", "no_initialize_domain",
	"initialize_domain", "no_keep_domain", "keep_domain",
};

static int dup_word(char **out, const struct tlkm_word *w, unsigned int flags,
		    struct tlkm_err *err)
{
	int ret = tlkm_check_word(w->s, w->len, flags, err);

	if (ret)
		return ret;
	*out = tlkm_memdup_str(w->s, w->len);
	return *out ? 0 : tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0,
				    NULL);
}

static int need(struct tlkm_cursor *c, struct tlkm_word *w, const char *what,
		struct tlkm_err *err)
{
	if (tlkm_next_word(c, w))
		return 0;
	return tlkm_fail(err, -EINVAL, "missing ", NULL, 0, what);
}

static int end_of_line(struct tlkm_cursor *c, struct tlkm_err *err)
{
	struct tlkm_word w;

	if (!tlkm_next_word(c, &w))
		return 0;
	return tlkm_fail(err, -EINVAL, "unexpected '", w.s, w.len, "'");
}

/* The part after "from": "DOMAIN", a last program name, or "any". */
static int parse_from(struct tlkm_line *l, struct tlkm_cursor *c,
		      struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need(c, &w, "domain after 'from'", err);

	if (ret)
		return ret;
	if (w.s[0] == '<')
		ret = tlkm_parse_domainname(&l->str2, &w, c, err);
	else if (!tlkm_word_eq(&w, "any")) {
		l->is_last_name = true;
		ret = dup_word(&l->str2, &w,
			       TLKM_WORD_ABSOLUTE | TLKM_WORD_PATTERN, err);
	}
	return ret ? ret : end_of_line(c, err);
}

static bool has_from(struct tlkm_cursor c)
{
	struct tlkm_word w;

	while (tlkm_next_word(&c, &w))
		if (tlkm_word_eq(&w, "from"))
			return true;
	return false;
}

/*
 * "[no_]{initialize,keep,reset}_domain PROGRAM|any [from DOMAIN|any]".
 * As in TOMOYO, keep_domain and no_keep_domain without "from" name the
 * domain, not the program: "keep_domain /usr/sbin/sshd" is "keep_domain
 * any from /usr/sbin/sshd" (every program run from a domain whose last
 * name is sshd), "keep_domain <kernel> /x" is "any from <kernel> /x".
 */
static int parse_transition(struct tlkm_line *l, struct tlkm_cursor *c,
			    struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret;

	if ((l->index == TLKM_TR_KEEP || l->index == TLKM_TR_NO_KEEP) &&
	    !has_from(*c))
		return parse_from(l, c, err);
	ret = need(c, &w, "program", err);
	if (ret)
		return ret;
	if (w.s[0] == '<')
		return tlkm_fail(err, -EINVAL, "expected a program, got '",
				 w.s, w.len, "'");
	/*
	 * As in TOMOYO, a wildcard is taken literally: it matches the name
	 * of a "file execute" pattern that allowed the exec.
	 */
	if (!tlkm_word_eq(&w, "any")) {
		ret = dup_word(&l->str1, &w,
			       TLKM_WORD_ABSOLUTE | TLKM_WORD_PATTERN, err);
		if (ret)
			return ret;
	}
	if (!tlkm_next_word(c, &w))
		return 0;
	if (!tlkm_word_eq(&w, "from"))
		return tlkm_fail(err, -EINVAL, "expected 'from', got '", w.s,
				 w.len, "'");
	return parse_from(l, c, err);
}

static int parse_aggregator(struct tlkm_line *l, struct tlkm_cursor *c,
			    struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need(c, &w, "original pathname", err);

	if (!ret)
		ret = tlkm_pattern_init(&l->pat, w.s, w.len,
					TLKM_WORD_PATTERN, err);
	if (!ret)
		ret = need(c, &w, "aggregated pathname", err);
	if (!ret)
		ret = dup_word(&l->str1, &w, TLKM_WORD_ABSOLUTE, err);
	return ret ? ret : end_of_line(c, err);
}

static int parse_group(struct tlkm_line *l, struct tlkm_cursor *c,
		       struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need(c, &w, "group name", err);

	if (!ret)
		ret = dup_word(&l->str1, &w, 0, err);
	if (!ret)
		ret = need(c, &w, "group member", err);
	if (ret)
		return ret;
	if (w.s[0] == '@')
		return tlkm_fail(err, -EINVAL, "groups cannot nest: '", w.s,
				 w.len, "'");
	if (l->kind == TLKM_LINE_PATH_GROUP)
		ret = tlkm_pattern_init(&l->pat, w.s, w.len,
					TLKM_WORD_PATTERN, err);
	else if (l->kind == TLKM_LINE_NUMBER_GROUP)
		ret = tlkm_parse_number_union(&l->num, &w, false, err);
	else
		ret = tlkm_parse_addr_union(&l->addr, &w, false, err);
	return ret ? ret : end_of_line(c, err);
}

static int parse_acl_group(struct tlkm_line *l, struct tlkm_cursor *c,
			   struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = need(c, &w, "acl_group number", err);

	if (ret)
		return ret;
	if (tlkm_parse_dec_u32(w.s, w.len, TLKM_MAX_ACL_GROUPS - 1, &l->index))
		return tlkm_fail(err, -EINVAL, "acl_group must be 0-255: '",
				 w.s, w.len, "'");
	return tlkm_parse_acl(&l->acl, c, err);
}

static int parse_keyword(struct tlkm_line *l, const struct tlkm_word *w,
			 struct tlkm_cursor *c, struct tlkm_err *err)
{
	static const char * const groups[3] = {
		"path_group", "number_group", "address_group",
	};
	unsigned int i;

	for (i = 0; i < TLKM_TR_MAX; i++)
		if (tlkm_word_eq(w, tlkm_transition_keywords[i])) {
			l->kind = TLKM_LINE_TRANSITION;
			l->index = i;
			return parse_transition(l, c, err);
		}
	for (i = 0; i < 3; i++)
		if (tlkm_word_eq(w, groups[i])) {
			l->kind = TLKM_LINE_PATH_GROUP + i;
			return parse_group(l, c, err);
		}
	if (tlkm_word_eq(w, "aggregator")) {
		l->kind = TLKM_LINE_AGGREGATOR;
		return parse_aggregator(l, c, err);
	}
	if (tlkm_word_eq(w, "acl_group")) {
		l->kind = TLKM_LINE_ACL_GROUP;
		return parse_acl_group(l, c, err);
	}
	return tlkm_fail(err, -EINVAL, "unknown keyword '", w->s, w->len, "'");
}

/**
 * tlkm_parse_exception() - Parse an exception policy line.
 * @l:   Line to fill in (zeroed by the caller, "delete" already taken).
 * @c:   Cursor at the optional namespace or the keyword; consumed.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL, -%EOPNOTSUPP, -%E2BIG, -%ENOMEM.
 */
int tlkm_parse_exception(struct tlkm_line *l, struct tlkm_cursor *c,
			 struct tlkm_err *err)
{
	struct tlkm_word w;

	if (!tlkm_next_word(c, &w))
		return 0;
	if (w.s[0] == '<') {
		int ret = tlkm_parse_namespace(&l->ns, &w, err);

		if (ret)
			return ret;
		if (!tlkm_next_word(c, &w))
			return tlkm_fail(err, -EINVAL, "missing keyword", NULL,
					 0, NULL);
	}
	return parse_keyword(l, &w, c, err);
}

static void print_group(struct tlkm_buf *b, const struct tlkm_line *l)
{
	static const char * const groups[3] = {
		"path_group ", "number_group ", "address_group ",
	};

	tlkm_buf_puts(b, groups[l->kind - TLKM_LINE_PATH_GROUP]);
	tlkm_buf_puts(b, l->str1);
	tlkm_buf_putc(b, ' ');
	if (l->kind == TLKM_LINE_PATH_GROUP)
		tlkm_buf_puts(b, l->pat.text);
	else if (l->kind == TLKM_LINE_NUMBER_GROUP)
		tlkm_print_number_union(b, &l->num);
	else
		tlkm_print_addr_union(b, &l->addr);
}

/**
 * tlkm_print_exception() - Print an exception policy line (no "delete").
 * @b: Output buffer.
 * @l: Line.
 */
void tlkm_print_exception(struct tlkm_buf *b, const struct tlkm_line *l)
{
	if (l->ns) {
		tlkm_buf_puts(b, l->ns);
		tlkm_buf_putc(b, ' ');
	}
	tlkm_print_exception_body(b, l);
}

/**
 * tlkm_print_exception_body() - Print an exception policy line without its
 * namespace prefix (and without "delete").
 * @b: Output buffer.
 * @l: Line.
 */
void tlkm_print_exception_body(struct tlkm_buf *b, const struct tlkm_line *l)
{
	switch (l->kind) {
	case TLKM_LINE_TRANSITION:
		tlkm_buf_puts(b, tlkm_transition_keywords[l->index]);
		tlkm_buf_putc(b, ' ');
		tlkm_buf_puts(b, l->str1 ? l->str1 : "any");
		tlkm_buf_puts(b, " from ");
		tlkm_buf_puts(b, l->str2 ? l->str2 : "any");
		break;
	case TLKM_LINE_AGGREGATOR:
		tlkm_buf_puts(b, "aggregator ");
		tlkm_buf_puts(b, l->pat.text);
		tlkm_buf_putc(b, ' ');
		tlkm_buf_puts(b, l->str1);
		break;
	case TLKM_LINE_ACL_GROUP:
		tlkm_buf_puts(b, "acl_group ");
		tlkm_buf_put_u64(b, l->index, TLKM_RADIX_DEC);
		tlkm_buf_putc(b, ' ');
		tlkm_print_acl(b, &l->acl);
		break;
	default:
		print_group(b, l);
		break;
	}
}
