// SPDX-License-Identifier: GPL-2.0
/*
 * backend_static_call.c - hook table back end for kernels that call LSM
 * hooks through static-call slots (Linux 6.12 and later).
 *
 * static_calls_table holds MAX_LSM_COUNT slots per hook; built-in LSMs fill
 * them from the first one at boot and the rest stay free. The shim takes the
 * first free slot after the last used one, so it runs after every built-in
 * LSM. A slot is a static call (its key is writable data, updated with the
 * exported __static_call_update()) guarded by a static key (writable,
 * flipped with static_key_enable()/static_key_disable()); only its hl
 * pointer lies in read-only data, and only hooks the kernel walks with
 * lsm_for_each_hook() read it: of those the shim supports task_prctl alone.
 */

#include <linux/jump_label.h>
#include <linux/lsm_hooks.h>
#include <linux/slab.h>
#include <linux/static_call.h>
#include <linux/stddef.h>

#include "shim.h"

/**
 * shim_backend_name - the back end's name, for logs and securityfs.
 *
 * Return: "static-call".
 */
const char *shim_backend_name(void)
{
	return "static-call";
}

static struct lsm_static_calls_table *table;
/* The slot the shim owns on each hook, once it has taken one. */
static struct lsm_static_call *owned[LSM_SHIM_NR_HOOKS];
/* The free slot the shim would take, found at init; NULL: none free. */
static struct lsm_static_call *spare[LSM_SHIM_NR_HOOKS];
/* What lsm_for_each_hook() walkers call: read-only, written via an alias. */
static struct security_hook_list hook_lists[LSM_SHIM_NR_HOOKS] __ro_after_init;
static const struct lsm_id shim_lsmid = { .name = SHIM_NAME };

static const size_t slot_offset[LSM_SHIM_NR_HOOKS] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	[LSM_SHIM_HOOK_##NAME] = offsetof(struct lsm_static_calls_table, NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static struct lsm_static_call *hook_slots(enum lsm_shim_hook_id id)
{
	return (struct lsm_static_call *)((char *)table +
					  slot_offset[shim_table_hook(id)]);
}

static bool slot_in_use(const struct lsm_static_call *s)
{
	return s->hl || static_key_enabled(&s->active->key) ||
	       READ_ONCE(s->key->func);
}

static bool hook_needs_hl(enum lsm_shim_hook_id id)
{
	return id == LSM_SHIM_HOOK_task_prctl;
}

/*
 * slot_field_is - whether a slot field is the kernel's symbol PREFIX<hook>_<i>.
 */
static bool slot_field_is(const void *addr, const char *prefix,
			  enum lsm_shim_hook_id id, int i, struct shim_names *n)
{
	snprintf(n->want, sizeof(n->want), "%s%s_%d", prefix,
		 shim_hook_name(id), i);
	return shim_symbol_at(addr, n->want, n->found);
}

/*
 * check_slot - whether slot @i of a hook holds the static call key,
 * trampoline and static key the kernel defines for that hook and index.
 * The table's size cannot tell a reordered hook list; these names can.
 */
static int check_slot(enum lsm_shim_hook_id id, int i, struct shim_names *n,
		      char *why, size_t len)
{
	const struct lsm_static_call *s = &hook_slots(id)[i];

	if (!s->key || !s->trampoline || !s->active) {
		snprintf(why, len,
			 "static_calls_table.%s[%d] has an empty field: layout differs from the headers",
			 shim_hook_name(id), i);
		return -EINVAL;
	}
	if (slot_field_is(s->key, "__SCK__lsm_static_call_", id, i, n) &&
	    slot_field_is(s->trampoline, "__SCT__lsm_static_call_", id, i, n) &&
	    slot_field_is(s->active, "security_hook_active_", id, i, n))
		return 0;
	snprintf(why, len,
		 "static_calls_table.%s[%d] holds %s, not %s: the hook list differs from the headers this module was built with",
		 shim_hook_name(id), i, n->found, n->want);
	return -EINVAL;
}

/*
 * Check one hook's slots and pick the spare. Return: 0, or -EINVAL (with
 * @why filled in) when a slot is not what the headers say it is; nothing
 * is read through a slot's pointers before its names are checked.
 */
static int scan_hook(enum lsm_shim_hook_id id, struct shim_names *n,
		     char *why, size_t len)
{
	struct lsm_static_call *s = hook_slots(id);
	int i, err, last_used = -1;

	for (i = 0; i < MAX_LSM_COUNT; i++) {
		err = check_slot(id, i, n, why, len);
		if (err)
			return err;
	}
	for (i = 0; i < MAX_LSM_COUNT; i++)
		if (slot_in_use(&s[i]))
			last_used = i;
	spare[id] = last_used + 1 < MAX_LSM_COUNT ? &s[last_used + 1] : NULL;
	return 0;
}

/**
 * shim_backend_init - find static_calls_table, check every slot, and pick a
 * spare slot per hook.
 * @symbol: the table's symbol name, or NULL for the kernel's own (a test
 *          hook: a wrong name must be refused).
 * @why: buffer for the reason of a refusal.
 * @len: size of @why.
 *
 * Nothing is modified.
 *
 * Return: 0; -ENOENT when the table cannot be found or validated; -EINVAL
 * when a slot is not the kernel's symbols of its hook and index; -ENOMEM;
 * -ENOSPC when no hook has a free slot. @why is filled in on failure.
 */
int shim_backend_init(const char *symbol, char *why, size_t len)
{
	struct shim_names *n;
	int id, err = 0, full = 0;

	table = shim_resolve_data(symbol ?: "static_calls_table",
				  sizeof(struct lsm_static_calls_table), why,
				  len);
	if (!table)
		return -ENOENT;
	n = kmalloc(sizeof(*n), GFP_KERNEL);
	if (!n) {
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	for (id = 0; id < LSM_SHIM_NR_HOOKS && !err; id++) {
		err = scan_hook(id, n, why, len);
		full += !spare[id];
	}
	kfree(n);
	if (err)
		return err;
	if (full == LSM_SHIM_NR_HOOKS) {
		snprintf(why, len, "no hook has a free static-call slot");
		return -ENOSPC;
	}
	if (full)
		pr_info(SHIM_NAME ": %d hooks have no free slot and cannot be used\n",
			full);
	return 0;
}

/**
 * shim_backend_attached - whether the shim's slot is active on a hook.
 * @id: the hook.
 *
 * Return: true when the hook's dispatcher is live.
 */
bool shim_backend_attached(enum lsm_shim_hook_id id)
{
	return owned[id] && static_key_enabled(&owned[id]->active->key);
}

/**
 * shim_backend_alone - whether the shim's slot is a hook's first, i.e. no
 * built-in LSM answers the hook before the shim.
 * @id: the hook.
 *
 * Return: true when the shim owns the hook's slot 0.
 */
bool shim_backend_alone(enum lsm_shim_hook_id id)
{
	return owned[id] == hook_slots(id);
}

/**
 * shim_backend_attach - make the hook's dispatcher live in the shim's slot.
 * @id: the hook.
 * @fn: the dispatcher (shim_dispatcher()).
 *
 * The static call is pointed at the dispatcher before the key turns on, so
 * no CPU ever calls an empty slot. Context: shim_mutex held.
 *
 * Return: 0; -ENOSPC when the hook has no free slot; an errno from the
 * read-only write for task_prctl.
 */
int shim_backend_attach(enum lsm_shim_hook_id id,
			const union security_list_options *fn)
{
	struct lsm_static_call *s = owned[id] ?: spare[id];
	int err;

	lockdep_assert_held(&shim_mutex);
	if (!s)
		return -ENOSPC;
	if (!owned[id] && slot_in_use(s))
		return -EBUSY;
	if (READ_ONCE(s->key->func) != shim_fn_addr(fn))
		__static_call_update(s->key, s->trampoline, shim_fn_addr(fn));
	owned[id] = s;
	if (hook_needs_hl(id) && !s->hl) {
		struct security_hook_list hl = {
			.scalls = s,
			.hook = *fn,
			.lsmid = &shim_lsmid,
		};

		err = shim_write_own_ro(&hook_lists[id], &hl, sizeof(hl));
		if (!err)
			err = shim_write_ro_ptr((void **)&s->hl, &hook_lists[id]);
		if (err)
			return err;
	}
	static_key_enable(&s->active->key);
	return 0;
}

/**
 * shim_backend_detach - turn the hook's slot off; the slot stays the
 * shim's until shim_backend_release().
 * @id: the hook.
 *
 * Context: shim_mutex held.
 */
void shim_backend_detach(enum lsm_shim_hook_id id)
{
	lockdep_assert_held(&shim_mutex);
	if (owned[id])
		static_key_disable(&owned[id]->active->key);
}

/**
 * shim_backend_release - give every slot back and wait until no CPU can be
 * in the shim's code through them.
 *
 * Order: keys off; RCU-tasks, for tasks past a key but not yet in the
 * dispatcher (and lsm_for_each_hook readers about to read hl); then the
 * static calls and hl are cleared; SRCU, for tasks inside a dispatcher;
 * RCU-tasks again for the instructions after it. Context: shim_mutex held.
 */
void shim_backend_release(void)
{
	int id;

	lockdep_assert_held(&shim_mutex);
	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		shim_backend_detach(id);
	synchronize_rcu_tasks();
	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++) {
		struct lsm_static_call *s = owned[id];

		if (!s)
			continue;
		__static_call_update(s->key, s->trampoline, NULL);
		if (s->hl == &hook_lists[id])
			WARN_ON_ONCE(shim_write_ro_ptr((void **)&s->hl, NULL));
		owned[id] = NULL;
	}
	synchronize_srcu(&shim_srcu);
	synchronize_rcu_tasks();
}
