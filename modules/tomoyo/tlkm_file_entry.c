// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_file_entry.c - tomoyo_lkm's hooks on directory entries: unlink,
 * rmdir, mkdir, mknod, symlink, link and rename name an entry of a
 * directory (or two) rather than an open path.
 */

#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>
#include <linux/path.h>
#include <linux/slab.h>

#include "tlkm_glue.h"
#include "tlkm_hooks.h"
#include "tlkm_req.h"

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
		tlkm_file_req(q, TLKM_FILE_SYMLINK, name, NULL, NULL, NULL,
			      dentry, NULL, cond);
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
