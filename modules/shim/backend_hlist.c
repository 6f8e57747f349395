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

#include <linux/list.h>
#include <linux/lsm_hooks.h>
#include <linux/stddef.h>

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

static struct security_hook_heads *heads;
static struct security_hook_list nodes[LSM_SHIM_NR_HOOKS];

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

/**
 * shim_backend_init - find security_hook_heads and check it.
 * @symbol: the table's symbol name, or NULL for the kernel's own (a test
 *          hook: a wrong name must be refused).
 * @why: buffer for the reason of a refusal.
 * @len: size of @why.
 *
 * Nothing is modified.
 *
 * Return: 0, or -ENOENT with @why filled in.
 */
int shim_backend_init(const char *symbol, char *why, size_t len)
{
	heads = shim_resolve_data(symbol ?: "security_hook_heads",
				  sizeof(struct security_hook_heads), why, len);
	return heads ? 0 : -ENOENT;
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
 * shim_backend_attach - link the hook's dispatcher at the tail of its list.
 * @id: the hook.
 *
 * Context: shim_mutex held.
 * Return: 0, or a negative errno from the read-only write.
 */
int shim_backend_attach(enum lsm_shim_hook_id id)
{
	struct security_hook_list *n = &nodes[id];
	struct hlist_head *head = hook_head(id);
	struct hlist_node **link = &head->first;
	int err;

	lockdep_assert_held(&shim_mutex);
	if (n->head)
		return 0;
	while (*link)
		link = &(*link)->next;
	n->list.next = NULL;
	n->list.pprev = link;
	n->hook = *shim_dispatcher(id);
	n->lsm = SHIM_NAME;
	/* The node must be complete before a walker can reach it. */
	smp_wmb();
	err = shim_write_ro_ptr((void **)link, &n->list);
	if (err)
		return err;
	n->head = head;
	return 0;
}

/**
 * shim_backend_detach - unlink the hook's dispatcher from its list.
 * @id: the hook.
 *
 * Walkers already on the node finish normally; the dispatcher they may
 * still run finds no client. Context: shim_mutex held.
 */
void shim_backend_detach(enum lsm_shim_hook_id id)
{
	struct security_hook_list *n = &nodes[id];

	lockdep_assert_held(&shim_mutex);
	if (!n->head)
		return;
	if (WARN_ON_ONCE(n->list.next))
		return;
	if (WARN_ON_ONCE(shim_write_ro_ptr((void **)n->list.pprev, NULL)))
		return;
	n->head = NULL;
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
	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		shim_backend_detach(id);
	synchronize_rcu_tasks();
	synchronize_srcu(&shim_srcu);
	synchronize_rcu_tasks();
}
