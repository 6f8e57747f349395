// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - audit_lkm: an audit-only LSM loaded at run time through lsm_shim.
 *
 * It records the operations an engineer troubleshooting a system wants to
 * see (hooks.c) through the kernel audit subsystem (record.c), and never
 * denies anything. Nothing is recorded until classes are switched on, at
 * load time:
 *
 *   modprobe audit_lkm classes=exec,write,net rate=100
 *
 * or at run time in /sys/kernel/security/audit_lkm/ (control.c).
 *
 * This file only wires the parts together; it is the place to start when
 * writing your own LSM against the shim.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/slab.h>

#include "audit_lkm.h"

const char *const alkm_class_names[ALKM_NR_CLASSES] = {
	[ALKM_EXEC] = "exec",
	[ALKM_WRITE] = "write",
	[ALKM_FILE] = "file",
	[ALKM_MOUNT] = "mount",
	[ALKM_NET] = "net",
	[ALKM_PTRACE] = "ptrace",
	[ALKM_MODULE] = "module",
	[ALKM_CRED] = "cred",
};

static char *classes;
module_param(classes, charp, 0444);
MODULE_PARM_DESC(classes, "classes recorded from load on: names separated by commas, or all (default: none)");
module_param_named(rate, alkm_rate, uint, 0444);
MODULE_PARM_DESC(rate, "at most this many records per second, 0 for no limit (default 0)");

static int __init alkm_init(void)
{
	unsigned long mask = 0;
	int rc;

	if (classes) {
		rc = alkm_parse_classes(classes, &mask);
		if (rc) {
			pr_err("bad classes=%s\n", classes);
			return rc;
		}
	}
	alkm_classes = mask;
	rc = alkm_control_init();
	if (rc)
		return rc;
	rc = lsm_shim_register(&alkm_lsm);
	if (rc) {
		alkm_control_exit();
		return rc;
	}
	/* Registered with every hook on: the classes that are off go. */
	alkm_control_start();
	return 0;
}

static void __exit alkm_exit(void)
{
	/* Waits for every hook in flight; none runs afterwards. */
	lsm_shim_unregister(&alkm_lsm);
	alkm_control_exit();
	kfree(rcu_dereference_protected(alkm_filter, true));
}

module_init(alkm_init);
module_exit(alkm_exit);
MODULE_DESCRIPTION("Audit-only LSM loaded through lsm_shim: records, never denies");
MODULE_LICENSE("GPL");
