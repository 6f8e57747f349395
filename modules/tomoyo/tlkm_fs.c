// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_fs.c - /sys/kernel/security/tomoyo: the files, modes and protocols
 * tomoyo-tools 2.6 use.
 *
 * Each open file has its own reader and writer state. Reads of policy
 * files return one snapshot taken at the first read after open or after a
 * write; writes are split into lines, and each line is applied whole or
 * refused with an error (the bytes before it count as written).
 *
 * This file creates the files and opens them; reads are in tlkm_fs_read.c,
 * writes in tlkm_fs_write.c, who may write in tlkm_manager_fs.c.
 */

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/security.h>
#include <linux/slab.h>

#include "tlkm_fs_int.h"
#include "tlkm_glue.h"

static struct dentry *tlkm_dir;
static struct dentry *tlkm_files[F_MAX];

static __poll_t tlkm_poll(struct file *file, poll_table *wait)
{
	struct tlkm_io *io = file->private_data;

	if (io->type == F_AUDIT)
		return tlkm_audit_poll(file, wait);
	if (io->type == F_QUERY)
		return tlkm_query_poll(file, wait, READ_ONCE(io->last));
	return EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM;
}

static int tlkm_open(struct inode *inode, struct file *file)
{
	struct tlkm_io *io = kzalloc(sizeof(*io), GFP_KERNEL);

	if (!io)
		return -ENOMEM;
	io->type = (long)inode->i_private;
	mutex_init(&io->lock);
	file->private_data = io;
	if (io->type == F_QUERY)
		tlkm_query_listen(true);
	return nonseekable_open(inode, file);
}

static int tlkm_release(struct inode *inode, struct file *file)
{
	struct tlkm_io *io = file->private_data;

	if (io->type == F_QUERY)
		tlkm_query_listen(false);
	tlkm_drop_read(io);
	kfree(io->wbuf);
	kfree(io->selected);
	kfree(io->filter);
	kfree(io);
	return 0;
}

static const struct file_operations tlkm_fops = {
	.owner = THIS_MODULE,
	.open = tlkm_open,
	.release = tlkm_release,
	.read = tlkm_read,
	.write = tlkm_write,
	.poll = tlkm_poll,
};

static const struct file_operations tlkm_ro_fops = {
	.owner = THIS_MODULE,
	.open = tlkm_open,
	.release = tlkm_release,
	.read = tlkm_read,
	.poll = tlkm_poll,
};

static const struct {
	const char *name;
	umode_t mode;
} tlkm_file_defs[F_MAX] = {
	[F_DOMAIN] = { "domain_policy", 0600 },
	[F_EXCEPTION] = { "exception_policy", 0600 },
	[F_PROFILE] = { "profile", 0600 },
	[F_MANAGER] = { "manager", 0600 },
	[F_STAT] = { "stat", 0644 },
	[F_AUDIT] = { "audit", 0400 },
	[F_QUERY] = { "query", 0600 },
	[F_SELF] = { "self_domain", 0666 },
	[F_VERSION] = { "version", 0400 },
	[F_PROCESS] = { ".process_status", 0600 },
};

/**
 * tlkm_fs_init() - Create /sys/kernel/security/tomoyo and its files.
 *
 * Return: 0, -%EEXIST when the directory exists (the built-in TOMOYO is
 * active), or another error from securityfs.
 */
int tlkm_fs_init(void)
{
	long i;

	tlkm_dir = lsm_shim_securityfs_create_dir("tomoyo");
	if (IS_ERR(tlkm_dir)) {
		int ret = PTR_ERR(tlkm_dir);

		tlkm_dir = NULL;
		return ret;
	}
	for (i = 0; i < F_MAX; i++) {
		bool ro = i == F_AUDIT || i == F_VERSION;
		struct dentry *d;

		d = lsm_shim_securityfs_create_file(tlkm_file_defs[i].name,
						    S_IFREG | tlkm_file_defs[i].mode,
						    tlkm_dir, (void *)i,
						    ro ? &tlkm_ro_fops : &tlkm_fops);
		if (IS_ERR(d)) {
			tlkm_fs_exit();
			return PTR_ERR(d);
		}
		tlkm_files[i] = d;
	}
	return 0;
}

/**
 * tlkm_fs_exit() - Remove the securityfs files and the manager list.
 */
void tlkm_fs_exit(void)
{
	int i;

	for (i = F_MAX - 1; i >= 0; i--) {
		securityfs_remove(tlkm_files[i]);
		tlkm_files[i] = NULL;
	}
	securityfs_remove(tlkm_dir);
	tlkm_dir = NULL;
	tlkm_manager_fs_exit();
}
