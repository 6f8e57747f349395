// SPDX-License-Identifier: GPL-2.0
/*
 * record.c - whether an event is recorded, and the record's fields.
 *
 * An event is recorded when its class is on, the current process passes
 * the filters (uid, comm, cgroup; control.c sets them) and the rate limit
 * allows it. The record goes to the kernel audit subsystem as type
 * AUDIT_KERNEL_OTHER, so auditd and ausearch see it, and dmesg when no
 * auditd runs:
 *
 *   lsm=audit_lkm class=file op=unlink pid=.. ppid=.. uid=.. euid=.. auid=..
 *   ses=.. comm="rm" exe="/usr/bin/rm" path="/tmp/x"
 *
 * Strings a user controls are quoted, or hex-encoded when they contain
 * spaces, quotes or control characters, as the audit subsystem does.
 */

#include <linux/cgroup.h>
#include <linux/cred.h>
#include <linux/file.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/jiffies.h>
#include <linux/limits.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/string.h>
#include <linux/un.h>

#include "audit_lkm.h"
#include "llsm_compat.h"

/* Bit N set: class N is recorded. Written by control.c, read locklessly. */
unsigned long alkm_classes;
/* Records per second, 0 for no limit. */
unsigned int alkm_rate;
struct alkm_counters alkm_counters;

/* The filters in effect (NULL: none); replaced whole under RCU. */
struct alkm_filter __rcu *alkm_filter;

/* Whether @cgrp or one of its ancestors has cgroup id @id. */
static bool cgroup_within(struct cgroup *cgrp, u64 id)
{
	for (; cgrp; cgrp = cgroup_parent(cgrp))
		if (cgroup_id(cgrp) == id)
			return true;
	return false;
}

/* Whether the current process passes the filters. */
static bool filter_passes(void)
{
	const struct alkm_filter *f;
	bool pass = true;

	rcu_read_lock();
	f = rcu_dereference(alkm_filter);
	if (f) {
		if (f->uid_set && !uid_eq(current_uid(), f->uid))
			pass = false;
		else if (f->comm[0] && strncmp(current->comm, f->comm, TASK_COMM_LEN))
			pass = false;
		else if (f->cgroup && !cgroup_within(task_dfl_cgroup(current), f->cgroup))
			pass = false;
	}
	rcu_read_unlock();
	return pass;
}

/* A fixed one-second window of at most alkm_rate records. */
static bool rate_allows(void)
{
	static DEFINE_SPINLOCK(lock);
	static unsigned long window_start;
	static unsigned int in_window;
	unsigned int limit = READ_ONCE(alkm_rate);
	unsigned long flags;
	bool allow;

	if (!limit)
		return true;
	spin_lock_irqsave(&lock, flags);
	if (time_after(jiffies, window_start + HZ)) {
		window_start = jiffies;
		in_window = 0;
	}
	allow = in_window < limit;
	if (allow)
		in_window++;
	spin_unlock_irqrestore(&lock, flags);
	return allow;
}

/* The process: ids as seen from the initial namespaces, comm, executable. */
static void log_subject(struct audit_buffer *ab, gfp_t gfp)
{
	const struct cred *cred = current_cred();
	char comm[TASK_COMM_LEN];
	struct file *exe;

	audit_log_format(ab, " pid=%d ppid=%d uid=%u euid=%u auid=%u ses=%u",
			 task_tgid_nr(current), task_ppid_nr(current),
			 from_kuid(&init_user_ns, cred->uid),
			 from_kuid(&init_user_ns, cred->euid),
			 from_kuid(&init_user_ns, audit_get_loginuid(current)),
			 audit_get_sessionid(current));
	/*
	 * Not get_task_comm(): it takes task_lock on some kernels, and the
	 * ptrace hooks already hold the target's.
	 */
	strscpy_pad(comm, current->comm, sizeof(comm));
	alkm_log_string(ab, "comm", comm);
	exe = llsm_get_exe_file(current->mm);
	if (exe) {
		alkm_log_path(ab, "exe", &exe->f_path, gfp);
		fput(exe);
	}
}

/**
 * alkm_record_start - begin the record of an event, if it is recorded.
 * @class: the event's class.
 * @op: the operation, a constant word ("exec", "unlink", ...).
 * @gfp: GFP_KERNEL where the hook may sleep, else GFP_ATOMIC.
 *
 * Checks the class, the filters and the rate limit, counts the outcome, and
 * writes the record's header and the current process.
 *
 * Return: the record, to be completed and passed to alkm_record_end(), or
 * NULL when the event is not recorded.
 */
struct audit_buffer *alkm_record_start(enum alkm_class class, const char *op,
				       gfp_t gfp)
{
	struct audit_buffer *ab;

	if (!(READ_ONCE(alkm_classes) & BIT(class)))
		return NULL;
	if (!filter_passes()) {
		atomic_long_inc(&alkm_counters.filtered);
		return NULL;
	}
	if (!rate_allows()) {
		atomic_long_inc(&alkm_counters.suppressed);
		return NULL;
	}
	ab = audit_log_start(audit_context(), gfp, AUDIT_KERNEL_OTHER);
	if (!ab) {
		atomic_long_inc(&alkm_counters.lost);
		return NULL;
	}
	audit_log_format(ab, "lsm=audit_lkm class=%s op=%s",
			 alkm_class_names[class], op);
	log_subject(ab, gfp);
	return ab;
}

/**
 * alkm_record_end - send a record begun by alkm_record_start().
 * @ab: the record.
 */
void alkm_record_end(struct audit_buffer *ab)
{
	audit_log_end(ab);
	atomic_long_inc(&alkm_counters.recorded);
}

/* Whether @s must be hex-encoded to keep the record parseable. */
static bool needs_hex(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (s[i] <= ' ' || s[i] >= 0x7f || s[i] == '"')
			return true;
	return false;
}

/* Writes " key=value" of @len bytes, quoted or hex-encoded. */
static void log_bytes(struct audit_buffer *ab, const char *key,
		      const char *value, size_t len)
{
	size_t done, n;

	if (!needs_hex(value, len)) {
		audit_log_format(ab, " %s=\"%.*s\"", key, (int)len, value);
		return;
	}
	audit_log_format(ab, " %s=", key);
	for (done = 0; done < len; done += n) {
		n = min_t(size_t, len - done, 64);
		audit_log_format(ab, "%*phN", (int)n, value + done);
	}
}

/**
 * alkm_log_string - write " key=value" for a string a user may control.
 * @ab: the record.
 * @key: the field name.
 * @value: the string; NULL is written as "(null)".
 */
void alkm_log_string(struct audit_buffer *ab, const char *key,
		     const char *value)
{
	if (!value) {
		audit_log_format(ab, " %s=(null)", key);
		return;
	}
	log_bytes(ab, key, value, strlen(value));
}

/**
 * alkm_log_path - write " key=path" for a path.
 * @ab: the record.
 * @key: the field name.
 * @path: the path.
 * @gfp: allocation flags of the hook's context.
 */
void alkm_log_path(struct audit_buffer *ab, const char *key,
		   const struct path *path, gfp_t gfp)
{
	char *buf = kmalloc(PATH_MAX, gfp);
	char *p;

	p = buf ? d_path(path, buf, PATH_MAX) : ERR_PTR(-ENOMEM);
	if (IS_ERR(p))
		audit_log_format(ab, " %s=(error%ld)", key, PTR_ERR(p));
	else
		alkm_log_string(ab, key, p);
	kfree(buf);
}

/**
 * alkm_log_child - write " key=path" for an entry of a directory.
 * @ab: the record.
 * @key: the field name.
 * @dir: the directory.
 * @dentry: the entry, which may not exist yet (create) or be going (unlink).
 * @gfp: allocation flags of the hook's context.
 */
void alkm_log_child(struct audit_buffer *ab, const char *key,
		    const struct path *dir, struct dentry *dentry, gfp_t gfp)
{
	char *buf = kmalloc(PATH_MAX, gfp);
	char *p, *full;

	p = buf ? d_path(dir, buf, PATH_MAX) : ERR_PTR(-ENOMEM);
	if (IS_ERR(p)) {
		audit_log_format(ab, " %s=(error%ld)", key, PTR_ERR(p));
		goto out;
	}
	/* The caller holds the directory's lock: the name is stable. */
	full = kasprintf(gfp, "%s%s%pd", p, strcmp(p, "/") ? "/" : "", dentry);
	if (full)
		alkm_log_string(ab, key, full);
	else
		audit_log_format(ab, " %s=(error%d)", key, -ENOMEM);
	kfree(full);
out:
	kfree(buf);
}

/**
 * alkm_log_sockaddr - write the family and address of a socket address.
 * @ab: the record.
 * @addr: the address, already copied from user space.
 * @addrlen: its length as the caller gave it.
 */
void alkm_log_sockaddr(struct audit_buffer *ab, const struct sockaddr *addr,
		       int addrlen)
{
	const struct sockaddr_in *sin = (const void *)addr;
	const struct sockaddr_in6 *sin6 = (const void *)addr;
	const struct sockaddr_un *sun = (const void *)addr;
	int pathlen;

	if (addrlen < (int)sizeof(addr->sa_family)) {
		audit_log_format(ab, " family=none");
		return;
	}
	switch (addr->sa_family) {
	case AF_INET:
		if (addrlen < (int)sizeof(*sin))
			break;
		audit_log_format(ab, " family=inet addr=%pI4 port=%u",
				 &sin->sin_addr, ntohs(sin->sin_port));
		return;
	case AF_INET6:
		if (addrlen < (int)offsetofend(struct sockaddr_in6, sin6_addr))
			break;
		audit_log_format(ab, " family=inet6 addr=%pI6c port=%u",
				 &sin6->sin6_addr, ntohs(sin6->sin6_port));
		return;
	case AF_UNIX:
		pathlen = min_t(int, addrlen - offsetof(struct sockaddr_un, sun_path),
				sizeof(sun->sun_path));
		audit_log_format(ab, " family=unix");
		if (pathlen <= 0)
			return;
		/* An abstract name starts with NUL and is logged whole, in hex. */
		if (sun->sun_path[0])
			pathlen = strnlen(sun->sun_path, pathlen);
		log_bytes(ab, "path", sun->sun_path, pathlen);
		return;
	}
	audit_log_format(ab, " family=%u", addr->sa_family);
}
