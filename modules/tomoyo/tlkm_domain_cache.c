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
 *
 * The same writers start a new policy generation. A second table, read
 * without the semaphore, remembers for a name which operations its domain
 * checks at all (one bit per MAC index: the mode is not disabled) and the
 * generation that was true in: the test every hook makes first, in a
 * domain whose profile is disabled the only one, costs a few loads.
 * Its slots are small seqlocks: a filler that finds a slot being written
 * leaves it (it is a cache), a reader that sees a write retries nothing
 * and takes the locked path.
 */

#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/build_bug.h>
#include <linux/hash.h>
#include <linux/string.h>

#include "tlkm_glue.h"
#include "tlkm_req.h"

#define DCACHE_BITS 6

static struct tlkm_domain *dcache[1U << DCACHE_BITS];

/*
 * @seq is odd while a filler writes the slot; @iname, @gen and @bits are
 * one answer: in generation @gen, the domain of name @iname checks the
 * operations whose MAC index bit is set in @bits.
 */
struct mode_slot {
	unsigned int seq;
	const char *iname;
	u64 gen;
	u64 bits;
};

static struct mode_slot mslots[1U << DCACHE_BITS];
/* Starts at 1: a slot never filled (gen 0) answers nothing. */
static u64 policy_gen = 1;

/**
 * tlkm_modes_lookup() - Whether a domain checks an operation, without a
 * lock.
 * @iname: The task's interned domain name (the address is the key).
 * @mac:   MAC index, below %TLKM_MAC_MAX.
 *
 * Return: 1 (checked) or 0 (disabled) when the answer is of the current
 * policy generation; -1 sends the caller to the policy under
 * tlkm_policy_sem (tlkm_modes_fill()).
 */
int tlkm_modes_lookup(const char *iname, unsigned int mac)
{
	const struct mode_slot *m = &mslots[hash_ptr(iname, DCACHE_BITS)];
	/* Pairs with the release in tlkm_modes_fill(): fields after seq. */
	unsigned int seq = smp_load_acquire(&m->seq);
	bool hit;
	u64 bits;

	if (seq & 1)
		return -1;
	hit = READ_ONCE(m->iname) == iname &&
	      READ_ONCE(m->gen) == READ_ONCE(policy_gen);
	bits = READ_ONCE(m->bits);
	/* The fields before seq again: a filler that began since shows. */
	smp_rmb();
	if (!hit || READ_ONCE(m->seq) != seq)
		return -1;
	return !!(bits & BIT_ULL(mac));
}

/**
 * tlkm_modes_fill() - Remember which operations a domain checks.
 * @iname: The task's interned domain name.
 * @bits:  One bit per MAC index whose mode is not disabled, computed from
 *         the policy the caller holds.
 *
 * Context: the caller holds tlkm_policy_sem (read), so the generation is
 * the one @bits were computed in.
 */
void tlkm_modes_fill(const char *iname, u64 bits)
{
	struct mode_slot *m = &mslots[hash_ptr(iname, DCACHE_BITS)];
	unsigned int seq = READ_ONCE(m->seq);

	lockdep_assert_held(&tlkm_policy_sem);
	if ((seq & 1) || cmpxchg(&m->seq, seq, seq + 1) != seq)
		return;
	WRITE_ONCE(m->iname, iname);
	WRITE_ONCE(m->gen, READ_ONCE(policy_gen));
	WRITE_ONCE(m->bits, bits);
	/* The fields before the even seq (the cmpxchg() ordered the odd). */
	smp_store_release(&m->seq, seq + 2);
}

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
 * tlkm_domain_cache_clear() - Forget every domain found and every set of
 * modes: the policy may change.
 *
 * Context: the caller holds tlkm_policy_sem for writing.
 */
void tlkm_domain_cache_clear(void)
{
	BUILD_BUG_ON(TLKM_MAC_MAX > 64);
	lockdep_assert_held_write(&tlkm_policy_sem);
	memset(dcache, 0, sizeof(dcache));
	/* Every remembered set of modes is now of an older generation. */
	WRITE_ONCE(policy_gen, policy_gen + 1);
}
