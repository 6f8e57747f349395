// SPDX-License-Identifier: GPL-2.0
/*
 * calls.c - the per-hook call vectors the dispatchers walk, kept in the
 * shim's read-only memory.
 *
 * A run-time LSM framework whose hook lists are ordinary writable memory
 * hands an attacker with a kernel write primitive a function-pointer table
 * that every security check calls through. Here what the dispatchers call
 * is read-only after the shim's init, like the kernel's own hook tables:
 * each hook has two vectors of (function, client name), ended by an empty
 * function, and a pointer to the current one, all __ro_after_init. An
 * update writes the idle vector through a temporary writable alias and then
 * publishes the pointer to it. The vector it replaces stays readable until
 * an SRCU grace period has passed: only then may it be written again.
 *
 * The registry's client table (read-only too) says what each vector
 * should hold; this file is the only writer of the vectors.
 */

#include <linux/bitmap.h>
#include <linux/srcu.h>

#include "shim.h"

/* The vector dispatchers read, per hook (shim_calls() in shim.h). */
const struct shim_calls *shim_calls_cur[LSM_SHIM_NR_HOOKS] __ro_after_init;

/* The two vectors of each hook. */
static struct shim_calls shim_calls_vec[LSM_SHIM_NR_HOOKS][2] __ro_after_init;

/* Hooks whose idle vector readers may still be in; under shim_mutex. */
static DECLARE_BITMAP(replaced, LSM_SHIM_NR_HOOKS);

/**
 * shim_calls_init - point every hook at an empty vector. Called from the
 * module's init, while the table is still writable.
 */
void shim_calls_init(void)
{
	int id;

	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		shim_calls_cur[id] = &shim_calls_vec[id][0];
}

/**
 * shim_calls_quiesced - note that an SRCU grace period passed since the
 * last publish: every idle vector may be written again.
 *
 * Context: shim_mutex held, after synchronize_srcu() returned.
 */
void shim_calls_quiesced(void)
{
	lockdep_assert_held(&shim_mutex);
	bitmap_zero(replaced, LSM_SHIM_NR_HOOKS);
}

/**
 * shim_calls_publish - make a hook's vector @v.
 * @id: the hook.
 * @v: its calls, in call order, ended by an empty one.
 *
 * Context: shim_mutex held, may sleep (waits for a grace period when the
 * hook's idle vector was replaced since the last one).
 * Return: 0, or %-ENOMEM when no writable alias could be made (the old
 * vector then stays in use).
 */
int shim_calls_publish(enum lsm_shim_hook_id id, const struct shim_calls *v)
{
	const struct shim_calls *next;
	int err;

	lockdep_assert_held(&shim_mutex);
	if (test_bit(id, replaced)) {
		synchronize_srcu(&shim_srcu);
		shim_calls_quiesced();
	}
	next = &shim_calls_vec[id][0];
	if (shim_calls_cur[id] == next)
		next = &shim_calls_vec[id][1];
	err = shim_write_own_ro((void *)next, v, sizeof(*v));
	if (!err)
		err = shim_publish_own_ro_ptr((const void **)&shim_calls_cur[id],
					      next);
	if (!err)
		__set_bit(id, replaced);
	return err;
}
