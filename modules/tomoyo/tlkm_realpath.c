// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_realpath.c - TOMOYO-encoded path names of files, from exported API.
 *
 * d_absolute_path() is not exported, so names come from d_path(): relative
 * to the caller's root (TOMOYO uses the namespace root; the two differ only
 * inside a chroot). As in TOMOYO, files on a filesystem whose root cannot
 * rename and that needs no device (procfs, devpts, securityfs, mqueue,
 * debugfs, ...) are named by the filesystem's type and their path inside
 * it ("securityfs:/lsm"), on procfs with the caller's own pid as "self"
 * ("proc:/self/status"). Directories end with '/'. A " (deleted)" suffix is
 * dropped.
 */

#include <linux/dcache.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <linux/namei.h>
#include <linux/pid_namespace.h>
#include <linux/proc_fs.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "tlkm_glue.h"
#include "tlkm_path.h"

/*
 * Names are built in a buffer of TLKM_PATH_BUF bytes first, then in ones
 * twice as large up to TLKM_PATH_BUF_MAX for deeper paths (openat() chains
 * go past PATH_MAX), as TOMOYO grows its buffer.
 */
#define TLKM_PATH_BUF 4096
#define TLKM_PATH_BUF_MAX 65536

/**
 * tlkm_encode_str() - TOMOYO-encode raw bytes into a new string.
 * @raw: The bytes.
 * @len: Their number.
 *
 * Return: the kmalloc()ed encoded string, or NULL when out of memory or
 * when the encoding is longer than TLKM_MAX_LINE.
 */
char *tlkm_encode_str(const char *raw, size_t len)
{
	size_t n = tlkm_encoded_len((const u8 *)raw, len);
	char *out;

	/* Longer than any policy word: as tlkm_encode() refuses it. */
	if (n > TLKM_MAX_LINE)
		return NULL;
	out = kmalloc(n + 1, GFP_KERNEL);
	if (out)
		tlkm_encode_known((const u8 *)raw, len, out, n);
	return out;
}

/*
 * Length of the "/<pid>" that starts @p when <pid> is @pid, else 0. Read,
 * not printed: this runs on every check of a /proc name.
 */
static size_t own_pid_len(const char *p, pid_t pid)
{
	unsigned long v = 0;
	size_t i = 1;

	if (p[0] != '/' || p[1] < '1' || p[1] > '9')
		return 0;
	while (i < 12 && p[i] >= '0' && p[i] <= '9')
		v = v * 10 + (p[i++] - '0');
	if ((p[i] && p[i] != '/') || v != (unsigned long)pid)
		return 0;
	return i;
}

/*
 * Is a file of @dentry named inside its filesystem? As TOMOYO: when its
 * root cannot rename and it needs no device; never for names a filesystem
 * makes itself ("pipe:[N]", "socket:[N]", "anon_inode:..."), which d_path()
 * returns.
 */
static bool has_local_name(const struct dentry *dentry)
{
	const struct super_block *sb = dentry->d_sb;

	if (dentry->d_op && dentry->d_op->d_dname)
		return false;
	return !d_backing_inode(sb->s_root)->i_op->rename &&
	       !(sb->s_type->fs_flags & FS_REQUIRES_DEV);
}

/*
 * "<fs type>:" + the path inside the filesystem; on procfs "/<own pid>"
 * (in procfs's pid namespace) is written as "/self".
 */
static char *local_name(struct dentry *dentry, char *buf, size_t size)
{
	struct super_block *sb = dentry->d_sb;
	const char *fs = sb->s_type->name;
	size_t fs_len = strlen(fs);
	char *p;
	size_t n;

	if (size < fs_len + 32)
		return ERR_PTR(-ENAMETOOLONG);
	p = dentry_path_raw(dentry, buf + fs_len + 1, size - fs_len - 16);
	if (IS_ERR(p))
		return p;
	if (sb->s_magic == PROC_SUPER_MAGIC) {
		n = own_pid_len(p, task_tgid_nr_ns(current, proc_pid_ns(sb)));
		if (n && p - buf >= (ptrdiff_t)(fs_len + 6)) {
			p += n - 5;
			memcpy(p, "/self", 5);
		}
	}
	p -= fs_len + 1;
	memcpy(p, fs, fs_len);
	p[fs_len] = ':';
	return p;
}

/* The name in a buffer of @size bytes, NULL, or ERR_PTR(-ENAMETOOLONG). */
static char *name_in(const struct path *path, const char *child, size_t size)
{
	struct dentry *dentry = path->dentry;
	char *buf = kmalloc(size, GFP_KERNEL);
	char *p, *out = NULL;
	size_t len;
	bool dir;

	if (!buf)
		return NULL;
	if (has_local_name(dentry))
		p = local_name(dentry, buf, size);
	else
		p = d_path(path, buf, size - 2);
	if (IS_ERR(p)) {
		if (PTR_ERR(p) == -ENAMETOOLONG)
			out = ERR_PTR(-ENAMETOOLONG);
		goto out;
	}
	len = strlen(p);
	if (d_unlinked(dentry) && len > 10 &&
	    !strcmp(p + len - 10, " (deleted)"))
		len -= 10;
	dir = !child && d_is_dir(dentry);
	if (child || (dir && len && p[len - 1] != '/')) {
		/* d_path() fills from the end: room is only in front. */
		memmove(buf, p, len);
		p = buf;
		if (child) {
			if (!len || p[len - 1] != '/')
				p[len++] = '/';
			if (len + strlen(child) + 2 > size) {
				out = ERR_PTR(-ENAMETOOLONG);
				goto out;
			}
			memcpy(p + len, child, strlen(child) + 1);
			len += strlen(child);
		} else {
			p[len++] = '/';
		}
	}
	out = tlkm_encode_str(p, len);
out:
	kfree(buf);
	return out;
}

static char *name_of(const struct path *path, const char *child)
{
	size_t size;
	char *out;

	for (size = TLKM_PATH_BUF; size <= TLKM_PATH_BUF_MAX; size *= 2) {
		out = name_in(path, child, size);
		if (!IS_ERR(out))
			return out;
	}
	return NULL;
}

/**
 * tlkm_realpath() - Encoded name of a file.
 * @path: The file.
 *
 * Return: kmalloc()ed name, or NULL (out of memory, name too long).
 */
char *tlkm_realpath(const struct path *path)
{
	return name_of(path, NULL);
}

/**
 * tlkm_realpath_child() - Encoded name of an entry of a directory, which
 * need not exist yet.
 * @dir:    The directory.
 * @dentry: The entry (possibly negative).
 *
 * Return: kmalloc()ed name, or NULL.
 */
char *tlkm_realpath_child(const struct path *dir, struct dentry *dentry)
{
	char *name = kstrndup(dentry->d_name.name, dentry->d_name.len,
			      GFP_KERNEL);
	char *out;

	if (!name)
		return NULL;
	out = name_of(dir, name);
	kfree(name);
	if (out && d_really_is_positive(dentry) && d_is_dir(dentry)) {
		size_t len = strlen(out);
		char *dirname = krealloc(out, len + 2, GFP_KERNEL);

		if (!dirname) {
			kfree(out);
			return NULL;
		}
		memcpy(dirname + len, "/", 2);
		out = dirname;
	}
	return out;
}

/**
 * tlkm_realpath_nofollow() - Encoded name of a path name, without following
 * a symbolic link in its last component (the name a program was run as).
 * @name: Path name, absolute or relative to the working directory.
 *
 * Return: kmalloc()ed name, or NULL.
 */
char *tlkm_realpath_nofollow(const char *name)
{
	struct path path;
	char *out;

	if (kern_path(name, 0, &path))
		return NULL;
	out = name_of(&path, NULL);
	path_put(&path);
	return out;
}
