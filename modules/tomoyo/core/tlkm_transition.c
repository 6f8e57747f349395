// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_transition.c - the domain transition decision on execve().
 */
#include "tlkm_domainname.h"
#include "tlkm_transition.h"

/**
 * tlkm_aggregate() - Apply "aggregator" to a program name.
 * @p:       Policy.
 * @domain:  Current domain (selects the namespace).
 * @program: Encoded program pathname.
 *
 * Return: the aggregated name of the first aggregator whose pattern
 * matches @program, else @program itself.
 */
const char *tlkm_aggregate(const struct tlkm_policy *p, const char *domain,
			   const char *program)
{
	const struct tlkm_entry *e;
	size_t len = strlen(program);

	for (e = p->aggregators; e; e = e->gnext)
		if (tlkm_in_namespace(e->line.ns, domain) &&
		    tlkm_pattern_match(&e->line.pat, program, len))
			return e->line.str1;
	return program;
}

static bool rule_matches(const struct tlkm_line *l, const char *domain,
			 const char *program)
{
	if (l->str1 && strcmp(l->str1, program))
		return false;
	if (!l->str2)
		return true;
	if (l->is_last_name)
		return !strcmp(l->str2, tlkm_last_word(domain));
	return !strcmp(l->str2, domain);
}

static bool scan(const struct tlkm_policy *p, unsigned int type,
		 const char *domain, const char *program)
{
	const struct tlkm_entry *e;

	for (e = p->transitions; e; e = e->gnext)
		if (e->line.index == type &&
		    tlkm_in_namespace(e->line.ns, domain) &&
		    rule_matches(&e->line, domain, program))
			return true;
	return false;
}

/**
 * tlkm_transition_type() - Which transition rule applies?
 * @p:       Policy.
 * @domain:  Current domain name.
 * @program: Program name after aggregation.
 *
 * Rules are tried in the order no_reset, reset, no_initialize,
 * initialize, no_keep, keep. A matching "no_" rule skips its positive
 * counterpart; no_keep_domain ends the search.
 *
 * Return: enum tlkm_transition_type of the deciding rule, or
 * %TLKM_TR_MAX when none applies (a child domain).
 */
int tlkm_transition_type(const struct tlkm_policy *p, const char *domain,
			 const char *program)
{
	unsigned int type = TLKM_TR_NO_RESET;

	while (type < TLKM_TR_MAX) {
		if (!scan(p, type, domain, program)) {
			type++;
			continue;
		}
		if (type != TLKM_TR_NO_RESET && type != TLKM_TR_NO_INITIALIZE)
			break;
		type += 2;
	}
	return type;
}

/**
 * tlkm_next_domain() - Name of the domain entered by an execve().
 * @p:       Policy.
 * @domain:  Current domain name.
 * @program: Encoded pathname of the executed program (as invoked).
 * @out:     Receives the new domain name, NUL-terminated.
 * @size:    Size of @out.
 *
 * The program name is aggregated first. The caller checks "file execute"
 * against tlkm_aggregate()'s result and creates the domain if needed.
 *
 * Return: enum tlkm_transition_result, or -%E2BIG if @out is too small.
 */
int tlkm_next_domain(const struct tlkm_policy *p, const char *domain,
		     const char *program, char *out, size_t size)
{
	return tlkm_exec_domain(p, domain, tlkm_aggregate(p, domain, program),
				NULL, out, size);
}

/* The transition rule a preference forces, or -1 for a named domain. */
static int forced_rule(const char *transit)
{
	if (!strcmp(transit, "keep"))
		return TLKM_TR_KEEP;
	if (!strcmp(transit, "reset"))
		return TLKM_TR_RESET;
	if (!strcmp(transit, "initialize"))
		return TLKM_TR_INITIALIZE;
	if (!strcmp(transit, "child"))
		return TLKM_TR_MAX;
	return -1;
}

/* "parent", "<domain>" or a program name: the domain it names. */
static int jump(struct tlkm_buf *b, const char *domain, const char *transit)
{
	const char *sp;

	if (!strcmp(transit, "parent")) {
		sp = strrchr(domain, ' ');
		tlkm_buf_putn(b, domain, sp ? (size_t)(sp - domain) :
				 strlen(domain));
	} else if (transit[0] == '<') {
		tlkm_buf_puts(b, transit);
	} else {
		tlkm_buf_puts(b, domain);
		tlkm_buf_putc(b, ' ');
		tlkm_buf_puts(b, transit);
	}
	return b->overflow ? -E2BIG : TLKM_GO_JUMP;
}

/**
 * tlkm_exec_domain() - Name of the domain an execve() enters, given how
 * the "file execute" ACL that allowed it names the program.
 * @p:       Policy.
 * @domain:  Current domain name.
 * @program: The program name to name domains by: the pattern of the ACL
 *           that allowed the exec (TOMOYO's matched_path), else the
 *           aggregated program name.
 * @transit: That ACL's transition preference, or NULL.
 * @out:     Receives the new domain name, NUL-terminated.
 * @size:    Size of @out.
 *
 * As TOMOYO: a preference decides alone ("keep", "child", "reset",
 * "initialize" as the exception policy rules would; "parent", a domain
 * name, or a program name for that child of @domain); without one the
 * exception policy rules decide. When a preference is given, or the
 * result is %TLKM_GO_RESET, the caller fails the exec if the domain
 * cannot be entered.
 *
 * Return: enum tlkm_transition_result, or -%E2BIG if @out is too small.
 */
int tlkm_exec_domain(const struct tlkm_policy *p, const char *domain,
		     const char *program, const char *transit, char *out,
		     size_t size)
{
	const char *prog = program;
	struct tlkm_buf b;
	int result, rule;

	tlkm_buf_init(&b, out, size);
	rule = transit ? forced_rule(transit) :
	       tlkm_transition_type(p, domain, prog);
	if (rule < 0)
		return jump(&b, domain, transit);
	switch (rule) {
	case TLKM_TR_RESET:
		tlkm_buf_putc(&b, '<');
		tlkm_buf_puts(&b, prog);
		tlkm_buf_putc(&b, '>');
		result = TLKM_GO_RESET;
		break;
	case TLKM_TR_INITIALIZE:
		tlkm_buf_putn(&b, domain, tlkm_namespace_len(domain));
		tlkm_buf_putc(&b, ' ');
		tlkm_buf_puts(&b, prog);
		result = TLKM_GO_INITIALIZE;
		break;
	case TLKM_TR_KEEP:
		tlkm_buf_puts(&b, domain);
		result = TLKM_GO_KEEP;
		break;
	default:
		tlkm_buf_puts(&b, domain);
		tlkm_buf_putc(&b, ' ');
		tlkm_buf_puts(&b, prog);
		result = TLKM_GO_CHILD;
		break;
	}
	return b.overflow ? -E2BIG : result;
}
