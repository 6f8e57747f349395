/* SPDX-License-Identifier: GPL-2.0 */
/*
 * audit_lkm.h - what the parts of audit_lkm share: event classes, the
 * record writer (record.c), the securityfs control files (control.c) and
 * the LSM (hooks.c).
 */
#ifndef LOADABLE_LSM_AUDIT_AUDIT_LKM_H
#define LOADABLE_LSM_AUDIT_AUDIT_LKM_H

#include <linux/atomic.h>
#include <linux/audit.h>
#include <linux/dcache.h>
#include <linux/gfp.h>
#include <linux/path.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/socket.h>
#include <linux/uidgid.h>

#include "lsm_shim.h"

/**
 * enum alkm_class - event classes, each switched on and off on its own.
 * @ALKM_EXEC: program execution.
 * @ALKM_WRITE: opens for write.
 * @ALKM_FILE: creation, mkdir, unlink, rmdir and rename of files.
 * @ALKM_MOUNT: mount, move_mount and umount.
 * @ALKM_NET: connect and bind.
 * @ALKM_PTRACE: ptrace attach (also /proc/PID/mem, process_vm_*) and
 *               PTRACE_TRACEME.
 * @ALKM_MODULE: kernel module loads.
 * @ALKM_CRED: setuid- and setgid-style credential changes.
 * @ALKM_NR_CLASSES: number of classes.
 */
enum alkm_class {
	ALKM_EXEC,
	ALKM_WRITE,
	ALKM_FILE,
	ALKM_MOUNT,
	ALKM_NET,
	ALKM_PTRACE,
	ALKM_MODULE,
	ALKM_CRED,
	ALKM_NR_CLASSES
};

/**
 * struct alkm_counters - what happened to the events of enabled classes.
 * @recorded: records sent to the audit subsystem.
 * @filtered: events of processes the uid, comm or cgroup filter left out.
 * @suppressed: events dropped by the rate limit.
 * @lost: records the audit subsystem could not allocate.
 */
struct alkm_counters {
	atomic_long_t recorded;
	atomic_long_t filtered;
	atomic_long_t suppressed;
	atomic_long_t lost;
};

/**
 * struct alkm_filter - which processes are recorded; replaced whole.
 * @uid_set: whether @uid applies.
 * @uid: record only processes of this real uid.
 * @comm: record only processes of this comm; empty: any.
 * @cgroup: record only processes in the cgroup v2 of this id (the inode
 *          number of its directory) or below it; 0: any.
 * @rcu: frees a replaced filter after the readers are done.
 */
struct alkm_filter {
	bool uid_set;
	kuid_t uid;
	char comm[TASK_COMM_LEN];
	u64 cgroup;
	struct rcu_head rcu;
};

extern const char *const alkm_class_names[ALKM_NR_CLASSES];
extern unsigned long alkm_classes;
extern unsigned int alkm_rate;
extern struct alkm_counters alkm_counters;
extern struct alkm_filter __rcu *alkm_filter;
extern const struct lsm_shim_lsm alkm_lsm;

struct audit_buffer *alkm_record_start(enum alkm_class class, const char *op,
				       gfp_t gfp);
void alkm_record_end(struct audit_buffer *ab);
void alkm_log_string(struct audit_buffer *ab, const char *key,
		     const char *value);
void alkm_log_path(struct audit_buffer *ab, const char *key,
		   const struct path *path, gfp_t gfp);
void alkm_log_child(struct audit_buffer *ab, const char *key,
		    const struct path *dir, struct dentry *dentry, gfp_t gfp);
void alkm_log_sockaddr(struct audit_buffer *ab, const struct sockaddr *addr,
		       int addrlen);

int alkm_parse_classes(const char *text, unsigned long *classes);
int alkm_hooks_apply(unsigned long classes);
int alkm_control_init(void);
void alkm_control_start(void);
void alkm_control_exit(void);

#endif /* LOADABLE_LSM_AUDIT_AUDIT_LKM_H */
