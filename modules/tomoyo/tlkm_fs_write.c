// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_fs_write.c - writes to the securityfs files: split into lines, a
 * line may span several writes, and each line is applied whole or refused
 * with an error.
 */

#include <linux/mutex.h>
#include <linux/ratelimit.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include "tlkm_fs_int.h"
#include "tlkm_glue.h"
#include "tlkm_policy.h"

/*
 * Refused policy lines are logged one by one; only a flood (a fuzzer, not
 * a policy file) is cut, at 1000 lines in 5 seconds.
 */
static DEFINE_RATELIMIT_STATE(refused_log, 5 * HZ, 1000);

/* Quotas written to stat; reads of stat show them. */
u32 tlkm_quota_audit, tlkm_quota_query;

/* "Memory used by audit log: N" and the like; '#' lines are comments. */
static int write_stat(const char *line)
{
	unsigned int v;

	if (!*line || *line == '#')
		return 0;
	if (sscanf(line, "Memory used by audit log: %u", &v) == 1)
		tlkm_quota_audit = v;
	else if (sscanf(line, "Memory used by query message: %u", &v) == 1)
		tlkm_quota_query = v;
	else if (sscanf(line, "Memory used by policy: %u", &v) != 1)
		return -EINVAL;
	return 0;
}

static int select_line(struct tlkm_io *io, const char *line)
{
	const char *domain = NULL;
	char *asked = NULL;
	unsigned int serial;
	int pid, ret;

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
	else if (sscanf(line, "select Q=%u", &serial) == 1)
		domain = asked = tlkm_query_domain(serial);
	if (!domain) {
		/* Like a refused header: the lines below land nowhere. */
		kfree(io->selected);
		io->selected = NULL;
		if (line[7] == 'Q')
			return -ENOENT;
		return line[7] == 'p' || line[7] == 'g' ? -ESRCH : -EINVAL;
	}
	/* Like TOMOYO, a selected domain is also the one lines apply to. */
	kfree(io->filter);
	kfree(io->selected);
	io->filter = kstrdup(domain, GFP_KERNEL);
	io->selected = kstrdup(domain, GFP_KERNEL);
	ret = io->filter && io->selected ? 0 : -ENOMEM;
	kfree(asked);
	return ret;
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
	tlkm_domain_cache_clear();
	if (!tlkm_manager_ok()) {
		up_write(&tlkm_policy_sem);
		pr_warn_ratelimited(TLKM_NAME ": %s (pid %d) is not permitted to update policies\n",
				    current->comm, task_pid_nr(current));
		return -EPERM;
	}
	if (io->type == F_MANAGER) {
		ret = tlkm_write_manager(line, len, err);
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
			if (ret == -ESRCH || ret == -EINVAL || ret == -ENOENT)
				tlkm_fail(&err, ret, ret == -ESRCH ?
					  "no such process" : ret == -ENOENT ?
					  "no such query" :
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

/**
 * tlkm_write() - The write() of the securityfs files.
 * @file:  The open file.
 * @buf:   User buffer.
 * @count: Bytes in @buf.
 * @ppos:  File position (unused).
 *
 * Writes are split into lines, and a line may span several writes. On the
 * policy files the whole buffer is always consumed, as TOMOYO does:
 * tomoyo-loadpolicy's stdio and tomoyo-init's raw 8 KiB writes would lose
 * or misplace the lines after a short count. Refused lines are logged.
 *
 * Return: bytes consumed, or a negative errno.
 */
ssize_t tlkm_write(struct file *file, const char __user *buf,
		   size_t count, loff_t *ppos)
{
	struct tlkm_io *io = file->private_data;
	size_t carried, rest;
	ssize_t ret;
	char *data;

	if (count > TLKM_MAX_LINE + 1)
		count = TLKM_MAX_LINE + 1;
	mutex_lock(&io->lock);
	tlkm_drop_read(io);
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
