// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_fs.c - /sys/kernel/security/tomoyo: the files, modes and protocols
 * tomoyo-tools 2.6 use.
 *
 * Each open file has its own reader and writer state. Reads of policy
 * files return one snapshot taken at the first read after open or after a
 * write; writes are split into lines, and each line is applied whole or
 * refused with an error (the bytes before it count as written).
 */

#include <linux/cred.h>
#include <linux/file.h>
#include <linux/mutex.h>
#include <linux/pid.h>
#include <linux/ratelimit.h>
#include <linux/security.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "llsm_compat.h"
#include "tlkm_compat.h"
#include "tlkm_glue.h"
#include "tlkm_manager.h"
#include "tlkm_path.h"
#include "tlkm_policy.h"

enum tlkm_file {
	F_DOMAIN, F_EXCEPTION, F_PROFILE, F_MANAGER, F_STAT, F_AUDIT, F_QUERY,
	F_SELF, F_VERSION, F_PROCESS, F_MAX,
};

/**
 * struct tlkm_io - State of one open file.
 * @type:     enum tlkm_file.
 * @lock:     Serialises reads and writes on this open file.
 * @rbuf:     Text being read, @rlen bytes, @rpos already read.
 * @rlen:     Length of @rbuf.
 * @rpos:     Read position in @rbuf.
 * @rdone:    The snapshot was read to its end.
 * @wbuf:     Start of a line not yet complete, @wlen bytes.
 * @wlen:     Length of @wbuf.
 * @skip:     The rest of a line too long to hold is being skipped.
 * @selected: Domain the last domain header selected (domain_policy).
 * @filter:   Domain a "select" limits reads to, or NULL.
 * @headers:  "select transition_only": no ACL lines in reads.
 * @pid:      Pid written to .process_status, or 0.
 * @global_pid: @pid was written as "global-pid N" (initial namespace).
 * @last:     Last question read from query.
 */
struct tlkm_io {
	int type;
	struct mutex lock;
	char *rbuf;
	size_t rlen;
	size_t rpos;
	bool rdone;
	char *wbuf;
	size_t wlen;
	bool skip;
	char *selected;
	char *filter;
	bool headers;
	pid_t pid;
	bool global_pid;
	u64 last;
};

/**
 * struct tlkm_manager - One line of the manager file.
 * @list: Link in the manager list.
 * @name: A domain name ("<kernel> ...") or a program's path name.
 */
struct tlkm_manager {
	struct list_head list;
	char *name;
};

/*
 * Refused policy lines are logged one by one; only a flood (a fuzzer, not
 * a policy file) is cut, at 1000 lines in 5 seconds.
 */
static DEFINE_RATELIMIT_STATE(refused_log, 5 * HZ, 1000);

static LIST_HEAD(managers);
/*
 * The process that put the first entry into the manager list: it may go on
 * writing until it exits, as TOMOYO's policy loader may (tomoyo-init writes
 * manager.conf first, then the other files).
 */
static struct pid *loader;
/* The manager list received an entry once: TOMOYO's "policy loaded". */
static bool activated;
/* "manage_by_non_root" was written to the manager file. */
static bool manage_by_non_root;
static struct dentry *tlkm_dir;
static struct dentry *tlkm_files[F_MAX];
static u32 quota_audit, quota_query;

/* A growing text buffer for snapshots. */
struct snap {
	char *buf;
	size_t len;
	size_t size;
	const char *filter;
	bool in_filter;
	bool headers;
	int ret;
};

static int snap_put(struct snap *s, const char *text, size_t len)
{
	if (s->len + len + 1 > s->size) {
		size_t size = max(2 * s->size, s->len + len + 4096);
		char *buf = kvmalloc(size, GFP_KERNEL);

		if (!buf)
			return -ENOMEM;
		if (s->buf)
			memcpy(buf, s->buf, s->len);
		kvfree(s->buf);
		s->buf = buf;
		s->size = size;
	}
	memcpy(s->buf + s->len, text, len);
	s->len += len;
	return 0;
}

static int emit_line(void *ctx, const char *line, size_t len)
{
	struct snap *s = ctx;

	if (s->filter) {
		if (len && line[0] == '<')
			s->in_filter = len == strlen(s->filter) &&
				       !memcmp(line, s->filter, len);
		if (!s->in_filter)
			return 0;
	}
	if (s->headers && len && strncmp(line, "use_", 4) && line[0] != '<' &&
	    strcmp(line, "quota_exceeded") && strcmp(line, "transition_failed"))
		return 0;
	return snap_put(s, line, len) ?: snap_put(s, "\n", 1);
}

static __printf(2, 3) int snap_printf(struct snap *s, const char *fmt, ...)
{
	va_list args;
	char *text;
	int ret;

	va_start(args, fmt);
	text = kvasprintf(GFP_KERNEL, fmt, args);
	va_end(args);
	if (!text)
		return -ENOMEM;
	ret = snap_put(s, text, strlen(text));
	kfree(text);
	return ret;
}

static int dump_managers(struct snap *s)
{
	struct tlkm_manager *m;
	int ret = 0;

	list_for_each_entry(m, &managers, list) {
		ret = emit_line(s, m->name, strlen(m->name));
		if (ret)
			break;
	}
	return ret;
}

static int dump_stat(struct snap *s)
{
	return snap_printf(s,
			   "Policy update:                     %u\n"
			   "Policy violation in learning mode: %u\n"
			   "Policy violation in permissive mode: %u\n"
			   "Policy violation in enforcing mode: %u\n"
			   "Memory used by policy:             0\n"
			   "Memory used by audit log:          %zu (Quota: %u)\n"
			   "Memory used by query message:      0 (Quota: %u)\n",
			   atomic_read(&tlkm_stat.updates),
			   atomic_read(&tlkm_stat.violations[0]),
			   atomic_read(&tlkm_stat.violations[1]),
			   atomic_read(&tlkm_stat.violations[2]),
			   tlkm_audit_memory(), quota_audit, quota_query);
}

static int dump_process(struct snap *s, pid_t pid, bool global)
{
	const struct tlkm_domain *d;
	const char *domain = tlkm_pid_domain(pid, global);
	unsigned int profile = 0;

	if (!domain)
		return 0;
	down_read(&tlkm_policy_sem);
	d = tlkm_task_domain(tlkm_policy, domain);
	if (d)
		profile = d->profile;
	up_read(&tlkm_policy_sem);
	return snap_printf(s, "%d %u %s\n", pid, profile, domain);
}

/* Make the text the next reads return. */
static int fill(struct tlkm_io *io)
{
	struct snap s = { .filter = io->filter, .headers = io->headers };
	static const u8 file_of[] = {
		[F_DOMAIN] = TLKM_DOMAIN_POLICY,
		[F_EXCEPTION] = TLKM_EXCEPTION_POLICY,
		[F_PROFILE] = TLKM_PROFILE_POLICY,
	};
	ssize_t len;
	char *text;
	int ret = 0;

	switch (io->type) {
	case F_DOMAIN:
	case F_EXCEPTION:
	case F_PROFILE:
		down_read(&tlkm_policy_sem);
		ret = tlkm_dump_policy(tlkm_policy, file_of[io->type],
				       emit_line, &s);
		up_read(&tlkm_policy_sem);
		break;
	case F_MANAGER:
		down_read(&tlkm_policy_sem);
		ret = dump_managers(&s);
		up_read(&tlkm_policy_sem);
		break;
	case F_STAT:
		ret = dump_stat(&s);
		break;
	case F_VERSION:
		ret = snap_printf(&s, "2.6.0\n");
		break;
	case F_SELF:
		ret = snap_printf(&s, "%s", tlkm_current_domain());
		break;
	case F_PROCESS:
		if (io->pid)
			ret = dump_process(&s, io->pid, io->global_pid);
		io->pid = 0;
		break;
	case F_AUDIT:
	case F_QUERY:
		len = io->type == F_AUDIT ? tlkm_audit_pop(&text) :
		      tlkm_query_next(&io->last, &text);
		if (len <= 0)
			return len;
		kvfree(io->rbuf);
		io->rbuf = text;
		io->rlen = len;
		io->rpos = 0;
		return 0;
	}
	if (ret) {
		kvfree(s.buf);
		return ret;
	}
	kvfree(io->rbuf);
	io->rbuf = s.buf;
	io->rlen = s.len;
	io->rpos = 0;
	io->rdone = true;
	return 0;
}

static void drop_read(struct tlkm_io *io)
{
	if (io->type == F_AUDIT || io->type == F_QUERY)
		kfree(io->rbuf);
	else
		kvfree(io->rbuf);
	io->rbuf = NULL;
	io->rlen = 0;
	io->rpos = 0;
	io->rdone = false;
}

static ssize_t tlkm_read(struct file *file, char __user *buf, size_t count,
			 loff_t *ppos)
{
	struct tlkm_io *io = file->private_data;
	ssize_t ret;
	size_t n;

	mutex_lock(&io->lock);
	if (io->rpos >= io->rlen) {
		bool once = io->type != F_AUDIT && io->type != F_QUERY;

		if (once && io->rdone) {
			ret = 0;
			goto out;
		}
		if (!once)
			drop_read(io);
		ret = fill(io);
		if (ret)
			goto out;
	}
	n = min(count, io->rlen - io->rpos);
	ret = -EFAULT;
	if (copy_to_user(buf, io->rbuf + io->rpos, n))
		goto out;
	io->rpos += n;
	*ppos += n;
	ret = n;
out:
	mutex_unlock(&io->lock);
	return ret;
}

static const char *exe_is_manager(void)
{
	struct tlkm_manager *m;
	struct file *exe = llsm_get_exe_file(current->mm);
	char *name;
	const char *found = NULL;

	if (!exe)
		return NULL;
	name = tlkm_realpath(&exe->f_path);
	fput(exe);
	if (!name)
		return NULL;
	list_for_each_entry(m, &managers, list)
		if (!strcmp(m->name, name))
			found = m->name;
	kfree(name);
	return found;
}

/**
 * tlkm_manager_ok() - May the current task change the policy?
 *
 * tlkm_manager_rule(): before the policy is activated (the manager list
 * received its first entry) any root task may, and so may the process
 * that activated it (the policy loader, until it exits); after that only
 * tasks whose program or domain is listed, as in TOMOYO, also when the
 * list has been emptied again.
 *
 * Context: process context; the caller holds tlkm_policy_sem (read).
 * Return: true if the task may write policy.
 */
bool tlkm_manager_ok(void)
{
	struct tlkm_manager_state s = {
		.activated = activated,
		.non_root = manage_by_non_root,
		.is_loader = loader && task_tgid(current) == loader,
		.uid_root = uid_eq(current_uid(), GLOBAL_ROOT_UID),
		.euid_root = uid_eq(current_euid(), GLOBAL_ROOT_UID),
	};
	const char *domain;
	struct tlkm_manager *m;

	if (!s.activated || s.is_loader ||
	    (!s.non_root && (!s.uid_root || !s.euid_root)))
		return tlkm_manager_rule(&s);
	domain = tlkm_current_domain();
	list_for_each_entry(m, &managers, list)
		if (!strcmp(m->name, domain))
			s.listed = true;
	if (!s.listed)
		s.listed = exe_is_manager();
	return tlkm_manager_rule(&s);
}

static int write_manager(const char *line, size_t len, struct tlkm_err *err)
{
	struct tlkm_line *l = kmalloc(sizeof(*l), GFP_KERNEL);
	bool is_delete = len > 7 && !strncmp(line, "delete ", 7);
	struct tlkm_manager *m, *tmp;
	char *name = NULL;
	int ret;

	if (!l)
		return -ENOMEM;
	if (is_delete) {
		line += 7;
		len -= 7;
	}
	if (len == 18 && !memcmp(line, "manage_by_non_root", 18)) {
		kfree(l);
		manage_by_non_root = !is_delete;
		return 0;
	}
	if (len && line[0] == '<') {
		ret = tlkm_parse_line(TLKM_DOMAIN_POLICY, line, len, l, err);
		if (!ret && l->kind != TLKM_LINE_DOMAIN)
			ret = tlkm_fail(err, -EINVAL, "not a domain name", NULL,
					0, NULL);
		if (!ret) {
			name = l->str1;
			l->str1 = NULL;
		}
		tlkm_line_destroy(l);
	} else {
		ret = tlkm_check_word(line, len, TLKM_WORD_ABSOLUTE, err);
		if (!ret && memchr(line, ' ', len))
			ret = tlkm_fail(err, -EINVAL, "one program per line",
					NULL, 0, NULL);
		if (!ret)
			name = kmemdup_nul(line, len, GFP_KERNEL);
	}
	kfree(l);
	if (ret)
		return ret;
	if (!name)
		return -ENOMEM;
	list_for_each_entry_safe(m, tmp, &managers, list) {
		if (strcmp(m->name, name))
			continue;
		if (is_delete) {
			list_del(&m->list);
			kfree(m->name);
			kfree(m);
		}
		kfree(name);
		return 0;
	}
	if (is_delete) {
		kfree(name);
		return tlkm_fail(err, -ENOENT, "no such manager", NULL, 0, NULL);
	}
	m = kmalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		kfree(name);
		return -ENOMEM;
	}
	m->name = name;
	if (!activated) {
		activated = true;
		loader = get_pid(task_tgid(current));
	}
	list_add_tail(&m->list, &managers);
	return 0;
}

/* "Memory used by audit log: N" and the like; '#' lines are comments. */
static int write_stat(const char *line)
{
	unsigned int v;

	if (!*line || *line == '#')
		return 0;
	if (sscanf(line, "Memory used by audit log: %u", &v) == 1)
		quota_audit = v;
	else if (sscanf(line, "Memory used by query message: %u", &v) == 1)
		quota_query = v;
	else if (sscanf(line, "Memory used by policy: %u", &v) != 1)
		return -EINVAL;
	return 0;
}

static int select_line(struct tlkm_io *io, const char *line)
{
	const char *domain = NULL;
	int pid;

	if (line[7] == '<') {
		/* "select <domain>": later lines apply to it, if it exists. */
		down_read(&tlkm_policy_sem);
		domain = tlkm_find_domain(tlkm_policy, line + 7) ? line + 7 : NULL;
		up_read(&tlkm_policy_sem);
		kfree(io->selected);
		io->selected = domain ? kstrdup(domain, GFP_KERNEL) : NULL;
		return domain && !io->selected ? -ENOMEM : 0;
	}
	if (!strcmp(line, "select transition_only")) {
		io->headers = true;
		return 0;
	}
	if (sscanf(line, "select pid=%d", &pid) == 1)
		domain = tlkm_pid_domain(pid, false);
	else if (sscanf(line, "select global-pid=%d", &pid) == 1)
		domain = tlkm_pid_domain(pid, true);
	else if (!strncmp(line, "select domain=", 14))
		domain = line + 14;
	if (!domain) {
		/* Like a refused header: the lines below land nowhere. */
		kfree(io->selected);
		io->selected = NULL;
		return line[7] == 'p' || line[7] == 'g' ? -ESRCH : -EINVAL;
	}
	/* Like TOMOYO, a selected domain is also the one lines apply to. */
	kfree(io->filter);
	kfree(io->selected);
	io->filter = kstrdup(domain, GFP_KERNEL);
	io->selected = kstrdup(domain, GFP_KERNEL);
	return io->filter && io->selected ? 0 : -ENOMEM;
}

/**
 * tlkm_policy_loaded() - Does the policy count as loaded?
 *
 * TOMOYO's "activated": once the manager list received an entry, for
 * every task but the policy loader.
 *
 * Context: the caller holds tlkm_policy_sem.
 * Return: true once loaded.
 */
bool tlkm_policy_loaded(void)
{
	return activated && task_tgid(current) != loader;
}

/* Apply one policy line under the write lock. */
static int write_policy(struct tlkm_io *io, const char *line, size_t len,
			struct tlkm_err *err)
{
	static const u8 file_of[] = {
		[F_DOMAIN] = TLKM_DOMAIN_POLICY,
		[F_EXCEPTION] = TLKM_EXCEPTION_POLICY,
		[F_PROFILE] = TLKM_PROFILE_POLICY,
	};
	struct tlkm_writer w;
	int ret;

	down_write(&tlkm_policy_sem);
	if (!tlkm_manager_ok()) {
		up_write(&tlkm_policy_sem);
		pr_warn_ratelimited(TLKM_NAME ": %s (pid %d) is not permitted to update policies\n",
				    current->comm, task_pid_nr(current));
		return -EPERM;
	}
	if (io->type == F_MANAGER) {
		ret = write_manager(line, len, err);
	} else {
		tlkm_writer_init(&w, tlkm_policy, file_of[io->type]);
		w.loaded = tlkm_policy_loaded();
		if (io->selected)
			w.domain = tlkm_find_domain(tlkm_policy, io->selected);
		ret = tlkm_write_line(&w, line, len, err);
		/* A refused header deselects: follow the writer either way. */
		if (io->type == F_DOMAIN &&
		    (!w.domain || !io->selected ||
		     strcmp(w.domain->name, io->selected))) {
			kfree(io->selected);
			io->selected = w.domain ?
				       kstrdup(w.domain->name, GFP_KERNEL) :
				       NULL;
		}
	}
	up_write(&tlkm_policy_sem);
	if (!ret)
		atomic_inc(&tlkm_stat.updates);
	return ret;
}

static int write_line(struct tlkm_io *io, char *line, size_t len)
{
	struct tlkm_err err = { 0 };
	int ret;

	if (len && line[len - 1] == '\r')
		line[--len] = '\0';
	switch (io->type) {
	case F_DOMAIN:
		if (!strncmp(line, "select ", 7)) {
			ret = select_line(io, line);
			if (ret == -ESRCH || ret == -EINVAL)
				tlkm_fail(&err, ret, ret == -ESRCH ?
					  "no such process" :
					  "unknown select command", NULL, 0,
					  NULL);
			break;
		}
		fallthrough;
	case F_EXCEPTION:
	case F_PROFILE:
	case F_MANAGER:
		ret = write_policy(io, line, len, &err);
		break;
	case F_STAT:
		down_read(&tlkm_policy_sem);
		ret = tlkm_manager_ok() ? write_stat(line) : -EPERM;
		up_read(&tlkm_policy_sem);
		if (ret == -EINVAL)
			tlkm_fail(&err, ret, "unknown stat line", NULL, 0,
				  NULL);
		break;
	case F_QUERY:
		/* An answer grants or refuses access: managers only. */
		down_read(&tlkm_policy_sem);
		ret = tlkm_manager_ok() ? tlkm_query_answer(line) : -EPERM;
		up_read(&tlkm_policy_sem);
		return ret;
	case F_SELF:
		return tlkm_manual_transition(line);
	case F_PROCESS:
		/* As TOMOYO: a global-pid is a pid of the initial namespace. */
		io->global_pid = sscanf(line, "global-pid %d", &io->pid) == 1;
		if (!io->global_pid && kstrtoint(line, 10, &io->pid))
			return -EINVAL;
		return 0;
	default:
		return -EINVAL;
	}
	/*
	 * A policy file: every refused line is logged with its reason, and
	 * the lines after it are still applied.
	 */
	if (ret && ret != -EPERM && __ratelimit(&refused_log))
		pr_warn(TLKM_NAME ": refused line '%.80s%s': %s\n", line,
			len > 80 ? "..." : "", err.code ? err.reason :
			"out of memory");
	return ret;
}

/* The policy files: each line is applied or refused on its own. */
static bool is_policy(const struct tlkm_io *io)
{
	return io->type == F_DOMAIN || io->type == F_EXCEPTION ||
	       io->type == F_PROFILE || io->type == F_MANAGER ||
	       io->type == F_STAT;
}

/*
 * Apply the complete lines of @data (@len bytes, the carried start of a
 * line first). Returns where the incomplete last line starts, or a
 * negative errno: -EPERM for a writer that may not change the policy
 * (as TOMOYO, the write fails and the rest is dropped), and, on the files
 * that are not policy (self_domain, query, .process_status), the error of
 * the first refused line.
 */
static ssize_t write_lines(struct tlkm_io *io, char *data, size_t len)
{
	size_t start = 0, i;
	int ret;

	for (i = 0; i < len; i++) {
		if (data[i] && data[i] != '\n')
			continue;
		data[i] = '\0';
		if (io->skip) {
			/* The end of a line too long to hold. */
			io->skip = false;
		} else {
			ret = write_line(io, data + start, i - start);
			if (ret == -EPERM || (ret && !is_policy(io)))
				return ret;
		}
		start = i + 1;
	}
	return start;
}

/*
 * Writes are split into lines, and a line may span several writes. On the
 * policy files the whole buffer is always consumed, as TOMOYO does:
 * tomoyo-loadpolicy's stdio and tomoyo-init's raw 8 KiB writes would lose
 * or misplace the lines after a short count. Refused lines are logged.
 */
static ssize_t tlkm_write(struct file *file, const char __user *buf,
			  size_t count, loff_t *ppos)
{
	struct tlkm_io *io = file->private_data;
	size_t carried, rest;
	ssize_t ret;
	char *data;

	if (count > TLKM_MAX_LINE + 1)
		count = TLKM_MAX_LINE + 1;
	mutex_lock(&io->lock);
	drop_read(io);
	carried = io->wlen;
	data = kmalloc(carried + count + 1, GFP_KERNEL);
	ret = -ENOMEM;
	if (!data)
		goto out;
	ret = -EFAULT;
	if (copy_from_user(data + carried, buf, count))
		goto out_free;
	memcpy(data, io->wbuf, carried);
	data[carried + count] = '\0';
	kfree(io->wbuf);
	io->wbuf = NULL;
	io->wlen = 0;
	ret = write_lines(io, data, carried + count);
	if (ret < 0) {
		io->skip = false;
		goto out_free;
	}
	rest = carried + count - ret;
	if (!io->skip && rest > TLKM_MAX_LINE) {
		if (is_policy(io) && __ratelimit(&refused_log))
			pr_warn(TLKM_NAME ": refused line '%.80s...': longer than %d bytes\n",
				data + ret, TLKM_MAX_LINE);
		io->skip = true;
	}
	if (!io->skip && rest) {
		io->wbuf = kmemdup(data + ret, rest, GFP_KERNEL);
		ret = -ENOMEM;
		if (!io->wbuf)
			goto out_free;
		io->wlen = rest;
	}
	ret = count;
out_free:
	kfree(data);
out:
	mutex_unlock(&io->lock);
	return ret;
}

static __poll_t tlkm_poll(struct file *file, poll_table *wait)
{
	struct tlkm_io *io = file->private_data;

	if (io->type == F_AUDIT)
		return tlkm_audit_poll(file, wait);
	if (io->type == F_QUERY)
		return tlkm_query_poll(file, wait, READ_ONCE(io->last));
	return EPOLLIN | EPOLLRDNORM | EPOLLOUT | EPOLLWRNORM;
}

static int tlkm_open(struct inode *inode, struct file *file)
{
	struct tlkm_io *io = kzalloc(sizeof(*io), GFP_KERNEL);

	if (!io)
		return -ENOMEM;
	io->type = (long)inode->i_private;
	mutex_init(&io->lock);
	file->private_data = io;
	if (io->type == F_QUERY)
		tlkm_query_listen(true);
	return nonseekable_open(inode, file);
}

static int tlkm_release(struct inode *inode, struct file *file)
{
	struct tlkm_io *io = file->private_data;

	if (io->type == F_QUERY)
		tlkm_query_listen(false);
	drop_read(io);
	kfree(io->wbuf);
	kfree(io->selected);
	kfree(io->filter);
	kfree(io);
	return 0;
}

static const struct file_operations tlkm_fops = {
	.owner = THIS_MODULE,
	.open = tlkm_open,
	.release = tlkm_release,
	.read = tlkm_read,
	.write = tlkm_write,
	.poll = tlkm_poll,
};

static const struct file_operations tlkm_ro_fops = {
	.owner = THIS_MODULE,
	.open = tlkm_open,
	.release = tlkm_release,
	.read = tlkm_read,
	.poll = tlkm_poll,
};

static const struct {
	const char *name;
	umode_t mode;
} tlkm_file_defs[F_MAX] = {
	[F_DOMAIN] = { "domain_policy", 0600 },
	[F_EXCEPTION] = { "exception_policy", 0600 },
	[F_PROFILE] = { "profile", 0600 },
	[F_MANAGER] = { "manager", 0600 },
	[F_STAT] = { "stat", 0644 },
	[F_AUDIT] = { "audit", 0400 },
	[F_QUERY] = { "query", 0600 },
	[F_SELF] = { "self_domain", 0666 },
	[F_VERSION] = { "version", 0400 },
	[F_PROCESS] = { ".process_status", 0600 },
};

/**
 * tlkm_fs_init() - Create /sys/kernel/security/tomoyo and its files.
 *
 * Return: 0, -%EEXIST when the directory exists (the built-in TOMOYO is
 * active), or another error from securityfs.
 */
int tlkm_fs_init(void)
{
	long i;

	tlkm_dir = securityfs_create_dir("tomoyo", NULL);
	if (IS_ERR(tlkm_dir)) {
		int ret = PTR_ERR(tlkm_dir);

		tlkm_dir = NULL;
		return ret;
	}
	for (i = 0; i < F_MAX; i++) {
		bool ro = i == F_AUDIT || i == F_VERSION;
		struct dentry *d;

		d = securityfs_create_file(tlkm_file_defs[i].name,
					   S_IFREG | tlkm_file_defs[i].mode,
					   tlkm_dir, (void *)i,
					   ro ? &tlkm_ro_fops : &tlkm_fops);
		if (IS_ERR(d)) {
			tlkm_fs_exit();
			return PTR_ERR(d);
		}
		tlkm_files[i] = d;
	}
	return 0;
}

/**
 * tlkm_fs_exit() - Remove the securityfs files and the manager list.
 */
void tlkm_fs_exit(void)
{
	struct tlkm_manager *m, *tmp;
	int i;

	for (i = F_MAX - 1; i >= 0; i--) {
		securityfs_remove(tlkm_files[i]);
		tlkm_files[i] = NULL;
	}
	securityfs_remove(tlkm_dir);
	tlkm_dir = NULL;
	list_for_each_entry_safe(m, tmp, &managers, list) {
		list_del(&m->list);
		kfree(m->name);
		kfree(m);
	}
	put_pid(loader);
	loader = NULL;
	activated = false;
	manage_by_non_root = false;
}
