// SPDX-License-Identifier: GPL-2.0
/*
 * lock.c - the one-way lock that keeps the loaded LSMs in place until
 * reboot.
 *
 * A loadable LSM can be unloaded by whoever holds CAP_SYS_MODULE, which is
 * the exploitation gadget upstream objected to. Once locked, the shim and
 * every client module are pinned (rmmod fails), clients cannot unregister,
 * and no new client can register. Nothing unlocks it.
 *
 * The lock stops voluntary unloads only. A client module that goes away
 * anyway (rmmod -f, an rmmod already past the point of no return when the
 * lock was set, an init that fails after registering) is still unlinked and
 * drained before its memory is freed, with a "lock forced" line in the
 * kernel log and an audit record with forced=1 (registry.c).
 *
 * This file owns the flag and lock_after; registry.c, which checks the
 * flag, pins the modules when the lock is set.
 */

#include <linux/module.h>
#include <linux/moduleparam.h>

#include "shim.h"

/*
 * Read-only once the shim's init returned: a kernel write primitive cannot
 * clear it with one store; lock_now() sets it through a temporary alias.
 */
static bool locked __ro_after_init;

static unsigned int lock_after;
module_param(lock_after, uint, 0444);
MODULE_PARM_DESC(lock_after,
		 "lock automatically once this many client LSMs have registered (0: never)");

/**
 * shim_lock_set - set the lock flag, once.
 * @why: what set it, for the kernel log.
 *
 * The caller pins the shim and the clients' modules when this call was the
 * one that locked (registry.c).
 *
 * Context: shim_mutex held.
 * Return: 1 when this call locked, 0 when the shim was locked already, or
 * the errno of the read-only write (nothing locked).
 */
int shim_lock_set(const char *why)
{
	int err;

	lockdep_assert_held(&shim_mutex);
	if (locked)
		return 0;
	err = shim_write_own_ro_bool(&locked, true);
	if (err) {
		pr_err(SHIM_NAME ": cannot lock (%s): %d\n", why, err);
		return err;
	}
	pr_notice(SHIM_NAME ": locked (%s): no LSM can be loaded or unloaded until reboot\n",
		  why);
	shim_audit("lock", SHIM_NAME, SHIM_NAME, 1);
	return 1;
}

/**
 * shim_is_locked - whether the lock is set.
 *
 * Return: true once locked.
 */
bool shim_is_locked(void)
{
	return READ_ONCE(locked);
}

/**
 * lsm_shim_locked - whether the loaded LSMs are locked in place until reboot.
 *
 * Clients may use it to refuse operations that would weaken their policy
 * once the system is locked.
 *
 * Return: true once locked.
 */
bool lsm_shim_locked(void)
{
	return shim_is_locked();
}
EXPORT_SYMBOL_GPL(lsm_shim_locked);

/**
 * shim_lock_due - whether lock_after asks for the lock now.
 * @nr_clients: how many clients are registered.
 *
 * Return: true once @nr_clients reached a non-zero lock_after.
 */
bool shim_lock_due(int nr_clients)
{
	return lock_after && nr_clients >= lock_after;
}
