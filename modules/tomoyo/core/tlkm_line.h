/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_line.h - the parsed form of one policy line of any policy file.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_LINE_H
#define _MODULES_TOMOYO_CORE_TLKM_LINE_H

#include "tlkm_acl.h"
#include "tlkm_profile.h"

/* Most ACL groups (acl_group N, use_group N). */
#define TLKM_MAX_ACL_GROUPS 256

/* The policy files a line can come from. */
enum tlkm_policy_file {
	TLKM_DOMAIN_POLICY,
	TLKM_EXCEPTION_POLICY,
	TLKM_PROFILE_POLICY,
};

/* What a line says. */
enum tlkm_line_kind {
	TLKM_LINE_NONE,		/* blank line */
	TLKM_LINE_DOMAIN,	/* "<kernel> /sbin/init": @str1 */
	TLKM_LINE_USE_PROFILE,	/* "use_profile N": @index */
	TLKM_LINE_USE_GROUP,	/* "use_group N": @index */
	TLKM_LINE_DOMAIN_FLAG,	/* enum tlkm_domain_flag in @index */
	TLKM_LINE_ACL,		/* @acl */
	TLKM_LINE_TRANSITION,	/* enum tlkm_transition_type in @index */
	TLKM_LINE_AGGREGATOR,	/* @pat -> @str1 */
	TLKM_LINE_PATH_GROUP,	/* @str1 = group, @pat = member */
	TLKM_LINE_NUMBER_GROUP,	/* @str1 = group, @num = member */
	TLKM_LINE_ADDRESS_GROUP, /* @str1 = group, @addr = member */
	TLKM_LINE_ACL_GROUP,	/* "acl_group N": @index and @acl */
	TLKM_LINE_PROFILE,	/* @prof */
};

/* Domain flags. */
enum tlkm_domain_flag {
	TLKM_FLAG_QUOTA_EXCEEDED,
	TLKM_FLAG_TRANSITION_FAILED,
};

/* Domain transition control keywords, in TOMOYO's precedence order. */
enum tlkm_transition_type {
	TLKM_TR_NO_RESET,
	TLKM_TR_RESET,
	TLKM_TR_NO_INITIALIZE,
	TLKM_TR_INITIALIZE,
	TLKM_TR_NO_KEEP,
	TLKM_TR_KEEP,
	TLKM_TR_MAX,
};

/**
 * struct tlkm_line - One parsed policy line. Fields unused by @kind are
 * zero; free everything with tlkm_line_destroy().
 * @kind:         enum tlkm_line_kind.
 * @is_delete:    The line started with "delete ".
 * @is_last_name: Transition "from" names a program, not a whole domain.
 * @index:        Number or sub-kind, see enum tlkm_line_kind.
 * @ns:           Namespace prefix ("<...>") of an exception or profile
 *                line, or NULL for the default.
 * @str1:         Domain name, aggregated name, group name or transition
 *                program (NULL for "any").
 * @str2:         Transition "from" domain or program (NULL for "any").
 * @pat:          Aggregator original pattern or path_group member.
 * @num:          number_group member.
 * @addr:         address_group member.
 * @acl:          ACL of %TLKM_LINE_ACL and %TLKM_LINE_ACL_GROUP.
 * @prof:         Profile line.
 */
struct tlkm_line {
	u8 kind;
	bool is_delete;
	bool is_last_name;
	u32 index;
	char *ns;
	char *str1;
	char *str2;
	struct tlkm_pattern pat;
	struct tlkm_number_union num;
	struct tlkm_addr_union addr;
	struct tlkm_acl acl;
	struct tlkm_profile_line prof;
};

extern const char * const tlkm_transition_keywords[TLKM_TR_MAX];

int tlkm_parse_exception(struct tlkm_line *l, struct tlkm_cursor *c,
			 struct tlkm_err *err);
void tlkm_print_exception(struct tlkm_buf *b, const struct tlkm_line *l);
void tlkm_print_exception_body(struct tlkm_buf *b, const struct tlkm_line *l);

#endif /* _MODULES_TOMOYO_CORE_TLKM_LINE_H */
