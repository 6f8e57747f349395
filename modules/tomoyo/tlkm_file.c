// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_file.c - tomoyo_lkm's "file ..." requests: deciding one, and the
 * hooks on open files and paths (directory entries are in
 * tlkm_file_entry.c, the paths' attributes in tlkm_file_attr.c).
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/path.h>
#include <linux/slab.h>

#include "tlkm_glue.h"
#include "tlkm_hooks.h"
#include "tlkm_req.h"

/* File operation -> MAC index (execute, open, create, ...). */
const u8 tlkm_file_mac[TLKM_FILE_MAX] = {
	[TLKM_FILE_EXECUTE] = TLKM_MAC_FILE_EXECUTE,
	[TLKM_FILE_READ] = TLKM_MAC_FILE_OPEN,
	[TLKM_FILE_WRITE] = TLKM_MAC_FILE_OPEN,
	[TLKM_FILE_APPEND] = TLKM_MAC_FILE_OPEN,
	[TLKM_FILE_UNLINK] = TLKM_MAC_FILE_UNLINK,
	[TLKM_FILE_GETATTR] = TLKM_MAC_FILE_GETATTR,
	[TLKM_FILE_RMDIR] = TLKM_MAC_FILE_RMDIR,
	[TLKM_FILE_TRUNCATE] = TLKM_MAC_FILE_TRUNCATE,
	[TLKM_FILE_SYMLINK] = TLKM_MAC_FILE_SYMLINK,
	[TLKM_FILE_CHROOT] = TLKM_MAC_FILE_CHROOT,
	[TLKM_FILE_UNMOUNT] = TLKM_MAC_FILE_UNMOUNT,
	[TLKM_FILE_CREATE] = TLKM_MAC_FILE_CREATE,
	[TLKM_FILE_MKDIR] = TLKM_MAC_FILE_MKDIR,
	[TLKM_FILE_MKFIFO] = TLKM_MAC_FILE_MKFIFO,
	[TLKM_FILE_MKSOCK] = TLKM_MAC_FILE_MKSOCK,
	[TLKM_FILE_IOCTL] = TLKM_MAC_FILE_IOCTL,
	[TLKM_FILE_CHMOD] = TLKM_MAC_FILE_CHMOD,
	[TLKM_FILE_CHOWN] = TLKM_MAC_FILE_CHOWN,
	[TLKM_FILE_CHGRP] = TLKM_MAC_FILE_CHGRP,
	[TLKM_FILE_MKBLOCK] = TLKM_MAC_FILE_MKBLOCK,
	[TLKM_FILE_MKCHAR] = TLKM_MAC_FILE_MKCHAR,
	[TLKM_FILE_LINK] = TLKM_MAC_FILE_LINK,
	[TLKM_FILE_RENAME] = TLKM_MAC_FILE_RENAME,
	[TLKM_FILE_PIVOT_ROOT] = TLKM_MAC_FILE_PIVOT_ROOT,
	[TLKM_FILE_MOUNT] = TLKM_MAC_FILE_MOUNT,
};

/**
 * tlkm_file_req() - Fill in a file request.
 * @q:    The request, zeroed.
 * @op:   enum tlkm_file_op.
 * @n0:   First name (path1), or NULL.
 * @n1:   Second name, or NULL.
 * @n2:   Third name, or NULL.
 * @num:  Numbers of the ACL (three), or NULL.
 * @obj1: Dentry of path1 for the conditions, or NULL.
 * @obj2: Dentry of path2 for the conditions, or NULL.
 * @cond: What learning mode adds to the ACL, or NULL.
 */
void tlkm_file_req(struct tlkm_req *q, unsigned int op, const char *n0,
		   const char *n1, const char *n2, const u64 *num,
		   struct dentry *obj1, struct dentry *obj2, const char *cond)
{
	q->kind = TLKM_REQ_FILE;
	q->op = op;
	q->mac = tlkm_file_mac[op];
	q->cond = cond;
	q->r.name[0] = n0;
	q->r.name[1] = n1;
	q->r.name[2] = n2;
	if (num)
		memcpy(q->r.num, num, sizeof(q->r.num));
	tlkm_fill_obj(q, TLKM_OBJ_PATH1, obj1);
	tlkm_fill_obj(q, TLKM_OBJ_PATH2, obj2);
}

/* Check a file request (see tlkm_file_req()) in @domain. */
static int check_file_in(const char *domain, unsigned int op, const char *n0,
			 const char *n1, const char *n2, const u64 *num,
			 struct dentry *obj1, struct dentry *obj2,
			 const char *cond)
{
	/* On the stack, as TOMOYO keeps its request: no allocation per check. */
	struct tlkm_req q = {};

	tlkm_file_req(&q, op, n0, n1, n2, num, obj1, obj2, cond);
	return tlkm_decide(domain, &q);
}

/**
 * tlkm_decide_file() - Decide a file request in the current domain.
 * @op:   enum tlkm_file_op.
 * @n0:   First name (path1), or NULL.
 * @n1:   Second name, or NULL.
 * @n2:   Third name, or NULL.
 * @num:  Numbers of the ACL (three), or NULL.
 * @obj1: Dentry of path1 for the conditions, or NULL.
 * @obj2: Dentry of path2 for the conditions, or NULL.
 * @cond: What learning mode adds to the ACL, or NULL.
 *
 * Return: 0, -%EPERM (refused) or -%ENOMEM.
 */
int tlkm_decide_file(unsigned int op, const char *n0, const char *n1,
		     const char *n2, const u64 *num, struct dentry *obj1,
		     struct dentry *obj2, const char *cond)
{
	return check_file_in(tlkm_current_domain(), op, n0, n1, n2, num, obj1,
			     obj2, cond);
}

static bool file_enabled_in(const char *domain, unsigned int op)
{
	return tlkm_mac_enabled(domain, tlkm_file_mac[op]);
}

/**
 * tlkm_file_enabled() - Is a file operation checked in the current domain?
 * @op: enum tlkm_file_op.
 *
 * Return: true unless the operation is disabled.
 */
bool tlkm_file_enabled(unsigned int op)
{
	return file_enabled_in(tlkm_current_domain(), op);
}

/*
 * check_path_in()'s work once an operation is checked: @ops[i] is
 * TLKM_FILE_MAX where it is not. Apart, so that the common answer (nothing
 * checked) pays for no stack frame of the request.
 */
static noinline int check_path_named(const char *domain,
				     const unsigned int ops[2],
				     const struct path *path, const u64 *num)
{
	char *name = tlkm_realpath(path);
	int i, ret = 0;

	for (i = 0; i < 2 && !ret; i++) {
		if (ops[i] >= TLKM_FILE_MAX)
			continue;
		ret = name ? check_file_in(domain, ops[i], name, NULL, NULL, num,
					   path->dentry, NULL, NULL) :
			     tlkm_no_name(domain, tlkm_file_mac[ops[i]]);
	}
	kfree(name);
	return ret;
}

/*
 * One path in @domain, numbers optional: @op, then @op2 (TLKM_FILE_MAX for
 * none), each only if checked, the name built once for both. Without a
 * name each checked operation answers as tlkm_no_name() says.
 */
static int check_path_in(const char *domain, unsigned int op,
			 unsigned int op2, const struct path *path,
			 const u64 *num)
{
	unsigned int ops[2] = { TLKM_FILE_MAX, TLKM_FILE_MAX };

	if (op < TLKM_FILE_MAX && file_enabled_in(domain, op))
		ops[0] = op;
	if (op2 < TLKM_FILE_MAX && file_enabled_in(domain, op2))
		ops[1] = op2;
	if (ops[0] == TLKM_FILE_MAX && ops[1] == TLKM_FILE_MAX)
		return 0;
	return check_path_named(domain, ops, path, num);
}

/**
 * tlkm_decide_path() - Decide a file request on one path in the current
 * domain.
 * @op:   enum tlkm_file_op.
 * @path: The path.
 * @num:  Numbers of the ACL (three), or NULL.
 *
 * Return: 0, -%EPERM (refused) or -%ENOMEM (also when the name cannot be
 * built and the operation is enforcing).
 */
int tlkm_decide_path(unsigned int op, const struct path *path,
		     const u64 *num)
{
	return check_path_in(tlkm_current_domain(), op, TLKM_FILE_MAX, path,
			     num);
}

/*
 * Like TOMOYO, the permissions come from the access mode the caller asked
 * for: open(path, 3), which gives neither FMODE_READ nor FMODE_WRITE but
 * allows ioctl(), needs read and write. Read is checked first, then write
 * or append; an O_RDWR open builds the name once for both.
 */
int hook_file_open(struct file *file)
{
	const int acc = ACC_MODE(file->f_flags);
	unsigned int rd = TLKM_FILE_MAX, wr = TLKM_FILE_MAX;

	if (file->f_flags & __FMODE_EXEC)
		return 0;
	if (acc & MAY_READ)
		rd = TLKM_FILE_READ;
	if (acc & MAY_WRITE)
		wr = file->f_flags & O_APPEND ? TLKM_FILE_APPEND :
						TLKM_FILE_WRITE;
	return check_path_in(tlkm_current_domain(), rd, wr, &file->f_path,
			     NULL);
}

int hook_inode_getattr(const struct path *path)
{
	return tlkm_decide_path(TLKM_FILE_GETATTR, path, NULL);
}

int hook_path_truncate(const struct path *path)
{
	return tlkm_decide_path(TLKM_FILE_TRUNCATE, path, NULL);
}

/* open(O_TRUNC) and ftruncate() since 6.2 (path_truncate before). */
int __maybe_unused hook_file_truncate(struct file *file)
{
	return tlkm_decide_path(TLKM_FILE_TRUNCATE, &file->f_path, NULL);
}

/*
 * The first call of an exec is for the program itself, which
 * bprm_creds_for_exec checked. Later calls are for an interpreter (a
 * script's "#!" line, binfmt_misc), which replaced bprm->interp: like
 * TOMOYO, the new domain needs "file read" on it.
 */
int hook_bprm_check_security(struct linux_binprm *bprm)
{
	if (bprm->interp == bprm->filename)
		return 0;
	return check_path_in(tlkm_cred_domain(bprm->cred), TLKM_FILE_READ,
			     TLKM_FILE_MAX, &bprm->file->f_path, NULL);
}

int hook_path_chroot(const struct path *path)
{
	return tlkm_decide_path(TLKM_FILE_CHROOT, path, NULL);
}

int hook_path_chmod(const struct path *path, umode_t mode)
{
	u64 num[3] = { mode & S_IALLUGO };

	return tlkm_decide_path(TLKM_FILE_CHMOD, path, num);
}

int hook_path_chown(const struct path *path, kuid_t uid, kgid_t gid)
{
	u64 num[3] = { 0 };
	int ret = 0;

	if (uid_valid(uid)) {
		num[0] = from_kuid(&init_user_ns, uid);
		ret = tlkm_decide_path(TLKM_FILE_CHOWN, path, num);
	}
	if (!ret && gid_valid(gid)) {
		num[0] = from_kgid(&init_user_ns, gid);
		ret = tlkm_decide_path(TLKM_FILE_CHGRP, path, num);
	}
	return ret;
}

int hook_file_ioctl(struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	u64 num[3] = { cmd };

	return tlkm_decide_path(TLKM_FILE_IOCTL, &file->f_path, num);
}

/*
 * fcntl(F_SETFL) that sets or clears O_APPEND is checked as the open it
 * amounts to, as TOMOYO does: clearing it needs "file write" (an
 * append-only open would become a plain write), setting it "file append".
 */
int hook_file_fcntl(struct file *file, unsigned int cmd,
		    unsigned long arg)
{
	if (cmd != F_SETFL || !((arg ^ file->f_flags) & O_APPEND))
		return 0;
	return tlkm_decide_path(arg & O_APPEND ? TLKM_FILE_APPEND : TLKM_FILE_WRITE,
				&file->f_path, NULL);
}
