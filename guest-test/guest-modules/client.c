// SPDX-License-Identifier: GPL-2.0
/*
 * A test-only client of lsm_shim, built twice (llsm_test_a, llsm_test_b).
 *
 * file_open of a file named "llsm-deny-marker" is denied with deny_errno;
 * of "llsm-sleep-marker", the hook sleeps sleep_ms first (to unregister
 * under a sleeping call). Every file_open is counted (opens); so are the
 * marker opens the client saw (marker_seen). Each open also keeps a
 * per-task, per-cred and per-file counter in the shim's state store, and
 * every packet a socket receives (in softirq context) a per-socket counter,
 * so that state is made and freed in atomic context too. early=1
 * registers with an explicit order that runs before order-0 clients.
 * bad_hook=1
 * registers an unsupported hook, which the shim must refuse.
 * leak_bytes=N makes it a deliberately broken client: every file_open
 * allocates N bytes that are never freed (the soak test must notice).
 * fail_init=1 makes its init fail after registering, as a client with a
 * later init step that fails would: its error path unregisters (which a
 * locked shim refuses) and init returns -ENODEV. exit_delay_ms=N makes its
 * exit function wait N ms before it unregisters, so that a test can act
 * while the module is past the point of no return of rmmod. init_desc=1
 * registers a descriptor and hook table that live in the module's init
 * sections (freed after init), which the shim must refuse.
 * writable=1 registers a descriptor in writable data, writable=2 a const
 * descriptor whose hook table is writable data: the shim reads both at
 * every change of any hook's calls, so it must refuse them.
 * register_delay_ms=N makes its init wait N ms before it registers (a test
 * changes the kernel's signature policy meanwhile); init_delay_ms=N makes
 * it wait N ms after registering, before init returns (the module is still
 * coming: a test tries to unregister it from another module meanwhile).
 * Never packaged.
 */

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/delay.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <net/sock.h>

#include "lsm_shim.h"

#ifndef CLIENT_NAME
#error "CLIENT_NAME must be defined"
#endif

static const struct lsm_shim_lsm good_lsm, early_lsm, bad_lsm;
static bool bad_hook, early;
#define THIS_LSM (bad_hook ? &bad_lsm : early ? &early_lsm : &good_lsm)

static int deny_errno = EACCES;
module_param(deny_errno, int, 0444);
static uint sleep_ms = 2000;
module_param(sleep_ms, uint, 0444);
module_param(bad_hook, bool, 0444);
module_param(early, bool, 0444);
static ulong opens;
module_param(opens, ulong, 0444);
static ulong marker_seen;
module_param(marker_seen, ulong, 0444);
static uint leak_bytes;
module_param(leak_bytes, uint, 0444);
static bool fail_init;
module_param(fail_init, bool, 0444);
static uint exit_delay_ms;
module_param(exit_delay_ms, uint, 0444);
static bool init_desc;
module_param(init_desc, bool, 0444);
static uint writable;
module_param(writable, uint, 0444);
static uint register_delay_ms;
module_param(register_delay_ms, uint, 0444);
static uint init_delay_ms;
module_param(init_delay_ms, uint, 0444);
/* The last leaked allocation; the earlier ones are lost on purpose. */
static void *leaked;

static int hook_file_open(struct file *file)
{
	const char *name = file->f_path.dentry->d_name.name;
	u64 *task_count, *file_count, *cred_count;

	WRITE_ONCE(opens, READ_ONCE(opens) + 1);
	if (leak_bytes)
		WRITE_ONCE(leaked, kmalloc(leak_bytes, GFP_KERNEL));
	task_count = lsm_shim_state(THIS_LSM, LSM_SHIM_TASK, current, GFP_KERNEL);
	file_count = lsm_shim_state(THIS_LSM, LSM_SHIM_FILE, file, GFP_KERNEL);
	cred_count = lsm_shim_state(THIS_LSM, LSM_SHIM_CRED, current_cred(),
				    GFP_KERNEL);
	if (cred_count)
		(*cred_count)++;
	if (task_count)
		(*task_count)++;
	if (file_count)
		(*file_count)++;
	if (!strcmp(name, "llsm-sleep-marker")) {
		msleep(sleep_ms);
		return 0;
	}
	if (strcmp(name, "llsm-deny-marker"))
		return 0;
	WRITE_ONCE(marker_seen, READ_ONCE(marker_seen) + 1);
	return -deny_errno;
}

static int hook_socket_sock_rcv_skb(struct sock *sk, struct sk_buff *skb)
{
	u64 *count = lsm_shim_state(THIS_LSM, LSM_SHIM_SOCKET, sk, GFP_ATOMIC);

	if (count)
		(*count)++;
	return 0;
}

static int hook_getprocattr(struct task_struct *p, const char *name,
			    char **value)
{
	return -EINVAL;
}

static const struct lsm_shim_hook good_hooks[] = {
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
	LSM_SHIM_HOOK_INIT(socket_sock_rcv_skb, hook_socket_sock_rcv_skb),
};

static const struct lsm_shim_hook bad_hooks[] = {
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
	LSM_SHIM_HOOK_INIT(getprocattr, hook_getprocattr),
};

static const struct lsm_shim_lsm good_lsm = {
	.name = CLIENT_NAME,
	.hooks = good_hooks,
	.nr_hooks = ARRAY_SIZE(good_hooks),
	.state_size = { [LSM_SHIM_TASK] = 8, [LSM_SHIM_CRED] = 8,
			[LSM_SHIM_FILE] = 8, [LSM_SHIM_SOCKET] = 8 },
	.owner = THIS_MODULE,
};

static const struct lsm_shim_lsm early_lsm = {
	.name = CLIENT_NAME,
	.hooks = good_hooks,
	.nr_hooks = ARRAY_SIZE(good_hooks),
	.order = -10,
	.state_size = { [LSM_SHIM_TASK] = 8, [LSM_SHIM_CRED] = 8,
			[LSM_SHIM_FILE] = 8, [LSM_SHIM_SOCKET] = 8 },
	.owner = THIS_MODULE,
};

static const struct lsm_shim_lsm bad_lsm = {
	.name = CLIENT_NAME,
	.hooks = bad_hooks,
	.nr_hooks = ARRAY_SIZE(bad_hooks),
	.owner = THIS_MODULE,
};

static struct lsm_shim_lsm data_lsm = {
	.name = CLIENT_NAME,
	.hooks = good_hooks,
	.nr_hooks = ARRAY_SIZE(good_hooks),
	.owner = THIS_MODULE,
};

static struct lsm_shim_hook data_hooks[] = {
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
};

static const struct lsm_shim_lsm data_hooks_lsm = {
	.name = CLIENT_NAME,
	.hooks = data_hooks,
	.nr_hooks = ARRAY_SIZE(data_hooks),
	.owner = THIS_MODULE,
};

static const struct lsm_shim_hook init_hooks[] __initconst = {
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
};

static const struct lsm_shim_lsm init_lsm __initconst = {
	.name = CLIENT_NAME,
	.hooks = init_hooks,
	.nr_hooks = ARRAY_SIZE(init_hooks),
	.owner = THIS_MODULE,
};

static int __init client_init(void)
{
	int err;

	if (init_desc)
		return lsm_shim_register(&init_lsm);
	if (writable)
		return lsm_shim_register(writable == 1 ? &data_lsm :
					 &data_hooks_lsm);
	if (register_delay_ms) {
		pr_info(CLIENT_NAME ": init waits %u ms before registering\n",
			register_delay_ms);
		msleep(register_delay_ms);
	}
	err = lsm_shim_register(THIS_LSM);
	if (!err && init_delay_ms) {
		pr_info(CLIENT_NAME ": init waits %u ms after registering\n",
			init_delay_ms);
		msleep(init_delay_ms);
	}
	if (err || !fail_init)
		return err;
	err = lsm_shim_unregister(THIS_LSM);
	pr_info(CLIENT_NAME ": init fails after registering (unregister: %d)\n",
		err);
	return -ENODEV;
}

static void __exit client_exit(void)
{
	if (exit_delay_ms) {
		pr_info(CLIENT_NAME ": exit waits %u ms before unregistering\n",
			exit_delay_ms);
		msleep(exit_delay_ms);
	}
	lsm_shim_unregister(THIS_LSM);
}

module_init(client_init);
module_exit(client_exit);
MODULE_DESCRIPTION("lsm_shim test client " CLIENT_NAME);
MODULE_LICENSE("GPL");
