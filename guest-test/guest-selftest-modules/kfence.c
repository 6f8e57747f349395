// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_kfence: a test-only module that reads a KFENCE object after
 * freeing it, on load, so that a KFENCE kernel prints a use-after-free report
 * and the harness can prove that its kernel log scanner fails the run.
 * KFENCE serves one allocation per sample interval, so the module allocates
 * until it gets one, for at most LLSM_KFENCE_WAIT_MS; without KFENCE, or with
 * kfence.sample_interval=0, it gives up after that time and reads nothing.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/compiler.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kfence.h>
#include <linux/module.h>
#include <linux/sched.h>
#include <linux/slab.h>

#define LLSM_KFENCE_WAIT_MS 20000

/* Returns a 32-byte KFENCE object, or NULL when none came in time. */
static char *kfence_object(void)
{
	unsigned long timeout = jiffies + msecs_to_jiffies(LLSM_KFENCE_WAIT_MS);
	char *p;

	do {
		p = kmalloc(32, GFP_KERNEL);
		if (!p || is_kfence_address(p))
			return p;
		kfree(p);
		/* Lets KFENCE's timer open the allocation gate. */
		cond_resched();
	} while (time_before(jiffies, timeout));
	return NULL;
}

static int __init kfence_uaf_init(void)
{
	char *p = kfence_object();

	if (!p) {
		pr_info("llsm_selftest_kfence: no KFENCE object in %d ms, nothing read\n",
			LLSM_KFENCE_WAIT_MS);
		return 0;
	}
	kfree(p);
	/* KFENCE protects the freed object's page: this read faults once. */
	(void)READ_ONCE(*p);
	pr_info("llsm_selftest_kfence: read a freed KFENCE object\n");
	return 0;
}

static void __exit kfence_uaf_exit(void)
{
}

module_init(kfence_uaf_init);
module_exit(kfence_uaf_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a deliberate KFENCE report");
MODULE_LICENSE("GPL");
