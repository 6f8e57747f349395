// SPDX-License-Identifier: GPL-2.0
/*
 * hooks.c - a hook's calls made what the registry says: the read-only call
 * vector the dispatcher walks (calls.c), and the hook's attachment to the
 * kernel (the back end), live while the hook has a call.
 */

#include <linux/delay.h>

#include "shim.h"

/* How many calls each hook has, for securityfs; under shim_mutex. */
static unsigned int hook_users[LSM_SHIM_NR_HOOKS];

/**
 * shim_hooks_init - empty vectors, and the dispatchers' counters.
 *
 * Return: 0 or -ENOMEM.
 */
int shim_hooks_init(void)
{
	shim_calls_init();
	return shim_dispatch_init();
}

/**
 * shim_hooks_exit - free the dispatchers' counters; every hook is empty.
 */
void shim_hooks_exit(void)
{
	shim_dispatch_exit();
}

/**
 * shim_hook_set - give a hook its calls, and attach its dispatcher to the
 * kernel when it has calls and is not attached yet.
 * @id: the hook.
 * @v: its calls, in call order, ended by an empty one.
 * @n: how many.
 *
 * Context: shim_mutex held.
 * Return: 0, or (the caller then restores the hook with shim_hook_reset())
 * - %-ENOMEM: the read-only call vector could not be written,
 * - the back end's errno.
 */
int shim_hook_set(enum lsm_shim_hook_id id, const struct shim_calls *v,
		  unsigned int n)
{
	int err;

	lockdep_assert_held(&shim_mutex);
	err = shim_calls_publish(id, v);
	if (err)
		return err;
	WRITE_ONCE(hook_users[id], n);
	if (n && !shim_backend_attached(id))
		return shim_backend_attach(id, shim_dispatcher(id));
	if (!n && shim_backend_attached(id))
		shim_backend_detach(id);
	return 0;
}

/**
 * shim_hook_reset - give a hook fewer calls after a client left, and
 * detach its dispatcher when none is left. This cannot fail: the client's
 * code may be freed next. A failed alias mapping is memory pressure, so it
 * is retried until it works. The caller waits for shim_srcu, then calls
 * shim_calls_quiesced(), before the client's code or state goes.
 * @id: the hook.
 * @v: its calls, in call order, ended by an empty one.
 * @n: how many.
 *
 * Context: shim_mutex held.
 */
void shim_hook_reset(enum lsm_shim_hook_id id, const struct shim_calls *v,
		     unsigned int n)
{
	unsigned int tries = 0;

	lockdep_assert_held(&shim_mutex);
	while (shim_calls_publish(id, v)) {
		if (tries++ == 0)
			pr_warn(SHIM_NAME ": hook %s: cannot rewrite its call vector yet, retrying\n",
				shim_hook_name(id));
		msleep(20);
	}
	WRITE_ONCE(hook_users[id], n);
	if (!n && shim_backend_attached(id))
		shim_backend_detach(id);
}

/**
 * shim_hook_count - how many calls a hook has.
 * @id: the hook.
 *
 * Return: the number of client calls (the shim's own included).
 */
unsigned int shim_hook_count(enum lsm_shim_hook_id id)
{
	return READ_ONCE(hook_users[id]);
}
