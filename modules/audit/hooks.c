// SPDX-License-Identifier: GPL-2.0
/*
 * hooks.c - the LSM of audit_lkm: one hook per recorded operation.
 *
 * Every hook follows the same pattern: alkm_record_start() decides whether
 * the event is recorded (its class is on, the process passes the filters,
 * the rate limit allows it) and writes the process; the hook adds the
 * object; alkm_record_end() sends the record. Every hook returns the
 * kernel's default (0): audit_lkm observes and never denies.
 *
 * Hooks run in the context of the operation: most may sleep (GFP_KERNEL),
 * the ptrace hooks run under a spinlock (GFP_ATOMIC).
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/kernel_read_file.h>
#include <linux/mount.h>
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/security.h>
#include <linux/uidgid.h>

#include "audit_lkm.h"

static int hook_bprm_check_security(struct linux_binprm *bprm)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_EXEC, "exec", GFP_KERNEL);

	if (ab) {
		alkm_log_path(ab, "path", &bprm->file->f_path, GFP_KERNEL);
		alkm_record_end(ab);
	}
	return 0;
}

static int hook_file_open(struct file *file)
{
	struct audit_buffer *ab;

	if (!(file->f_mode & FMODE_WRITE))
		return 0;
	ab = alkm_record_start(ALKM_WRITE, "open_write", GFP_KERNEL);
	if (ab) {
		alkm_log_path(ab, "path", &file->f_path, GFP_KERNEL);
		audit_log_format(ab, " flags=0%o", file->f_flags);
		alkm_record_end(ab);
	}
	return 0;
}

/* The file hooks all name a directory and an entry in it. */
static void log_file_op(const char *op, const struct path *dir,
			struct dentry *dentry)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_FILE, op, GFP_KERNEL);

	if (ab) {
		alkm_log_child(ab, "path", dir, dentry, GFP_KERNEL);
		alkm_record_end(ab);
	}
}

/* Also called for open(O_CREAT) of a file that does not exist yet. */
static int hook_path_mknod(const struct path *dir, struct dentry *dentry,
			   umode_t mode, unsigned int dev)
{
	log_file_op(S_ISREG(mode) || !(mode & S_IFMT) ? "create" : "mknod",
		    dir, dentry);
	return 0;
}

static int hook_path_mkdir(const struct path *dir, struct dentry *dentry,
			   umode_t mode)
{
	log_file_op("mkdir", dir, dentry);
	return 0;
}

static int hook_path_unlink(const struct path *dir, struct dentry *dentry)
{
	log_file_op("unlink", dir, dentry);
	return 0;
}

static int hook_path_rmdir(const struct path *dir, struct dentry *dentry)
{
	log_file_op("rmdir", dir, dentry);
	return 0;
}

static int hook_path_rename(const struct path *old_dir,
			    struct dentry *old_dentry,
			    const struct path *new_dir,
			    struct dentry *new_dentry, unsigned int flags)
{
	struct audit_buffer *ab;

	ab = alkm_record_start(ALKM_FILE, "rename", GFP_KERNEL);
	if (ab) {
		alkm_log_child(ab, "path", old_dir, old_dentry, GFP_KERNEL);
		alkm_log_child(ab, "new", new_dir, new_dentry, GFP_KERNEL);
		alkm_record_end(ab);
	}
	return 0;
}

/* mount(2); the new mount API (fsmount, move_mount) goes through move_mount. */
static int hook_sb_mount(const char *dev_name, const struct path *path,
			 const char *type, unsigned long flags, void *data)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_MOUNT, "mount", GFP_KERNEL);

	if (ab) {
		alkm_log_string(ab, "dev", dev_name);
		alkm_log_path(ab, "path", path, GFP_KERNEL);
		alkm_log_string(ab, "fstype", type);
		audit_log_format(ab, " flags=0x%lx", flags);
		alkm_record_end(ab);
	}
	return 0;
}

static int hook_move_mount(const struct path *from_path,
			   const struct path *to_path)
{
	struct audit_buffer *ab;

	ab = alkm_record_start(ALKM_MOUNT, "move_mount", GFP_KERNEL);
	if (ab) {
		alkm_log_path(ab, "from", from_path, GFP_KERNEL);
		alkm_log_path(ab, "path", to_path, GFP_KERNEL);
		alkm_record_end(ab);
	}
	return 0;
}

static int hook_sb_umount(struct vfsmount *mnt, int flags)
{
	struct path root = { .mnt = mnt, .dentry = mnt->mnt_root };
	struct audit_buffer *ab;

	ab = alkm_record_start(ALKM_MOUNT, "umount", GFP_KERNEL);
	if (ab) {
		alkm_log_path(ab, "path", &root, GFP_KERNEL);
		audit_log_format(ab, " flags=0x%x", flags);
		alkm_record_end(ab);
	}
	return 0;
}

static void log_socket_op(const char *op, struct sockaddr *address,
			  int addrlen)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_NET, op, GFP_KERNEL);

	if (ab) {
		alkm_log_sockaddr(ab, address, addrlen);
		alkm_record_end(ab);
	}
}

static int hook_socket_connect(struct socket *sock, struct sockaddr *address,
			       int addrlen)
{
	log_socket_op("connect", address, addrlen);
	return 0;
}

static int hook_socket_bind(struct socket *sock, struct sockaddr *address,
			    int addrlen)
{
	log_socket_op("bind", address, addrlen);
	return 0;
}

/*
 * Attach-mode checks only: PTRACE_ATTACH/SEIZE, /proc/PID/mem and
 * process_vm_*. Read-mode checks (ps, /proc) would drown everything else.
 * Runs under the target's task_lock: no sleeping.
 */
static int hook_ptrace_access_check(struct task_struct *child,
				    unsigned int mode)
{
	struct audit_buffer *ab;

	if (!(mode & PTRACE_MODE_ATTACH))
		return 0;
	ab = alkm_record_start(ALKM_PTRACE, "ptrace_attach", GFP_ATOMIC);
	if (ab) {
		audit_log_format(ab, " target_pid=%d", task_tgid_nr(child));
		alkm_log_string(ab, "target_comm", child->comm);
		audit_log_format(ab, " mode=0x%x", mode);
		alkm_record_end(ab);
	}
	return 0;
}

/* Runs under tasklist_lock: no sleeping. */
static int hook_ptrace_traceme(struct task_struct *parent)
{
	struct audit_buffer *ab;

	ab = alkm_record_start(ALKM_PTRACE, "ptrace_traceme", GFP_ATOMIC);
	if (ab) {
		audit_log_format(ab, " tracer_pid=%d", task_tgid_nr(parent));
		alkm_log_string(ab, "tracer_comm", parent->comm);
		alkm_record_end(ab);
	}
	return 0;
}

/* finit_module(2) reads the module from a file. */
static int hook_kernel_read_file(struct file *file, enum kernel_read_file_id id,
				 bool contents)
{
	struct audit_buffer *ab;

	if (id != READING_MODULE || !file)
		return 0;
	ab = alkm_record_start(ALKM_MODULE, "module_load", GFP_KERNEL);
	if (ab) {
		alkm_log_path(ab, "path", &file->f_path, GFP_KERNEL);
		alkm_record_end(ab);
	}
	return 0;
}

/* init_module(2) passes the module in memory: no path. */
static int hook_kernel_load_data(enum kernel_load_data_id id, bool contents)
{
	struct audit_buffer *ab;

	if (id != LOADING_MODULE)
		return 0;
	ab = alkm_record_start(ALKM_MODULE, "module_load", GFP_KERNEL);
	if (ab) {
		audit_log_format(ab, " path=(memory)");
		alkm_record_end(ab);
	}
	return 0;
}

/* IDs as seen from the initial user namespace, like the audit subsystem. */
#define ALKM_UID(id) from_kuid(&init_user_ns, id)
#define ALKM_GID(id) from_kgid(&init_user_ns, id)

static int hook_task_fix_setuid(struct cred *new, const struct cred *old,
				int flags)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_CRED, "setuid", GFP_KERNEL);

	if (ab) {
		audit_log_format(ab, " old_uid=%u old_euid=%u old_suid=%u old_fsuid=%u new_uid=%u new_euid=%u new_suid=%u new_fsuid=%u",
				 ALKM_UID(old->uid), ALKM_UID(old->euid),
				 ALKM_UID(old->suid), ALKM_UID(old->fsuid),
				 ALKM_UID(new->uid), ALKM_UID(new->euid),
				 ALKM_UID(new->suid), ALKM_UID(new->fsuid));
		alkm_record_end(ab);
	}
	return 0;
}

static int hook_task_fix_setgid(struct cred *new, const struct cred *old,
				int flags)
{
	struct audit_buffer *ab = alkm_record_start(ALKM_CRED, "setgid", GFP_KERNEL);

	if (ab) {
		audit_log_format(ab, " old_gid=%u old_egid=%u old_sgid=%u old_fsgid=%u new_gid=%u new_egid=%u new_sgid=%u new_fsgid=%u",
				 ALKM_GID(old->gid), ALKM_GID(old->egid),
				 ALKM_GID(old->sgid), ALKM_GID(old->fsgid),
				 ALKM_GID(new->gid), ALKM_GID(new->egid),
				 ALKM_GID(new->sgid), ALKM_GID(new->fsgid));
		alkm_record_end(ab);
	}
	return 0;
}

static const struct lsm_shim_hook alkm_hooks[] = {
	LSM_SHIM_HOOK_INIT(bprm_check_security, hook_bprm_check_security),
	LSM_SHIM_HOOK_INIT(file_open, hook_file_open),
	LSM_SHIM_HOOK_INIT(path_mknod, hook_path_mknod),
	LSM_SHIM_HOOK_INIT(path_mkdir, hook_path_mkdir),
	LSM_SHIM_HOOK_INIT(path_unlink, hook_path_unlink),
	LSM_SHIM_HOOK_INIT(path_rmdir, hook_path_rmdir),
	LSM_SHIM_HOOK_INIT(path_rename, hook_path_rename),
	LSM_SHIM_HOOK_INIT(sb_mount, hook_sb_mount),
	LSM_SHIM_HOOK_INIT(move_mount, hook_move_mount),
	LSM_SHIM_HOOK_INIT(sb_umount, hook_sb_umount),
	LSM_SHIM_HOOK_INIT(socket_connect, hook_socket_connect),
	LSM_SHIM_HOOK_INIT(socket_bind, hook_socket_bind),
	LSM_SHIM_HOOK_INIT(ptrace_access_check, hook_ptrace_access_check),
	LSM_SHIM_HOOK_INIT(ptrace_traceme, hook_ptrace_traceme),
	LSM_SHIM_HOOK_INIT(kernel_read_file, hook_kernel_read_file),
	LSM_SHIM_HOOK_INIT(kernel_load_data, hook_kernel_load_data),
	LSM_SHIM_HOOK_INIT(task_fix_setuid, hook_task_fix_setuid),
	LSM_SHIM_HOOK_INIT(task_fix_setgid, hook_task_fix_setgid),
};

/* The class of each hook of alkm_hooks[], in the same order. */
static const u8 alkm_hook_class[] = {
	ALKM_EXEC, ALKM_WRITE,
	ALKM_FILE, ALKM_FILE, ALKM_FILE, ALKM_FILE, ALKM_FILE,
	ALKM_MOUNT, ALKM_MOUNT, ALKM_MOUNT,
	ALKM_NET, ALKM_NET,
	ALKM_PTRACE, ALKM_PTRACE,
	ALKM_MODULE, ALKM_MODULE,
	ALKM_CRED, ALKM_CRED,
};
static_assert(ARRAY_SIZE(alkm_hook_class) == ARRAY_SIZE(alkm_hooks));

/* The LSM as the shim sees it: no per-object state, default order. */
const struct lsm_shim_lsm alkm_lsm = {
	.name = "audit_lkm",
	.hooks = alkm_hooks,
	.nr_hooks = ARRAY_SIZE(alkm_hooks),
	.owner = THIS_MODULE,
};

/**
 * alkm_hooks_apply - make the shim call exactly the hooks of @classes: a
 * class that is off costs nothing, not even the shim's dispatch.
 * @classes: the class bit mask.
 *
 * Context: process context; under the control files' lock, or from init.
 * Return: 0, or the shim's errno for the first hook that could not be
 * switched on (the others are as asked; switching off cannot fail).
 */
int alkm_hooks_apply(unsigned long classes)
{
	unsigned int i;
	int rc, err = 0;

	for (i = 0; i < ARRAY_SIZE(alkm_hooks); i++) {
		rc = lsm_shim_hook_enable(&alkm_lsm, alkm_hooks[i].id,
					  classes & BIT(alkm_hook_class[i]));
		if (rc && !err)
			err = rc;
	}
	return err;
}
