/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_hooks.h - the hook implementations that tlkm_lsm.c's hook table
 * lists, by the file that holds them.
 */
#ifndef _MODULES_TOMOYO_TLKM_HOOKS_H
#define _MODULES_TOMOYO_TLKM_HOOKS_H

#include <linux/binfmts.h>
#include <linux/fs.h>
#include <linux/mount.h>
#include <linux/net.h>
#include <linux/path.h>
#include <linux/socket.h>

/* tlkm_exec.c */
int hook_bprm_creds_for_exec(struct linux_binprm *bprm);

/* tlkm_file.c */
int hook_file_open(struct file *file);
int hook_inode_getattr(const struct path *path);
int hook_path_truncate(const struct path *path);
int hook_file_truncate(struct file *file);
int hook_bprm_check_security(struct linux_binprm *bprm);
int hook_path_chroot(const struct path *path);
int hook_path_chmod(const struct path *path, umode_t mode);
int hook_path_chown(const struct path *path, kuid_t uid, kgid_t gid);
int hook_file_ioctl(struct file *file, unsigned int cmd,
		    unsigned long arg);
int hook_file_fcntl(struct file *file, unsigned int cmd,
		    unsigned long arg);
int hook_path_unlink(const struct path *dir, struct dentry *dentry);
int hook_path_rmdir(const struct path *dir, struct dentry *dentry);
int hook_path_mkdir(const struct path *dir, struct dentry *dentry,
		    umode_t mode);
int hook_path_mknod(const struct path *dir, struct dentry *dentry,
		    umode_t mode, unsigned int dev);
int hook_path_symlink(const struct path *dir, struct dentry *dentry,
		      const char *old_name);
int hook_path_link(struct dentry *old_dentry, const struct path *new_dir,
		   struct dentry *new_dentry);
int hook_path_rename(const struct path *old_dir,
		     struct dentry *old_dentry,
		     const struct path *new_dir,
		     struct dentry *new_dentry, unsigned int flags);

/* tlkm_sb.c */
int hook_sb_mount(const char *dev_name, const struct path *path,
		  const char *type, unsigned long flags, void *data);
int hook_sb_umount(struct vfsmount *mnt, int flags);
int hook_sb_pivotroot(const struct path *old_path,
		      const struct path *new_path);

/* tlkm_net.c */
int hook_socket_bind(struct socket *sock, struct sockaddr *address,
		     int addrlen);
int hook_socket_connect(struct socket *sock, struct sockaddr *address,
			int addrlen);
int hook_socket_listen(struct socket *sock, int backlog);
int hook_socket_sendmsg(struct socket *sock, struct msghdr *msg, int size);

#endif /* _MODULES_TOMOYO_TLKM_HOOKS_H */
