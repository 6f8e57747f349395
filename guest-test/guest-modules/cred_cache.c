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
 * so a run that never reused one tested nothing. The allocator need not
 * hand the address back at once (slub_debug= frees to the tail of the
 * partial list), so a round makes up to HUNT creds to find it. Never
 * packaged.
 */

#include <linux/cred.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/rcupdate.h>

#include "lsm_shim.h"

#define MAGIC 0x11f5ca7eULL
#define HUNT 2048

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

/*
 * KASAN holds freed objects in a quarantine of up to a 32nd of memory
 * before the allocator may hand their addresses out again: no round can
 * provoke reuse under it, which the test is told.
 */
static bool quarantine = IS_ENABLED(CONFIG_KASAN_GENERIC);
module_param(quarantine, bool, 0444);
MODULE_PARM_DESC(quarantine, "freed objects wait in KASAN's quarantine");

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

static struct cred *made[HUNT];

/*
 * A new cred, at @old's address if one of HUNT tries lands there, else the
 * last one made; NULL when none could be made. The others are freed.
 */
static struct cred *cred_at(const struct cred *old)
{
	struct cred *new = NULL;
	unsigned int n = 0;

	while (n < HUNT) {
		new = prepare_creds();
		if (!new || new == old)
			break;
		made[n++] = new;
		new = NULL;
	}
	if (!new && n)
		new = made[--n];
	while (n)
		abort_creds(made[--n]);
	return new;
}

/*
 * One round; 0 or -ENOMEM. The creds made just before and after the first
 * one live until the round ends: they keep its slab in use, so that the
 * allocator keeps the freed address for the next creds instead of giving
 * the page back (slub_debug= discards empty slabs).
 */
static int one_round(void)
{
	struct cred *before, *old, *after = NULL, *new;
	const struct cred *freed;
	int err = -ENOMEM;
	u64 *s;

	before = prepare_creds();
	old = prepare_creds();
	if (old)
		after = prepare_creds();
	if (!before || !old || !after)
		goto out;
	s = lsm_shim_state(&cc_lsm, LSM_SHIM_CRED, old, GFP_KERNEL);
	if (!s)
		goto out;
	*s = MAGIC;
	/* Remembered now; then freed, its state dropped by cred_free. */
	if (lookup(old) != s)
		missed++;
	freed = old;
	abort_creds(old);
	old = NULL;
	rcu_barrier();
	new = cred_at(freed);
	if (!new)
		goto out;
	if (new == freed)
		reused++;
	/* It has no state: any answer is the freed cred's (not read). */
	if (lookup(new))
		stale++;
	/* None, remembered as none; then made: it must be found. */
	s = lsm_shim_state(&cc_lsm, LSM_SHIM_CRED, new, GFP_KERNEL);
	if (s) {
		*s = MAGIC + 1;
		s = lookup(new);
		if (!s || *s != MAGIC + 1)
			missed++;
		err = 0;
	}
	abort_creds(new);
out:
	if (after)
		abort_creds(after);
	if (old)
		abort_creds(old);
	if (before)
		abort_creds(before);
	rcu_barrier();
	return err;
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
