/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_model_int.h - what the files of the in-memory model share among
 * themselves (tlkm_model.c, tlkm_exception_model.c, tlkm_namespace.c,
 * tlkm_domain_index.c, tlkm_dump.c); not for their users.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_MODEL_INT_H
#define _MODULES_TOMOYO_CORE_TLKM_MODEL_INT_H

#include "tlkm_model.h"

/* Both NULL, or the same string. */
static inline bool tlkm_str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

/* Same namespace? A line without one is in "<kernel>". */
static inline bool tlkm_ns_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "<kernel>", b ? b : "<kernel>");
}

int tlkm_update_acl(struct tlkm_acl_entry **list, struct tlkm_acl *acl,
		    bool is_delete, struct tlkm_err *err);
void tlkm_forget_configs(struct tlkm_policy *p);
int tlkm_apply_exception(struct tlkm_policy *p, struct tlkm_line *l,
			 struct tlkm_err *err);
struct tlkm_domain *tlkm_new_domain(struct tlkm_policy *p, const char *name,
				    size_t len);
void tlkm_unindex_domain(struct tlkm_policy *p, struct tlkm_domain *d);
void tlkm_note_namespace(struct tlkm_policy *p, const char *name);
const char *tlkm_namespace_next(const struct tlkm_policy *p, const char *cur);
void tlkm_forget_namespaces(struct tlkm_policy *p);
int tlkm_apply_profile(struct tlkm_policy *p, struct tlkm_line *l,
		       struct tlkm_err *err);

#endif /* _MODULES_TOMOYO_CORE_TLKM_MODEL_INT_H */
