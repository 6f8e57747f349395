// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_rcu: a test-only module that dereferences an RCU-protected
 * pointer outside any RCU read-side critical section, on load, so that a
 * PROVE_RCU kernel reports suspicious RCU usage and the harness can prove
 * that its kernel log scanner fails the run. The object is static and never
 * freed, so the read itself is safe.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/init.h>
#include <linux/module.h>
#include <linux/rcupdate.h>

struct rcu_item {
	int value;
};

static struct rcu_item item = { .value = 1 };
static struct rcu_item __rcu *item_ptr;

static int __init rcu_misuse_init(void)
{
	struct rcu_item *p;

	rcu_assign_pointer(item_ptr, &item);
	/* No rcu_read_lock(): lockdep's RCU checking reports this. */
	p = rcu_dereference(item_ptr);
	pr_info("llsm_selftest_rcu: read %d outside an RCU read-side section\n",
		p->value);
	RCU_INIT_POINTER(item_ptr, NULL);
	return 0;
}

static void __exit rcu_misuse_exit(void)
{
}

module_init(rcu_misuse_init);
module_exit(rcu_misuse_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a suspicious RCU usage");
MODULE_LICENSE("GPL");
