// SPDX-License-Identifier: GPL-2.0
/*
 * registry.c - client LSMs: validation, ordering, registration and
 * unregistration, and pinning their modules when the lock is set (the flag
 * is lock.c's).
 *
 * The registered clients are a table in read-only memory (__ro_after_init,
 * rewritten whole through a temporary writable alias, as the call vectors
 * are), in call order, each with its descriptor, which must itself be
 * read-only data of the client's module. Every hook's calls are made from
 * the table alone: a kernel write primitive cannot add a function to a
 * hook, take a client's function off one or reorder them by writing
 * ordinary memory, not even at the next registration. What stays in
 * ordinary memory is the state store's bookkeeping.
 *
 * Everything here is under shim_mutex. Dispatchers read the read-only call
 * vectors (calls.c) under shim_srcu: a client leaves the table and the
 * vectors, then synchronize_srcu() waits for every call in flight (calls
 * may sleep) before anything is freed.
 */

#include <linux/bitmap.h>
#include <linux/capability.h>
#include <linux/ctype.h>
#include <linux/delay.h>
#include <linux/kmemleak.h>
#include <linux/limits.h>
#include <linux/module.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "compat.h"
#include "shim.h"

/* The most clients registered at once. */
#define SHIM_MAX_CLIENTS 16

/**
 * struct shim_client - what a registered client has in ordinary memory.
 * @state: its records in the state store, per object type.
 */
struct shim_client {
	struct state_user *state[LSM_SHIM_NR_OBJECTS];
};

/**
 * struct shim_slot - a registered client, in the client table.
 * @lsm: its descriptor, read-only data of its module.
 * @client: its state records.
 * @off: its hooks it switched off (lsm_shim_hook_enable()), by hook id.
 */
struct shim_slot {
	const struct lsm_shim_lsm *lsm;
	struct shim_client *client;
	DECLARE_BITMAP(off, LSM_SHIM_NR_HOOKS);
};

/**
 * struct shim_client_table - the registered clients, in call order: by
 * order, then by registration.
 * @nr: how many.
 * @slot: the clients; the first @nr are used.
 */
struct shim_client_table {
	unsigned int nr;
	struct shim_slot slot[SHIM_MAX_CLIENTS];
};

static struct shim_client_table client_table __ro_after_init;
/* The next client table, made here and then written whole; shim_mutex. */
static struct shim_client_table next_table;

static char *allowed_clients;
module_param_named(clients, allowed_clients, charp, 0444);
MODULE_PARM_DESC(clients,
		 "comma-separated names of the only client LSMs that may register, each from the module of its name (default: any)");
static struct notifier_block module_nb;

/**
 * shim_registry_init - set up the per-hook lists and counters (hooks.c),
 * and watch for client modules that go away without unregistering.
 *
 * Return: 0 or a negative errno.
 */
int shim_registry_init(void)
{
	int err = shim_hooks_init();

	if (err)
		return err;
	err = register_module_notifier(&module_nb);
	if (err)
		shim_hooks_exit();
	return err;
}

/**
 * shim_registry_exit - stop watching modules and free the per-hook
 * counters; every client is gone by now.
 */
void shim_registry_exit(void)
{
	unregister_module_notifier(&module_nb);
	WARN_ON_ONCE(client_table.nr);
	shim_hooks_exit();
}

/* find_client - the slot of a registered descriptor, or -1. */
static int find_client(const struct lsm_shim_lsm *lsm)
{
	unsigned int i;

	for (i = 0; i < client_table.nr; i++)
		if (client_table.slot[i].lsm == lsm)
			return i;
	return -1;
}

static bool name_registered(const char *name)
{
	unsigned int i;

	for (i = 0; i < client_table.nr; i++)
		if (!strcmp(client_table.slot[i].lsm->name, name))
			return true;
	return false;
}

/* table_write - make the client table @t; 0 or -ENOMEM. */
static int table_write(const struct shim_client_table *t)
{
	return shim_write_own_ro(&client_table, t, sizeof(*t));
}

/*
 * table_write_must - table_write() that must not fail (a client's code may
 * be freed next, or a change is rolled back): a failed alias mapping is
 * memory pressure, so it is retried until it works.
 */
static void table_write_must(const struct shim_client_table *t)
{
	unsigned int tries = 0;

	while (table_write(t)) {
		if (tries++ == 0)
			pr_warn(SHIM_NAME ": cannot rewrite the client table yet, retrying\n");
		msleep(20);
	}
}

/* table_next - the table to change: a copy of the current one. */
static struct shim_client_table *table_next(void)
{
	next_table = client_table;
	return &next_table;
}

/*
 * table_add - put a client in the table, after the clients of lower or
 * equal order.
 */
static int table_add(const struct lsm_shim_lsm *lsm, struct shim_client *c)
{
	struct shim_client_table *t = table_next();
	unsigned int pos;

	if (t->nr == SHIM_MAX_CLIENTS) {
		pr_err(SHIM_NAME ": %s: %d clients are registered already, the most there can be\n",
		       lsm->name, SHIM_MAX_CLIENTS);
		return -ENOSPC;
	}
	for (pos = 0; pos < t->nr; pos++)
		if (lsm->order < t->slot[pos].lsm->order)
			break;
	memmove(&t->slot[pos + 1], &t->slot[pos],
		(t->nr - pos) * sizeof(t->slot[0]));
	memset(&t->slot[pos], 0, sizeof(t->slot[pos]));
	t->slot[pos].lsm = lsm;
	t->slot[pos].client = c;
	t->nr++;
	return table_write(t);
}

/*
 * table_del - take slot @pos out of the table. This must not fail: the
 * client's code may be freed next. A failed alias mapping is memory
 * pressure, so it is retried until it works.
 */
static void table_del(unsigned int pos)
{
	struct shim_client_table *t = table_next();

	memmove(&t->slot[pos], &t->slot[pos + 1],
		(t->nr - pos - 1) * sizeof(t->slot[0]));
	t->nr--;
	memset(&t->slot[t->nr], 0, sizeof(t->slot[0]));
	table_write_must(t);
}

/* state_kept - whether a client in the table keeps state of @type. */
static bool state_kept(enum lsm_shim_object type)
{
	unsigned int i;

	for (i = 0; i < client_table.nr; i++)
		if (client_table.slot[i].lsm->state_size[type])
			return true;
	return false;
}

/*
 * hook_calls - what hook @id calls, as the table says: each client's
 * function for it unless the client switched it off, in call order, then
 * the state store's free function while a client keeps state of the type
 * it frees. Everything read here is read-only: the table, the clients'
 * descriptors and hook tables, the state store's free hooks. Returns how
 * many, or -ENOSPC when that is over %SHIM_MAX_CALLS (@v then holds the
 * first ones).
 */
static int hook_calls(enum lsm_shim_hook_id id, struct shim_calls *v)
{
	const struct lsm_shim_lsm *lsm;
	const struct lsm_shim_hook *h;
	unsigned int i, j, n = 0;
	int t;

	memset(v, 0, sizeof(*v));
	for (i = 0; i < client_table.nr; i++) {
		lsm = client_table.slot[i].lsm;
		if (test_bit(id, client_table.slot[i].off))
			continue;
		for (j = 0; j < lsm->nr_hooks; j++) {
			if (lsm->hooks[j].id != id)
				continue;
			if (n == SHIM_MAX_CALLS)
				return -ENOSPC;
			v->call[n].fn = lsm->hooks[j].fn;
			v->call[n++].name = lsm->name;
		}
	}
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		h = shim_state_free_hook(t);
		if (h->id != id || !state_kept(t))
			continue;
		if (n == SHIM_MAX_CALLS)
			return -ENOSPC;
		v->call[n].fn = h->fn;
		v->call[n++].name = SHIM_NAME;
	}
	return n;
}

/* sync_hook - make hook @id call what the table says, after an addition. */
static int sync_hook(enum lsm_shim_hook_id id)
{
	struct shim_calls v;
	int n = hook_calls(id, &v);

	if (n < 0) {
		pr_err(SHIM_NAME ": hook %s would have more than %d users, the most it can have\n",
		       shim_hook_name(id), SHIM_MAX_CALLS);
		return n;
	}
	return shim_hook_set(id, &v, n);
}

/*
 * resync_hook - make hook @id call what the table says after a removal:
 * fewer calls, which cannot fail (shim_hook_reset()).
 */
static void resync_hook(enum lsm_shim_hook_id id)
{
	struct shim_calls v;
	int n = hook_calls(id, &v);

	if (WARN_ON_ONCE(n < 0))
		n = SHIM_MAX_CALLS;
	shim_hook_reset(id, &v, n);
}

/*
 * sync_client - after @lsm entered the table: the free hooks of its state
 * types first, so no state outlives its object, then its own hooks.
 */
static int sync_client(const struct lsm_shim_lsm *lsm)
{
	unsigned int i;
	int t, err;

	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		if (!lsm->state_size[t])
			continue;
		err = sync_hook(shim_state_free_hook(t)->id);
		if (err)
			return err;
	}
	for (i = 0; i < lsm->nr_hooks; i++) {
		err = sync_hook(lsm->hooks[i].id);
		if (err) {
			pr_err(SHIM_NAME ": %s: cannot attach hook %s: %d\n",
			       lsm->name, shim_hook_name(lsm->hooks[i].id), err);
			return err;
		}
	}
	return 0;
}

/* resync_client - after @lsm left the table: its hooks, then its types'. */
static void resync_client(const struct lsm_shim_lsm *lsm)
{
	unsigned int i;
	int t;

	for (i = 0; i < lsm->nr_hooks; i++)
		resync_hook(lsm->hooks[i].id);
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++)
		if (lsm->state_size[t])
			resync_hook(shim_state_free_hook(t)->id);
}

static int check_name(const char *name)
{
	size_t i, len = strnlen(name, LSM_SHIM_NAME_MAX + 1);

	if (!len || len > LSM_SHIM_NAME_MAX)
		return -EINVAL;
	for (i = 0; i < len; i++)
		if (!islower(name[i]) && !isdigit(name[i]) && name[i] != '_')
			return -EINVAL;
	return 0;
}

/*
 * check_hook_fn - a hook function must be an entry point of the owner's
 * code: a pointer into the middle of a function would run from there (and
 * trap on an ENDBR check), so it is refused now, not at its first call.
 */
static int check_hook_fn(const struct lsm_shim_lsm *lsm,
			 const struct lsm_shim_hook *h, char *found)
{
	void *fn = shim_fn_addr(&h->fn);

	if (!fn || !shim_module_has_text(lsm->owner, fn)) {
		pr_err(SHIM_NAME ": %s: hook %s is not code of module %s\n",
		       lsm->name, shim_hook_name(h->id), module_name(lsm->owner));
		return -EINVAL;
	}
	if (!shim_symbol_start(fn, found)) {
		pr_err(SHIM_NAME ": %s: hook %s is not the start of a function (%s)\n",
		       lsm->name, shim_hook_name(h->id), found);
		return -EINVAL;
	}
	return 0;
}

static int check_hook(const struct lsm_shim_lsm *lsm,
		      const struct lsm_shim_hook *h, unsigned long *seen,
		      char *found)
{
	const char *why, *class;

	if ((unsigned int)h->id >= LSM_SHIM_NR_HOOKS) {
		pr_err(SHIM_NAME ": %s: hook has an unknown id %d\n", lsm->name,
		       h->id);
		return -EINVAL;
	}
	why = shim_hook_refused(h->id, &class);
	if (why) {
		pr_err(SHIM_NAME ": %s: hook %s is not supported (class %s): %s\n",
		       lsm->name, shim_hook_name(h->id), class, why);
		return -EPERM;
	}
	if (test_and_set_bit(h->id, seen)) {
		pr_err(SHIM_NAME ": %s: hook %s given twice\n", lsm->name,
		       shim_hook_name(h->id));
		return -EINVAL;
	}
	return check_hook_fn(lsm, h, found);
}

static int check_hooks(const struct lsm_shim_lsm *lsm)
{
	DECLARE_BITMAP(seen, LSM_SHIM_NR_HOOKS);
	unsigned int i;
	char *found;
	int err = 0;

	bitmap_zero(seen, LSM_SHIM_NR_HOOKS);
	if (!lsm->hooks || !lsm->nr_hooks || lsm->nr_hooks > LSM_SHIM_NR_HOOKS ||
	    !shim_module_has_data(lsm->owner, lsm->hooks) ||
	    !shim_module_has_data(lsm->owner,
				  (const char *)(lsm->hooks + lsm->nr_hooks) - 1)) {
		pr_err(SHIM_NAME ": %s: hook table missing or outside module %s\n",
		       lsm->name, module_name(lsm->owner));
		return -EINVAL;
	}
	/* The shim reads it at every change of any hook's calls. */
	if (!shim_module_has_rodata(lsm->owner, lsm->hooks,
				    lsm->nr_hooks * sizeof(*lsm->hooks))) {
		pr_err(SHIM_NAME ": %s: hook table is writable data of module %s (declare it const)\n",
		       lsm->name, module_name(lsm->owner));
		return -EINVAL;
	}
	found = kmalloc(KSYM_SYMBOL_LEN, GFP_KERNEL);
	if (!found)
		return -ENOMEM;
	for (i = 0; i < lsm->nr_hooks && !err; i++)
		err = check_hook(lsm, &lsm->hooks[i], seen, found);
	kfree(found);
	return err;
}

static int check_lsm(const struct lsm_shim_lsm *lsm)
{
	const char *why;
	int t;

	if (!lsm || !lsm->owner || !lsm->name)
		return -EINVAL;
	if (!shim_module_has_data(lsm->owner, lsm) ||
	    !shim_module_has_data(lsm->owner, (const char *)(lsm + 1) - 1)) {
		pr_err(SHIM_NAME ": descriptor is not part of module %s (or in its init sections)\n",
		       module_name(lsm->owner));
		return -EINVAL;
	}
	if (!shim_module_has_rodata(lsm->owner, lsm, sizeof(*lsm))) {
		pr_err(SHIM_NAME ": descriptor is writable data of module %s (declare it const)\n",
		       module_name(lsm->owner));
		return -EINVAL;
	}
	if (!shim_module_has_data(lsm->owner, lsm->name) ||
	    check_name(lsm->name)) {
		pr_err(SHIM_NAME ": module %s: bad LSM name (want [a-z0-9_]{1,%d})\n",
		       module_name(lsm->owner), LSM_SHIM_NAME_MAX);
		return -EINVAL;
	}
	for (t = 0; t < LSM_SHIM_NR_OBJECTS; t++) {
		if (lsm->state_size[t] > LSM_SHIM_STATE_MAX) {
			pr_err(SHIM_NAME ": %s: state of %u bytes is over %d\n",
			       lsm->name, lsm->state_size[t], LSM_SHIM_STATE_MAX);
			return -EINVAL;
		}
		why = lsm->state_size[t] ? shim_state_unsupported(t) : NULL;
		if (why) {
			pr_err(SHIM_NAME ": %s: refused: %s\n", lsm->name, why);
			return -EOPNOTSUPP;
		}
	}
	return check_hooks(lsm);
}

/*
 * add_client - list the client in the state store, put it in the table and
 * attach its hooks; on failure, nothing of it is left anywhere.
 */
static int add_client(const struct lsm_shim_lsm *lsm, struct shim_client *c)
{
	int err;

	err = shim_state_attach(lsm, c->state);
	if (err)
		return err;
	err = table_add(lsm, c);
	if (err)
		goto out_state;
	err = sync_client(lsm);
	if (!err)
		return 0;
	table_del(find_client(lsm));
	resync_client(lsm);
out_state:
	shim_state_unlink(c->state);
	synchronize_srcu(&shim_srcu);
	shim_calls_quiesced();
	shim_state_release(c->state);
	return err;
}

/* Whether clients= is set: only the clients it names may register. */
static bool clients_limited(void)
{
	return allowed_clients && *allowed_clients;
}

/* Whether clients= lets a client of this (checked) name register. */
static bool client_listed(const char *name)
{
	const char *p = allowed_clients;
	size_t len = strlen(name);

	if (!clients_limited())
		return true;
	while (*p) {
		if (!strncmp(p, name, len) && (p[len] == ',' || !p[len]))
			return true;
		p = strchrnul(p, ',');
		if (*p)
			p++;
	}
	return false;
}

/*
 * called_by_owner - whether the client's own module is registering or
 * unregistering it: @ret, the caller's return address, lies in its code
 * (init, core or exit). The public lsm_shim_register() and
 * lsm_shim_unregister() are inlined into the client and never tail-call,
 * so a call from the client's init or exit returns into the client. The
 * module's state says nothing about the caller: while a client's init
 * runs, any other module could otherwise unregister it, and the client
 * would come up live with none of its hooks.
 */
static bool called_by_owner(const struct lsm_shim_lsm *lsm, unsigned long ret)
{
	return within_module(ret, lsm->owner);
}

/*
 * signature_ok - when the kernel enforces module signatures or is locked
 * down, a client's module must be one whose signature verified.
 */
static bool signature_ok(struct module *owner)
{
	if (module_sig_ok(owner))
		return true;
	return !is_module_sig_enforced() &&
	       !security_locked_down(LOCKDOWN_MODULE_SIGNATURE);
}

/* check_caller - who may register @lsm; -EPERM with a log line if not. */
static int check_caller(const struct lsm_shim_lsm *lsm, unsigned long ret)
{
	if (!called_by_owner(lsm, ret)) {
		pr_err(SHIM_NAME ": %s: refused: called from %pS, not by module %s\n",
		       lsm->name, (void *)ret, module_name(lsm->owner));
		return -EPERM;
	}
	if (!client_listed(lsm->name)) {
		pr_err(SHIM_NAME ": %s: refused: not in the clients= list\n",
		       lsm->name);
		return -EPERM;
	}
	/*
	 * A client's name is whatever its module puts in the descriptor: a
	 * listed name counts only from the module of that name.
	 */
	if (clients_limited() && strcmp(lsm->name, module_name(lsm->owner))) {
		pr_err(SHIM_NAME ": %s: refused: in the clients= list, but registered by module %s\n",
		       lsm->name, module_name(lsm->owner));
		return -EPERM;
	}
	if (!signature_ok(lsm->owner)) {
		pr_err(SHIM_NAME ": %s: refused: module %s is not signed with a trusted key, and signatures are enforced\n",
		       lsm->name, module_name(lsm->owner));
		return -EPERM;
	}
	return 0;
}


static void pin_module(struct module *owner)
{
	/*
	 * A module whose rmmod already passed the point of no return cannot
	 * be pinned; it unregisters from its exit function as usual.
	 */
	if (!try_module_get(owner))
		pr_warn(SHIM_NAME ": module %s is already going away and cannot be locked in\n",
			module_name(owner));
}

/*
 * lock_now - set the lock, then pin the shim and every client's module.
 * Called with shim_mutex held.
 */
static int lock_now(const char *why)
{
	unsigned int i;
	int ret;

	ret = shim_lock_set(why);
	if (ret <= 0)
		return ret;
	for (i = 0; i < client_table.nr; i++)
		pin_module(client_table.slot[i].lsm->owner);
	__module_get(THIS_MODULE);
	return 0;
}

/**
 * shim_lock - set the lock (securityfs "lock" file).
 *
 * Return: 0, or the errno of the read-only write (nothing locked).
 */
int shim_lock(void)
{
	int err;

	mutex_lock(&shim_mutex);
	err = lock_now("requested");
	mutex_unlock(&shim_mutex);
	return err;
}

/**
 * __lsm_shim_register - register a client LSM; clients call it through
 * lsm_shim_register() (lsm_shim.h), which makes sure the call returns into
 * the client's code.
 * @lsm: the client's descriptor; it must stay valid until
 *       lsm_shim_unregister() returns (declare it const in the module).
 *
 * Checks the descriptor and the caller (the client's own module; listed in
 * clients= and named as its module when clients= is set; signed when
 * signatures are enforced), attaches the shim's dispatcher to every hook
 * the client uses and puts the client in call order. The client's hooks may be
 * called before this function returns.
 *
 * Context: process context, may sleep.
 * Return: 0, or
 * - %-EINVAL: a malformed descriptor (bad name, hooks outside @lsm->owner,
 *   a descriptor or hook table that is not read-only data of @lsm->owner),
 * - %-EEXIST: a client of the same name or descriptor is registered,
 * - %-EOPNOTSUPP: state of an object type the kernel does not tell the
 *   shim the end of (per-cred state without a built-in cred blob),
 * - %-EPERM: a hook the shim refuses (named in the log with its class; see
 *   hook_class.h), a caller that is not @lsm->owner's code or init, a
 *   client not in clients= or not named as its module when clients= is
 *   set, an unsigned module when signatures are enforced, or the shim is
 *   locked,
 * - %-ENOSPC: the kernel has no free slot for a hook, a hook has
 *   %SHIM_MAX_CALLS calls already, or %SHIM_MAX_CLIENTS clients are
 *   registered,
 * - %-ENOMEM: out of memory.
 */
int __lsm_shim_register(const struct lsm_shim_lsm *lsm)
{
	unsigned long ret = (unsigned long)__builtin_return_address(0);
	struct shim_client *c;
	int err;

	err = check_lsm(lsm);
	if (err) {
		/* The name is known good only once check_lsm() passed it. */
		shim_audit("register", NULL,
			   lsm && lsm->owner ? module_name(lsm->owner) : NULL, 0);
		return err;
	}
	err = check_caller(lsm, ret);
	if (err) {
		shim_audit("register", lsm->name, module_name(lsm->owner), 0);
		return err;
	}
	c = kzalloc(sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	/*
	 * Once registered, @c is referenced only from client_table, which is
	 * __ro_after_init; kmemleak does not scan a module's ro_after_init
	 * memory, so it would report @c as leaked. It is still scanned for
	 * the pointers it holds, and freed by remove_client().
	 */
	kmemleak_not_leak(c);

	mutex_lock(&shim_mutex);
	if (shim_is_locked()) {
		pr_err(SHIM_NAME ": %s: refused, lsm_shim is locked until reboot\n",
		       lsm->name);
		err = -EPERM;
		goto out_free;
	}
	if (find_client(lsm) >= 0 || name_registered(lsm->name)) {
		pr_err(SHIM_NAME ": %s: already registered\n", lsm->name);
		err = -EEXIST;
		goto out_free;
	}
	err = add_client(lsm, c);
	if (err)
		goto out_free;
	pr_info(SHIM_NAME ": registered %s from module %s (%u hooks, order %d)\n",
		lsm->name, module_name(lsm->owner), lsm->nr_hooks, lsm->order);
	shim_audit("register", lsm->name, module_name(lsm->owner), 1);
	if (shim_lock_due(client_table.nr))
		lock_now("lock_after reached");	/* logged if it fails */
	mutex_unlock(&shim_mutex);
	return 0;

out_free:
	mutex_unlock(&shim_mutex);
	kfree(c);
	shim_audit("register", lsm->name, module_name(lsm->owner), 0);
	return err;
}
EXPORT_SYMBOL_GPL(__lsm_shim_register);

/*
 * remove_client - take the client in slot @pos out of the table and its
 * hooks, wait until no call of them is in flight, free its state. Drops
 * shim_mutex.
 */
static void remove_client(unsigned int pos)
	__releases(&shim_mutex)
{
	const struct lsm_shim_lsm *lsm = client_table.slot[pos].lsm;
	struct shim_client *c = client_table.slot[pos].client;

	lockdep_assert_held(&shim_mutex);
	table_del(pos);
	resync_client(lsm);
	shim_state_unlink(c->state);
	/*
	 * One grace period covers the hooks and the state store's lists.
	 * Expedited: unregistering is rare and the caller (rmmod) waits.
	 */
	synchronize_srcu_expedited(&shim_srcu);
	shim_calls_quiesced();
	shim_state_release(c->state);
	mutex_unlock(&shim_mutex);
	kfree(c);
}

/*
 * remove_going_client - unregister a client whose module is going away
 * whatever the shim says (a forced rmmod, an rmmod that was already past
 * the point of no return when the lock was set, an init that failed after
 * registering). Its code and data are freed next, so it must leave every
 * hook path now, lock or not. Drops shim_mutex.
 */
static void remove_going_client(unsigned int pos)
	__releases(&shim_mutex)
{
	const struct lsm_shim_lsm *lsm = client_table.slot[pos].lsm;
	bool locked = shim_is_locked();

	lockdep_assert_held(&shim_mutex);
	if (locked)
		pr_crit(SHIM_NAME ": %s: module %s is going away although lsm_shim is locked: unregistering it anyway (lock forced)\n",
			lsm->name, module_name(lsm->owner));
	else
		pr_warn(SHIM_NAME ": %s: module %s is going away without unregistering: unregistering it\n",
			lsm->name, module_name(lsm->owner));
	shim_audit_forced("unregister", lsm->name, module_name(lsm->owner),
			  locked);
	remove_client(pos);
	pr_info(SHIM_NAME ": unregistered %s\n", lsm->name);
}

/**
 * __lsm_shim_unregister - unregister a client LSM and free all its state;
 * clients call it through lsm_shim_unregister() (lsm_shim.h).
 * @lsm: the descriptor given to lsm_shim_register().
 *
 * Unlinks the client's hooks, waits until no call of them is in flight
 * (they may be sleeping), then frees every state entry the client has.
 * Detaches the shim's dispatcher from hooks no client uses any more. After
 * it returns, none of the client's hooks runs again.
 *
 * Only the client's own module may unregister it: the call must return into
 * its code (init, core or exit), whatever state the module is in. Once the
 * shim is locked, a client whose module is live cannot unregister. A client
 * whose module is going away (a forced rmmod) is always
 * unregistered: its code is about to be freed. That is logged as a forced
 * lock and audited with forced=1.
 *
 * Context: process context, may sleep.
 * Return: 0, or
 * - %-ENOENT: @lsm is not registered,
 * - %-EPERM: the caller is not @lsm->owner (logged and audited), or the
 *   shim is locked and @lsm->owner is live.
 */
int __lsm_shim_unregister(const struct lsm_shim_lsm *lsm)
{
	unsigned long ret = (unsigned long)__builtin_return_address(0);
	int pos;

	mutex_lock(&shim_mutex);
	pos = find_client(lsm);
	if (pos < 0) {
		mutex_unlock(&shim_mutex);
		return -ENOENT;
	}
	if (!called_by_owner(lsm, ret)) {
		mutex_unlock(&shim_mutex);
		pr_err(SHIM_NAME ": %s: unregister refused: called from %pS, not by module %s\n",
		       lsm->name, (void *)ret, module_name(lsm->owner));
		shim_audit("unregister", lsm->name, module_name(lsm->owner), 0);
		return -EPERM;
	}
	if (shim_is_locked() && !module_is_live(lsm->owner)) {
		remove_going_client(pos);
		return 0;
	}
	if (shim_is_locked()) {
		mutex_unlock(&shim_mutex);
		pr_err(SHIM_NAME ": %s: cannot unregister, lsm_shim is locked until reboot\n",
		       lsm->name);
		shim_audit("unregister", lsm->name, module_name(lsm->owner), 0);
		return -EPERM;
	}
	remove_client(pos);
	pr_info(SHIM_NAME ": unregistered %s\n", lsm->name);
	shim_audit("unregister", lsm->name, module_name(lsm->owner), 1);
	return 0;
}
EXPORT_SYMBOL_GPL(__lsm_shim_unregister);

/*
 * table_with_off - the table with hook @id of the client in slot @pos
 * switched off (@off) or on, to be written.
 */
static struct shim_client_table *table_with_off(unsigned int pos,
						enum lsm_shim_hook_id id,
						bool off)
{
	struct shim_client_table *t = table_next();

	__assign_bit(id, t->slot[pos].off, off);
	return t;
}

/* client_hooks - whether @lsm has a function for hook @id. */
static bool client_hooks(const struct lsm_shim_lsm *lsm,
			 enum lsm_shim_hook_id id)
{
	unsigned int i;

	for (i = 0; i < lsm->nr_hooks; i++)
		if (lsm->hooks[i].id == id)
			return true;
	return false;
}

/**
 * __lsm_shim_hook_enable - switch one of a client's hooks on or off;
 * clients call it through lsm_shim_hook_enable() (lsm_shim.h).
 * @lsm: the client's registered descriptor.
 * @id: a hook @lsm has a function for.
 * @on: true: call it (as after registration); false: stop calling it.
 *
 * The hook's calls are made again from the client table, which holds each
 * client's switched-off hooks in read-only memory like the rest of it:
 * ordinary memory cannot switch a client's hook off. A hook left with no
 * call is detached from the kernel, so it costs what it costs without the
 * shim. A call already in flight when the hook goes off may still finish.
 * Only the client's own module may switch its hooks, lock or not: what a
 * client checks is its own business, and it could as well return 0.
 *
 * Context: process context, may sleep.
 * Return: 0 (also when the hook already was as asked), or
 * - %-EINVAL: @id is not one of @lsm's hooks,
 * - %-ENOENT: @lsm is not registered,
 * - %-EPERM: the caller is not @lsm->owner's code (logged),
 * - %-ENOSPC, %-ENOMEM, the back end's errno: switching on failed, and
 *   the hook stays off.
 */
int __lsm_shim_hook_enable(const struct lsm_shim_lsm *lsm,
			   enum lsm_shim_hook_id id, bool on)
{
	unsigned long ret = (unsigned long)__builtin_return_address(0);
	int pos, err = 0;

	might_sleep();
	mutex_lock(&shim_mutex);
	pos = find_client(lsm);
	if (pos < 0) {
		err = -ENOENT;
		goto out;
	}
	if (!called_by_owner(lsm, ret)) {
		pr_err(SHIM_NAME ": %s: hook switch refused: called from %pS, not by module %s\n",
		       lsm->name, (void *)ret, module_name(lsm->owner));
		err = -EPERM;
		goto out;
	}
	if ((unsigned int)id >= LSM_SHIM_NR_HOOKS || !client_hooks(lsm, id)) {
		err = -EINVAL;
		goto out;
	}
	if (test_bit(id, client_table.slot[pos].off) != on)
		goto out;
	err = table_write(table_with_off(pos, id, !on));
	if (err)
		goto out;
	if (!on) {
		resync_hook(id);
		goto out;
	}
	err = sync_hook(id);
	if (err) {
		table_write_must(table_with_off(pos, id, true));
		resync_hook(id);
	}
out:
	mutex_unlock(&shim_mutex);
	return err;
}
EXPORT_SYMBOL_GPL(__lsm_shim_hook_enable);

/* find_client_owner - the slot of a client of module @owner, or -1. */
static int find_client_owner(const struct module *owner)
{
	unsigned int i;

	for (i = 0; i < client_table.nr; i++)
		if (client_table.slot[i].lsm->owner == owner)
			return i;
	return -1;
}

/*
 * module_going - unregister the clients of a module that is going away and
 * did not unregister them (its exit function ignored -EPERM, or its init
 * failed after registering while the shim was locked). Runs after the
 * module's exit function and before its memory is freed.
 */
static int module_going(struct notifier_block *nb, unsigned long action,
			void *data)
{
	struct module *mod = data;
	int pos;

	if (action != MODULE_STATE_GOING)
		return NOTIFY_DONE;
	for (;;) {
		mutex_lock(&shim_mutex);
		pos = find_client_owner(mod);
		if (pos < 0)
			break;
		remove_going_client(pos);
	}
	mutex_unlock(&shim_mutex);
	return NOTIFY_OK;
}

static struct notifier_block module_nb = {
	.notifier_call = module_going,
};

/**
 * shim_show_clients - print the clients' names in call order, comma
 * separated, on one line.
 * @m: the seq_file.
 */
void shim_show_clients(struct seq_file *m)
{
	unsigned int i;

	mutex_lock(&shim_mutex);
	for (i = 0; i < client_table.nr; i++)
		seq_printf(m, "%s%s", i ? "," : "", client_table.slot[i].lsm->name);
	mutex_unlock(&shim_mutex);
	seq_putc(m, '\n');
}
