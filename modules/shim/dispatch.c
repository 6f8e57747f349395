// SPDX-License-Identifier: GPL-2.0
/*
 * dispatch.c - the kernel-facing dispatcher of every LSM hook.
 *
 * One function per hook, with the exact signature of the kernel the module
 * is built against (generated from <linux/lsm_hook_defs.h> by
 * gen_hook_defs.awk). A dispatcher is attached to the kernel's hook table
 * only while some client implements its hook. It calls the hook's clients in
 * order inside an SRCU read section, so clients may sleep where the hook
 * may, and unregistering waits for calls in flight. int hooks stop at the
 * first client whose result ends the kernel's own walk and return it; void
 * hooks call every client.
 */

#include <linux/errno.h>
#include <linux/percpu.h>
#include <linux/rculist.h>
#include <linux/srcu.h>
#include <linux/string.h>

#include "compat.h"
#include "shim.h"

static __always_inline int shim_enter(enum lsm_shim_hook_id id)
{
	this_cpu_inc(shim_stats[id].calls);
	return srcu_read_lock(&shim_srcu);
}

#define shim_for_each_entry(e, id)                                        \
	list_for_each_entry_srcu(e, &shim_hook_clients[id], node,         \
				 srcu_read_lock_held(&shim_srcu))

#define SHIM_DISPATCH_int(DEFAULT, NAME, PARAMS, ARGS)                    \
	static int shim_dispatch_##NAME PARAMS                            \
	{                                                                 \
		const enum lsm_shim_hook_id shim_id_ = LSM_SHIM_HOOK_##NAME;    \
		struct shim_entry *shim_e_;                                     \
		int shim_rc_ = DEFAULT, shim_idx_;                                    \
									  \
		shim_idx_ = shim_enter(shim_id_);                                     \
		shim_for_each_entry(shim_e_, shim_id_) {                              \
			shim_rc_ = shim_e_->fn.NAME ARGS;                             \
			if (shim_int_hook_stops(shim_rc_, DEFAULT)) {           \
				this_cpu_inc(shim_stats[shim_id_].denials);     \
				break;                                    \
			}                                                 \
			shim_rc_ = DEFAULT;                                   \
		}                                                         \
		srcu_read_unlock(&shim_srcu, shim_idx_);                        \
		return shim_rc_;                                                \
	}

#define SHIM_DISPATCH_void(DEFAULT, NAME, PARAMS, ARGS)                   \
	static void shim_dispatch_##NAME PARAMS                           \
	{                                                                 \
		const enum lsm_shim_hook_id shim_id_ = LSM_SHIM_HOOK_##NAME;    \
		struct shim_entry *shim_e_;                                     \
		int shim_idx_;                                                  \
									  \
		shim_idx_ = shim_enter(shim_id_);                                     \
		shim_for_each_entry(shim_e_, shim_id_)                                \
			shim_e_->fn.NAME ARGS;                                  \
		srcu_read_unlock(&shim_srcu, shim_idx_);                        \
	}

#define SHIM_HOOK(RET, DEFAULT, NAME, PARAMS, ARGS) \
	SHIM_DISPATCH_##RET(DEFAULT, NAME, PARAMS, ARGS)
#include "hook_defs_gen.h"
#undef SHIM_HOOK

/*
 * task_prctl is walked by the kernel with its own loop: -ENOSYS means "not
 * mine", 0 means "handled, ask the others too", anything else ends the walk.
 */
static int shim_dispatch_prctl_walk(int option, unsigned long arg2,
				    unsigned long arg3, unsigned long arg4,
				    unsigned long arg5)
{
	const enum lsm_shim_hook_id id = LSM_SHIM_HOOK_task_prctl;
	struct shim_entry *e;
	int rc = -ENOSYS, this, idx;

	idx = shim_enter(id);
	shim_for_each_entry(e, id) {
		this = e->fn.task_prctl(option, arg2, arg3, arg4, arg5);
		if (this == -ENOSYS)
			continue;
		rc = this;
		if (rc) {
			this_cpu_inc(shim_stats[id].denials);
			break;
		}
	}
	srcu_read_unlock(&shim_srcu, idx);
	return rc;
}

static const union security_list_options shim_dispatchers[LSM_SHIM_NR_HOOKS] = {
#define SHIM_HOOK(RET, DEFAULT, NAME, PARAMS, ARGS) \
	[LSM_SHIM_HOOK_##NAME] = { .NAME = shim_dispatch_##NAME },
#include "hook_defs_gen.h"
#undef SHIM_HOOK
};

static const union security_list_options shim_prctl_dispatcher = {
	.task_prctl = shim_dispatch_prctl_walk,
};

static const char *const shim_hook_names[LSM_SHIM_NR_HOOKS] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	[LSM_SHIM_HOOK_##NAME] = #NAME,
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

/*
 * Hooks the shim refuses, with the reason. Names absent from the running
 * kernel are simply never matched.
 */
static const struct {
	const char *name;
	const char *why;
} shim_unsupported[] = {
	{ "vm_enough_memory", "walked by the kernel with its own loop" },
	{ "fs_context_parse_param", "walked by the kernel with its own loop" },
	{ "sb_set_mnt_opts", "walked by the kernel with its own loop" },
	{ "inode_init_security", "xattr slots are sized at boot" },
	{ "xfrm_state_pol_flow_match", "walked by the kernel with its own loop" },
	{ "getselfattr", "dispatched by LSM id" },
	{ "setselfattr", "dispatched by LSM id" },
	{ "getprocattr", "dispatched by LSM name" },
	{ "setprocattr", "dispatched by LSM name" },
	{ "dentry_init_security", "security contexts belong to built-in LSMs" },
	{ "dentry_create_files_as", "security contexts belong to built-in LSMs" },
	{ "inode_getsecurity", "walked by the kernel with its own loop" },
	{ "inode_setsecurity", "walked by the kernel with its own loop" },
	{ "inode_listsecurity", "security contexts belong to built-in LSMs" },
	{ "inode_getsecctx", "walked by the kernel with its own loop" },
	{ "inode_setsecctx", "security contexts belong to built-in LSMs" },
	{ "inode_notifysecctx", "security contexts belong to built-in LSMs" },
	{ "inode_copy_up_xattr", "security contexts belong to built-in LSMs" },
	{ "inode_getsecid", "secids belong to built-in LSMs" },
	{ "inode_getlsmprop", "secids belong to built-in LSMs" },
	{ "kernfs_init_security", "security contexts belong to built-in LSMs" },
	{ "ismaclabel", "security contexts belong to built-in LSMs" },
	{ "secid_to_secctx", "secids belong to built-in LSMs" },
	{ "lsmprop_to_secctx", "secids belong to built-in LSMs" },
	{ "secctx_to_secid", "secids belong to built-in LSMs" },
	{ "release_secctx", "secids belong to built-in LSMs" },
	{ "cred_getsecid", "secids belong to built-in LSMs" },
	{ "cred_getlsmprop", "secids belong to built-in LSMs" },
	{ "current_getsecid_subj", "secids belong to built-in LSMs" },
	{ "current_getlsmprop_subj", "secids belong to built-in LSMs" },
	{ "task_getsecid_obj", "secids belong to built-in LSMs" },
	{ "task_getlsmprop_obj", "secids belong to built-in LSMs" },
	{ "ipc_getsecid", "secids belong to built-in LSMs" },
	{ "ipc_getlsmprop", "secids belong to built-in LSMs" },
	{ "sk_getsecid", "secids belong to built-in LSMs" },
	{ "socket_getpeersec_stream", "secids belong to built-in LSMs" },
	{ "socket_getpeersec_dgram", "secids belong to built-in LSMs" },
	{ "secmark_relabel_packet", "secmarks belong to built-in LSMs" },
	{ "secmark_refcount_inc", "secmarks belong to built-in LSMs" },
	{ "secmark_refcount_dec", "secmarks belong to built-in LSMs" },
	{ "audit_rule_init", "audit rules are tied to a built-in LSM" },
	{ "audit_rule_known", "audit rules are tied to a built-in LSM" },
	{ "audit_rule_match", "audit rules are tied to a built-in LSM" },
	{ "audit_rule_free", "audit rules are tied to a built-in LSM" },
	{ "inode_free_security_rcu", "gets the blob, not the inode" },
};

/**
 * shim_dispatcher - the dispatcher the back end attaches for a hook.
 * @id: the hook.
 *
 * Return: a union holding the hook's dispatcher.
 */
const union security_list_options *shim_dispatcher(enum lsm_shim_hook_id id)
{
	if (id == LSM_SHIM_HOOK_task_prctl)
		return &shim_prctl_dispatcher;
	return &shim_dispatchers[id];
}

/**
 * shim_hook_name - the kernel's name of a hook.
 * @id: the hook.
 *
 * Return: the name, e.g. "file_open".
 */
const char *shim_hook_name(enum lsm_shim_hook_id id)
{
	return shim_hook_names[id];
}

/**
 * shim_hook_unsupported - why the shim refuses a hook.
 * @id: the hook.
 *
 * Return: NULL when the hook is supported, else a short reason.
 */
const char *shim_hook_unsupported(enum lsm_shim_hook_id id)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(shim_unsupported); i++)
		if (!strcmp(shim_unsupported[i].name, shim_hook_names[id]))
			return shim_unsupported[i].why;
	return NULL;
}

/**
 * shim_hook_by_name - look a hook up by name.
 * @name: the kernel's name of the hook.
 *
 * Return: the hook's id, or -ENOENT.
 */
int shim_hook_by_name(const char *name)
{
	int id;

	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		if (!strcmp(shim_hook_names[id], name))
			return id;
	return -ENOENT;
}
