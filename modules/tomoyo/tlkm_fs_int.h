/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_fs_int.h - what the securityfs files share: the files, the state of
 * one open file, and the calls between tlkm_fs.c, tlkm_fs_read.c,
 * tlkm_fs_write.c and tlkm_manager_fs.c. Private to those four files; the
 * rest of the glue uses tlkm_glue.h.
 */
#ifndef _MODULES_TOMOYO_TLKM_FS_INT_H
#define _MODULES_TOMOYO_TLKM_FS_INT_H

#include <linux/fs.h>
#include <linux/mutex.h>
#include <linux/types.h>

struct snap;
struct tlkm_err;

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

/* tlkm_fs_write.c: the quotas written to stat, which reads show. */
extern u32 tlkm_quota_audit, tlkm_quota_query;

/* tlkm_fs_read.c */
int tlkm_emit_line(void *ctx, const char *line, size_t len);
void tlkm_drop_read(struct tlkm_io *io);
ssize_t tlkm_read(struct file *file, char __user *buf, size_t count,
		  loff_t *ppos);

/* tlkm_fs_write.c */
ssize_t tlkm_write(struct file *file, const char __user *buf,
		   size_t count, loff_t *ppos);

/* tlkm_manager_fs.c */
int tlkm_dump_managers(struct snap *s);
int tlkm_write_manager(const char *line, size_t len, struct tlkm_err *err);
void tlkm_manager_fs_exit(void);

#endif /* _MODULES_TOMOYO_TLKM_FS_INT_H */
