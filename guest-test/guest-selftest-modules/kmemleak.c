// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_kmemleak: a test-only module that allocates one object on
 * load and drops every reference to it, so that a kmemleak kernel reports a
 * suspected leak at its next scans and the harness can prove that its kernel
 * log scanner fails the run. The object's address is never printed: a
 * pointer in the log buffer could count as a reference. The 64 bytes stay
 * allocated until reboot.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

static int __init leak_init(void)
{
	void *p = kmalloc(64, GFP_KERNEL);

	if (!p)
		return -ENOMEM;
	pr_info("llsm_selftest_kmemleak: leaked one 64-byte object\n");
	return 0;
}

static void __exit leak_exit(void)
{
}

module_init(leak_init);
module_exit(leak_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a deliberate memory leak");
MODULE_LICENSE("GPL");
