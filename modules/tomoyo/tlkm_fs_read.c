// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_fs_read.c - reads of the securityfs files: a policy file returns
 * one snapshot taken at the first read after open or after a write; audit
 * and query return their records one by one.
 */

#include <linux/mutex.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "tlkm_fs_int.h"
#include "tlkm_glue.h"
#include "tlkm_policy.h"

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

/**
 * tlkm_emit_line() - Add one line to a snapshot, if its select shows it.
 * @ctx:  The snapshot (struct snap).
 * @line: The line, without its newline.
 * @len:  Length of @line.
 *
 * The printer callback of tlkm_dump_policy() and tlkm_dump_managers(): a
 * "select" filter keeps only its domain's lines, "select transition_only"
 * only the domain headers and their flags.
 *
 * Return: 0, or -%ENOMEM.
 */
int tlkm_emit_line(void *ctx, const char *line, size_t len)
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
			   tlkm_audit_memory(), tlkm_quota_audit, tlkm_quota_query);
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
				       tlkm_emit_line, &s);
		up_read(&tlkm_policy_sem);
		break;
	case F_MANAGER:
		down_read(&tlkm_policy_sem);
		ret = tlkm_dump_managers(&s);
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

/**
 * tlkm_drop_read() - Forget the text being read from an open file.
 * @io: The open file; the caller holds @io->lock or is its last user.
 *
 * The next read takes a new snapshot (or the next audit or query record).
 */
void tlkm_drop_read(struct tlkm_io *io)
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

/**
 * tlkm_read() - The read() of the securityfs files.
 * @file:  The open file.
 * @buf:   User buffer.
 * @count: Size of @buf.
 * @ppos:  File position, advanced by the bytes read.
 *
 * A policy file returns one snapshot and then end of file, until a write
 * drops it; audit and query return their records one after another.
 *
 * Return: bytes read, 0 at the end, or a negative errno.
 */
ssize_t tlkm_read(struct file *file, char __user *buf, size_t count,
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
			tlkm_drop_read(io);
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
