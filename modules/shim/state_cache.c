// SPDX-License-Identifier: GPL-2.0
/*
 * state_cache.c - the per-CPU cred state cache's storage and its
 * invalidation (state_cache.h has the lookups).
 */

#include "state_cache.h"

DEFINE_PER_CPU(struct shim_cache_slot, shim_cache[SHIM_CACHE_SLOTS]);
atomic_long_t shim_cache_seq = ATOMIC_LONG_INIT(0);

/**
 * shim_cache_changed - forget every remembered answer: a cred state was
 * inserted or removed.
 *
 * Called after the table changed and, for a removal, before the cred or
 * the state is freed. Fully ordered: a lookup that sees the new cred, or
 * misses the removed entry, also sees the new number.
 */
void shim_cache_changed(void)
{
	atomic_long_inc_return(&shim_cache_seq);
}
