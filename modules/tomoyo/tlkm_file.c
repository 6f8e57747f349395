// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_file.c - tomoyo_lkm's file hooks: "file ..." requests on one path,
 * a directory entry or two of them, with the attributes conditions read.
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fcntl.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
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

static void fill_stat(struct tlkm_obj_info *o, struct dentry *dentry)
{
	struct inode *inode = d_backing_inode(dentry);

	if (!inode)
		return;
	o->valid = true;
	o->uid = from_kuid(&init_user_ns, inode->i_uid);
	o->gid = from_kgid(&init_user_ns, inode->i_gid);
	o->ino = inode->i_ino;
	o->major = MAJOR(inode->i_sb->s_dev);
	o->minor = MINOR(inode->i_sb->s_dev);
	o->mode = inode->i_mode;
	o->dev_major = MAJOR(inode->i_rdev);
	o->dev_minor = MINOR(inode->i_rdev);
}

/* Fill in path @which of @q and its parent from @q->dentry[@which]. */
static void fill_one(struct tlkm_req *q, unsigned int which)
{
	struct dentry *dentry = q->dentry[which], *parent;

	if (!dentry)
		return;
	fill_stat(&q->r.obj[which], dentry);
	parent = dget_parent(dentry);
	fill_stat(&q->r.obj[which == TLKM_OBJ_PATH1 ? TLKM_OBJ_PATH1_PARENT :
			    TLKM_OBJ_PATH2_PARENT], parent);
	dput(parent);
}

/**
 * tlkm_fill_obj() - Name a request's path for its conditions and log.
 * @q:      The request.
 * @which:  %TLKM_OBJ_PATH1 or %TLKM_OBJ_PATH2.
 * @dentry: The path's dentry, or NULL; the caller holds it until the
 *          request is decided.
 *
 * pathN.* from @dentry (nothing when it is negative: a name being
 * created) and pathN.parent.* from its parent, as TOMOYO fills them.
 * They are looked up now only while the policy has a condition, else
 * when the request is logged (tlkm_fill_objs()).
 */
void tlkm_fill_obj(struct tlkm_req *q, unsigned int which,
		   struct dentry *dentry)
{
	q->dentry[which] = dentry;
	if (dentry && READ_ONCE(tlkm_policy->has_conditions)) {
		fill_one(q, which);
		q->filled = true;
	}
}

/**
 * tlkm_fill_objs() - Fill in the attributes of a request's paths, once.
 * @q: The request, whose paths tlkm_fill_obj() named.
 *
 * For the audit record's header, which prints them as the built-in's.
 */
void tlkm_fill_objs(struct tlkm_req *q)
{
	if (q->filled)
		return;
	fill_one(q, TLKM_OBJ_PATH1);
	fill_one(q, TLKM_OBJ_PATH2);
	q->filled = true;
}

/*
 * A file request with up to three names and three numbers, in a zeroed
 * @q; @obj1 and @obj2 are path1 and path2 of the conditions (or NULL);
 * @cond is what learning mode adds to the ACL.
 */
static void file_req(struct tlkm_req *q, unsigned int op, const char *n0,
		     const char *n1, const char *n2, const u64 *num,
		     struct dentry *obj1, struct dentry *obj2,
		     const char *cond)
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

/* Check a file request (see file_req()) in @domain. */
static int check_file_in(const char *domain, unsigned int op, const char *n0,
			 const char *n1, const char *n2, const u64 *num,
			 struct dentry *obj1, struct dentry *obj2,
			 const char *cond)
{
	struct tlkm_req *q = kzalloc(sizeof(*q), GFP_KERNEL);
	int ret;

	if (!q)
		return -ENOMEM;
	file_req(q, op, n0, n1, n2, num, obj1, obj2, cond);
	ret = tlkm_decide(domain, q);
	kfree(q);
	return ret;
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

/* One path in @domain, numbers optional. */
static int check_path_in(const char *domain, unsigned int op,
			 const struct path *path, const u64 *num)
{
	char *name;
	int ret;

	if (!file_enabled_in(domain, op))
		return 0;
	name = tlkm_realpath(path);
	if (!name)
		return tlkm_no_name(domain, tlkm_file_mac[op]);
	ret = check_file_in(domain, op, name, NULL, NULL, num, path->dentry,
			    NULL, NULL);
	kfree(name);
	return ret;
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
	return check_path_in(tlkm_current_domain(), op, path, num);
}

/* An entry of a directory, numbers optional. */
static int check_child(unsigned int op, const struct path *dir,
		       struct dentry *dentry, const u64 *num, const char *cond)
{
	char *name;
	int ret;

	if (!tlkm_file_enabled(op))
		return 0;
	name = tlkm_realpath_child(dir, dentry);
	if (!name)
		return tlkm_no_name(tlkm_current_domain(), tlkm_file_mac[op]);
	ret = tlkm_decide_file(op, name, NULL, NULL, num, dentry, NULL, cond);
	kfree(name);
	return ret;
}

static int check_two(unsigned int op, const struct path *dir1,
		     struct dentry *d1, const struct path *dir2,
		     struct dentry *d2)
{
	char *n1, *n2;
	int ret = 0;

	if (!tlkm_file_enabled(op))
		return 0;
	n1 = tlkm_realpath_child(dir1, d1);
	n2 = tlkm_realpath_child(dir2, d2);
	/* As TOMOYO: a directory's new name ends with '/' too. */
	if (n1 && n2 && d_is_dir(d1) && n2[strlen(n2) - 1] != '/') {
		char *dirname = kasprintf(GFP_KERNEL, "%s/", n2);

		kfree(n2);
		n2 = dirname;
	}
	if (n1 && n2)
		ret = tlkm_decide_file(op, n1, n2, NULL, NULL, d1, d2, NULL);
	else
		ret = tlkm_no_name(tlkm_current_domain(), tlkm_file_mac[op]);
	kfree(n1);
	kfree(n2);
	return ret;
}

/*
 * Like TOMOYO, the permissions come from the access mode the caller asked
 * for: open(path, 3), which gives neither FMODE_READ nor FMODE_WRITE but
 * allows ioctl(), needs read and write.
 */
int hook_file_open(struct file *file)
{
	const int acc = ACC_MODE(file->f_flags);
	int ret = 0;

	if (file->f_flags & __FMODE_EXEC)
		return 0;
	if (acc & MAY_READ)
		ret = tlkm_decide_path(TLKM_FILE_READ, &file->f_path, NULL);
	if (!ret && (acc & MAY_WRITE))
		ret = tlkm_decide_path(file->f_flags & O_APPEND ? TLKM_FILE_APPEND :
				       TLKM_FILE_WRITE, &file->f_path, NULL);
	return ret;
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
			     &bprm->file->f_path, NULL);
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

int hook_path_unlink(const struct path *dir, struct dentry *dentry)
{
	return check_child(TLKM_FILE_UNLINK, dir, dentry, NULL, NULL);
}

int hook_path_rmdir(const struct path *dir, struct dentry *dentry)
{
	return check_child(TLKM_FILE_RMDIR, dir, dentry, NULL, NULL);
}

int hook_path_mkdir(const struct path *dir, struct dentry *dentry,
		    umode_t mode)
{
	u64 num[3] = { mode & S_IALLUGO };
	char *name;
	int ret;

	if (!tlkm_file_enabled(TLKM_FILE_MKDIR))
		return 0;
	name = tlkm_realpath_child(dir, dentry);
	if (!name)
		return tlkm_no_name(tlkm_current_domain(), tlkm_file_mac[TLKM_FILE_MKDIR]);
	/* A directory's name ends with '/', even before it exists. */
	if (name[strlen(name) - 1] != '/') {
		char *dirname = kasprintf(GFP_KERNEL, "%s/", name);

		kfree(name);
		name = dirname;
		if (!name)
			return -ENOMEM;
	}
	ret = tlkm_decide_file(TLKM_FILE_MKDIR, name, NULL, NULL, num, dentry, NULL,
			       NULL);
	kfree(name);
	return ret;
}

int hook_path_mknod(const struct path *dir, struct dentry *dentry,
		    umode_t mode, unsigned int dev)
{
	u64 num[3] = { mode & S_IALLUGO };
	dev_t d = new_decode_dev(dev);
	unsigned int op;

	switch (mode & S_IFMT) {
	case S_IFCHR:
	case S_IFBLK:
		op = S_ISCHR(mode) ? TLKM_FILE_MKCHAR : TLKM_FILE_MKBLOCK;
		num[1] = MAJOR(d);
		num[2] = MINOR(d);
		break;
	case S_IFIFO:
		op = TLKM_FILE_MKFIFO;
		break;
	case S_IFSOCK:
		op = TLKM_FILE_MKSOCK;
		break;
	default:
		op = TLKM_FILE_CREATE;
		break;
	}
	return check_child(op, dir, dentry, num, NULL);
}

/*
 * The link's target is symlink.target, both for the conditions of the
 * ACLs (so that what learning mode recorded matches) and in what learning
 * mode records.
 */
int hook_path_symlink(const struct path *dir, struct dentry *dentry,
		      const char *old_name)
{
	char *name, *target, *cond = NULL;
	struct tlkm_req *q;
	int ret = -ENOMEM;

	if (!tlkm_file_enabled(TLKM_FILE_SYMLINK))
		return 0;
	name = tlkm_realpath_child(dir, dentry);
	if (!name)
		return tlkm_no_name(tlkm_current_domain(),
				    tlkm_file_mac[TLKM_FILE_SYMLINK]);
	target = tlkm_encode_str(old_name, strlen(old_name));
	if (target)
		cond = kasprintf(GFP_KERNEL, "symlink.target=\"%s\"", target);
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (cond && q) {
		file_req(q, TLKM_FILE_SYMLINK, name, NULL, NULL, NULL, dentry,
			 NULL, cond);
		q->r.symlink_target = target;
		ret = tlkm_decide(tlkm_current_domain(), q);
	}
	kfree(q);
	kfree(cond);
	kfree(target);
	kfree(name);
	return ret;
}

int hook_path_link(struct dentry *old_dentry, const struct path *new_dir,
		   struct dentry *new_dentry)
{
	struct path old = { .mnt = new_dir->mnt, .dentry = old_dentry };
	char *n1, *n2;
	int ret = 0;

	if (!tlkm_file_enabled(TLKM_FILE_LINK))
		return 0;
	n1 = tlkm_realpath(&old);
	n2 = tlkm_realpath_child(new_dir, new_dentry);
	if (n1 && n2)
		ret = tlkm_decide_file(TLKM_FILE_LINK, n1, n2, NULL, NULL, old_dentry,
				       new_dentry, NULL);
	else
		ret = tlkm_no_name(tlkm_current_domain(), tlkm_file_mac[TLKM_FILE_LINK]);
	kfree(n1);
	kfree(n2);
	return ret;
}

int hook_path_rename(const struct path *old_dir,
		     struct dentry *old_dentry,
		     const struct path *new_dir,
		     struct dentry *new_dentry, unsigned int flags)
{
	int ret = check_two(TLKM_FILE_RENAME, old_dir, old_dentry, new_dir,
			    new_dentry);

	if (!ret && (flags & RENAME_EXCHANGE))
		ret = check_two(TLKM_FILE_RENAME, new_dir, new_dentry, old_dir,
				old_dentry);
	return ret;
}
