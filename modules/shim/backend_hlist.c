// SPDX-License-Identifier: GPL-2.0
/*
 * backend_hlist.c - hook table back end for kernels that keep LSM hooks in
 * the hlists of security_hook_heads (Linux 6.1 and others before 6.12).
 *
 * Each hook gets one shim-owned struct security_hook_list node, linked at
 * the tail of the hook's list, after every built-in LSM (the BPF LSM's node
 * is normally last). The kernel walks these lists without locks or RCU and
 * reads a node's next pointer after calling it, so a node is only ever the
 * tail: its next pointer stays NULL, linking it is one store into the
 * previous tail's next pointer (read-only data, written through an alias),
 * and unlinking is the reverse store. A walker standing on an unlinked node
 * still finds NULL and ends its walk normally.
 */

#include <linux/delay.h>
#include <linux/list.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>
#include <linux/stddef.h>
#include <linux/string.h>

#include "shim.h"

/**
 * shim_backend_name - the back end's name, for logs and securityfs.
 *
 * Return: "hlist".
 */
const char *shim_backend_name(void)
{
	return "hlist";
}

static bool test_unlink_fail;
module_param(test_unlink_fail, bool, 0644);
MODULE_PARM_DESC(test_unlink_fail,
		 "testing only: make unlinking a hook's node fail as a failed vmap() would");

static struct security_hook_heads *heads;
/* Nodes left linked after a failed unlink; while any is, the shim pins
 * itself. Under shim_mutex.
 */
static bool stuck[LSM_SHIM_NR_HOOKS];
static unsigned int nr_stuck;
/* Read-only like the kernel's own nodes; written through an alias. */
static struct security_hook_list nodes[LSM_SHIM_NR_HOOKS] __ro_after_init;

static const size_t head_offset[LSM_SHIM_NR_HOOKS] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	[LSM_SHIM_HOOK_##NAME] = offsetof(struct security_hook_heads, NAME),
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

static struct hlist_head *hook_head(enum lsm_shim_hook_id id)
{
	return (struct hlist_head *)((char *)heads +
				     head_offset[shim_table_hook(id)]);
}

/*
 * check_head - whether a hook's list is that hook's: every node on it must
 * name this head as its own, and the BPF LSM's node, when there, must call
 * bpf_lsm_<hook>. The table's size cannot tell a reordered hook list; the
 * node's head pointer tells an offset that is no head at all, and the BPF
 * LSM's function (it registers every hook) tells which hook a head is.
 */
static int check_head(enum lsm_shim_hook_id id, struct shim_names *n,
		      char *why, size_t len)
{
	struct hlist_head *head = hook_head(id);
	struct security_hook_list *p;

	snprintf(n->want, sizeof(n->want), "bpf_lsm_%s", shim_hook_name(id));
	hlist_for_each_entry(p, head, list) {
		if (p->head != head) {
			snprintf(why, len,
				 "security_hook_heads.%s holds a node of another list: the layout differs from the headers this module was built with",
				 shim_hook_name(id));
			return -EINVAL;
		}
		if (shim_symbol_at(shim_fn_addr(&p->hook), n->want, n->found) ||
		    strncmp(n->found, "bpf_lsm_", 8))
			continue;
		snprintf(why, len,
			 "security_hook_heads.%s calls %s, not %s: the hook list differs from the headers this module was built with",
			 shim_hook_name(id), n->found, n->want);
		return -EINVAL;
	}
	return 0;
}

/**
 * shim_backend_init - find security_hook_heads and check every hook's list.
 * @symbol: the table's symbol name, or NULL for the kernel's own (a test
 *          hook: a wrong name must be refused).
 * @why: buffer for the reason of a refusal.
 * @len: size of @why.
 *
 * Nothing is modified.
 *
 * Return: 0, or with @why filled in: -ENOENT when the table cannot be
 * found; -EINVAL when a hook's list is not that hook's; -ENOMEM.
 */
int shim_backend_init(const char *symbol, char *why, size_t len)
{
	struct shim_names *n;
	int id, err = 0;

	heads = shim_resolve_data(symbol ?: "security_hook_heads",
				  sizeof(struct security_hook_heads), why, len);
	if (!heads)
		return -ENOENT;
	n = kmalloc(sizeof(*n), GFP_KERNEL);
	if (!n) {
		snprintf(why, len, "out of memory");
		return -ENOMEM;
	}
	for (id = 0; id < LSM_SHIM_NR_HOOKS && !err; id++)
		err = check_head(id, n, why, len);
	kfree(n);
	return err;
}

/**
 * shim_backend_attached - whether the shim's node is linked on a hook.
 * @id: the hook.
 *
 * Return: true when linked.
 */
bool shim_backend_attached(enum lsm_shim_hook_id id)
{
	return nodes[id].head != NULL;
}

/**
 * shim_backend_alone - whether the shim's node is the only one on a hook's
 * list, i.e. no built-in LSM answers the hook before the shim.
 * @id: the hook.
 *
 * Built-in nodes are never removed and the shim's is always last, so this
 * holds from attach to detach.
 *
 * Return: true when the shim's node is linked and first.
 */
bool shim_backend_alone(enum lsm_shim_hook_id id)
{
	const struct security_hook_list *n = &nodes[id];

	return n->head && n->list.pprev == &n->head->first;
}

/*
 * set_node_head - note in the shim's node which list it is on (NULL: none).
 * After a link or an unlink that worked this must not fail, or the node's
 * state would be lost: a failed alias mapping is retried.
 */
static void set_node_head(struct security_hook_list *n, struct hlist_head *head)
{
	while (shim_write_own_ro(&n->head, &head, sizeof(head)))
		msleep(20);
}

/**
 * shim_backend_attach - link the hook's dispatcher at the tail of its list.
 * @id: the hook.
 * @fn: the dispatcher (shim_dispatcher()).
 *
 * Context: shim_mutex held.
 * Return: 0, or a negative errno from the read-only write.
 */
int shim_backend_attach(enum lsm_shim_hook_id id,
			const union security_list_options *fn)
{
	struct security_hook_list *n = &nodes[id], node;
	struct hlist_head *head = hook_head(id);
	struct hlist_node **link = &head->first;
	int err;

	lockdep_assert_held(&shim_mutex);
	if (n->head)
		return 0;
	while (*link)
		link = &(*link)->next;
	memset(&node, 0, sizeof(node));
	node.list.pprev = link;
	node.hook = *fn;
	node.lsm = SHIM_NAME;
	err = shim_write_own_ro(n, &node, sizeof(node));
	if (err)
		return err;
	/* The node must be complete before a walker can reach it. */
	smp_wmb();
	err = shim_write_ro_ptr((void **)link, &n->list);
	if (err)
		return err;
	set_node_head(n, head);
	return 0;
}

/*
 * unlink_node - the one store that takes the shim's node off its list.
 * A failed vmap() of the alias is transient memory pressure: retried a few
 * times. A node that is no longer the tail (a later tool appended after
 * it) is not unlinked at all: its next pointer would have to be kept for
 * walkers, and its follower's pprev fixed in memory the shim does not own.
 */
static int unlink_node(struct security_hook_list *n)
{
	int tries, err = -ENOMEM;

	if (n->list.next)
		return -EBUSY;
	for (tries = 0; tries < 5 && err == -ENOMEM; tries++) {
		if (tries)
			msleep(20);
		if (READ_ONCE(test_unlink_fail))
			continue;
		err = shim_write_ro_ptr((void **)n->list.pprev, NULL);
	}
	return err;
}

/**
 * shim_backend_detach - unlink the hook's dispatcher from its list.
 * @id: the hook.
 *
 * Walkers already on the node finish normally; the dispatcher they may
 * still run finds no client. A node that cannot be unlinked stays linked
 * (its dispatcher finds no client) and pins the shim, so that it is never
 * freed while the kernel can reach it; the next detach of that hook tries
 * again and drops the pin once every node is unlinked. Context: shim_mutex
 * held.
 */
void shim_backend_detach(enum lsm_shim_hook_id id)
{
	struct security_hook_list *n = &nodes[id];
	int err;

	lockdep_assert_held(&shim_mutex);
	if (!n->head)
		return;
	err = unlink_node(n);
	if (!err) {
		set_node_head(n, NULL);
		if (stuck[id]) {
			stuck[id] = false;
			if (--nr_stuck == 0) {
				pr_notice(SHIM_NAME ": every hook node is unlinked again: lsm_shim can be unloaded\n");
				module_put(THIS_MODULE);
			}
		}
		return;
	}
	if (stuck[id])
		return;
	stuck[id] = true;
	if (nr_stuck++ == 0)
		__module_get(THIS_MODULE);
	pr_crit(SHIM_NAME ": hook %s: cannot unlink the shim's node (%s, %d): it stays linked, and lsm_shim stays loaded until it is unlinked\n",
		shim_hook_name(id),
		err == -EBUSY ? "another node follows it" : "no writable alias",
		err);
}

/**
 * shim_backend_release - unlink every node and wait until no CPU can be
 * in the shim's code through the kernel's hook lists.
 *
 * Order: unlink; RCU-tasks, so no task still holds a pointer to a node it
 * has not entered yet; SRCU, for tasks inside a dispatcher; RCU-tasks again
 * for the instructions after the dispatcher returns, including the kernel's
 * read of the node's next pointer. Context: shim_mutex held, may sleep long.
 */
void shim_backend_release(void)
{
	int id;

	lockdep_assert_held(&shim_mutex);
	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++) {
		shim_backend_detach(id);
		/* Only a forced unload gets here with a node still linked. */
		WARN_ON_ONCE(nodes[id].head);
	}
	synchronize_rcu_tasks();
	synchronize_srcu(&shim_srcu);
	synchronize_rcu_tasks();
}
