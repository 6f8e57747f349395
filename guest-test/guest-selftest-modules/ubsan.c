// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_ubsan: a test-only module that indexes an array one past its
 * end, on load, so that a UBSAN_BOUNDS kernel reports an out-of-bounds index
 * and the harness can prove that its kernel log scanner fails the run. The
 * array is followed by another member of the same struct, so the read stays
 * inside the object and KASAN has nothing to report.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/module.h>

static struct {
	int values[4];
	int after;
} bounds;

static int __init bounds_init(void)
{
	size_t i = ARRAY_SIZE(bounds.values);
	int v;

	/* Hide the index, so that gcc neither warns about it nor folds it. */
	OPTIMIZER_HIDE_VAR(i);
	v = bounds.values[i];
	pr_info("llsm_selftest_ubsan: read index %zu of int[%zu]: %d\n", i,
		ARRAY_SIZE(bounds.values), v);
	return 0;
}

static void __exit bounds_exit(void)
{
}

module_init(bounds_init);
module_exit(bounds_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a deliberate UBSAN report");
MODULE_LICENSE("GPL");
