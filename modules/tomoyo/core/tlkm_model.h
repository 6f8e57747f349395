/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_model.h - in-memory policy: domains with their ACLs, exception
 * policy entries, ACL groups and profiles.
 *
 * No locking here: the kernel glue serialises writers with a mutex and
 * publishes changes to readers (RCU) around these calls.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_MODEL_H
#define _MODULES_TOMOYO_CORE_TLKM_MODEL_H

#include "tlkm_line.h"

/**
 * struct tlkm_acl_entry - One ACL line kept in a domain or ACL group.
 * @next: Next entry, in the order lines were first added.
 * @acl:  The ACL; merged lines OR their permissions into @acl.perm.
 */
struct tlkm_acl_entry {
	struct tlkm_acl_entry *next;
	struct tlkm_acl acl;
};

struct tlkm_ns_name;

/* Buckets of the domain name index (a power of two). */
#define TLKM_DOMAIN_BUCKETS 64

/**
 * struct tlkm_domain - A domain and its ACLs.
 * @next:    Next domain, in creation order.
 * @hnext:   Next domain in the same bucket of the name index.
 * @name:    Domain name, e.g. "<kernel> /sbin/init".
 * @found_as: The kernel glue's interned copy of @name this domain was last
 *           found by (its domain cache's key; NULL in user space).
 * @hash:    tlkm_name_hash() of @name.
 * @profile: use_profile value.
 * @groups:  use_group values: bit N of byte N / 8 set for "use_group N"
 *           (a domain may use several ACL groups, or none, as in TOMOYO).
 * @flags:   Bit mask of enum tlkm_domain_flag.
 * @acls:    The domain's ACLs.
 * @config:  What the domain's profile says per operation, filled on first
 *           use by tlkm_domain_config(); 0 means not known yet. Cleared
 *           by every change of a profile or of @profile.
 */
struct tlkm_domain {
	struct tlkm_domain *next;
	struct tlkm_domain *hnext;
	char *name;
	const char *found_as;
	u32 hash;
	u8 profile;
	u8 flags;
	u8 groups[TLKM_MAX_ACL_GROUPS / 8];
	struct tlkm_acl_entry *acls;
	u8 config[TLKM_MAC_MAX];
};

/**
 * struct tlkm_entry - An exception policy or profile line kept as parsed.
 * @next:  Next entry, in the order added.
 * @gnext: Next member of the same group (path, number and address groups),
 *         or next entry of the same exec list (transition rules, aggregators).
 * @line:  The line (never a delete).
 */
struct tlkm_entry {
	struct tlkm_entry *next;
	struct tlkm_entry *gnext;
	struct tlkm_line line;
};

/**
 * struct tlkm_group - The members of one path, number or address group,
 * so a check walks them and not the whole exception policy.
 * @next:    Next group.
 * @kind:    TLKM_LINE_PATH_GROUP, _NUMBER_GROUP or _ADDRESS_GROUP.
 * @ns:      Namespace of the group's lines, NULL for "<kernel>".
 * @name:    Group name.
 * @members: Member lines, in the order added.
 */
struct tlkm_group {
	struct tlkm_group *next;
	u8 kind;
	char *ns;
	char *name;
	struct tlkm_entry *members;
};

/**
 * struct tlkm_ns_acl_groups - The ACL groups of a namespace other than
 * "<kernel>" (each namespace has its own, as in TOMOYO).
 * @next: Next namespace.
 * @ns:   Namespace, e.g. "<foo>".
 * @acl:  ACLs of "<ns> acl_group N" lines, per N.
 */
struct tlkm_ns_acl_groups {
	struct tlkm_ns_acl_groups *next;
	char *ns;
	struct tlkm_acl_entry *acl[TLKM_MAX_ACL_GROUPS];
};

/**
 * struct tlkm_policy - Everything loaded into one tomoyo_lkm instance.
 * @domains:    Domains; the first is always "<kernel>".
 * @exceptions: Transition control, aggregator and group lines.
 * @acl_groups: ACLs of "acl_group N" lines of "<kernel>", per N.
 * @ns_acl_groups: The ACL groups of other namespaces.
 * @profiles:   Profile lines, one per setting.
 * @buckets:    The domains again, indexed by tlkm_name_hash() of the name.
 * @groups:     The group lines of @exceptions again, per group.
 * @deleted:    Domains deleted from the policy, which tasks may still be
 *              in: as in TOMOYO they stay in force for those tasks (one
 *              per name; a new domain of the same name replaces it).
 * @namespaces: The namespaces other than "<kernel>" that lines named, in
 *              the order first named (tlkm_namespace.c).
 * @ns_enabled: A namespace other than "<kernel>" was named at some time
 *              (TOMOYO's tomoyo_namespace_enabled): from then on every
 *              exception and profile line reads back with its namespace.
 * @transitions: The transition rules of @exceptions (through gnext), in
 *              the order added.
 * @aggregators: Its aggregators (through gnext), in the order added.
 * @has_conditions: An ACL with a condition was added at some time (the
 *              kernel glue then fills in the task's ids before a check).
 * @has_exec_args: An ACL whose condition compares exec.argv[] or
 *              exec.envp[] strings was added at some time (the kernel glue
 *              then reads an exec's strings before its checks; else only
 *              when an environment check or a record needs them).
 */
struct tlkm_policy {
	struct tlkm_domain *domains;
	struct tlkm_entry *exceptions;
	struct tlkm_entry *transitions;
	struct tlkm_entry *aggregators;
	struct tlkm_acl_entry *acl_groups[TLKM_MAX_ACL_GROUPS];
	struct tlkm_ns_acl_groups *ns_acl_groups;
	struct tlkm_entry *profiles;
	struct tlkm_domain *buckets[TLKM_DOMAIN_BUCKETS];
	struct tlkm_group *groups;
	struct tlkm_domain *deleted;
	struct tlkm_ns_name *namespaces;
	bool has_conditions;
	bool has_exec_args;
	bool ns_enabled;
};

/**
 * struct tlkm_writer - State of one writer of a policy file.
 * @policy: Policy being written.
 * @file:   Which policy file the lines belong to.
 * @domain: Domain selected by the last domain header, or NULL (also after
 *          a refused header, so that the lines below it land nowhere).
 * @loaded: The policy counts as loaded: like TOMOYO after activation,
 *          "use_profile N" needs profile N to be defined.
 */
struct tlkm_writer {
	struct tlkm_policy *policy;
	enum tlkm_policy_file file;
	struct tlkm_domain *domain;
	bool loaded;
};

/**
 * struct tlkm_config - What a profile says about one operation.
 * @mode:               enum tlkm_mode.
 * @grant_log:          Log granted requests.
 * @reject_log:         Log refused requests.
 * @max_audit_log:      Most audit records kept.
 * @max_learning_entry: Most ACL entries learning mode adds to a domain.
 */
struct tlkm_config {
	u8 mode;
	bool grant_log;
	bool reject_log;
	u32 max_audit_log;
	u32 max_learning_entry;
};

/**
 * tlkm_domain_uses_group() - Does a domain use an ACL group?
 * @d:     Domain.
 * @group: ACL group number, below %TLKM_MAX_ACL_GROUPS.
 *
 * Return: true after "use_group @group" in @d.
 */
static inline bool tlkm_domain_uses_group(const struct tlkm_domain *d,
					  unsigned int group)
{
	return d->groups[group / 8] & (1U << (group % 8));
}

/* Receives each printed line (no newline); non-zero stops the dump. */
typedef int (*tlkm_emit_t)(void *ctx, const char *line, size_t len);

struct tlkm_policy *tlkm_policy_create(void);
void tlkm_policy_destroy(struct tlkm_policy *p);
void tlkm_writer_init(struct tlkm_writer *w, struct tlkm_policy *p,
		      enum tlkm_policy_file file);
int tlkm_write_line(struct tlkm_writer *w, const char *line, size_t len,
		    struct tlkm_err *err);
int tlkm_apply_line(struct tlkm_writer *w, struct tlkm_line *l,
		    struct tlkm_err *err);
struct tlkm_domain *tlkm_find_domain(const struct tlkm_policy *p,
				     const char *name);
struct tlkm_domain *tlkm_task_domain(const struct tlkm_policy *p,
				     const char *name);
bool tlkm_profile_defined(const struct tlkm_policy *p, const char *domain,
			  unsigned int profile);
int tlkm_dump_policy(const struct tlkm_policy *p, enum tlkm_policy_file file,
		     tlkm_emit_t emit, void *ctx);
int tlkm_profile_mode(const struct tlkm_policy *p, const char *domain,
		      unsigned int profile, unsigned int mac);
int tlkm_profile_config(const struct tlkm_policy *p, const char *domain,
			unsigned int profile, unsigned int mac,
			struct tlkm_config *cfg);
int tlkm_domain_config(const struct tlkm_policy *p, struct tlkm_domain *d,
		       unsigned int mac, struct tlkm_config *cfg);
u32 tlkm_name_hash(const char *name);
struct tlkm_acl_entry *const *
tlkm_domain_acl_groups(const struct tlkm_policy *p, const char *domain);
const struct tlkm_group *tlkm_find_group(const struct tlkm_policy *p,
					 unsigned int kind, const char *domain,
					 const char *name);

#endif /* _MODULES_TOMOYO_CORE_TLKM_MODEL_H */
