// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_domainname.c - parse and inspect domain names.
 */
#include "tlkm_domainname.h"
#include "tlkm_path.h"

/**
 * tlkm_is_namespace() - Is a word a namespace such as "<kernel>"?
 * @s:   Word.
 * @len: Its length.
 *
 * The inside must be a non-empty wildcard-free TOMOYO word without '<'
 * or '>'.
 *
 * Return: true if the word is a well-formed namespace.
 */
bool tlkm_is_namespace(const char *s, size_t len)
{
	size_t i;

	if (len < 3 || s[0] != '<' || s[len - 1] != '>')
		return false;
	for (i = 1; i < len - 1; i++)
		if (s[i] == '<' || s[i] == '>')
			return false;
	return !tlkm_check_word(s + 1, len - 2, 0, NULL);
}

/**
 * tlkm_parse_namespace() - Validate and copy a namespace word.
 * @out: Receives a kmalloc()ed copy, such as "<kernel>".
 * @w:   Word, '<' included.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL for a malformed namespace, -%ENOMEM.
 */
int tlkm_parse_namespace(char **out, const struct tlkm_word *w,
			 struct tlkm_err *err)
{
	if (!tlkm_is_namespace(w->s, w->len))
		return tlkm_fail(err, -EINVAL, "bad namespace '", w->s, w->len,
				 "'");
	*out = tlkm_memdup_str(w->s, w->len);
	if (!*out)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	return 0;
}

/*
 * Can @w be a program name in a domain name? As in TOMOYO: it holds a '/'
 * and no '.' before its first '/'. Names such as "proc:/self/fd/16" (a
 * program run through /proc/self/fd/N) qualify; condition words such as
 * exec.realpath="/bin/sh" do not.
 */
static bool is_program_word(const struct tlkm_word *w)
{
	size_t i;

	for (i = 0; i < w->len; i++) {
		if (w->s[i] == '/')
			return true;
		if (w->s[i] == '.')
			return false;
	}
	return false;
}

/**
 * tlkm_parse_domainname() - Collect a domain name from a line.
 * @out:   Receives a kmalloc()ed copy with single spaces.
 * @first: The namespace word, already taken from @c.
 * @c:     Cursor; following words that hold a '/' before any '.' are
 *         taken as the domain's program names (as TOMOYO's rule, which
 *         admits "proc:/self/fd/16"), the rest is left for the caller.
 * @err:   Receives the reason on failure.
 *
 * Return: 0, -%EINVAL for a malformed name, -%E2BIG for an over-long one,
 * -%ENOMEM.
 */
int tlkm_parse_domainname(char **out, const struct tlkm_word *first,
			  struct tlkm_cursor *c, struct tlkm_err *err)
{
	struct tlkm_cursor probe = *c;
	struct tlkm_word w;
	size_t total = first->len;
	char *p;

	if (!tlkm_is_namespace(first->s, first->len))
		return tlkm_fail(err, -EINVAL, "bad namespace '", first->s,
				 first->len, "'");
	/*
	 * As in TOMOYO, a program name may hold wildcards: a domain entered
	 * through a "file execute" pattern is named after the pattern.
	 */
	while (tlkm_next_word(&probe, &w) && is_program_word(&w)) {
		int ret = tlkm_check_word(w.s, w.len, TLKM_WORD_PATTERN, err);

		if (ret)
			return ret;
		total += w.len + 1;
	}
	if (total > TLKM_MAX_LINE)
		return tlkm_fail(err, -E2BIG, "domain name too long", NULL, 0,
				 NULL);
	p = kmalloc(total + 1, TLKM_GFP);
	if (!p)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	*out = p;
	memcpy(p, first->s, first->len);
	p += first->len;
	probe = *c;
	while (tlkm_next_word(&probe, &w) && is_program_word(&w)) {
		*p++ = ' ';
		memcpy(p, w.s, w.len);
		p += w.len;
		*c = probe;
	}
	*p = '\0';
	return 0;
}

/**
 * tlkm_namespace_len() - Length of the namespace part of a domain name.
 * @domain: Valid domain name.
 *
 * Return: length of "<...>" at the start of @domain.
 */
size_t tlkm_namespace_len(const char *domain)
{
	const char *sp = strchr(domain, ' ');

	return sp ? (size_t)(sp - domain) : strlen(domain);
}

/**
 * tlkm_in_namespace() - Does a namespace prefix cover a domain?
 * @ns:     Namespace of a policy line ("<...>"), NULL meaning "<kernel>".
 * @domain: Domain name (only its first word, the namespace, is used).
 *
 * Return: true if @domain lives in namespace @ns.
 */
bool tlkm_in_namespace(const char *ns, const char *domain)
{
	size_t n = tlkm_namespace_len(domain);

	if (!ns)
		ns = "<kernel>";
	return strlen(ns) == n && !memcmp(ns, domain, n);
}

/**
 * tlkm_last_word() - Last space-separated word of a domain name.
 * @domain: Valid domain name.
 *
 * Return: pointer into @domain, e.g. "/bin/sh" or "<kernel>".
 */
const char *tlkm_last_word(const char *domain)
{
	const char *sp = strrchr(domain, ' ');

	return sp ? sp + 1 : domain;
}
