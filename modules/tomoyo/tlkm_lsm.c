// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_lsm.c - tomoyo_lkm's hook table and its registration with
 * lsm_shim, and the cred hooks that carry a task's domain.
 */

#include <linux/cred.h>
#include <linux/module.h>
#include <linux/string.h>

#include "tlkm_compat.h"
#include "tlkm_glue.h"
#include "tlkm_hooks.h"

static int hook_cred_prepare(struct cred *new, const struct cred *old,
			     gfp_t gfp)
{
	const char *domain = tlkm_cred_domain(old);

	if (!strcmp(domain, "<kernel>"))
		return 0;
	return tlkm_cred_set_domain(new, domain, gfp);
}

static void hook_cred_transfer(struct cred *new, const struct cred *old)
{
	hook_cred_prepare(new, old, GFP_KERNEL);
}

/* Free-type hooks first (cred_prepare copies state). */
static const struct lsm_shim_hook tlkm_hooks[] = {
	LSM_SHIM_HOOK_INIT(cred_prepare, hook_cred_prepare),
	LSM_SHIM_HOOK_INIT(cred_transfer, hook_cred_transfer),
	LSM_SHIM_HOOK_INIT(bprm_creds_for_exec, hook_bprm_creds_for_exec),
	LSM_SHIM_HOOK_INIT(bprm_check_security, hook_bprm_check_security),
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
	LSM_SHIM_HOOK_INIT(file_ioctl, hook_file_ioctl),
	TLKM_FILE_IOCTL_COMPAT_HOOK(hook_file_ioctl)
	LSM_SHIM_HOOK_INIT(file_fcntl, hook_file_fcntl),
	LSM_SHIM_HOOK_INIT(inode_getattr, hook_inode_getattr),
	LSM_SHIM_HOOK_INIT(path_truncate, hook_path_truncate),
	TLKM_FILE_TRUNCATE_HOOK(hook_file_truncate)
	LSM_SHIM_HOOK_INIT(path_unlink, hook_path_unlink),
	LSM_SHIM_HOOK_INIT(path_mkdir, hook_path_mkdir),
	LSM_SHIM_HOOK_INIT(path_rmdir, hook_path_rmdir),
	LSM_SHIM_HOOK_INIT(path_mknod, hook_path_mknod),
	LSM_SHIM_HOOK_INIT(path_symlink, hook_path_symlink),
	LSM_SHIM_HOOK_INIT(path_link, hook_path_link),
	LSM_SHIM_HOOK_INIT(path_rename, hook_path_rename),
	LSM_SHIM_HOOK_INIT(path_chmod, hook_path_chmod),
	LSM_SHIM_HOOK_INIT(path_chown, hook_path_chown),
	LSM_SHIM_HOOK_INIT(path_chroot, hook_path_chroot),
	LSM_SHIM_HOOK_INIT(sb_mount, hook_sb_mount),
	LSM_SHIM_HOOK_INIT(sb_umount, hook_sb_umount),
	LSM_SHIM_HOOK_INIT(sb_pivotroot, hook_sb_pivotroot),
	LSM_SHIM_HOOK_INIT(socket_bind, hook_socket_bind),
	LSM_SHIM_HOOK_INIT(socket_connect, hook_socket_connect),
	LSM_SHIM_HOOK_INIT(socket_listen, hook_socket_listen),
	LSM_SHIM_HOOK_INIT(socket_sendmsg, hook_socket_sendmsg),
};

const struct lsm_shim_lsm tlkm_lsm = {
	.name = "tomoyo_lkm",
	.hooks = tlkm_hooks,
	.nr_hooks = ARRAY_SIZE(tlkm_hooks),
	.state_size = { [LSM_SHIM_CRED] = sizeof(void *) },
	.owner = THIS_MODULE,
};

/**
 * tlkm_lsm_init() - Register the hooks with lsm_shim.
 *
 * Return: 0 or the shim's error.
 */
int tlkm_lsm_init(void)
{
	return lsm_shim_register(&tlkm_lsm);
}

/**
 * tlkm_lsm_exit() - Unregister the hooks; no hook runs after this returns.
 */
void tlkm_lsm_exit(void)
{
	lsm_shim_unregister(&tlkm_lsm);
}
