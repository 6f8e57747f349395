// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_test_hooks: a test-only client of lsm_shim that asks for one hook of
 * a class the shim refuses, or uses an allowed hook the way a malicious or
 * buggy client would. hook=NAME chooses:
 *
 *   capset               cred-write: refused
 *   tun_dev_alloc_security, sb_eat_lsm_opts
 *                        owned (another LSM's pointer): refused
 *   key_alloc            owned on 6.1 (key->security is one pointer);
 *                        restrict from 6.12 (keys have blobs)
 *   sb_show_options      output: refused
 *   ismaclabel           label: refused
 *   getprocattr          walk: refused
 *   inode_xattr_skipcap  grant (6.11 and later): returns 1, which would let
 *                        any file owner write security.* xattrs: refused
 *   bprm_creds_for_exec  guarded: makes an exec of a file named
 *                        "llsm-grant-marker" run with euid, suid and fsuid
 *                        0 and clears secureexec; the shim must undo it and
 *                        deny the exec
 *   task_fix_setuid      guarded: when setpriv switches from root to uid
 *                        1000, keeps euid 0; the shim must undo it and deny
 *   inode_setxattr       restrict, with inode_removexattr: allows every
 *                        xattr change (returns 0); the kernel's own
 *                        capability check must still apply
 *   midfunction          quota_on (restrict), but the pointer is 4 bytes
 *                        into the function: no entry point, refused (never
 *                        called either way: nothing here runs quotaon)
 *
 * hook=unregister_other other=ADDR instead calls lsm_shim_unregister() on
 * the descriptor at ADDR, another live module's client (from
 * /proc/kallsyms), logs the result and fails its init: the shim must
 * refuse a module unregistering a client that is not its own.
 * hook=unregister_other_tail does the same by a tail call from its init
 * (the call returns into the kernel's module loader, no module's code) and
 * returns the result as its init's.
 *
 * hook=switch_other other=ADDR tries to switch the file_open hook of that
 * other client off (lsm_shim_hook_enable()), logs the result and fails its
 * init: the shim must refuse. hook=switch_self registers a client whose one
 * hook is file_open (counted), then asks to switch a hook it does not have
 * and a hook id past the last one (both must be refused with -EINVAL) and
 * logs the three results; the file_open_on parameter (0644) switches its
 * file_open hook from the module's own code.
 *
 * calls counts the calls of the chosen hook. Never packaged.
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/kstrtox.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <linux/uidgid.h>

#include "lsm_shim.h"
#include "test_compat.h"

static char *hook = "";
module_param(hook, charp, 0444);
static ulong calls;
module_param(calls, ulong, 0444);
static ulong other;
module_param(other, ulong, 0444);
/* How far into hook_quota_on hook=midfunction points. */
static uint mid_offset = 4;
module_param(mid_offset, uint, 0444);

static void count(void)
{
	WRITE_ONCE(calls, READ_ONCE(calls) + 1);
}

static int hook_capset(struct cred *new, const struct cred *old,
		       const kernel_cap_t *effective,
		       const kernel_cap_t *inheritable,
		       const kernel_cap_t *permitted)
{
	count();
	return 0;
}

static int hook_tun_dev_create(void)
{
	count();
	return 0;
}

static int hook_sb_eat_lsm_opts(char *orig, void **mnt_opts)
{
	count();
	return 0;
}

static int hook_key_alloc(struct key *key, const struct cred *cred,
			  unsigned long flags)
{
	count();
	return 0;
}

static int hook_sb_show_options(struct seq_file *m, struct super_block *sb)
{
	count();
	return 0;
}

static int hook_ismaclabel(const char *name)
{
	count();
	return 0;
}

static int hook_getprocattr(struct task_struct *p, const char *name,
			    char **value)
{
	count();
	return -EINVAL;
}

static int hook_bprm_creds_for_exec(struct linux_binprm *bprm)
{
	struct cred *new = bprm->cred;

	count();
	if (!bprm->file ||
	    strcmp(bprm->file->f_path.dentry->d_name.name, "llsm-grant-marker"))
		return 0;
	new->euid = GLOBAL_ROOT_UID;
	new->suid = GLOBAL_ROOT_UID;
	new->fsuid = GLOBAL_ROOT_UID;
	bprm->secureexec = 0;
	return 0;
}

static int hook_task_fix_setuid(struct cred *new, const struct cred *old,
				int flags)
{
	count();
	if (strcmp(current->comm, "setpriv") || !uid_eq(old->euid, GLOBAL_ROOT_UID) ||
	    __kuid_val(new->uid) != 1000)
		return 0;
	new->euid = GLOBAL_ROOT_UID;
	new->fsuid = GLOBAL_ROOT_UID;
	return 0;
}

static int hook_inode_setxattr(LLSM_XATTR_IDMAP *idmap, struct dentry *dentry,
			       const char *name, const void *value, size_t size,
			       int flags)
{
	count();
	return 0;
}

static int hook_inode_removexattr(LLSM_XATTR_IDMAP *idmap,
				  struct dentry *dentry, const char *name)
{
	count();
	return 0;
}

static int hook_quota_on(struct dentry *dentry)
{
	count();
	return 0;
}

static int hook_file_open(struct file *file)
{
	count();
	return 0;
}

#define ONE_HOOK_LSM(NAME, ...)                                          \
	static const struct lsm_shim_hook NAME##_hooks[] = { __VA_ARGS__ }; \
	static const struct lsm_shim_lsm NAME##_lsm = {                   \
		.name = "llsm_test_hooks",                                \
		.hooks = NAME##_hooks,                                    \
		.nr_hooks = ARRAY_SIZE(NAME##_hooks),                     \
		.owner = THIS_MODULE,                                     \
	}

ONE_HOOK_LSM(capset, LSM_SHIM_HOOK_INIT(capset, hook_capset));
/* tun_dev_create has no arguments: any signature-free hook will do. */
ONE_HOOK_LSM(tun_dev_alloc_security,
	     { .id = LSM_SHIM_HOOK_tun_dev_alloc_security,
	       .fn = { .tun_dev_create = hook_tun_dev_create } });
ONE_HOOK_LSM(sb_eat_lsm_opts,
	     LSM_SHIM_HOOK_INIT(sb_eat_lsm_opts, hook_sb_eat_lsm_opts));
ONE_HOOK_LSM(key_alloc, LSM_SHIM_HOOK_INIT(key_alloc, hook_key_alloc));
ONE_HOOK_LSM(sb_show_options,
	     LSM_SHIM_HOOK_INIT(sb_show_options, hook_sb_show_options));
ONE_HOOK_LSM(ismaclabel, LSM_SHIM_HOOK_INIT(ismaclabel, hook_ismaclabel));
ONE_HOOK_LSM(getprocattr, LSM_SHIM_HOOK_INIT(getprocattr, hook_getprocattr));
ONE_HOOK_LSM(bprm_creds_for_exec,
	     LSM_SHIM_HOOK_INIT(bprm_creds_for_exec, hook_bprm_creds_for_exec));
ONE_HOOK_LSM(task_fix_setuid,
	     LSM_SHIM_HOOK_INIT(task_fix_setuid, hook_task_fix_setuid));
ONE_HOOK_LSM(switch_self, LSM_SHIM_HOOK_INIT(file_open, hook_file_open));
ONE_HOOK_LSM(inode_setxattr,
	     LSM_SHIM_HOOK_INIT(inode_setxattr, hook_inode_setxattr),
	     LSM_SHIM_HOOK_INIT(inode_removexattr, hook_inode_removexattr));
/*
 * Filled in at init, mid_offset bytes in (objtool warns of a static one),
 * read-only from then on, as the shim wants hook tables.
 */
static struct lsm_shim_hook midfunction_hooks[1] __ro_after_init;
static const struct lsm_shim_lsm midfunction_lsm = {
	.name = "llsm_test_hooks",
	.hooks = midfunction_hooks,
	.nr_hooks = ARRAY_SIZE(midfunction_hooks),
	.owner = THIS_MODULE,
};

#ifdef LLSM_HAVE_XATTR_SKIPCAP
static int hook_inode_xattr_skipcap(const char *name)
{
	count();
	return 1;
}

ONE_HOOK_LSM(inode_xattr_skipcap,
	     LSM_SHIM_HOOK_INIT(inode_xattr_skipcap, hook_inode_xattr_skipcap));
#endif

static const struct {
	const char *name;
	const struct lsm_shim_lsm *lsm;
} choices[] = {
	{ "capset", &capset_lsm },
	{ "tun_dev_alloc_security", &tun_dev_alloc_security_lsm },
	{ "sb_eat_lsm_opts", &sb_eat_lsm_opts_lsm },
	{ "key_alloc", &key_alloc_lsm },
	{ "sb_show_options", &sb_show_options_lsm },
	{ "ismaclabel", &ismaclabel_lsm },
	{ "getprocattr", &getprocattr_lsm },
	{ "bprm_creds_for_exec", &bprm_creds_for_exec_lsm },
	{ "task_fix_setuid", &task_fix_setuid_lsm },
	{ "inode_setxattr", &inode_setxattr_lsm },
	{ "midfunction", &midfunction_lsm },
	{ "switch_self", &switch_self_lsm },
#ifdef LLSM_HAVE_XATTR_SKIPCAP
	{ "inode_xattr_skipcap", &inode_xattr_skipcap_lsm },
#endif
};

static const struct lsm_shim_lsm *chosen;

/* file_open_on=0|1: switch_self's file_open hook, switched from here. */
static int set_file_open_on(const char *val, const struct kernel_param *kp)
{
	bool on;
	int err = kstrtobool(val, &on);

	if (err)
		return err;
	if (chosen != &switch_self_lsm)
		return -ENOENT;
	return lsm_shim_hook_enable(chosen, LSM_SHIM_HOOK_file_open, on);
}

static const struct kernel_param_ops file_open_on_ops = {
	.set = set_file_open_on,
};
module_param_cb(file_open_on, &file_open_on_ops, NULL, 0200);

/* switch_self: what the shim answers for hooks that are not the client's. */
static void switch_refusals(void)
{
	int foreign, past;

	foreign = lsm_shim_hook_enable(chosen, LSM_SHIM_HOOK_inode_permission,
				       false);
	past = lsm_shim_hook_enable(chosen,
				    (enum lsm_shim_hook_id)(LSM_SHIM_NR_HOOKS + 7),
				    false);
	pr_info("llsm_test_hooks: switch_self: foreign hook %d, hook past the last %d\n",
		foreign, past);
}

static int __init hooks_init(void)
{
	size_t i;
	int err;

	if (!strcmp(hook, "unregister_other_tail"))
		return __lsm_shim_unregister((const struct lsm_shim_lsm *)other);
	if (!strcmp(hook, "switch_other")) {
		err = lsm_shim_hook_enable((const struct lsm_shim_lsm *)other,
					   LSM_SHIM_HOOK_file_open, false);
		pr_info("llsm_test_hooks: switching another module's client's hook off: %d\n",
			err);
		return err ?: -ECANCELED;
	}
	if (!strcmp(hook, "unregister_other")) {
		err = lsm_shim_unregister((const struct lsm_shim_lsm *)other);
		pr_info("llsm_test_hooks: unregistering another module's client: %d\n",
			err);
		return err ?: -ECANCELED;
	}
	for (i = 0; i < ARRAY_SIZE(choices); i++)
		if (!strcmp(hook, choices[i].name))
			chosen = choices[i].lsm;
	if (chosen == &midfunction_lsm) {
		midfunction_hooks[0].id = LSM_SHIM_HOOK_quota_on;
		midfunction_hooks[0].fn.quota_on =
			(void *)((char *)hook_quota_on + mid_offset);
	}
	if (!chosen) {
		pr_err("llsm_test_hooks: no hook '%s' in this kernel\n", hook);
		return -ENOENT;
	}
	err = lsm_shim_register(chosen);
	if (!err && chosen == &switch_self_lsm)
		switch_refusals();
	return err;
}

static void __exit hooks_exit(void)
{
	lsm_shim_unregister(chosen);
}

module_init(hooks_init);
module_exit(hooks_exit);
MODULE_DESCRIPTION("lsm_shim test client asking for refused or misused hooks");
MODULE_LICENSE("GPL");
