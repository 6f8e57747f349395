/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_req.h - one request of a hook, as the glue builds it and
 * tlkm_decide.c decides, logs and learns it.
 */
#ifndef _MODULES_TOMOYO_TLKM_REQ_H
#define _MODULES_TOMOYO_TLKM_REQ_H

#include <linux/dcache.h>
#include <linux/path.h>
#include <linux/types.h>

#include "tlkm_check.h"
#include "tlkm_learn.h"

struct linux_binprm;
struct tlkm_exec_args;

/**
 * struct tlkm_req - One request being decided.
 * @kind:     enum tlkm_req_kind.
 * @op:       enum tlkm_file_op or tlkm_net_op.
 * @protocol: enum tlkm_sock_type.
 * @mac:      Index into tlkm_mac_names[] for the profile lookup.
 * @r:        Operands and attributes for the matcher.
 * @cond:     Condition text learned with the ACL, or NULL.
 * @dentry:   path1 and path2 (indexes %TLKM_OBJ_PATH1, %TLKM_OBJ_PATH2),
 *            or NULL: referenced by the hook's caller while it runs.
 * @filled:   Their attributes are in @r.obj.
 * @bprm:     During an exec, the exec, whose strings are read into @args
 *            when first needed (tlkm_req_args()); else NULL.
 * @args:     The exec's strings once read, or NULL.
 * @exec_cond: The condition "file execute" learns (the realpath and
 *            argv[0]), built when first needed (tlkm_exec_report_prep()).
 * @checked:  @allowed holds the check's answer already (an exec's, from
 *            the check that names its next domain): the first try of
 *            tlkm_decide() takes it instead of checking again.
 * @allowed:  That answer.
 */
struct tlkm_req {
	u8 kind;
	u8 op;
	u8 protocol;
	u8 mac;
	struct tlkm_request r;
	const char *cond;
	struct dentry *dentry[2];
	bool filled;
	struct linux_binprm *bprm;
	struct tlkm_exec_args *args;
	char *exec_cond;
	bool checked;
	bool allowed;
};

/* tlkm_decide.c, tlkm_domain_cache.c */
bool tlkm_mac_enabled_locked(const char *domain, unsigned int mac);
int tlkm_modes_lookup(const char *iname, unsigned int mac);

/**
 * tlkm_mac_enabled() - Is an operation checked at all in a domain?
 * @domain: Interned domain name of the task (tlkm_cred_domain()).
 * @mac:    Index into tlkm_mac_names[].
 *
 * The fast test every hook makes before it computes names: the domain's
 * profile modes, remembered per domain name and policy generation
 * (tlkm_modes_lookup(), no lock), else read from the policy. Inline: in a
 * domain that checks nothing it is all a hook does.
 *
 * Return: true unless @mac is disabled in @domain or @domain is unknown.
 */
static inline bool tlkm_mac_enabled(const char *domain, unsigned int mac)
{
	int on;

	if (mac >= TLKM_MAC_MAX)
		return false;
	on = tlkm_modes_lookup(domain, mac);
	return on >= 0 ? on : tlkm_mac_enabled_locked(domain, mac);
}
int tlkm_no_name(const char *domain, unsigned int mac);
void tlkm_fill_task(struct tlkm_request *r);
void tlkm_print_header(struct tlkm_buf *b, unsigned int profile,
		       unsigned int mode, bool granted,
		       const struct tlkm_request *r);
int tlkm_decide(const char *domain, struct tlkm_req *q);

/* tlkm_exec_args.c */
int tlkm_req_args(struct tlkm_req *q);
int tlkm_exec_report_prep(struct tlkm_req *q);

/* tlkm_file_attr.c */
void tlkm_fill_obj(struct tlkm_req *q, unsigned int which,
		   struct dentry *dentry);
void tlkm_fill_objs(struct tlkm_req *q);

/* tlkm_file.c */
extern const u8 tlkm_file_mac[TLKM_FILE_MAX];
void tlkm_file_req(struct tlkm_req *q, unsigned int op, const char *n0,
		   const char *n1, const char *n2, const u64 *num,
		   struct dentry *obj1, struct dentry *obj2, const char *cond);
int tlkm_decide_file(unsigned int op, const char *n0, const char *n1,
		     const char *n2, const u64 *num, struct dentry *obj1,
		     struct dentry *obj2, const char *cond);
bool tlkm_file_enabled(unsigned int op);
int tlkm_decide_path(unsigned int op, const struct path *path,
		     const u64 *num);

#endif /* _MODULES_TOMOYO_TLKM_REQ_H */
