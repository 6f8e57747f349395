/* SPDX-License-Identifier: GPL-2.0 */
/*
 * lsm_shim.h - public API of lsm_shim: Linux Security Modules registered at
 * run time by loadable kernel modules.
 *
 * A client module describes its LSM with a const struct lsm_shim_lsm and calls
 * lsm_shim_register() from its init function and lsm_shim_unregister() from
 * its exit function. Hook functions have exactly the kernel's LSM hook
 * signatures (those of union security_list_options of the kernel the module
 * is built against) and the kernel's semantics: int hooks return 0 to allow or
 * a negative errno to deny, and the first client that denies wins.
 */
#ifndef LOADABLE_LSM_LSM_SHIM_H
#define LOADABLE_LSM_LSM_SHIM_H

#include <linux/fs.h>
#include <linux/gfp.h>
#include <linux/lsm_hooks.h>
#include <linux/module.h>
#include <linux/types.h>

/**
 * enum lsm_shim_hook_id - one identifier per LSM hook of the running kernel.
 *
 * Generated from <linux/lsm_hook_defs.h>, so it has exactly the hooks of the
 * kernel the module is built for: LSM_SHIM_HOOK_file_open, ... The hooks the
 * shim refuses are listed in the README and named in the registration error.
 */
enum lsm_shim_hook_id {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) LSM_SHIM_HOOK_##NAME,
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
	LSM_SHIM_NR_HOOKS
};

/**
 * struct lsm_shim_hook - one hook function of a client LSM.
 * @id: which hook.
 * @fn: the function, stored in the member of the kernel's union that matches
 *      @id; use LSM_SHIM_HOOK_INIT() so the compiler checks the signature.
 */
struct lsm_shim_hook {
	enum lsm_shim_hook_id id;
	union security_list_options fn;
};

/**
 * LSM_SHIM_HOOK_INIT - initialise a struct lsm_shim_hook.
 * @NAME: the hook's name in <linux/lsm_hook_defs.h>, e.g. file_open.
 * @FUNC: the client's function with that hook's signature.
 */
#define LSM_SHIM_HOOK_INIT(NAME, FUNC) \
	{ .id = LSM_SHIM_HOOK_##NAME, .fn = { .NAME = FUNC } }

/**
 * enum lsm_shim_object - kernel objects a client may attach state to.
 * @LSM_SHIM_TASK: struct task_struct, freed at task_free.
 * @LSM_SHIM_CRED: struct cred, freed at cred_free.
 * @LSM_SHIM_INODE: struct inode, freed at inode_free_security.
 * @LSM_SHIM_FILE: struct file, freed at file_free_security.
 * @LSM_SHIM_SUPERBLOCK: struct super_block, freed at sb_free_security.
 * @LSM_SHIM_SOCKET: struct sock, freed at sk_free_security.
 * @LSM_SHIM_NR_OBJECTS: number of object types.
 */
enum lsm_shim_object {
	LSM_SHIM_TASK,
	LSM_SHIM_CRED,
	LSM_SHIM_INODE,
	LSM_SHIM_FILE,
	LSM_SHIM_SUPERBLOCK,
	LSM_SHIM_SOCKET,
	LSM_SHIM_NR_OBJECTS
};

/* Longest client name, without the terminating NUL. */
#define LSM_SHIM_NAME_MAX 32
/* Largest state a client may keep per object, in bytes. */
#define LSM_SHIM_STATE_MAX 256

/**
 * struct lsm_shim_lsm - a client LSM, declared const in the client module.
 * @name: short name shown in securityfs and logs ([a-z0-9_], at most
 *        %LSM_SHIM_NAME_MAX characters, unique among loaded clients).
 * @hooks: the client's hook functions; each hook at most once.
 * @nr_hooks: number of entries in @hooks.
 * @order: call order among clients: lower runs first; clients with equal
 *         order run in registration order. Use 0 unless order matters.
 * @state_size: bytes of per-object state the client wants for each object
 *              type (0: none). See lsm_shim_state().
 * @owner: the client module (THIS_MODULE); the hooks must be its code.
 */
struct lsm_shim_lsm {
	const char *name;
	const struct lsm_shim_hook *hooks;
	unsigned int nr_hooks;
	int order;
	unsigned int state_size[LSM_SHIM_NR_OBJECTS];
	struct module *owner;
};

int __lsm_shim_register(const struct lsm_shim_lsm *lsm);
int __lsm_shim_unregister(const struct lsm_shim_lsm *lsm);
int __lsm_shim_hook_enable(const struct lsm_shim_lsm *lsm,
			   enum lsm_shim_hook_id id, bool on);

/*
 * The shim knows its caller by the call's return address, which must lie
 * in the client's own module (@lsm->owner). These wrappers are inlined into
 * the client, and the empty asm after the call keeps it out of tail
 * position: "return lsm_shim_register(&x);" in an init function would
 * otherwise jump to the shim and return into the kernel's module loader,
 * which is no module's code.
 */

/**
 * lsm_shim_register - register a client LSM from its own module.
 * @lsm: the client's descriptor (see __lsm_shim_register()).
 *
 * Return: as __lsm_shim_register().
 */
static inline int lsm_shim_register(const struct lsm_shim_lsm *lsm)
{
	int ret = __lsm_shim_register(lsm);

	asm volatile("" : "+r" (ret));
	return ret;
}

/**
 * lsm_shim_unregister - unregister a client LSM from its own module.
 * @lsm: the descriptor given to lsm_shim_register().
 *
 * Return: as __lsm_shim_unregister().
 */
static inline int lsm_shim_unregister(const struct lsm_shim_lsm *lsm)
{
	int ret = __lsm_shim_unregister(lsm);

	asm volatile("" : "+r" (ret));
	return ret;
}

/**
 * lsm_shim_hook_enable - switch one of a client's own hooks on or off.
 * @lsm: the client's registered descriptor.
 * @id: one of the hooks in @lsm->hooks.
 * @on: true to call it again, false to stop calling it.
 *
 * A hook switched off is not called at all, and a hook no client calls
 * costs what it costs without the shim. Every hook is on at registration.
 * Return: as __lsm_shim_hook_enable().
 */
static inline int lsm_shim_hook_enable(const struct lsm_shim_lsm *lsm,
				       enum lsm_shim_hook_id id, bool on)
{
	int ret = __lsm_shim_hook_enable(lsm, id, on);

	asm volatile("" : "+r" (ret));
	return ret;
}

void *lsm_shim_state(const struct lsm_shim_lsm *lsm, enum lsm_shim_object type,
		     const void *object, gfp_t gfp);
void *lsm_shim_state_lookup(const struct lsm_shim_lsm *lsm,
			    enum lsm_shim_object type, const void *object);
bool lsm_shim_locked(void);
struct dentry *lsm_shim_securityfs_create_dir(const char *name);
struct dentry *lsm_shim_securityfs_create_file(const char *name, umode_t mode,
					       struct dentry *parent, void *data,
					       const struct file_operations *fops);

#endif /* LOADABLE_LSM_LSM_SHIM_H */
