/* SPDX-License-Identifier: GPL-2.0 */
/*
 * shim.h - interfaces between the parts of lsm_shim (internal).
 *
 * Layers, from the kernel up: a back end owns the kernel's hook table (the
 * 6.1 hlists or the 6.12+ static-call slots) and attaches one dispatcher per
 * hook; the dispatchers walk each hook's read-only call vector (made from
 * the registry's read-only client table) inside an SRCU read section; the
 * registry validates and orders clients; the state store keeps per-object
 * client state; securityfs shows all of it.
 */
#ifndef LOADABLE_LSM_SHIM_SHIM_H
#define LOADABLE_LSM_SHIM_SHIM_H

#include <linux/kallsyms.h>
#include <linux/list.h>
#include <linux/lsm_hooks.h>
#include <linux/mutex.h>
#include <linux/srcu.h>
#include <linux/string.h>
#include <linux/types.h>

#include "../include/lsm_shim.h"

#define SHIM_NAME "lsm_shim"
/* LLSM_VERSION comes from the VERSION file, through modules/Kbuild. */
#define SHIM_VERSION LLSM_VERSION

/* The most calls one hook can have (clients and the shim's own). */
#define SHIM_MAX_CALLS 15

/**
 * struct shim_call - one function a dispatcher calls, in read-only memory.
 * @fn: the client's function; empty after the last call of a vector.
 * @name: the client's name, for logs.
 */
struct shim_call {
	union security_list_options fn;
	const char *name;
};

/**
 * struct shim_calls - the calls of one hook, in call order.
 * @call: the calls, then at least one empty one.
 */
struct shim_calls {
	struct shim_call call[SHIM_MAX_CALLS + 1];
};

/**
 * struct shim_hook_stats - per-CPU counters of one hook.
 * @calls: dispatcher invocations.
 * @denials: invocations that ended with a client's non-default result.
 */
struct shim_hook_stats {
	u64 calls;
	u64 denials;
};

/*
 * shim_fn_addr - the function a hook union holds. Every member is a
 * function pointer, so the first pointer-sized bytes are the address.
 */
static __always_inline void *
shim_fn_addr(const union security_list_options *fn)
{
	void *addr;

	BUILD_BUG_ON(sizeof(*fn) != sizeof(addr));
	memcpy(&addr, fn, sizeof(addr));
	return addr;
}

/* sync.c */
extern struct srcu_struct shim_srcu;
extern struct mutex shim_mutex;

/* dispatch.c */
extern struct shim_hook_stats __percpu *shim_stats;
bool shim_counting_calls(void);
int shim_dispatch_init(void);
void shim_dispatch_exit(void);
const union security_list_options *shim_dispatcher(enum lsm_shim_hook_id id);
const char *shim_hook_refused(enum lsm_shim_hook_id id, const char **class);

/* backend_*.c: the kernel's hook table. All but the name are called with
 * shim_mutex held.
 */
const char *shim_backend_name(void);
int shim_backend_init(const char *symbol, char *why, size_t len);
int shim_backend_attach(enum lsm_shim_hook_id id,
			const union security_list_options *fn);
void shim_backend_detach(enum lsm_shim_hook_id id);
bool shim_backend_attached(enum lsm_shim_hook_id id);
bool shim_backend_alone(enum lsm_shim_hook_id id);
void shim_backend_release(void);

/* symbols.c */
void *shim_resolve_data(const char *name, size_t size, char *why, size_t len);
bool shim_symbol_at(const void *addr, const char *name, char *found);
bool shim_symbol_start(const void *addr, char *found);

/**
 * struct shim_names - buffers for checking the kernel's hook table against
 * kallsyms.
 * @want: the symbol name a table entry must have.
 * @found: the symbol kallsyms names there.
 */
struct shim_names {
	char want[KSYM_NAME_LEN];
	char found[KSYM_SYMBOL_LEN];
};

/* rowrite.c */
int shim_write_ro_ptr(void **where, void *value);
int shim_write_own_ro(void *dst, const void *src, size_t len);
int shim_publish_own_ro_ptr(const void **where, const void *value);
int shim_write_own_ro_bool(bool *where, bool value);

/* calls.c */
extern const struct shim_calls *shim_calls_cur[LSM_SHIM_NR_HOOKS];

/**
 * shim_calls - the vector of a hook, for a dispatcher. Inline: every
 * hooked call takes this path, and a call of its own cost one.
 * @id: the hook.
 *
 * Context: inside shim_srcu's read section, which keeps the vector intact.
 * Return: the first call; the last one is followed by an empty function.
 */
static inline const struct shim_call *shim_calls(enum lsm_shim_hook_id id)
{
	return srcu_dereference(shim_calls_cur[id], &shim_srcu)->call;
}

void shim_calls_init(void);
void shim_calls_quiesced(void);
int shim_calls_publish(enum lsm_shim_hook_id id, const struct shim_calls *v);

/* hooks.c */
int shim_hooks_init(void);
void shim_hooks_exit(void);
int shim_hook_set(enum lsm_shim_hook_id id, const struct shim_calls *v,
		  unsigned int n);
void shim_hook_reset(enum lsm_shim_hook_id id, const struct shim_calls *v,
		     unsigned int n);
unsigned int shim_hook_count(enum lsm_shim_hook_id id);

/* registry.c */
int shim_registry_init(void);
void shim_registry_exit(void);
void shim_show_clients(struct seq_file *m);
int shim_lock(void);

/* state.c */
int shim_state_init(void);
void shim_state_exit(void);
struct state_user;
int shim_state_attach(const struct lsm_shim_lsm *lsm,
		      struct state_user *slots[LSM_SHIM_NR_OBJECTS]);
void shim_state_unlink(struct state_user *slots[LSM_SHIM_NR_OBJECTS]);
void shim_state_release(struct state_user *slots[LSM_SHIM_NR_OBJECTS]);
void shim_state_show(struct seq_file *m);
const char *shim_state_unsupported(enum lsm_shim_object type);
const struct lsm_shim_hook *shim_state_free_hook(enum lsm_shim_object type);

/* lock.c */
int shim_lock_set(const char *why);
bool shim_is_locked(void);
bool shim_lock_due(int nr_clients);

/* securityfs.c */
int shim_securityfs_init(void);
void shim_securityfs_exit(void);

/* audit.c */
void shim_audit(const char *op, const char *lsm, const char *module,
		int result);
void shim_audit_forced(const char *op, const char *lsm, const char *module,
		       bool locked);

/* hook_names.c */
const char *shim_hook_name(enum lsm_shim_hook_id id);
enum lsm_shim_hook_id shim_table_hook(enum lsm_shim_hook_id id);

#endif /* LOADABLE_LSM_SHIM_SHIM_H */
