// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_group_match.c - does a path_group, number_group or address_group
 * of a domain's namespace hold a name, a number or an address?
 */
#include "tlkm_check.h"
#include "tlkm_domainname.h"

/**
 * tlkm_path_group_member() - The member of a path_group that matches.
 * @p:      Policy.
 * @domain: Domain whose namespace holds the group.
 * @group:  Group name (without '@').
 * @name:   Encoded pathname.
 * @len:    Its length.
 *
 * Return: the pattern text of the first member that matches @name, or
 * NULL.
 */
const char *tlkm_path_group_member(const struct tlkm_policy *p,
				   const char *domain, const char *group,
				   const char *name, size_t len)
{
	const struct tlkm_group *g;
	const struct tlkm_entry *e;

	g = tlkm_find_group(p, TLKM_LINE_PATH_GROUP, domain, group);
	for (e = g ? g->members : NULL; e; e = e->gnext)
		if (tlkm_pattern_match(&e->line.pat, name, len))
			return e->line.pat.text;
	return NULL;
}

/**
 * tlkm_path_group_match() - Does a path_group hold a matching pattern?
 * @p:      Policy.
 * @domain: Domain whose namespace holds the group.
 * @group:  Group name (without '@').
 * @name:   Encoded pathname.
 *
 * Return: true if any member of the group matches @name.
 */
bool tlkm_path_group_match(const struct tlkm_policy *p, const char *domain,
			   const char *group, const char *name)
{
	return tlkm_path_group_member(p, domain, group, name, strlen(name));
}

/**
 * tlkm_number_group_match() - Does a number_group hold a value?
 * @p:      Policy.
 * @domain: Domain whose namespace holds the group.
 * @group:  Group name.
 * @value:  Value.
 *
 * Return: true if a member range of the group contains @value.
 */
bool tlkm_number_group_match(const struct tlkm_policy *p, const char *domain,
			     const char *group, u64 value)
{
	const struct tlkm_group *g;
	const struct tlkm_entry *e;

	g = tlkm_find_group(p, TLKM_LINE_NUMBER_GROUP, domain, group);
	for (e = g ? g->members : NULL; e; e = e->gnext)
		if (e->line.num.min <= value && value <= e->line.num.max)
			return true;
	return false;
}

/**
 * tlkm_address_group_match() - Does an address_group hold an address?
 * @p:       Policy.
 * @domain:  Domain whose namespace holds the group.
 * @group:   Group name.
 * @addr:    Address (IPv4 in the first four bytes, rest zero).
 * @is_ipv6: Family of @addr.
 *
 * Return: true if a member range of the group contains @addr.
 */
bool tlkm_address_group_match(const struct tlkm_policy *p, const char *domain,
			      const char *group, const u8 *addr, bool is_ipv6)
{
	const struct tlkm_group *g;
	const struct tlkm_entry *e;

	g = tlkm_find_group(p, TLKM_LINE_ADDRESS_GROUP, domain, group);
	for (e = g ? g->members : NULL; e; e = e->gnext)
		if (tlkm_addr_in_range(&e->line.addr, addr, is_ipv6))
			return true;
	return false;
}
