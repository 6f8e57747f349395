// SPDX-License-Identifier: GPL-2.0
/*
 * securityfs.c - /sys/kernel/security/lsm_shim/: what is loaded and how
 * it is used, and the lock.
 *
 *   lsm      clients in call order, comma separated (0444)
 *   hooks    one line per attached hook: name, clients, calls (while the
 *            stats parameter is on, else -), denials (0400)
 *   objects  state entries per object type (0400)
 *
 * hooks and objects are root's only: their counters tell other users'
 * activity (execs, ptrace attempts, denials) as it happens.
 *   lock     "0" or "1"; writing "1" locks until reboot (0644, CAP_MAC_ADMIN)
 *   version  shim version, back end, kernel (0444)
 */

#include <linux/capability.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/security.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <linux/utsname.h>

#include "shim.h"

static struct dentry *dir;
static struct dentry *files[5];

static int lsm_show(struct seq_file *m, void *v)
{
	shim_show_clients(m);
	return 0;
}

static void hook_line(struct seq_file *m, enum lsm_shim_hook_id id)
{
	u64 calls = 0, denials = 0;
	int cpu;

	for_each_possible_cpu(cpu) {
		struct shim_hook_stats *s = per_cpu_ptr(shim_stats, cpu);

		calls += s[id].calls;
		denials += s[id].denials;
	}
	seq_printf(m, "%s entries=%u ", shim_hook_name(id),
		   shim_hook_count(id));
	if (shim_counting_calls())
		seq_printf(m, "calls=%llu ", calls);
	else
		seq_puts(m, "calls=- ");
	seq_printf(m, "denials=%llu\n", denials);
}

static int hooks_show(struct seq_file *m, void *v)
{
	int id;

	mutex_lock(&shim_mutex);
	for (id = 0; id < LSM_SHIM_NR_HOOKS; id++)
		if (shim_backend_attached(id))
			hook_line(m, id);
	mutex_unlock(&shim_mutex);
	return 0;
}

static int objects_show(struct seq_file *m, void *v)
{
	shim_state_show(m);
	return 0;
}

static int lock_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%d\n", shim_is_locked());
	return 0;
}

static int version_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s %s backend=%s kernel=%s\n", SHIM_NAME, SHIM_VERSION,
		   shim_backend_name(), init_utsname()->release);
	return 0;
}

static ssize_t lock_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	char kbuf[3] = {};
	int err;

	if (!capable(CAP_MAC_ADMIN))
		return -EPERM;
	if (*ppos || !count || count > 2)
		return -EINVAL;
	if (copy_from_user(kbuf, buf, count))
		return -EFAULT;
	/* Exactly "1" or "1\n": "1\0" and friends are refused. */
	if (kbuf[0] != '1' || (count == 2 && kbuf[1] != '\n'))
		return -EINVAL;
	err = shim_lock();
	return err ?: count;
}

/*
 * Every file pins the module while it is open (.owner): securityfs does not
 * revoke open files, so without it a file held across rmmod would read and
 * release through freed module memory. rmmod fails while one is open.
 */
#define SHIM_SEQ_FOPS(name)                                             \
	static int name##_open(struct inode *inode, struct file *file)  \
	{                                                               \
		return single_open(file, name##_show, NULL);            \
	}                                                               \
	static const struct file_operations name##_fops = {             \
		.owner = THIS_MODULE,                                   \
		.open = name##_open,                                    \
		.read = seq_read,                                       \
		.llseek = seq_lseek,                                    \
		.release = single_release,                              \
	}

SHIM_SEQ_FOPS(lsm);
SHIM_SEQ_FOPS(hooks);
SHIM_SEQ_FOPS(objects);
SHIM_SEQ_FOPS(version);

static int lock_open(struct inode *inode, struct file *file)
{
	return single_open(file, lock_show, NULL);
}

static const struct file_operations lock_fops = {
	.owner = THIS_MODULE,
	.open = lock_open,
	.read = seq_read,
	.write = lock_write,
	.llseek = seq_lseek,
	.release = single_release,
};

/**
 * shim_securityfs_init - create /sys/kernel/security/lsm_shim/.
 *
 * Return: 0 or a negative errno (nothing is left behind).
 */
int shim_securityfs_init(void)
{
	static const struct {
		const char *name;
		umode_t mode;
		const struct file_operations *fops;
	} spec[] = {
		{ "lsm", 0444, &lsm_fops },
		{ "hooks", 0400, &hooks_fops },
		{ "objects", 0400, &objects_fops },
		{ "lock", 0644, &lock_fops },
		{ "version", 0444, &version_fops },
	};
	int i;

	BUILD_BUG_ON(ARRAY_SIZE(spec) != ARRAY_SIZE(files));
	dir = lsm_shim_securityfs_create_dir(SHIM_NAME);
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(spec); i++) {
		files[i] = lsm_shim_securityfs_create_file(spec[i].name,
							   spec[i].mode, dir,
							   NULL, spec[i].fops);
		if (IS_ERR(files[i])) {
			int err = PTR_ERR(files[i]);

			files[i] = NULL;
			shim_securityfs_exit();
			return err;
		}
	}
	return 0;
}

/**
 * shim_securityfs_exit - remove /sys/kernel/security/lsm_shim/.
 */
void shim_securityfs_exit(void)
{
	int i;

	for (i = ARRAY_SIZE(files) - 1; i >= 0; i--) {
		securityfs_remove(files[i]);
		files[i] = NULL;
	}
	securityfs_remove(dir);
	dir = NULL;
}
