// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - lsm_shim module set-up: checks the kernel, wires the parts
 * together, and takes everything down again on unload.
 */

#include <linux/init.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/security.h>
#include <linux/utsname.h>

#include "shim.h"

static bool probe;
module_param(probe, bool, 0444);
MODULE_PARM_DESC(probe,
		 "only report whether this kernel can be shimmed, change nothing, and fail the load");

static char *hook_table;
module_param(hook_table, charp, 0444);
MODULE_PARM_DESC(hook_table,
		 "symbol name of the kernel's hook table (testing only: the default is right)");

static int __init shim_check_kernel(char *why, size_t len)
{
	/*
	 * Finding the hook table reads a kernel address through kprobes,
	 * which lockdown's confidentiality mode forbids.
	 */
	if (security_locked_down(LOCKDOWN_KPROBES)) {
		snprintf(why, len, "kernel lockdown forbids kprobes");
		return -EPERM;
	}
	return shim_backend_init(hook_table, why, len);
}

static int __init shim_init(void)
{
	char why[256] = "";
	int err;

	err = shim_check_kernel(why, sizeof(why));
	if (probe) {
		if (err)
			pr_notice(SHIM_NAME ": probe: this kernel (%s) cannot be shimmed: %s\n",
				  init_utsname()->release, why);
		else
			pr_notice(SHIM_NAME ": probe: this kernel (%s) can be shimmed (backend %s, %d hooks)\n",
				  init_utsname()->release, shim_backend_name(),
				  LSM_SHIM_NR_HOOKS);
		/* A probe never stays loaded. */
		return -ECANCELED;
	}
	if (err) {
		pr_err(SHIM_NAME ": refusing to load on %s: %s\n",
		       init_utsname()->release, why);
		return err;
	}
	err = shim_registry_init();
	if (err)
		goto out;
	err = shim_state_init();
	if (err)
		goto out_registry;
	err = shim_securityfs_init();
	if (err)
		goto out_state;
	pr_info(SHIM_NAME ": %s ready on %s (backend %s, %d hooks)\n",
		SHIM_VERSION, init_utsname()->release, shim_backend_name(),
		LSM_SHIM_NR_HOOKS);
	shim_audit("load", SHIM_NAME, SHIM_NAME, 1);
	return 0;

out_state:
	shim_state_exit();
out_registry:
	shim_registry_exit();
out:
	pr_err(SHIM_NAME ": load failed: %d\n", err);
	return err;
}

static void __exit shim_exit(void)
{
	/*
	 * The lock holds a reference to the shim: only rmmod -f gets here
	 * while locked (with no client left, whose use of the shim's symbols
	 * would refuse even that). The lock goes with the module.
	 */
	bool locked = shim_is_locked();

	if (locked)
		pr_crit(SHIM_NAME ": going away although locked: the lock ends here (lock forced)\n");
	shim_securityfs_exit();
	mutex_lock(&shim_mutex);
	shim_backend_release();
	mutex_unlock(&shim_mutex);
	shim_state_exit();
	shim_registry_exit();
	pr_info(SHIM_NAME ": unloaded\n");
	if (locked)
		shim_audit_forced("unload", SHIM_NAME, SHIM_NAME, true);
	else
		shim_audit("unload", SHIM_NAME, SHIM_NAME, 1);
}

module_init(shim_init);
module_exit(shim_exit);
MODULE_DESCRIPTION("Run-time registration of stacked Linux Security Modules");
MODULE_AUTHOR("loadable-lsm developers");
MODULE_LICENSE("GPL");
MODULE_VERSION(SHIM_VERSION);
