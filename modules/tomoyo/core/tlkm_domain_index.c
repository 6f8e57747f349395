// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_domain_index.c - the policy's domains indexed by name: making one,
 * finding one (deleted ones too, for the tasks still in them).
 */
#include "tlkm_model.h"
#include "tlkm_model_int.h"

/**
 * tlkm_name_hash() - Hash of a domain name for the name index (FNV-1a).
 * @name: NUL-terminated name.
 *
 * Return: the hash.
 */
u32 tlkm_name_hash(const char *name)
{
	u32 h = 2166136261U;

	while (*name)
		h = (h ^ (u8)*name++) * 16777619U;
	return h;
}

static struct tlkm_domain **bucket_of(struct tlkm_policy *p, u32 hash)
{
	return &p->buckets[hash & (TLKM_DOMAIN_BUCKETS - 1)];
}

/**
 * tlkm_new_domain() - Make a domain and index it by name.
 * @p:    Policy.
 * @name: Name (need not be NUL-terminated).
 * @len:  Its length.
 *
 * The caller links it into @p->domains.
 *
 * Return: the domain, or NULL when out of memory.
 */
struct tlkm_domain *tlkm_new_domain(struct tlkm_policy *p, const char *name,
				    size_t len)
{
	struct tlkm_domain *d = kzalloc(sizeof(*d), TLKM_GFP);
	struct tlkm_domain **b;

	if (!d)
		return NULL;
	d->name = tlkm_memdup_str(name, len);
	if (!d->name) {
		kfree(d);
		return NULL;
	}
	d->hash = tlkm_name_hash(d->name);
	b = bucket_of(p, d->hash);
	d->hnext = *b;
	*b = d;
	return d;
}

/**
 * tlkm_unindex_domain() - Take a domain out of the name index.
 * @p: Policy.
 * @d: Domain, indexed.
 */
void tlkm_unindex_domain(struct tlkm_policy *p, struct tlkm_domain *d)
{
	struct tlkm_domain **pp;

	for (pp = bucket_of(p, d->hash); *pp; pp = &(*pp)->hnext)
		if (*pp == d) {
			*pp = d->hnext;
			return;
		}
}

/**
 * tlkm_find_domain() - Look a domain up by name.
 * @p:    Policy.
 * @name: Domain name.
 *
 * Return: the domain, or NULL.
 */
struct tlkm_domain *tlkm_find_domain(const struct tlkm_policy *p,
				     const char *name)
{
	u32 hash = tlkm_name_hash(name);
	struct tlkm_domain *d;

	for (d = p->buckets[hash & (TLKM_DOMAIN_BUCKETS - 1)]; d; d = d->hnext)
		if (d->hash == hash && !strcmp(d->name, name))
			return d;
	return NULL;
}

/**
 * tlkm_task_domain() - The domain a task in domain @name is judged in.
 * @p:    Policy.
 * @name: The task's domain name.
 *
 * Like tlkm_find_domain(), but a domain deleted from the policy is still
 * found, as TOMOYO keeps deleted domains in force for the tasks in them.
 *
 * Return: the domain, or NULL.
 */
struct tlkm_domain *tlkm_task_domain(const struct tlkm_policy *p,
				     const char *name)
{
	struct tlkm_domain *d = tlkm_find_domain(p, name);

	if (d)
		return d;
	for (d = p->deleted; d; d = d->next)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}
