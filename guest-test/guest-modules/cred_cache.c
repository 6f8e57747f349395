// SPDX-License-Identifier: GPL-2.0
/*
 * llsm_test_credcache: a test-only client of lsm_shim that tries to make
 * the shim's per-CPU cred state cache lie. At load it runs its rounds and
 * reports in read-only parameters:
 * - a cred with state is looked up (so the answer is remembered), freed,
 *   and a new cred is made, mostly at the same address: the new one must
 *   have no state (stale counts the rounds where a lookup found some);
 * - a cred is looked up without state (remembered as none), then given
 *   state: the lookup must find it (missed counts the lookups that did
 *   not, of both creds).
 * reused counts the rounds where the new cred had the freed one's address,
 * so a run that never reused one tested nothing. Never packaged.
 */

#include <linux/cred.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>

#include "lsm_shim.h"

#define MAGIC 0x11f5ca7eULL

static unsigned int rounds = 100;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "how many rounds to run");

static unsigned int reused;
module_param(reused, uint, 0444);
MODULE_PARM_DESC(reused, "rounds whose new cred had the freed cred's address");

static unsigned int stale;
module_param(stale, uint, 0444);
MODULE_PARM_DESC(stale, "rounds whose new cred had the freed cred's state");

static unsigned int missed;
module_param(missed, uint, 0444);
MODULE_PARM_DESC(missed, "rounds whose new state was not found");

static int failed;
module_param(failed, int, 0444);
MODULE_PARM_DESC(failed, "0, or the errno that ended the rounds");

static int cc_file_open(struct file *file)
{
	return 0;
}

static const struct lsm_shim_hook cc_hooks[] = {
	LSM_SHIM_HOOK_INIT(file_open, cc_file_open),
};

static const struct lsm_shim_lsm cc_lsm = {
	.name = "llsm_test_credcache",
	.hooks = cc_hooks,
	.nr_hooks = ARRAY_SIZE(cc_hooks),
	.state_size = { [LSM_SHIM_CRED] = 8 },
	.owner = THIS_MODULE,
};

static u64 *lookup(const struct cred *cred)
{
	return lsm_shim_state_lookup(&cc_lsm, LSM_SHIM_CRED, cred);
}

/* One round; 0 or -ENOMEM. */
static int one_round(void)
{
	struct cred *old, *new;
	u64 *s;

	old = prepare_creds();
	if (!old)
		return -ENOMEM;
	s = lsm_shim_state(&cc_lsm, LSM_SHIM_CRED, old, GFP_KERNEL);
	if (!s) {
		abort_creds(old);
		return -ENOMEM;
	}
	*s = MAGIC;
	/* Remembered now; then freed, its state dropped by cred_free. */
	if (lookup(old) != s)
		missed++;
	abort_creds(old);
	rcu_barrier();
	new = prepare_creds();
	if (!new)
		return -ENOMEM;
	if (new == old)
		reused++;
	/* It has no state: any answer is the freed cred's (not read). */
	if (lookup(new))
		stale++;
	/* None, remembered as none; then made: it must be found. */
	s = lsm_shim_state(&cc_lsm, LSM_SHIM_CRED, new, GFP_KERNEL);
	if (!s) {
		abort_creds(new);
		return -ENOMEM;
	}
	*s = MAGIC + 1;
	s = lookup(new);
	if (!s || *s != MAGIC + 1)
		missed++;
	abort_creds(new);
	rcu_barrier();
	return 0;
}

static int __init cc_init(void)
{
	unsigned int i;
	int ret = lsm_shim_register(&cc_lsm);

	if (ret)
		return ret;
	for (i = 0; i < rounds && !failed; i++)
		failed = one_round();
	pr_info("llsm_test_credcache: %u rounds, %u reused, %u stale, %u missed, failed %d\n",
		rounds, reused, stale, missed, failed);
	return 0;
}

static void __exit cc_exit(void)
{
	lsm_shim_unregister(&cc_lsm);
}

module_init(cc_init);
module_exit(cc_exit);
MODULE_DESCRIPTION("loadable-lsm test client: tries to make the cred state cache lie");
MODULE_LICENSE("GPL");
