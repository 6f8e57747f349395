// SPDX-License-Identifier: GPL-2.0
/*
 * state.c - per-object state of client LSMs, kept outside the kernel's
 * security blobs (their sizes are fixed at boot).
 *
 * One rhashtable per object type, keyed by (object, client). Entries are
 * made on first use, zero-filled: that is also the state of objects that
 * existed before the client loaded. They go when the object is freed (the
 * shim's own entry on the type's free hook, which runs after every client's
 * hook there) or when the client unregisters, and are freed after an RCU
 * grace period, since RCU path walk can still reach a dying inode.
 *
 * Entries with up to ENTRY_CLASSES * 8 bytes of state come from caches of
 * their exact size (a 48-byte entry would take 64 bytes of kmalloc), larger
 * ones from kmalloc. Both are freed with kfree() from an RCU callback of
 * this module, so unload waits for them with rcu_barrier().
 */

#include <linux/cred.h>
#include <linux/hash.h>
#include <linux/preempt.h>
#include <linux/rculist.h>
#include <linux/rhashtable.h>
#include <linux/seq_file.h>
#include <linux/slab.h>

#include "compat.h"
#include "shim.h"
#include "state_cache.h"

struct state_key {
	const void *object;
	const struct lsm_shim_lsm *lsm;
};

/**
 * struct state_entry - one client's state for one object.
 * @node: link in the type's table.
 * @key: object and client.
 * @rcu: for the deferred free.
 * @data: the client's state, zero-filled at creation.
 */
struct state_entry {
	struct rhash_head node;
	struct state_key key;
	struct rcu_head rcu;
	u64 data[];
};

/**
 * struct state_user - a client with state of one type; on the type's user
 * list, read by the free hooks under shim_srcu.
 * @node: link in the list.
 * @lsm: the client.
 */
struct state_user {
	struct list_head node;
	const struct lsm_shim_lsm *lsm;
};

/*
 * Every hook that reads state looks its object up here, so the key's hash
 * and compare are on the hot path: two pointers mixed by one
 * multiplication (hash_64) and compared as pointers, where the default
 * jhash2 over 16 bytes and a memcmp() cost about 100 instructions more per
 * lookup. The table's seed goes into the mix: a rehash with a new seed
 * separates keys that collided.
 */
static u32 state_hash(const void *data, u32 len, u32 seed)
{
	const struct state_key *k = data;
	u64 mix = (unsigned long)k->object ^ ((unsigned long)k->lsm >> 4);

	return hash_64(mix ^ seed, 32);
}

static int state_cmp(struct rhashtable_compare_arg *arg, const void *obj)
{
	const struct state_key *k = arg->key;
	const struct state_entry *e = obj;

	return k->object != e->key.object || k->lsm != e->key.lsm;
}

static const struct rhashtable_params state_params = {
	.key_len = sizeof(struct state_key),
	.key_offset = offsetof(struct state_entry, key),
	.head_offset = offsetof(struct state_entry, node),
	.hashfn = state_hash,
	.obj_cmpfn = state_cmp,
	.automatic_shrinking = true,
};

/* Size classes of entries with their own cache: 8, 16, ... bytes of state. */
#define ENTRY_CLASSES 8

static struct kmem_cache *entry_caches[ENTRY_CLASSES];
static char entry_cache_names[ENTRY_CLASSES][24];
static struct rhashtable tables[LSM_SHIM_NR_OBJECTS];
static struct list_head users[LSM_SHIM_NR_OBJECTS];

static const char *const type_names[LSM_SHIM_NR_OBJECTS] = {
	[LSM_SHIM_TASK] = "task",	  [LSM_SHIM_CRED] = "cred",
	[LSM_SHIM_INODE] = "inode",	  [LSM_SHIM_FILE] = "file",
	[LSM_SHIM_SUPERBLOCK] = "superblock", [LSM_SHIM_SOCKET] = "socket",
};

static void free_entry_rcu(struct rcu_head *head)
{
	/* kfree() frees objects of any slab cache. */
	kfree(container_of(head, struct state_entry, rcu));
}

/*
 * A state of @type came or went. Only cred answers are remembered
 * (state_cache.h): those are void now.
 */
static void state_changed(enum lsm_shim_object type)
{
	if (type == LSM_SHIM_CRED)
		shim_cache_changed();
}

static void drop_object(enum lsm_shim_object type, const void *object)
{
	struct state_user *u;
	struct state_entry *e;
	struct state_key key = { .object = object };

	list_for_each_entry_srcu(u, &users[type], node,
				 srcu_read_lock_held(&shim_srcu)) {
		key.lsm = u->lsm;
		e = rhashtable_lookup_fast(&tables[type], &key, state_params);
		if (!e || rhashtable_remove_fast(&tables[type], &e->node,
						 state_params))
			continue;
		/* Before the cred is freed and its address reused. */
		state_changed(type);
		call_rcu(&e->rcu, free_entry_rcu);
	}
}

static void hook_task_free(struct task_struct *task)
{
	drop_object(LSM_SHIM_TASK, task);
}

static void hook_cred_free(struct cred *cred)
{
	drop_object(LSM_SHIM_CRED, cred);
}

static void hook_inode_free_security(struct inode *inode)
{
	drop_object(LSM_SHIM_INODE, inode);
}

static void hook_file_free_security(struct file *file)
{
	drop_object(LSM_SHIM_FILE, file);
}

static void hook_sb_free_security(struct super_block *sb)
{
	drop_object(LSM_SHIM_SUPERBLOCK, sb);
}

static void hook_sk_free_security(struct sock *sk)
{
	drop_object(LSM_SHIM_SOCKET, sk);
}

static const struct lsm_shim_hook free_hooks[LSM_SHIM_NR_OBJECTS] = {
	[LSM_SHIM_TASK] = LSM_SHIM_HOOK_INIT(task_free, hook_task_free),
	[LSM_SHIM_CRED] = LSM_SHIM_HOOK_INIT(cred_free, hook_cred_free),
	[LSM_SHIM_INODE] = LSM_SHIM_HOOK_INIT(inode_free_security,
					      hook_inode_free_security),
	[LSM_SHIM_FILE] = LSM_SHIM_HOOK_INIT(file_free_security,
					     hook_file_free_security),
	[LSM_SHIM_SUPERBLOCK] = LSM_SHIM_HOOK_INIT(sb_free_security,
						   hook_sb_free_security),
	[LSM_SHIM_SOCKET] = LSM_SHIM_HOOK_INIT(sk_free_security,
					       hook_sk_free_security),
};

/**
 * shim_state_free_hook - the hook that tells the state store an object of
 * a type is freed, and the store's function for it. The registry attaches
 * it while a client keeps state of the type.
 * @type: the object type.
 *
 * Return: the hook, in read-only memory.
 */
const struct lsm_shim_hook *shim_state_free_hook(enum lsm_shim_object type)
{
	return &free_hooks[type];
}

static void destroy_caches(void)
{
	int c;

	for (c = 0; c < ENTRY_CLASSES; c++) {
		kmem_cache_destroy(entry_caches[c]);
		entry_caches[c] = NULL;
	}
}

static int create_caches(void)
{
	int c;

	for (c = 0; c < ENTRY_CLASSES; c++) {
		snprintf(entry_cache_names[c], sizeof(entry_cache_names[c]),
			 "lsm_shim_state_%d", (c + 1) * 8);
		entry_caches[c] = kmem_cache_create(entry_cache_names[c],
						    sizeof(struct state_entry) +
						    (c + 1) * 8, 0, 0, NULL);
		if (!entry_caches[c]) {
			destroy_caches();
			return -ENOMEM;
		}
	}
	return 0;
}

/**
 * shim_state_init - create the state tables.
 *
 * Return: 0 or a negative errno.
 */
int shim_state_init(void)
{
	int t, err;

	err = create_caches();
	if (err)
		return err;
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		INIT_LIST_HEAD(&users[t]);
		err = rhashtable_init(&tables[t], &state_params);
		if (err) {
			while (t--)
				rhashtable_destroy(&tables[t]);
			destroy_caches();
			return err;
		}
	}
	return 0;
}

static void free_entry(void *ptr, void *arg)
{
	kfree(ptr);
}

/**
 * shim_state_exit - destroy the state tables; they are empty by now.
 */
void shim_state_exit(void)
{
	int t;

	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		WARN_ON_ONCE(atomic_read(&tables[t].nelems));
		rhashtable_free_and_destroy(&tables[t], free_entry, NULL);
	}
	/* Entries still waiting in free_entry_rcu(), then their caches. */
	rcu_barrier();
	destroy_caches();
}

static int attach_type(enum lsm_shim_object type,
		       const struct lsm_shim_lsm *lsm, struct state_user **slot)
{
	struct state_user *u;

	u = kzalloc(sizeof(*u), GFP_KERNEL);
	if (!u)
		return -ENOMEM;
	u->lsm = lsm;
	list_add_tail_rcu(&u->node, &users[type]);
	*slot = u;
	return 0;
}

/**
 * shim_state_unsupported - whether the shim can keep state of a type on
 * this boot, and if not, why.
 * @type: the object type.
 *
 * security_cred_free() calls the cred_free hooks only for a cred with a
 * security blob, and no cred has one when no built-in LSM asked for it (an
 * lsm= list without apparmor, selinux, smack and landlock). Per-cred state
 * would then never be freed: every fork and exec would leak an entry, and
 * a new cred at a freed one's address would inherit it. Every other type's
 * free hook is called whatever the blobs.
 *
 * Return: NULL when state of @type works, else the reason.
 */
const char *shim_state_unsupported(enum lsm_shim_object type)
{
	if (type == LSM_SHIM_CRED && !current_cred()->security)
		return "per-cred state needs a built-in LSM with a cred blob (apparmor, selinux, smack or landlock in lsm=): without one the kernel never calls cred_free";
	return NULL;
}

/**
 * shim_state_attach - a client with state is registering: list it as a
 * user of its object types. The registry attaches the types' free hooks
 * (shim_state_free_hook()) before any of the client's own hooks, so no
 * entry can outlive its object.
 * @lsm: the client.
 * @slots: the client's user records, one per object type, filled in.
 *
 * Context: shim_mutex held.
 * Return: 0, or an errno with nothing left attached.
 */
int shim_state_attach(const struct lsm_shim_lsm *lsm,
		      struct state_user *slots[LSM_SHIM_NR_OBJECTS])
{
	int t, err;

	lockdep_assert_held(&shim_mutex);
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++)
		slots[t] = NULL;
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		if (!lsm->state_size[t])
			continue;
		err = attach_type(t, lsm, &slots[t]);
		if (err) {
			shim_state_unlink(slots);
			synchronize_srcu(&shim_srcu);
			shim_state_release(slots);
			return err;
		}
	}
	return 0;
}

/**
 * shim_state_unlink - take a client off its types' user lists. The caller
 * then waits for shim_srcu and calls shim_state_release().
 * @slots: the client's user records.
 *
 * Context: shim_mutex held.
 */
void shim_state_unlink(struct state_user *slots[LSM_SHIM_NR_OBJECTS])
{
	int t;

	lockdep_assert_held(&shim_mutex);
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		if (!slots[t])
			continue;
		list_del_rcu(&slots[t]->node);
	}
}

static void drop_entries(enum lsm_shim_object type,
			 const struct lsm_shim_lsm *lsm)
{
	struct rhashtable_iter iter;
	struct state_entry *e;
	unsigned long n = 0;

	rhashtable_walk_enter(&tables[type], &iter);
	rhashtable_walk_start(&iter);
	while ((e = rhashtable_walk_next(&iter))) {
		/*
		 * Millions of inode or file entries must not hold one RCU
		 * read section: leave it now and then (the walk resumes).
		 */
		if (++n % 1024 == 0) {
			rhashtable_walk_stop(&iter);
			cond_resched();
			rhashtable_walk_start(&iter);
		}
		if (IS_ERR(e))
			continue;
		if (e->key.lsm != lsm)
			continue;
		if (!rhashtable_remove_fast(&tables[type], &e->node,
					    state_params))
			call_rcu(&e->rcu, free_entry_rcu);
	}
	rhashtable_walk_stop(&iter);
	rhashtable_walk_exit(&iter);
	/* Before the entries' grace period ends: no answer names them. */
	state_changed(type);
}

/**
 * shim_state_release - free all of an unlinked client's state, once no
 * hook can reach it (the caller waited for shim_srcu after
 * shim_state_unlink()).
 * @slots: the client's user records; emptied.
 *
 * Context: shim_mutex held.
 */
void shim_state_release(struct state_user *slots[LSM_SHIM_NR_OBJECTS])
{
	int t;

	lockdep_assert_held(&shim_mutex);
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		if (!slots[t])
			continue;
		drop_entries(t, slots[t]->lsm);
		kfree(slots[t]);
		slots[t] = NULL;
	}
}

/* The table's answer; out of line, so a remembered one needs no frame. */
static noinline void *table_lookup(const struct lsm_shim_lsm *lsm,
				   enum lsm_shim_object type,
				   const void *object)
{
	struct state_key key = { .object = object, .lsm = lsm };
	struct state_entry *e;

	e = rhashtable_lookup_fast(&tables[type], &key, state_params);
	return e ? e->data : NULL;
}

/* A cred's answer from the table, then remembered (stamped @seq). */
static noinline void *cred_lookup(const struct lsm_shim_lsm *lsm,
				  const void *object, unsigned long seq)
{
	void *data = table_lookup(lsm, LSM_SHIM_CRED, object);

	shim_cache_put(object, lsm, data, seq);
	return data;
}

/**
 * lsm_shim_state_lookup - a client's state for an object, if it has any.
 * @lsm: the client.
 * @type: the object's type.
 * @object: the object.
 *
 * Context: any context in which @object is alive (a hook on it).
 * Return: the state, or NULL when none was made yet.
 */
void *lsm_shim_state_lookup(const struct lsm_shim_lsm *lsm,
			    enum lsm_shim_object type, const void *object)
{
	unsigned long seq;
	void *data;

	if (WARN_ON_ONCE((unsigned int)type >= LSM_SHIM_NR_OBJECTS ||
			 !lsm->state_size[type]))
		return NULL;
	/*
	 * The current cred's, mostly: state_cache.h. In task context only,
	 * so an interrupt never rewrites a slot a task is reading.
	 */
	if (type != LSM_SHIM_CRED || !in_task())
		return table_lookup(lsm, type, object);
	if (shim_cache_get(object, lsm, &data, &seq))
		return data;
	return cred_lookup(lsm, object, seq);
}
EXPORT_SYMBOL_GPL(lsm_shim_state_lookup);

static struct state_entry *new_entry(size_t size, gfp_t gfp)
{
	size_t class = (size + 7) / 8;

	if (class && class <= ENTRY_CLASSES)
		return kmem_cache_zalloc(entry_caches[class - 1], gfp);
	return kzalloc(sizeof(struct state_entry) + size, gfp);
}

/**
 * lsm_shim_state - a client's state for an object, made (zero-filled) on
 * first use.
 * @lsm: the client; @lsm->state_size[@type] bytes are kept.
 * @type: the object's type.
 * @object: the object.
 * @gfp: allocation flags for a new entry (GFP_ATOMIC in atomic hooks).
 *
 * The state lives until the object is freed or the client unregisters.
 * Objects created before the client registered start zero-filled too.
 *
 * Inode hooks may run in RCU path walk after the inode's free hook (a
 * dying inode): look its state up there (lsm_shim_state_lookup()), do not
 * create it, or a new inode at the same address inherits it. On Linux 6.1
 * no new entry is made in hard-irq context (NULL is returned).
 *
 * Context: any context in which @object is alive (a hook on it).
 * Return: the state, or NULL when memory for a new entry ran out.
 */
void *lsm_shim_state(const struct lsm_shim_lsm *lsm, enum lsm_shim_object type,
		     const void *object, gfp_t gfp)
{
	struct state_entry *e, *old;
	void *data;

	if (WARN_ON_ONCE((unsigned int)type >= LSM_SHIM_NR_OBJECTS))
		return NULL;
	data = lsm_shim_state_lookup(lsm, type, object);
	if (data || !lsm->state_size[type])
		return data;
	/* No insert in hard-irq context where the bucket locks are BH-only. */
	if (!shim_state_irq_safe() && in_hardirq())
		return NULL;
	e = new_entry(lsm->state_size[type], gfp);
	if (!e)
		return NULL;
	e->key.object = object;
	e->key.lsm = lsm;
	old = rhashtable_lookup_get_insert_fast(&tables[type], &e->node,
						state_params);
	if (!old) {
		/* A cred without state may be remembered as such. */
		state_changed(type);
		return e->data;
	}
	kfree(e);
	return IS_ERR(old) ? NULL : old->data;
}
EXPORT_SYMBOL_GPL(lsm_shim_state);

/**
 * shim_state_show - print the number of state entries per object type.
 * @m: the seq_file.
 */
void shim_state_show(struct seq_file *m)
{
	int t;

	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++)
		seq_printf(m, "%s %d\n", type_names[t],
			   atomic_read(&tables[t].nelems));
}
