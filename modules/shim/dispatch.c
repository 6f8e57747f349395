// SPDX-License-Identifier: GPL-2.0
/*
 * dispatch.c - the kernel-facing dispatcher of every LSM hook.
 *
 * One function per hook, with the exact signature of the kernel the module
 * is built against (generated from <linux/lsm_hook_defs.h> by
 * gen_hook_defs.awk). A dispatcher is attached to the kernel's hook table
 * only while some client implements its hook. It calls the hook's clients in
 * order, from the hook's read-only call vector, inside an SRCU read
 * section, so clients may sleep where the hook may, and unregistering waits
 * for calls in flight. int hooks stop at the first client whose result ends
 * the kernel's own walk and return it; void hooks call every client.
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/errno.h>
#include <linux/jump_label.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/srcu.h>
#include <linux/string.h>
#include <linux/sysfs.h>

#include "compat.h"
#include "hook_class.h"
#include "same_bytes.h"
#include "shim.h"

struct shim_hook_stats __percpu *shim_stats;

/*
 * Calls are counted only while the stats parameter is on: the count is two
 * instructions on every hooked call, which no built-in LSM pays. Denials
 * are rare and always counted.
 */
static DEFINE_STATIC_KEY_FALSE(count_calls);

static int stats_set(const char *val, const struct kernel_param *kp)
{
	bool on;
	int err = kstrtobool(val, &on);

	if (err)
		return err;
	if (on)
		static_branch_enable(&count_calls);
	else
		static_branch_disable(&count_calls);
	return 0;
}

static int stats_get(char *buf, const struct kernel_param *kp)
{
	return sysfs_emit(buf, "%c\n", shim_counting_calls() ? 'Y' : 'N');
}

static const struct kernel_param_ops stats_ops = {
	.set = stats_set,
	.get = stats_get,
};
module_param_cb(stats, &stats_ops, NULL, 0644);
MODULE_PARM_DESC(stats, "count every hook's calls for the hooks file (two instructions per call)");

/**
 * shim_counting_calls - whether hooked calls are being counted.
 *
 * Return: true while the stats parameter is on.
 */
bool shim_counting_calls(void)
{
	return static_key_enabled(&count_calls);
}

/**
 * shim_dispatch_init - the per-CPU call and denial counters.
 *
 * Return: 0 or -ENOMEM.
 */
int shim_dispatch_init(void)
{
	shim_stats = __alloc_percpu(sizeof(*shim_stats) * LSM_SHIM_NR_HOOKS,
				    __alignof__(*shim_stats));
	return shim_stats ? 0 : -ENOMEM;
}

/**
 * shim_dispatch_exit - free the counters; no dispatcher is attached.
 */
void shim_dispatch_exit(void)
{
	free_percpu(shim_stats);
}

static __always_inline struct shim_srcu_idx
shim_enter(enum lsm_shim_hook_id id)
{
	if (static_branch_unlikely(&count_calls))
		this_cpu_inc(shim_stats[id].calls);
	return shim_srcu_read_lock(&shim_srcu);
}

static __always_inline void shim_leave(struct shim_srcu_idx idx)
{
	shim_srcu_read_unlock(&shim_srcu, idx);
}

/*
 * shim_restrict - a client's int result as the kernel may see it: 0 or an
 * error. A positive result has other meanings to some callers (1 from
 * 6.1's inode_setxattr asks for the capability check, a positive "error"
 * from file_open would be taken for a pointer), so it denies.
 */
static __always_inline int shim_restrict(int rc)
{
	return rc > 0 ? -EPERM : rc;
}

/*
 * shim_int_default - what an int dispatcher returns when no client decided.
 * The hook's default, except for Linux 6.1's inode_setxattr and
 * inode_removexattr: their callers start from 1, "no LSM handled this
 * name, run the capability check", where the hook list's default is 0. The
 * shim's answer must change nothing: 1 when its dispatcher is alone on the
 * hook's list (no built-in LSM answered), else the 0 the others gave.
 */
static __always_inline int shim_int_default(enum lsm_shim_hook_id id, int def)
{
	if (shim_xattr_hooks_start_at_one() &&
	    (id == LSM_SHIM_HOOK_inode_setxattr ||
	     id == LSM_SHIM_HOOK_inode_removexattr) &&
	    shim_backend_alone(id))
		return 1;
	return def;
}

/* Walk a hook's read-only call vector; inside shim_srcu's read section. */
#define shim_for_each_entry(e, id)                                        \
	for (e = shim_calls(id); shim_fn_addr(&e->fn); e++)

#define SHIM_DISPATCH_int(DEFAULT, NAME, PARAMS, ARGS)                    \
	static int shim_dispatch_##NAME PARAMS                            \
	{                                                                 \
		const enum lsm_shim_hook_id shim_id_ = LSM_SHIM_HOOK_##NAME;    \
		const struct shim_call *shim_e_;                                \
		struct shim_srcu_idx shim_idx_;                                 \
		int shim_rc_ = DEFAULT;                                         \
									  \
		shim_idx_ = shim_enter(shim_id_);                               \
		shim_for_each_entry(shim_e_, shim_id_) {                        \
			shim_rc_ = shim_restrict(shim_e_->fn.NAME ARGS);        \
			if (shim_int_hook_stops(shim_rc_, DEFAULT)) {           \
				this_cpu_inc(shim_stats[shim_id_].denials);     \
				break;                                          \
			}                                                       \
			shim_rc_ = DEFAULT;                                     \
		}                                                               \
		shim_leave(shim_idx_);                                          \
		return shim_rc_ == DEFAULT ?                                    \
		       shim_int_default(shim_id_, DEFAULT) : shim_rc_;          \
	}

#define SHIM_DISPATCH_void(DEFAULT, NAME, PARAMS, ARGS)                   \
	static void shim_dispatch_##NAME PARAMS                           \
	{                                                                 \
		const enum lsm_shim_hook_id shim_id_ = LSM_SHIM_HOOK_##NAME;    \
		const struct shim_call *shim_e_;                                \
		struct shim_srcu_idx shim_idx_;                                 \
									  \
		shim_idx_ = shim_enter(shim_id_);                                     \
		shim_for_each_entry(shim_e_, shim_id_)                                \
			shim_e_->fn.NAME ARGS;                                  \
		shim_leave(shim_idx_);                                          \
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
	const struct shim_call *e;
	struct shim_srcu_idx idx;
	int rc = -ENOSYS, this;

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
	shim_leave(idx);
	return rc;
}

/*
 * Guarded hooks get credentials being made (a fork's or setuid's new cred,
 * an exec's bprm and its cred). Clients may keep state for them and deny,
 * never change them: the shim saves them before the first client, compares
 * after each one, and a change is undone, logged and, for int hooks, turns
 * into -EPERM. The reference count is not compared (it is not a
 * privilege); the built-in LSMs' blobs behind cred->security are theirs.
 */
#define CRED_FROM offsetof(struct cred, uid)

static void cred_save(struct cred *copy, const struct cred *cred)
{
	memcpy((char *)copy + CRED_FROM, (const char *)cred + CRED_FROM,
	       sizeof(*cred) - CRED_FROM);
}

/* Undo any change to @cred since cred_save(); return whether there was one. */
static bool cred_undo(struct cred *cred, const struct cred *copy)
{
	if (shim_same_bytes((char *)cred + CRED_FROM,
			    (const char *)copy + CRED_FROM,
			    sizeof(*cred) - CRED_FROM))
		return false;
	memcpy((char *)cred + CRED_FROM, (const char *)copy + CRED_FROM,
	       sizeof(*cred) - CRED_FROM);
	return true;
}

static void guard_report(const struct shim_call *e, enum lsm_shim_hook_id id,
			 const char *what, bool denied)
{
	pr_crit_ratelimited(SHIM_NAME ": %s: hook %s changed %s: undone%s\n",
			    e->name, shim_hook_name(id), what,
			    denied ? ", and the operation is denied" : "");
}

#define SHIM_GUARD_CRED_INT(NAME, PARAMS, ARGS)                            \
	static int shim_guard_##NAME PARAMS                                \
	{                                                                  \
		const enum lsm_shim_hook_id id = LSM_SHIM_HOOK_##NAME;     \
		const struct shim_call *e;                                 \
		struct cred saved;                                         \
		struct shim_srcu_idx idx;                                  \
		int rc = 0;                                                \
									   \
		cred_save(&saved, new);                                    \
		idx = shim_enter(id);                                      \
		shim_for_each_entry(e, id) {                               \
			rc = shim_restrict(e->fn.NAME ARGS);               \
			if (cred_undo(new, &saved)) {                      \
				guard_report(e, id, "the credentials", true); \
				rc = -EPERM;                               \
			}                                                  \
			if (rc) {                                          \
				this_cpu_inc(shim_stats[id].denials);      \
				break;                                     \
			}                                                  \
		}                                                          \
		shim_leave(idx);                                           \
		return rc;                                                 \
	}

SHIM_GUARD_CRED_INT(cred_prepare,
		    (struct cred *new, const struct cred *old, gfp_t gfp),
		    (new, old, gfp))
SHIM_GUARD_CRED_INT(task_fix_setuid,
		    (struct cred *new, const struct cred *old, int flags),
		    (new, old, flags))
SHIM_GUARD_CRED_INT(task_fix_setgid,
		    (struct cred *new, const struct cred *old, int flags),
		    (new, old, flags))
SHIM_GUARD_CRED_INT(task_fix_setgroups,
		    (struct cred *new, const struct cred *old), (new, old))

/* cred_transfer cannot fail: a change is undone and every client runs. */
static void shim_guard_cred_transfer(struct cred *new, const struct cred *old)
{
	const enum lsm_shim_hook_id id = LSM_SHIM_HOOK_cred_transfer;
	const struct shim_call *e;
	struct cred saved;
	struct shim_srcu_idx idx;

	cred_save(&saved, new);
	idx = shim_enter(id);
	shim_for_each_entry(e, id) {
		e->fn.cred_transfer(new, old);
		if (cred_undo(new, &saved))
			guard_report(e, id, "the credentials", false);
	}
	shim_leave(idx);
}

/* An exec: its bprm (what runs, secureexec, the interpreter) and its cred. */
struct bprm_saved {
	struct linux_binprm bprm;
	struct cred cred;
};

static bool bprm_undo(struct linux_binprm *bprm, const struct bprm_saved *s)
{
	bool changed = false;

	if (!shim_same_bytes(bprm, &s->bprm, sizeof(*bprm))) {
		memcpy(bprm, &s->bprm, sizeof(*bprm));
		changed = true;
	}
	if (bprm->cred && cred_undo(bprm->cred, &s->cred))
		changed = true;
	return changed;
}

static int guard_bprm(enum lsm_shim_hook_id id, struct linux_binprm *bprm)
{
	struct bprm_saved *s;
	const struct shim_call *e;
	struct shim_srcu_idx idx;
	int rc = 0;

	/* Execs sleep anyway; a bprm is too large for the stack. */
	s = kmalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	memcpy(&s->bprm, bprm, sizeof(*bprm));
	if (bprm->cred)
		cred_save(&s->cred, bprm->cred);
	idx = shim_enter(id);
	shim_for_each_entry(e, id) {
		rc = id == LSM_SHIM_HOOK_bprm_check_security ?
		     e->fn.bprm_check_security(bprm) :
		     e->fn.bprm_creds_for_exec(bprm);
		rc = shim_restrict(rc);
		if (bprm_undo(bprm, s)) {
			guard_report(e, id, "what the exec runs with", true);
			rc = -EPERM;
		}
		if (rc) {
			this_cpu_inc(shim_stats[id].denials);
			break;
		}
	}
	shim_leave(idx);
	kfree(s);
	return rc;
}

static int shim_guard_bprm_creds_for_exec(struct linux_binprm *bprm)
{
	return guard_bprm(LSM_SHIM_HOOK_bprm_creds_for_exec, bprm);
}

static int shim_guard_bprm_check_security(struct linux_binprm *bprm)
{
	return guard_bprm(LSM_SHIM_HOOK_bprm_check_security, bprm);
}

static const struct {
	enum lsm_shim_hook_id id;
	union security_list_options fn;
} shim_guarded[] = {
	{ LSM_SHIM_HOOK_cred_prepare, { .cred_prepare = shim_guard_cred_prepare } },
	{ LSM_SHIM_HOOK_cred_transfer, { .cred_transfer = shim_guard_cred_transfer } },
	{ LSM_SHIM_HOOK_task_fix_setuid, { .task_fix_setuid = shim_guard_task_fix_setuid } },
	{ LSM_SHIM_HOOK_task_fix_setgid, { .task_fix_setgid = shim_guard_task_fix_setgid } },
	{ LSM_SHIM_HOOK_task_fix_setgroups, { .task_fix_setgroups = shim_guard_task_fix_setgroups } },
	{ LSM_SHIM_HOOK_bprm_creds_for_exec, { .bprm_creds_for_exec = shim_guard_bprm_creds_for_exec } },
	{ LSM_SHIM_HOOK_bprm_check_security, { .bprm_check_security = shim_guard_bprm_check_security } },
};

static const union security_list_options shim_dispatchers[LSM_SHIM_NR_HOOKS] = {
#define SHIM_HOOK(RET, DEFAULT, NAME, PARAMS, ARGS) \
	[LSM_SHIM_HOOK_##NAME] = { .NAME = shim_dispatch_##NAME },
#include "hook_defs_gen.h"
#undef SHIM_HOOK
};

static const union security_list_options shim_prctl_dispatcher = {
	.task_prctl = shim_dispatch_prctl_walk,
};

/* Each hook's type on this kernel, for the allow-list. */
static const struct {
	bool is_int;
	int def;
} shim_hook_types[LSM_SHIM_NR_HOOKS] = {
#define SHIM_TYPE_int(NAME, DEFAULT) \
	[LSM_SHIM_HOOK_##NAME] = { .is_int = true, .def = DEFAULT },
#define SHIM_TYPE_void(NAME, DEFAULT) \
	[LSM_SHIM_HOOK_##NAME] = { .is_int = false },
#define SHIM_HOOK(RET, DEFAULT, NAME, PARAMS, ARGS) \
	SHIM_TYPE_##RET(NAME, DEFAULT)
#include "hook_defs_gen.h"
#undef SHIM_HOOK
#undef SHIM_TYPE_void
#undef SHIM_TYPE_int
};

/**
 * shim_dispatcher - the dispatcher the back end attaches for a hook.
 * @id: the hook.
 *
 * Return: a union holding the hook's dispatcher.
 */
const union security_list_options *shim_dispatcher(enum lsm_shim_hook_id id)
{
	size_t i;

	if (id == LSM_SHIM_HOOK_task_prctl)
		return &shim_prctl_dispatcher;
	for (i = 0; i < ARRAY_SIZE(shim_guarded); i++)
		if (shim_guarded[i].id == id)
			return &shim_guarded[i].fn;
	return &shim_dispatchers[id];
}

/**
 * shim_hook_refused - whether clients may use a hook, and if not, why.
 * @id: the hook.
 * @class: set to the name of the hook's class (see hook_class.h).
 *
 * Return: NULL when clients may use the hook, else a short reason.
 */
const char *shim_hook_refused(enum lsm_shim_hook_id id, const char **class)
{
	enum shim_hook_class c;
	const char *why;

	c = shim_hook_classify(shim_hook_name(id), shim_hook_types[id].is_int,
			       shim_hook_types[id].def,
			       shim_kernel_hook_features(), &why);
	*class = shim_hook_class_name(c);
	return shim_hook_class_allowed(c) ? NULL : why;
}
