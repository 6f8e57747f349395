// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_kasan: a test-only module that reads one byte past the end
 * of a kmalloc'd object on load, so that a KASAN kernel prints a
 * slab-out-of-bounds report and the harness can prove that its kernel log
 * scanner fails the run. Without KASAN the byte read lies inside the same
 * slab object (kmalloc rounds the size up), so nothing happens.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/module.h>
#include <linux/slab.h>

static int __init slab_oob_init(void)
{
	size_t size = 100;
	char *p;

	p = kmalloc(size, GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	/* Hide the index, so that gcc neither warns about it nor folds it. */
	OPTIMIZER_HIDE_VAR(size);
	(void)READ_ONCE(p[size]);
	kfree(p);
	pr_info("llsm_selftest_kasan: read one byte past a %zu-byte object\n",
		size);
	return 0;
}

static void __exit slab_oob_exit(void)
{
}

module_init(slab_oob_init);
module_exit(slab_oob_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a deliberate KASAN report");
MODULE_LICENSE("GPL");
