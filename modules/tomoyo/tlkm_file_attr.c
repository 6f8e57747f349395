// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_file_attr.c - the attributes of a request's paths and their
 * parents (uid, gid, ino, perm, type, devices), read from the inodes for
 * the conditions and the audit header, as TOMOYO fills them.
 */

#include <linux/cred.h>
#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/kdev_t.h>

#include "tlkm_glue.h"
#include "tlkm_req.h"

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
