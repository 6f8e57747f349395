// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_selftest_lockdep: a test-only module that takes two mutexes in one
 * order and then in the other, on load, so that a lockdep kernel reports a
 * possible circular locking dependency and the harness can prove that its
 * kernel log scanner fails the run. One thread takes both orders one after
 * the other, so nothing can deadlock.
 * Never packaged, never loaded outside the harness's self-test guest.
 */

#include <linux/init.h>
#include <linux/module.h>
#include <linux/mutex.h>

static DEFINE_MUTEX(lock_a);
static DEFINE_MUTEX(lock_b);

static int __init lock_order_init(void)
{
	mutex_lock(&lock_a);
	mutex_lock(&lock_b);
	mutex_unlock(&lock_b);
	mutex_unlock(&lock_a);

	/* The reverse order: lockdep reports when lock_a is taken here. */
	mutex_lock(&lock_b);
	mutex_lock(&lock_a);
	mutex_unlock(&lock_a);
	mutex_unlock(&lock_b);
	pr_info("llsm_selftest_lockdep: took two mutexes in both orders\n");
	return 0;
}

static void __exit lock_order_exit(void)
{
}

module_init(lock_order_init);
module_exit(lock_order_exit);
MODULE_DESCRIPTION("loadable-lsm harness self-test: a lock order inversion");
MODULE_LICENSE("GPL");
