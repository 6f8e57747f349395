// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_sb.c - tomoyo_lkm's mount hooks: "file mount", "file unmount" and
 * "file pivot_root" requests, with the device named as TOMOYO names it.
 */

#include <linux/fs.h>
#include <linux/module.h>
#include <linux/mount.h>
#include <linux/namei.h>
#include <linux/path.h>
#include <linux/slab.h>
#include <uapi/linux/mount.h>

#include "tlkm_glue.h"
#include "tlkm_hooks.h"
#include "tlkm_mount.h"
#include "tlkm_req.h"

/*
 * The device of a mount as TOMOYO names it: a path to resolve for --bind,
 * --move and filesystems that need a device (-ENOENT when there is none),
 * else the string as given, "<NULL>" for none. @dev_path is set when
 * resolved.
 */
static char *mount_dev(const char *dev_name, int kind, const char *word,
		       struct path *dev_path, int *err)
{
	struct file_system_type *fs;
	bool resolve = kind == TLKM_MOUNT_DEV_DIR;
	char *dev;

	if (kind == TLKM_MOUNT_DEV_FSTYPE) {
		fs = get_fs_type(word);
		if (!fs) {
			*err = -ENODEV;
			return NULL;
		}
		resolve = fs->fs_flags & FS_REQUIRES_DEV;
		module_put(fs->owner);
	}
	if (!resolve) {
		if (!dev_name)
			dev_name = "<NULL>";
		dev = tlkm_encode_str(dev_name, strlen(dev_name));
		*err = dev ? 0 : -ENOMEM;
		return dev;
	}
	*err = -ENOENT;
	if (!dev_name || kern_path(dev_name, LOOKUP_FOLLOW, dev_path))
		return NULL;
	dev = tlkm_realpath(dev_path);
	if (dev) {
		*err = 0;
	} else {
		path_put(dev_path);
		*dev_path = (struct path){ };
	}
	return dev;
}

int hook_sb_mount(const char *dev_name, const struct path *path,
		  const char *type, unsigned long flags, void *data)
{
	struct path dev_path = { };
	char *dev = NULL, *dir, *fstype = NULL;
	unsigned long rest;
	const char *word;
	u64 num[3] = { 0 };
	int kind, ret;

	BUILD_BUG_ON(TLKM_MS_REMOUNT != MS_REMOUNT ||
		     TLKM_MS_BIND != MS_BIND || TLKM_MS_MOVE != MS_MOVE ||
		     TLKM_MS_UNBINDABLE != MS_UNBINDABLE ||
		     TLKM_MS_PRIVATE != MS_PRIVATE ||
		     TLKM_MS_SLAVE != MS_SLAVE || TLKM_MS_SHARED != MS_SHARED);
	if (!tlkm_file_enabled(TLKM_FILE_MOUNT))
		return 0;
	/* As TOMOYO: errors in reading the request refuse it in any mode. */
	kind = tlkm_mount_request(flags, type, &word, &rest);
	if (kind < 0)
		return kind;
	num[0] = rest;
	dir = tlkm_realpath(path);
	if (!dir)
		return -ENOMEM;
	dev = mount_dev(dev_name, kind, word, &dev_path, &ret);
	if (dev)
		fstype = tlkm_encode_str(word, strlen(word));
	if (dev && !fstype)
		ret = -ENOMEM;
	/* As TOMOYO: path1 is the resolved device, path2 the mount point. */
	if (!ret)
		ret = tlkm_decide_file(TLKM_FILE_MOUNT, dev, dir, fstype, num,
				       dev_path.dentry, path->dentry, NULL);
	if (dev_path.dentry)
		path_put(&dev_path);
	kfree(dev);
	kfree(dir);
	kfree(fstype);
	return ret;
}

int hook_sb_umount(struct vfsmount *mnt, int flags)
{
	struct path path = { .mnt = mnt, .dentry = mnt->mnt_root };

	return tlkm_decide_path(TLKM_FILE_UNMOUNT, &path, NULL);
}

int hook_sb_pivotroot(const struct path *old_path,
		      const struct path *new_path)
{
	char *n1, *n2;
	int ret = 0;

	if (!tlkm_file_enabled(TLKM_FILE_PIVOT_ROOT))
		return 0;
	n1 = tlkm_realpath(new_path);
	n2 = tlkm_realpath(old_path);
	if (n1 && n2)
		ret = tlkm_decide_file(TLKM_FILE_PIVOT_ROOT, n1, n2, NULL, NULL,
				       new_path->dentry, old_path->dentry, NULL);
	else
		ret = tlkm_no_name(tlkm_current_domain(),
				   tlkm_file_mac[TLKM_FILE_PIVOT_ROOT]);
	kfree(n1);
	kfree(n2);
	return ret;
}
