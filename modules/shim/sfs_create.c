// SPDX-License-Identifier: GPL-2.0
/*
 * sfs_create.c - securityfs entries created with the kernel's credentials.
 *
 * Up to Linux 6.15, securityfs_create_dir() and securityfs_create_file()
 * look the new name up under the credentials of the calling task, and that
 * lookup asks every LSM whether the task may search the parent directory
 * (later kernels look it up without a permission check, and switching
 * credentials changes nothing there). A module's init
 * runs in the task that loads it: under SELinux that is modprobe's domain
 * (kmod_t in Debian's policy), which may not search securityfs, so a
 * module creating its files at load failed with -EACCES, without an AVC
 * record (the policy does not audit that denial). The shim and its clients
 * create their files here instead, as the kernel: the files are the
 * module's, not the loading task's, and nothing else is done with those
 * credentials.
 */

#include <linux/cred.h>
#include <linux/sched/task.h>
#include <linux/security.h>

#include "shim.h"

/*
 * as_kernel_begin - switch the current task to the kernel's credentials.
 * @saved: set to the task's own credentials, for as_kernel_end().
 *
 * prepare_kernel_cred() gives a reference of our own, so this is right
 * whether override_creds() takes a reference (6.1, 6.12) or not (7.x).
 */
static const struct cred *as_kernel_begin(const struct cred **saved)
{
	const struct cred *kcred = prepare_kernel_cred(&init_task);

	if (kcred)
		*saved = override_creds(kcred);
	return kcred;
}

/* as_kernel_end - back to @saved; drops the reference as_kernel_begin() got. */
static void as_kernel_end(const struct cred *kcred, const struct cred *saved)
{
	revert_creds(saved);
	put_cred(kcred);
}

/**
 * lsm_shim_securityfs_create_dir - securityfs_create_dir() as the kernel.
 * @name: the directory's name under /sys/kernel/security.
 *
 * For a module's own directory, created from its init function: the
 * lookup of @name is checked against the kernel's credentials, not those
 * of the task loading the module (see the top of this file).
 *
 * Context: process context, from a module's init only (never on behalf of
 * a user's request).
 *
 * Return: as securityfs_create_dir(); ERR_PTR(-ENOMEM) when the kernel's
 * credentials cannot be copied.
 */
struct dentry *lsm_shim_securityfs_create_dir(const char *name)
{
	const struct cred *saved = NULL, *kcred;
	struct dentry *d;

	kcred = as_kernel_begin(&saved);
	if (!kcred)
		return ERR_PTR(-ENOMEM);
	d = securityfs_create_dir(name, NULL);
	as_kernel_end(kcred, saved);
	return d;
}
EXPORT_SYMBOL_GPL(lsm_shim_securityfs_create_dir);

/**
 * lsm_shim_securityfs_create_file - securityfs_create_file() as the kernel.
 * @name: the file's name.
 * @mode: its mode.
 * @parent: its directory (from lsm_shim_securityfs_create_dir()).
 * @data: stored in the inode's i_private.
 * @fops: its file operations.
 *
 * As lsm_shim_securityfs_create_dir(), for a file.
 *
 * Context: process context, from a module's init only (never on behalf of
 * a user's request).
 *
 * Return: as securityfs_create_file(); ERR_PTR(-ENOMEM) when the kernel's
 * credentials cannot be copied.
 */
struct dentry *lsm_shim_securityfs_create_file(const char *name, umode_t mode,
					       struct dentry *parent, void *data,
					       const struct file_operations *fops)
{
	const struct cred *saved = NULL, *kcred;
	struct dentry *d;

	kcred = as_kernel_begin(&saved);
	if (!kcred)
		return ERR_PTR(-ENOMEM);
	d = securityfs_create_file(name, mode, parent, data, fops);
	as_kernel_end(kcred, saved);
	return d;
}
EXPORT_SYMBOL_GPL(lsm_shim_securityfs_create_file);
