// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_warn: a test-only module that triggers one kernel WARNING on
 * load, so the harness can prove that its kernel log scanner fails the run.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/bug.h>
#include <linux/init.h>
#include <linux/module.h>

static int __init warn_init(void)
{
	WARN(1, "llsm_selftest_warn: deliberate warning for the log scanner self-test\n");
	return 0;
}

static void __exit warn_exit(void)
{
}

module_init(warn_init);
module_exit(warn_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a deliberate WARNING");
MODULE_LICENSE("GPL");
