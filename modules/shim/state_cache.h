/* SPDX-License-Identifier: GPL-2.0 */
/*
 * state_cache.h - a per-CPU cache in front of the cred state table.
 *
 * Nearly every hook of a client with cred state looks up the current
 * task's cred, which changes rarely; the table lookup (RCU, hash, bucket
 * walk) costs about 80 instructions, the cache about 20. Each CPU keeps a
 * few recent answers (object, client, state or none) stamped with a
 * sequence number that every insertion into and removal from the cred
 * table advances: an answer counts only while the number has not moved,
 * so a freed cred's state never reaches a new cred at the same address,
 * and a state made since is found. A cred is freed, or gets its first
 * state, far less often than hooks run. Used in task context only, with
 * preemption off: no other reader or writer of the CPU's slots can come
 * in between (interrupts look up the table).
 */
#ifndef _LSM_SHIM_STATE_CACHE_H
#define _LSM_SHIM_STATE_CACHE_H

#include <linux/atomic.h>
#include <linux/hash.h>
#include <linux/percpu.h>
#include <linux/preempt.h>

#define SHIM_CACHE_SLOTS 4

/**
 * struct shim_cache_slot - one remembered answer.
 * @object: the cred.
 * @lsm: the client.
 * @data: its state, or NULL when it had none.
 * @seq: shim_cache_seq when the answer was looked up.
 */
struct shim_cache_slot {
	const void *object;
	const void *lsm;
	void *data;
	unsigned long seq;
};

DECLARE_PER_CPU(struct shim_cache_slot, shim_cache[SHIM_CACHE_SLOTS]);
extern atomic_long_t shim_cache_seq;

static __always_inline unsigned int shim_cache_index(const void *object,
						     const void *lsm)
{
	return hash_long((unsigned long)object ^ (unsigned long)lsm, 2);
}

/*
 * shim_cache_get - the remembered answer for (@object, @lsm), if still
 * good: true and *@data; else false and *@seq, the number to stamp the
 * answer with once looked up (read before the lookup, so a change made
 * during it shows as a newer number).
 */
static __always_inline bool shim_cache_get(const void *object, const void *lsm,
					   void **data, unsigned long *seq)
{
	const struct shim_cache_slot *s;
	bool hit;

	/* The caller's cred was published before; read the number after. */
	smp_rmb();
	*seq = atomic_long_read(&shim_cache_seq);
	preempt_disable();
	s = this_cpu_ptr(&shim_cache[shim_cache_index(object, lsm)]);
	hit = s->object == object && s->lsm == lsm && s->seq == *seq;
	if (hit)
		*data = s->data;
	preempt_enable();
	return hit;
}

/* shim_cache_put - remember an answer looked up after shim_cache_get(). */
static __always_inline void shim_cache_put(const void *object, const void *lsm,
					   void *data, unsigned long seq)
{
	struct shim_cache_slot *s;

	preempt_disable();
	s = this_cpu_ptr(&shim_cache[shim_cache_index(object, lsm)]);
	s->object = object;
	s->lsm = lsm;
	s->data = data;
	s->seq = seq;
	preempt_enable();
}

void shim_cache_changed(void);

#endif /* _LSM_SHIM_STATE_CACHE_H */
