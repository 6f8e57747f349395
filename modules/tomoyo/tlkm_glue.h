/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_glue.h - what tomoyo_lkm's kernel glue files share: the policy and
 * its lock, task domains, path names, the audit log and queries.
 */
#ifndef _MODULES_TOMOYO_TLKM_GLUE_H
#define _MODULES_TOMOYO_TLKM_GLUE_H

#include <linux/cred.h>
#include <linux/fs.h>
#include <linux/path.h>
#include <linux/poll.h>
#include <linux/rwsem.h>

#include "lsm_shim.h"
#include "tlkm_check.h"
#include "tlkm_model.h"

#define TLKM_NAME "tomoyo_lkm"
/* Default PREFERENCE values, as in TOMOYO 2.6. */
#define TLKM_DEFAULT_MAX_AUDIT_LOG 1024
#define TLKM_DEFAULT_MAX_LEARNING 2048

/* tlkm_main.c: the one policy of this instance. */
extern struct tlkm_policy *tlkm_policy;
extern struct rw_semaphore tlkm_policy_sem;
extern const struct lsm_shim_lsm tlkm_lsm;

/**
 * struct tlkm_stat - Counters shown by the stat file.
 * @updates:    Policy lines applied.
 * @violations: Refused requests per mode (learning, permissive,
 *              enforcing).
 */
struct tlkm_stat {
	atomic_t updates;
	atomic_t violations[3];
};

extern struct tlkm_stat tlkm_stat;

/* tlkm_domain.c */
const char *tlkm_intern(const char *name);
struct tlkm_domain *tlkm_domain_of(const char *iname);
void tlkm_domain_cache_clear(void);
void tlkm_modes_fill(const char *iname, u64 bits);
void tlkm_names_free(void);
const char *tlkm_cred_domain(const struct cred *cred);
int tlkm_cred_set_domain(const struct cred *cred, const char *domain,
			 gfp_t gfp);
const char *tlkm_current_domain(void);
const char *tlkm_pid_domain(pid_t pid, bool global);

/* tlkm_domain_new.c */
int tlkm_make_domain(const char *name, const char *parent,
		     const struct tlkm_request *r);

/* tlkm_realpath.c */
char *tlkm_realpath(const struct path *path);
char *tlkm_realpath_child(const struct path *dir, struct dentry *dentry);
char *tlkm_realpath_nofollow(const char *name);
char *tlkm_encode_str(const char *raw, size_t len);

/* tlkm_audit.c */
void tlkm_audit_add(const char *text, size_t len, unsigned int max);
ssize_t tlkm_audit_pop(char **text);
__poll_t tlkm_audit_poll(struct file *file, poll_table *wait);
int tlkm_query_ask(const char *text, const char *domain, unsigned int retry);
char *tlkm_query_domain(unsigned int serial);
void tlkm_query_listen(bool open);
ssize_t tlkm_query_next(u64 *last, char **text);
int tlkm_query_answer(const char *line);
__poll_t tlkm_query_poll(struct file *file, poll_table *wait, u64 last);
void tlkm_audit_exit(void);
size_t tlkm_audit_memory(void);

/* tlkm_fs.c */
int tlkm_fs_init(void);
void tlkm_fs_exit(void);

/* tlkm_manager_fs.c */
bool tlkm_manager_ok(void);
bool tlkm_policy_loaded(void);

/* tlkm_lsm.c */
int tlkm_lsm_init(void);
void tlkm_lsm_exit(void);
int tlkm_manual_transition(const char *domain);

#endif /* _MODULES_TOMOYO_TLKM_GLUE_H */
