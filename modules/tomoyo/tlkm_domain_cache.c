// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_domain_cache.c - a task's domain found from its interned name
 * without hashing and comparing the name on every hook.
 *
 * A cred names its domain by an interned string (tlkm_intern(): one copy
 * per name, kept until module exit), so the string's address identifies
 * the name. A small table indexed by that address remembers the domain it
 * was last found to be, and the domain remembers the address it was found
 * by: a hit is two loads and a pointer compare, where the name index costs
 * an FNV hash and a strcmp() of the whole name, twice per checked request.
 *
 * Entries are filled by readers of tlkm_policy_sem (every filler writes
 * the same values for a name) and emptied by every writer as soon as it
 * holds the semaphore, before it may free or replace a domain: a domain
 * read from the table is alive as long as the reader holds the semaphore.
 */

#include <linux/hash.h>
#include <linux/string.h>

#include "tlkm_glue.h"

#define DCACHE_BITS 6

static struct tlkm_domain *dcache[1U << DCACHE_BITS];

/**
 * tlkm_domain_of() - The domain a task in domain @iname is judged in.
 * @iname: The task's interned domain name (tlkm_cred_domain(),
 *         tlkm_intern()); never another copy of a name: the address is
 *         the key.
 *
 * As tlkm_task_domain(), deleted domains included.
 *
 * Context: the caller holds tlkm_policy_sem.
 * Return: the domain, or NULL.
 */
struct tlkm_domain *tlkm_domain_of(const char *iname)
{
	struct tlkm_domain **slot = &dcache[hash_ptr(iname, DCACHE_BITS)];
	struct tlkm_domain *d = READ_ONCE(*slot);

	if (d && READ_ONCE(d->found_as) == iname)
		return d;
	d = tlkm_task_domain(tlkm_policy, iname);
	if (d) {
		WRITE_ONCE(d->found_as, iname);
		WRITE_ONCE(*slot, d);
	}
	return d;
}

/**
 * tlkm_domain_cache_clear() - Forget every domain found: the policy may
 * change.
 *
 * Context: the caller holds tlkm_policy_sem for writing.
 */
void tlkm_domain_cache_clear(void)
{
	lockdep_assert_held_write(&tlkm_policy_sem);
	memset(dcache, 0, sizeof(dcache));
}
