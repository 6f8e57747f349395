// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_hello: a test-only module that proves the harness can build,
 * load and unload a module through DKMS in a guest.
 */

#include <linux/init.h>
#include <linux/module.h>
#include <linux/utsname.h>

static int __init hello_init(void)
{
	pr_info("llsm_selftest_hello: loaded on %s\n", init_utsname()->release);
	return 0;
}

static void __exit hello_exit(void)
{
	pr_info("llsm_selftest_hello: unloaded\n");
}

module_init(hello_init);
module_exit(hello_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: load and unload");
MODULE_LICENSE("GPL");
