// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_policy.c - entry points for parsing and printing policy lines, and
 * the domain policy's own lines (domain headers, use_profile, use_group,
 * flags).
 */
#include "tlkm_domainname.h"
#include "tlkm_policy.h"

static const char * const flag_names[2] = {
	"quota_exceeded", "transition_failed",
};

static int parse_number_line(struct tlkm_line *l, struct tlkm_cursor *c,
			     struct tlkm_err *err)
{
	struct tlkm_word w;

	if (!tlkm_next_word(c, &w) ||
	    tlkm_parse_dec_u32(w.s, w.len, 255, &l->index))
		return tlkm_fail(err, -EINVAL,
				 l->kind == TLKM_LINE_USE_PROFILE ?
				 "use_profile needs a number 0-255" :
				 "use_group needs a number 0-255", NULL, 0,
				 NULL);
	return 0;
}

static int find_flag(const struct tlkm_word *w)
{
	int i;

	for (i = 0; i < 2; i++)
		if (tlkm_word_eq(w, flag_names[i]))
			return i;
	return -1;
}

static int parse_domain_line(struct tlkm_line *l, struct tlkm_cursor *c,
			     struct tlkm_err *err)
{
	struct tlkm_cursor start = *c;
	struct tlkm_word w;
	int ret = 0;

	if (!tlkm_next_word(c, &w))
		return 0;
	if (w.s[0] == '<') {
		l->kind = TLKM_LINE_DOMAIN;
		ret = tlkm_parse_domainname(&l->str1, &w, c, err);
	} else if (tlkm_word_eq(&w, "use_profile")) {
		l->kind = TLKM_LINE_USE_PROFILE;
		ret = parse_number_line(l, c, err);
	} else if (tlkm_word_eq(&w, "use_group")) {
		l->kind = TLKM_LINE_USE_GROUP;
		ret = parse_number_line(l, c, err);
	} else if (find_flag(&w) >= 0) {
		l->kind = TLKM_LINE_DOMAIN_FLAG;
		l->index = find_flag(&w);
	} else if (tlkm_word_eq(&w, "select")) {
		return tlkm_fail(err, -EOPNOTSUPP,
				 "'select' is an editor command, not policy",
				 NULL, 0, NULL);
	} else {
		l->kind = TLKM_LINE_ACL;
		*c = start;
		return tlkm_parse_acl(&l->acl, c, err);
	}
	if (!ret && tlkm_next_word(c, &w))
		ret = tlkm_fail(err, -EINVAL, "unexpected '", w.s, w.len, "'");
	return ret;
}

static int parse_profile_line(struct tlkm_line *l, struct tlkm_cursor *c,
			      struct tlkm_err *err)
{
	struct tlkm_cursor probe = *c;
	struct tlkm_word w;

	if (!tlkm_next_word(&probe, &w))
		return 0;
	if (l->is_delete)
		return tlkm_fail(err, -EINVAL, "profile lines cannot be deleted",
				 NULL, 0, NULL);
	if (w.s[0] == '<') {
		int ret = tlkm_parse_namespace(&l->ns, &w, err);

		if (ret)
			return ret;
		*c = probe;
	}
	l->kind = TLKM_LINE_PROFILE;
	return tlkm_parse_profile(&l->prof, c, err);
}

static int check_bytes(const char *line, size_t len, struct tlkm_err *err)
{
	size_t i;

	if (len > TLKM_MAX_LINE)
		return tlkm_fail(err, -E2BIG, "line too long", NULL, 0, NULL);
	for (i = 0; i < len; i++)
		if (line[i] == '\n' || line[i] == '\0')
			return tlkm_fail(err, -EINVAL,
					 "line holds a newline or NUL byte",
					 NULL, 0, NULL);
	return 0;
}

/**
 * tlkm_parse_line() - Parse one line of a policy file.
 * @file: Which policy file the line belongs to.
 * @line: The line, without its newline (need not be NUL-terminated).
 * @len:  Length of @line.
 * @l:    Receives the line. Always call tlkm_line_destroy() afterwards,
 *        also on failure.
 * @err:  Receives a negative errno and a short reason on failure.
 *
 * A leading "delete " sets @l->is_delete. A blank line parses as
 * %TLKM_LINE_NONE.
 *
 * Return: 0, or a negative errno:
 * - %EINVAL: malformed line (see @err->reason);
 * - %EOPNOTSUPP: valid TOMOYO syntax that tomoyo_lkm does not implement;
 * - %E2BIG: line or one of its parts too long;
 * - %ENOMEM: out of memory.
 */
int tlkm_parse_line(enum tlkm_policy_file file, const char *line, size_t len,
		    struct tlkm_line *l, struct tlkm_err *err)
{
	struct tlkm_cursor c, probe;
	struct tlkm_word w;
	int ret;

	memset(l, 0, sizeof(*l));
	if (err) {
		err->code = 0;
		err->reason[0] = '\0';
	}
	ret = check_bytes(line, len, err);
	if (ret)
		return ret;
	tlkm_cursor_init(&c, line, len);
	probe = c;
	if (tlkm_next_word(&probe, &w) && tlkm_word_eq(&w, "delete")) {
		l->is_delete = true;
		c = probe;
		if (tlkm_cursor_empty(&c))
			return tlkm_fail(err, -EINVAL, "nothing to delete",
					 NULL, 0, NULL);
	}
	if (file == TLKM_DOMAIN_POLICY)
		return parse_domain_line(l, &c, err);
	if (file == TLKM_EXCEPTION_POLICY)
		return tlkm_parse_exception(l, &c, err);
	return parse_profile_line(l, &c, err);
}

/**
 * tlkm_print_line_buf() - Print a parsed line in canonical form.
 * @b: Output buffer (no newline is added).
 * @l: Line.
 */
void tlkm_print_line_buf(struct tlkm_buf *b, const struct tlkm_line *l)
{
	if (l->kind == TLKM_LINE_NONE)
		return;
	if (l->is_delete)
		tlkm_buf_puts(b, "delete ");
	switch (l->kind) {
	case TLKM_LINE_DOMAIN:
		return tlkm_buf_puts(b, l->str1);
	case TLKM_LINE_USE_PROFILE:
	case TLKM_LINE_USE_GROUP:
		tlkm_buf_puts(b, l->kind == TLKM_LINE_USE_PROFILE ?
			      "use_profile " : "use_group ");
		return tlkm_buf_put_u64(b, l->index, TLKM_RADIX_DEC);
	case TLKM_LINE_DOMAIN_FLAG:
		return tlkm_buf_puts(b, flag_names[l->index]);
	case TLKM_LINE_ACL:
		return tlkm_print_acl(b, &l->acl);
	case TLKM_LINE_PROFILE:
		if (l->ns) {
			tlkm_buf_puts(b, l->ns);
			tlkm_buf_putc(b, ' ');
		}
		return tlkm_print_profile(b, &l->prof);
	default:
		return tlkm_print_exception(b, l);
	}
}

/**
 * tlkm_print_line() - Print a parsed line into a plain buffer.
 * @l:    Line.
 * @buf:  Output, NUL-terminated (no newline).
 * @size: Size of @buf.
 *
 * Return: length printed, or -%E2BIG if @buf is too small.
 */
int tlkm_print_line(const struct tlkm_line *l, char *buf, size_t size)
{
	struct tlkm_buf b;

	tlkm_buf_init(&b, buf, size);
	tlkm_print_line_buf(&b, l);
	return b.overflow ? -E2BIG : (int)b.len;
}

/**
 * tlkm_line_destroy() - Free everything a parsed line owns.
 * @l: Line (fully or partially parsed).
 */
void tlkm_line_destroy(struct tlkm_line *l)
{
	kfree(l->ns);
	kfree(l->str1);
	kfree(l->str2);
	l->ns = NULL;
	l->str1 = NULL;
	l->str2 = NULL;
	tlkm_pattern_destroy(&l->pat);
	tlkm_number_union_destroy(&l->num);
	tlkm_addr_union_destroy(&l->addr);
	tlkm_acl_destroy(&l->acl);
	tlkm_profile_destroy(&l->prof);
}
