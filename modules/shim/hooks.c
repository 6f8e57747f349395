// SPDX-License-Identifier: GPL-2.0
/*
 * hooks.c - the per-hook lists of client entries, in call order, from
 * which calls.c makes the read-only call vectors the dispatchers walk;
 * the hook's attachment to the kernel (the back end) follows its first and
 * last entry.
 */

#include <linux/delay.h>
#include <linux/list.h>

#include "shim.h"

/* Under shim_mutex. */
static struct list_head shim_hook_lists[LSM_SHIM_NR_HOOKS];
static unsigned int hook_users[LSM_SHIM_NR_HOOKS];

/**
 * shim_hooks_init - empty lists and vectors, and the dispatchers' counters.
 *
 * Return: 0 or -ENOMEM.
 */
int shim_hooks_init(void)
{
	int id;

	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		INIT_LIST_HEAD(&shim_hook_lists[id]);
	shim_calls_init();
	return shim_dispatch_init();
}

/**
 * shim_hooks_exit - free the dispatchers' counters; every list is empty.
 */
void shim_hooks_exit(void)
{
	shim_dispatch_exit();
}

static void shim_hook_republish(enum lsm_shim_hook_id id);

static bool entry_before(const struct shim_entry *a, const struct shim_entry *b)
{
	return a->order < b->order || (a->order == b->order && a->seq < b->seq);
}

/**
 * shim_hook_add - put an entry on a hook, in call order, and attach the
 * hook's dispatcher to the kernel when it is the hook's first entry.
 * @id: the hook.
 * @e: the entry, with fn, order and seq set.
 *
 * Context: shim_mutex held.
 * Return: 0, or (the entry is then not added)
 * - %-ENOSPC: the hook has %SHIM_MAX_CALLS entries already,
 * - %-ENOMEM: the read-only call vector could not be written,
 * - the back end's errno.
 */
int shim_hook_add(enum lsm_shim_hook_id id, struct shim_entry *e)
{
	struct list_head *pos = &shim_hook_lists[id];
	struct shim_entry *cur;
	int err;

	lockdep_assert_held(&shim_mutex);
	if (hook_users[id] == SHIM_MAX_CALLS) {
		pr_err(SHIM_NAME ": %s: hook %s has %d users already, the most it can have\n",
		       e->name, shim_hook_name(id), SHIM_MAX_CALLS);
		return -ENOSPC;
	}
	list_for_each_entry(cur, &shim_hook_lists[id], node) {
		if (entry_before(e, cur)) {
			pos = &cur->node;
			break;
		}
	}
	list_add_tail(&e->node, pos);
	err = shim_calls_publish(id, &shim_hook_lists[id]);
	if (err) {
		list_del(&e->node);
		return err;
	}
	if (hook_users[id]++ == 0) {
		err = shim_backend_attach(id, shim_dispatcher(id));
		if (err) {
			list_del(&e->node);
			hook_users[id]--;
			shim_hook_republish(id);
			return err;
		}
	}
	return 0;
}

/*
 * shim_hook_republish - make a hook's call vector match its list after an
 * entry left it. This must not fail: the entry's code may be freed next. A
 * failed alias mapping is memory pressure, so it is retried until it works.
 */
static void shim_hook_republish(enum lsm_shim_hook_id id)
{
	unsigned int tries = 0;

	while (shim_calls_publish(id, &shim_hook_lists[id])) {
		if (tries++ == 0)
			pr_warn(SHIM_NAME ": hook %s: cannot rewrite its call vector yet, retrying\n",
				shim_hook_name(id));
		msleep(20);
	}
}

/**
 * shim_hook_del - take an entry off a hook, and detach the hook's
 * dispatcher when no entry is left. The caller waits for shim_srcu, then
 * calls shim_calls_quiesced(), before the entry is freed or reused.
 * @id: the hook.
 * @e: the entry.
 *
 * Context: shim_mutex held.
 */
void shim_hook_del(enum lsm_shim_hook_id id, struct shim_entry *e)
{
	lockdep_assert_held(&shim_mutex);
	list_del(&e->node);
	shim_hook_republish(id);
	if (--hook_users[id] == 0)
		shim_backend_detach(id);
}

/**
 * shim_hook_count - how many entries a hook has.
 * @id: the hook.
 *
 * Return: the number of client entries (the shim's own included).
 */
unsigned int shim_hook_count(enum lsm_shim_hook_id id)
{
	return READ_ONCE(hook_users[id]);
}
