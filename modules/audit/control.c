// SPDX-License-Identifier: GPL-2.0
/*
 * control.c - /sys/kernel/security/audit_lkm/, the run-time controls.
 *
 *   classes   the classes recorded: names separated by spaces or commas,
 *             "all" or "none" (exec write file mount net ptrace module cred)
 *   uid       record only processes of this real uid, or "any"
 *   comm      record only processes of this comm, or "any"
 *   cgroup    record only processes in this cgroup v2 (the inode number of
 *             its directory) or below it, or "any"
 *   rate      at most this many records per second, 0 for no limit
 *   counters  recorded, filtered, suppressed (rate limit) and lost events
 *
 * Writes need CAP_AUDIT_CONTROL. A value that does not parse is refused
 * with EINVAL (ENOENT for an unknown cgroup) and changes nothing.
 */

#include <linux/capability.h>
#include <linux/cgroup.h>
#include <linux/cred.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/kernel.h>
#include <linux/mutex.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/uaccess.h>

#include "audit_lkm.h"

/* Longest value a write may carry, newline included. */
#define KNOB_MAX 128
/* Highest rate limit that can be set, records per second. */
#define RATE_MAX 1000000

/* Serialises writers of the classes, filters and rate. */
static DEFINE_MUTEX(config_lock);

/**
 * alkm_parse_classes - parse a list of class names.
 * @text: names separated by spaces or commas, "all" or "none".
 * @classes: where to store the bit mask; unchanged on error.
 *
 * Return: 0, or -%EINVAL for an empty list or an unknown name.
 */
int alkm_parse_classes(const char *text, unsigned long *classes)
{
	char *copy, *cursor, *word;
	unsigned long mask = 0;
	int rc = -EINVAL, i;

	copy = kstrdup(text, GFP_KERNEL);
	if (!copy)
		return -ENOMEM;
	cursor = copy;
	while ((word = strsep(&cursor, " ,\t\n"))) {
		if (!*word)
			continue;
		if (!strcmp(word, "all")) {
			mask |= BIT(ALKM_NR_CLASSES) - 1;
			rc = 0;
			continue;
		}
		if (!strcmp(word, "none")) {
			rc = 0;
			continue;
		}
		i = match_string(alkm_class_names, ALKM_NR_CLASSES, word);
		if (i < 0) {
			rc = -EINVAL;
			goto out;
		}
		mask |= BIT(i);
		rc = 0;
	}
	if (!rc)
		*classes = mask;
out:
	kfree(copy);
	return rc;
}

static int classes_show(char *buf, size_t size)
{
	unsigned long classes = READ_ONCE(alkm_classes);
	int len = 0, i;

	for (i = 0; i < ALKM_NR_CLASSES; i++)
		if (classes & BIT(i))
			len += scnprintf(buf + len, size - len, "%s%s",
					 len ? " " : "", alkm_class_names[i]);
	return len + scnprintf(buf + len, size - len, "%s\n", len ? "" : "none");
}

/*
 * The hooks of the classes switched on are attached before the classes
 * say so, those of the classes switched off detached after; when a hook
 * cannot be attached, the old classes and hooks stay. Called with
 * config_lock held.
 */
static int classes_store(char *text)
{
	unsigned long classes, old = alkm_classes;
	int rc = alkm_parse_classes(text, &classes);

	if (rc)
		return rc;
	rc = alkm_hooks_apply(old | classes);
	if (rc) {
		alkm_hooks_apply(old);
		return rc;
	}
	WRITE_ONCE(alkm_classes, classes);
	return alkm_hooks_apply(classes);
}

/**
 * alkm_control_start - once registered, detach the hooks of the classes
 * that are off (which cannot fail). Until then a write to "classes" fails
 * (the shim does not know the client yet) and changes nothing.
 */
void alkm_control_start(void)
{
	mutex_lock(&config_lock);
	alkm_hooks_apply(alkm_classes);
	mutex_unlock(&config_lock);
}

/*
 * Replaces the filter by a copy that @change modified; on error, nothing
 * changes. Called with config_lock held.
 */
static int update_filter(int (*change)(struct alkm_filter *f, const char *text),
			 const char *text)
{
	struct alkm_filter *old, *new;
	int rc;

	old = rcu_dereference_protected(alkm_filter, lockdep_is_held(&config_lock));
	new = old ? kmemdup(old, sizeof(*old), GFP_KERNEL) :
		    kzalloc(sizeof(*new), GFP_KERNEL);
	if (!new)
		return -ENOMEM;
	rc = change(new, text);
	if (rc) {
		kfree(new);
		return rc;
	}
	rcu_assign_pointer(alkm_filter, new);
	if (old)
		kfree_rcu(old, rcu);
	return 0;
}

/* Shows one field of the filter through @show, or "any" when unset. */
static int filter_show(char *buf, size_t size,
		       int (*show)(const struct alkm_filter *f, char *buf, size_t size))
{
	const struct alkm_filter *f;
	int len = 0;

	rcu_read_lock();
	f = rcu_dereference(alkm_filter);
	if (f)
		len = show(f, buf, size);
	rcu_read_unlock();
	return len ? len : scnprintf(buf, size, "any\n");
}

static int uid_show_field(const struct alkm_filter *f, char *buf, size_t size)
{
	if (!f->uid_set)
		return 0;
	return scnprintf(buf, size, "%u\n",
			 from_kuid_munged(current_user_ns(), f->uid));
}

static int uid_change(struct alkm_filter *f, const char *text)
{
	unsigned int val;
	kuid_t uid;

	if (!strcmp(text, "any")) {
		f->uid_set = false;
		return 0;
	}
	if (kstrtouint(text, 10, &val))
		return -EINVAL;
	/* The uid as the writer sees it, like chown(1). */
	uid = make_kuid(current_user_ns(), val);
	if (!uid_valid(uid))
		return -EINVAL;
	f->uid_set = true;
	f->uid = uid;
	return 0;
}

static int comm_show_field(const struct alkm_filter *f, char *buf, size_t size)
{
	return f->comm[0] ? scnprintf(buf, size, "%s\n", f->comm) : 0;
}

static int comm_change(struct alkm_filter *f, const char *text)
{
	size_t len = strlen(text);

	if (!strcmp(text, "any")) {
		f->comm[0] = '\0';
		return 0;
	}
	if (!len || len >= sizeof(f->comm))
		return -EINVAL;
	strscpy(f->comm, text, sizeof(f->comm));
	return 0;
}

static int cgroup_show_field(const struct alkm_filter *f, char *buf, size_t size)
{
	return f->cgroup ? scnprintf(buf, size, "%llu\n", f->cgroup) : 0;
}

static int cgroup_change(struct alkm_filter *f, const char *text)
{
	struct cgroup *cgrp;
	u64 id;

	if (!strcmp(text, "any")) {
		f->cgroup = 0;
		return 0;
	}
	if (kstrtou64(text, 10, &id) || !id)
		return -EINVAL;
	/* Refuse ids that name no cgroup of the v2 hierarchy. */
	cgrp = cgroup_get_from_id(id);
	if (IS_ERR_OR_NULL(cgrp))
		return -ENOENT;
	cgroup_put(cgrp);
	f->cgroup = id;
	return 0;
}

static int uid_show(char *buf, size_t size)
{
	return filter_show(buf, size, uid_show_field);
}

static int uid_store(char *text)
{
	return update_filter(uid_change, text);
}

static int comm_show(char *buf, size_t size)
{
	return filter_show(buf, size, comm_show_field);
}

static int comm_store(char *text)
{
	return update_filter(comm_change, text);
}

static int cgroup_show(char *buf, size_t size)
{
	return filter_show(buf, size, cgroup_show_field);
}

static int cgroup_store(char *text)
{
	return update_filter(cgroup_change, text);
}

static int rate_show(char *buf, size_t size)
{
	return scnprintf(buf, size, "%u\n", READ_ONCE(alkm_rate));
}

static int rate_store(char *text)
{
	unsigned int rate;

	if (kstrtouint(text, 10, &rate) || rate > RATE_MAX)
		return -EINVAL;
	WRITE_ONCE(alkm_rate, rate);
	return 0;
}

static int counters_show(char *buf, size_t size)
{
	return scnprintf(buf, size,
			 "recorded %ld\nfiltered %ld\nsuppressed %ld\nlost %ld\n",
			 atomic_long_read(&alkm_counters.recorded),
			 atomic_long_read(&alkm_counters.filtered),
			 atomic_long_read(&alkm_counters.suppressed),
			 atomic_long_read(&alkm_counters.lost));
}

/*
 * struct knob - one control file.
 * @name: file name.
 * @show: formats the value into a buffer; returns its length.
 * @store: parses and applies a value (NULL: read-only); 0 or -errno.
 */
struct knob {
	const char *name;
	int (*show)(char *buf, size_t size);
	int (*store)(char *text);
};

static const struct knob knobs[] = {
	{ "classes", classes_show, classes_store },
	{ "uid", uid_show, uid_store },
	{ "comm", comm_show, comm_store },
	{ "cgroup", cgroup_show, cgroup_store },
	{ "rate", rate_show, rate_store },
	{ "counters", counters_show, NULL },
};

static ssize_t knob_read(struct file *file, char __user *ubuf, size_t count,
			 loff_t *ppos)
{
	const struct knob *knob = file_inode(file)->i_private;
	char buf[KNOB_MAX];
	int len = knob->show(buf, sizeof(buf));

	return simple_read_from_buffer(ubuf, count, ppos, buf, len);
}

static ssize_t knob_write(struct file *file, const char __user *ubuf,
			  size_t count, loff_t *ppos)
{
	const struct knob *knob = file_inode(file)->i_private;
	char *text;
	int rc;

	if (!knob->store)
		return -EPERM;
	if (!capable(CAP_AUDIT_CONTROL))
		return -EPERM;
	/* The whole value in one write, as "echo VALUE > file" does. */
	if (*ppos || !count || count > KNOB_MAX)
		return -EINVAL;
	text = memdup_user_nul(ubuf, count);
	if (IS_ERR(text))
		return PTR_ERR(text);
	mutex_lock(&config_lock);
	rc = knob->store(strim(text));
	mutex_unlock(&config_lock);
	kfree(text);
	return rc ? rc : count;
}

static const struct file_operations knob_fops = {
	.owner = THIS_MODULE,
	.read = knob_read,
	.write = knob_write,
	.llseek = generic_file_llseek,
};

static struct dentry *dir;
static struct dentry *files[ARRAY_SIZE(knobs)];

/**
 * alkm_control_exit - remove the control files.
 */
void alkm_control_exit(void)
{
	int i;

	for (i = ARRAY_SIZE(files) - 1; i >= 0; i--)
		securityfs_remove(files[i]);
	securityfs_remove(dir);
}

/**
 * alkm_control_init - create /sys/kernel/security/audit_lkm/.
 *
 * Return: 0, or the error of securityfs (-%EEXIST when the directory is
 * already there).
 */
int alkm_control_init(void)
{
	size_t i;

	dir = lsm_shim_securityfs_create_dir("audit_lkm");
	if (IS_ERR(dir))
		return PTR_ERR(dir);
	for (i = 0; i < ARRAY_SIZE(knobs); i++) {
		files[i] = lsm_shim_securityfs_create_file(knobs[i].name,
							   knobs[i].store ? 0600 : 0444,
							   dir, (void *)&knobs[i],
							   &knob_fops);
		if (IS_ERR(files[i])) {
			int rc = PTR_ERR(files[i]);

			files[i] = NULL;
			alkm_control_exit();
			return rc;
		}
	}
	return 0;
}
