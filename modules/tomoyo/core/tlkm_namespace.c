// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_namespace.c - the namespaces a policy has named, in the order they
 * were first named, as TOMOYO keeps its namespace list: "<kernel>" is
 * always there and is not kept here.
 */
#include "tlkm_domainname.h"
#include "tlkm_model.h"
#include "tlkm_model_int.h"

/**
 * struct tlkm_ns_name - One namespace other than "<kernel>".
 * @next: The namespace named after this one.
 * @name: "<...>", NUL-terminated.
 */
struct tlkm_ns_name {
	struct tlkm_ns_name *next;
	char name[];
};

/**
 * tlkm_note_namespace() - A line named a namespace.
 * @p:    Policy.
 * @name: A namespace or a domain name; its first word is the namespace.
 *
 * From the first namespace other than "<kernel>" on, exception and profile
 * lines read back with their namespace (@p->ns_enabled). A namespace
 * that cannot be remembered for want of memory is only left out of the
 * profile read-back's PROFILE_VERSION lines, as is a malformed one (a
 * refused line's).
 */
void tlkm_note_namespace(struct tlkm_policy *p, const char *name)
{
	size_t len = tlkm_namespace_len(name);
	struct tlkm_ns_name **pp, *n;

	if (tlkm_in_namespace(NULL, name))
		return;
	p->ns_enabled = true;
	if (!tlkm_is_namespace(name, len))
		return;
	for (pp = &p->namespaces; (n = *pp); pp = &n->next)
		if (strlen(n->name) == len && !memcmp(n->name, name, len))
			return;
	n = kmalloc(sizeof(*n) + len + 1, TLKM_GFP);
	if (!n)
		return;
	n->next = NULL;
	memcpy(n->name, name, len);
	n->name[len] = '\0';
	*pp = n;
}

/**
 * tlkm_namespace_next() - Walk the namespaces in the order they were named.
 * @p:   Policy.
 * @cur: NULL for the first one after "<kernel>", else the value returned
 *       last.
 *
 * Return: the next namespace's name, or NULL after the last.
 */
const char *tlkm_namespace_next(const struct tlkm_policy *p, const char *cur)
{
	const struct tlkm_ns_name *n = p->namespaces;

	if (cur)
		n = ((const struct tlkm_ns_name *)
		     (cur - offsetof(struct tlkm_ns_name, name)))->next;
	return n ? n->name : NULL;
}

/**
 * tlkm_forget_namespaces() - Free the list of named namespaces.
 * @p: Policy.
 */
void tlkm_forget_namespaces(struct tlkm_policy *p)
{
	while (p->namespaces) {
		struct tlkm_ns_name *next = p->namespaces->next;

		kfree(p->namespaces);
		p->namespaces = next;
	}
}
