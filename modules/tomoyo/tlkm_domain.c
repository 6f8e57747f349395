// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_domain.c - which domain a task is in: the name is kept per cred in
 * the shim's state store, as a pointer to an interned string.
 *
 * Interned names live until the module exits, so a cred's state never
 * holds a dangling pointer and needs no release hook. A cred without state
 * (every cred made before the module loaded) is in "<kernel>".
 */

#include <linux/hashtable.h>
#include <linux/mutex.h>
#include <linux/pid.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/stringhash.h>

#include "tlkm_glue.h"

/**
 * struct tlkm_name - An interned domain name.
 * @node: Link in the name table.
 * @hash: Hash of @name.
 * @name: The name.
 */
struct tlkm_name {
	struct hlist_node node;
	unsigned int hash;
	char name[];
};

/**
 * struct tlkm_cred_state - tomoyo_lkm's state of one cred.
 * @domain: Interned domain name, or NULL for "<kernel>".
 */
struct tlkm_cred_state {
	const char *domain;
};

static DEFINE_HASHTABLE(names, 8);
static DEFINE_MUTEX(names_lock);
static const char kernel_domain[] = "<kernel>";

/**
 * tlkm_intern() - The interned copy of a domain name.
 * @name: NUL-terminated name.
 *
 * Context: process context; takes a mutex.
 * Return: a string equal to @name that lives until module exit, or NULL
 * when out of memory.
 */
const char *tlkm_intern(const char *name)
{
	unsigned int hash = full_name_hash(NULL, name, strlen(name));
	struct tlkm_name *n;

	if (!strcmp(name, kernel_domain))
		return kernel_domain;
	mutex_lock(&names_lock);
	hash_for_each_possible(names, n, node, hash)
		if (n->hash == hash && !strcmp(n->name, name))
			goto out;
	n = kmalloc(sizeof(*n) + strlen(name) + 1, GFP_KERNEL);
	if (n) {
		n->hash = hash;
		memcpy(n->name, name, strlen(name) + 1);
		hash_add(names, &n->node, hash);
	}
out:
	mutex_unlock(&names_lock);
	return n ? n->name : NULL;
}

/**
 * tlkm_names_free() - Free every interned name, at module exit, once no
 * hook and no cred state refers to them.
 */
void tlkm_names_free(void)
{
	struct tlkm_name *n;
	struct hlist_node *tmp;
	int bkt;

	hash_for_each_safe(names, bkt, tmp, n, node) {
		hash_del(&n->node);
		kfree(n);
	}
}

/**
 * tlkm_cred_domain() - Domain of a cred.
 * @cred: The cred.
 *
 * Return: the interned domain name ("<kernel>" when none was set).
 */
const char *tlkm_cred_domain(const struct cred *cred)
{
	struct tlkm_cred_state *s;

	s = lsm_shim_state_lookup(&tlkm_lsm, LSM_SHIM_CRED, cred);
	return s && s->domain ? s->domain : kernel_domain;
}

/**
 * tlkm_cred_set_domain() - Put a cred in a domain.
 * @cred:   A cred not yet visible to other tasks (being prepared).
 * @domain: Interned domain name.
 * @gfp:    Allocation flags for the state entry.
 *
 * Return: 0, or -%ENOMEM.
 */
int tlkm_cred_set_domain(const struct cred *cred, const char *domain,
			 gfp_t gfp)
{
	struct tlkm_cred_state *s;

	s = lsm_shim_state(&tlkm_lsm, LSM_SHIM_CRED, cred, gfp);
	if (!s)
		return -ENOMEM;
	WRITE_ONCE(s->domain, domain);
	return 0;
}

/**
 * tlkm_current_domain() - Domain of the current task.
 *
 * Return: the interned domain name.
 */
const char *tlkm_current_domain(void)
{
	return tlkm_cred_domain(current_cred());
}

/**
 * tlkm_pid_domain() - Domain of the task with a pid.
 * @pid:    The pid.
 * @global: @pid is a pid of the initial pid namespace ("global-pid", as
 *          TOMOYO reads it), else of the caller's.
 *
 * Return: the interned domain name, or NULL when there is no such task.
 */
const char *tlkm_pid_domain(pid_t pid, bool global)
{
	const char *domain = NULL;
	struct task_struct *task;

	rcu_read_lock();
	task = pid_task(global ? find_pid_ns(pid, &init_pid_ns) :
			find_vpid(pid), PIDTYPE_PID);
	if (task)
		domain = tlkm_cred_domain(__task_cred(task));
	rcu_read_unlock();
	return domain;
}
