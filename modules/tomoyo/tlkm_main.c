// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_main.c - tomoyo_lkm: a loadable TOMOYO 2.6 on top of lsm_shim.
 *
 * Activation: loading the module activates it. Every task that existed
 * before the load (and every cred made before it) is in "<kernel>"; tasks
 * move to child domains when they exec. Profiles start undefined, so
 * everything is disabled (allowed and not logged) until a profile is
 * loaded and a domain uses it. Loading refuses, changing nothing, when
 * /sys/kernel/security/tomoyo already exists: the built-in TOMOYO is
 * active.
 */

#include <linux/module.h>
#include <linux/rwsem.h>

#include "tlkm_glue.h"

struct tlkm_policy *tlkm_policy;
DECLARE_RWSEM(tlkm_policy_sem);
struct tlkm_stat tlkm_stat;

/* The exception policy the built-in TOMOYO starts with. */
static const char * const default_exceptions[] = {
	"initialize_domain /sbin/modprobe from any",
	"initialize_domain /sbin/hotplug from any",
};

static int load_defaults(void)
{
	struct tlkm_writer w;
	struct tlkm_err err;
	unsigned int i;
	int ret;

	tlkm_writer_init(&w, tlkm_policy, TLKM_EXCEPTION_POLICY);
	for (i = 0; i < ARRAY_SIZE(default_exceptions); i++) {
		ret = tlkm_write_line(&w, default_exceptions[i],
				      strlen(default_exceptions[i]), &err);
		if (ret)
			return ret;
	}
	return 0;
}

static int __init tlkm_init(void)
{
	int ret;

	tlkm_policy = tlkm_policy_create();
	if (!tlkm_policy)
		return -ENOMEM;
	ret = load_defaults();
	if (ret)
		goto out_policy;
	ret = tlkm_fs_init();
	if (ret == -EEXIST) {
		pr_err(TLKM_NAME ": refusing to load: /sys/kernel/security/tomoyo exists, so the built-in TOMOYO is active on this kernel. Use the built-in TOMOYO (tomoyo-tools work with it as they are), or boot with an lsm= list without tomoyo (e.g. lsm=landlock,lockdown,yama,integrity,apparmor,bpf) to use tomoyo_lkm.\n");
		/*
		 * Not -EEXIST: modprobe takes that for "already loaded" and
		 * reports success.
		 */
		ret = -EBUSY;
		goto out_policy;
	}
	if (ret) {
		pr_err(TLKM_NAME ": cannot create securityfs files: %d\n", ret);
		goto out_policy;
	}
	ret = tlkm_lsm_init();
	if (ret) {
		pr_err(TLKM_NAME ": lsm_shim refused registration: %d\n", ret);
		goto out_fs;
	}
	pr_info(TLKM_NAME ": TOMOYO 2.6 loaded and active; existing processes are in <kernel>\n");
	return 0;

out_fs:
	tlkm_fs_exit();
out_policy:
	tlkm_policy_destroy(tlkm_policy);
	tlkm_policy = NULL;
	return ret;
}

static void __exit tlkm_exit(void)
{
	tlkm_lsm_exit();
	tlkm_fs_exit();
	tlkm_audit_exit();
	tlkm_policy_destroy(tlkm_policy);
	tlkm_names_free();
	pr_info(TLKM_NAME ": unloaded\n");
}

module_init(tlkm_init);
module_exit(tlkm_exit);
MODULE_DESCRIPTION("tomoyo_lkm: TOMOYO 2.6 as a loadable LSM (lsm_shim client)");
MODULE_LICENSE("GPL");
