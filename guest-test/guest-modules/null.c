// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_test_null: a test-only client of lsm_shim with one hook, file_open,
 * that returns 0 and does nothing else. guest-test/bench loads it to
 * measure the shim's own cost per hooked call: what an open costs with it,
 * minus what it costs without the shim. Never packaged.
 */

#include <linux/fs.h>
#include <linux/module.h>

#include "lsm_shim.h"

static int null_file_open(struct file *file)
{
	return 0;
}

static const struct lsm_shim_hook null_hooks[] = {
	LSM_SHIM_HOOK_INIT(file_open, null_file_open),
};

static const struct lsm_shim_lsm null_lsm = {
	.name = "llsm_test_null",
	.hooks = null_hooks,
	.nr_hooks = ARRAY_SIZE(null_hooks),
	.owner = THIS_MODULE,
};

static int __init null_init(void)
{
	return lsm_shim_register(&null_lsm);
}

static void __exit null_exit(void)
{
	lsm_shim_unregister(&null_lsm);
}

module_init(null_init);
module_exit(null_exit);
MODULE_DESCRIPTION("loadable-lsm test client: one file_open hook that returns 0");
MODULE_LICENSE("GPL");
