// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_check.c - decide requests against a domain's ACLs and its ACL
 * group, evaluating operands, groups and conditions.
 */
#include "tlkm_check.h"
#include "tlkm_domainname.h"

/*
 * What a decision needs besides the ACL: policy, domain and request, and
 * the lengths of the request's names, measured once. @matched, when set,
 * receives the pattern of the last ACL whose first operand matched (as
 * TOMOYO's matched_path, which the exec of a wildcard names a domain by).
 */
struct ctx {
	const struct tlkm_policy *p;
	const char *domain;
	const struct tlkm_request *r;
	size_t len[3];
	const char **matched;
};

static bool name_len_ok(const struct ctx *c, const struct tlkm_name_union *u,
			const char *name, size_t len)
{
	if (!name)
		return false;
	if (u->group)
		return tlkm_path_group_match(c->p, c->domain, u->group, name);
	return tlkm_pattern_match(&u->pat, name, len);
}

static bool name_ok(const struct ctx *c, const struct tlkm_name_union *u,
		    const char *name)
{
	return name_len_ok(c, u, name, name ? strlen(name) : 0);
}

/* Operand @i of the request against a name union of an ACL. */
static bool operand_ok(const struct ctx *c, const struct tlkm_name_union *u,
		       unsigned int i)
{
	const char *name = c->r->name[i];
	const char *hit;

	if (!c->matched || i)
		return name_len_ok(c, u, name, c->len[i]);
	if (!name)
		return false;
	if (u->group)
		hit = tlkm_path_group_member(c->p, c->domain, u->group, name,
					     c->len[i]);
	else
		hit = tlkm_pattern_match(&u->pat, name, c->len[i]) ?
		      u->pat.text : NULL;
	if (hit)
		*c->matched = hit;
	return hit;
}

static bool number_ok(const struct ctx *c, const struct tlkm_number_union *u,
		      u64 v)
{
	if (u->group)
		return tlkm_number_group_match(c->p, c->domain, u->group, v);
	return u->min <= v && v <= u->max;
}

/* Fetch a numeric condition variable; false when it is not known. */
static bool var_value(const struct tlkm_request *r, unsigned int var, u64 *v)
{
	static const u8 parent_attr[4] = {
		TLKM_ATTR_UID, TLKM_ATTR_GID, TLKM_ATTR_INO, TLKM_ATTR_PERM,
	};
	const u32 task[] = {
		r->uid, r->euid, r->suid, r->fsuid, r->gid, r->egid, r->sgid,
		r->fsgid, r->pid, r->ppid, r->argc, r->envc,
	};
	const struct tlkm_obj_info *o;
	unsigned int attr;

	if (var < TLKM_PATH1_UID) {
		if (var >= TLKM_EXEC_ARGC && !r->in_exec)
			return false;
		*v = task[var];
		return true;
	}
	if (var < TLKM_PATH1_PARENT_UID) {
		o = &r->obj[(var - TLKM_PATH1_UID) / 9];
		attr = (var - TLKM_PATH1_UID) % 9;
	} else {
		o = &r->obj[2 + (var - TLKM_PATH1_PARENT_UID) / 4];
		attr = parent_attr[(var - TLKM_PATH1_PARENT_UID) % 4];
	}
	if (!o->valid)
		return false;
	{
		const u64 attrs[9] = {
			o->uid, o->gid, o->ino, o->major, o->minor,
			o->mode & 07777, o->mode & 0170000, o->dev_major,
			o->dev_minor,
		};

		*v = attrs[attr];
	}
	return true;
}

/* Evaluate a numeric comparison; -1 when a value is unknown. */
static int numeric_elem(const struct ctx *c, const struct tlkm_cond_elem *e)
{
	const struct tlkm_request *r = c->r;
	u64 v, w;

	if (!var_value(r, e->left, &v))
		return -1;
	switch (e->rhs) {
	case TLKM_RHS_NUMBER:
		return number_ok(c, &e->num, v);
	case TLKM_RHS_VAR:
		if (!var_value(r, e->rhs_value, &w))
			return -1;
		return v == w;
	case TLKM_RHS_TYPE:
		return v == tlkm_file_type_bits[e->rhs_value];
	default:
		return !!(v & (04000U >> e->rhs_value));
	}
}

static const char *env_value(const struct tlkm_request *r, const char *name)
{
	size_t n = strlen(name);
	u32 i;

	for (i = 0; i < r->envc; i++)
		if (!strncmp(r->envp[i], name, n) && r->envp[i][n] == '=')
			return r->envp[i] + n + 1;
	return NULL;
}

/* Evaluate a string comparison; -1 when the value is unknown. */
static int string_elem(const struct ctx *c, const struct tlkm_cond_elem *e)
{
	const struct tlkm_request *r = c->r;
	const char *s;

	switch (e->left) {
	case TLKM_EXEC_REALPATH:
		s = r->in_exec ? r->exec_realpath : NULL;
		break;
	case TLKM_SYMLINK_TARGET:
		s = r->symlink_target;
		break;
	case TLKM_EXEC_ARGV:
		if (!r->in_exec)
			return -1;
		/* As TOMOYO: an argument that is not there matches nothing. */
		if (e->argv_index >= r->argc)
			return 0;
		/* Strings not read (tlkm_policy.has_exec_args): unknown. */
		if (!r->argv)
			return -1;
		s = r->argv[e->argv_index];
		break;
	default:
		if (!r->in_exec || (r->envc && !r->envp))
			return -1;
		s = env_value(r, e->env_name);
		if (e->rhs == TLKM_RHS_NULL)
			return !s;
		/* So does a variable that is not set. */
		if (!s)
			return 0;
		break;
	}
	return s ? name_ok(c, &e->name, s) : -1;
}

static bool cond_ok(const struct ctx *c, const struct tlkm_cond *cond)
{
	unsigned int i;

	if (!cond)
		return true;
	for (i = 0; i < cond->count; i++) {
		const struct tlkm_cond_elem *e = &cond->elem[i];
		int res = e->left < TLKM_NR_NUMERIC_VARS ?
			  numeric_elem(c, e) : string_elem(c, e);

		/* An unknown value fails the comparison either way. */
		if (res < 0 || res == e->negate)
			return false;
	}
	return true;
}

static bool operands_ok(const struct ctx *c, const struct tlkm_acl *acl)
{
	const struct tlkm_request *r = c->r;
	unsigned int i;

	switch (acl->type) {
	case TLKM_ACL_INET:
		if (acl->addr.group ?
		    !tlkm_address_group_match(c->p, c->domain, acl->addr.group,
					      r->addr, r->is_ipv6) :
		    !tlkm_addr_in_range(&acl->addr, r->addr, r->is_ipv6))
			return false;
		return number_ok(c, &acl->num[0], r->num[0]);
	case TLKM_ACL_UNIX:
	case TLKM_ACL_ENV:
		return operand_ok(c, &acl->name[0], 0);
	case TLKM_ACL_TASK:
		return r->domain && !strcmp(acl->domain, r->domain);
	default:
		for (i = 0; i < tlkm_acl_nr_names[acl->type]; i++)
			if (!operand_ok(c, &acl->name[i], i))
				return false;
		for (i = 0; i < tlkm_acl_nr_nums[acl->type]; i++)
			if (!number_ok(c, &acl->num[i], r->num[i]))
				return false;
		return true;
	}
}

/* The first ACL of a list that allows the request, or NULL. */
static const struct tlkm_acl *scan(const struct ctx *c,
				   const struct tlkm_acl_entry *e, u8 type,
				   int protocol, u32 bit)
{
	for (; e; e = e->next) {
		const struct tlkm_acl *acl = &e->acl;

		if (acl->type != type || !(acl->perm & bit) ||
		    (protocol >= 0 && acl->protocol != protocol))
			continue;
		if (operands_ok(c, acl) && cond_ok(c, acl->cond))
			return acl;
	}
	return NULL;
}

/* The domain's own ACLs, then those of the groups it uses. */
static const struct tlkm_acl *find_acl(struct ctx *c,
				       const struct tlkm_domain *d, u8 type,
				       int protocol, u32 bit)
{
	const struct tlkm_request *r = c->r;
	struct tlkm_acl_entry *const *groups;
	const struct tlkm_acl *acl;
	unsigned int i;

	for (i = 0; i < 3; i++)
		c->len[i] = r->name[i] ? strlen(r->name[i]) : 0;

	acl = scan(c, d->acls, type, protocol, bit);
	if (acl)
		return acl;
	/* The groups of the domain's own namespace, as in TOMOYO. */
	groups = tlkm_domain_acl_groups(c->p, d->name);
	for (i = 0; groups && i < TLKM_MAX_ACL_GROUPS; i++) {
		/* Most domains use one group or none: skip empty bytes. */
		if (!d->groups[i / 8]) {
			i |= 7;
			continue;
		}
		if (!tlkm_domain_uses_group(d, i))
			continue;
		acl = scan(c, groups[i], type, protocol, bit);
		if (acl)
			return acl;
	}
	return NULL;
}

static bool check(const struct tlkm_policy *p, const struct tlkm_domain *d,
		  u8 type, int protocol, u32 bit, const struct tlkm_request *r)
{
	struct ctx c = { .p = p, .domain = d->name, .r = r };

	return find_acl(&c, d, type, protocol, bit);
}

/**
 * tlkm_check_file() - Is a file operation allowed?
 * @p:  Policy.
 * @d:  Domain of the requesting task.
 * @op: enum tlkm_file_op.
 * @r:  Request; @r->name and @r->num hold the operands in the layout of
 *      @op (see enum tlkm_acl_type).
 *
 * Return: true if an ACL of @d or of an ACL group it uses allows the
 * request.
 */
bool tlkm_check_file(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int op, const struct tlkm_request *r)
{
	int type = tlkm_file_op_type(op);

	return type >= 0 && check(p, d, type, -1, 1U << op, r);
}

/**
 * tlkm_check_exec() - Is an exec allowed, and how does the ACL name it?
 * @p: Policy.
 * @d: Domain of the task.
 * @r: Request with the program name (after aggregation) in @r->name[0]
 *     and the exec's details.
 * @m: Receives the program name as the ACL writes it and the ACL's
 *     transition preference (see struct tlkm_exec_match); as TOMOYO's
 *     matched_path, the name is that of the last ACL whose program
 *     matched, also when none allowed the exec.
 *
 * Return: true if a "file execute" ACL of @d or of an ACL group it uses
 * allows the exec.
 */
bool tlkm_check_exec(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     const struct tlkm_request *r, struct tlkm_exec_match *m)
{
	struct ctx c = { .p = p, .domain = d->name, .r = r,
			 .matched = &m->name };
	const struct tlkm_acl *acl;

	m->name = NULL;
	m->transit = NULL;
	acl = find_acl(&c, d, TLKM_ACL_PATH, -1, 1U << TLKM_FILE_EXECUTE);
	if (acl && acl->cond)
		m->transit = acl->cond->transit;
	return acl;
}

/**
 * tlkm_check_inet() - Is an inet socket operation allowed?
 * @p:        Policy.
 * @d:        Domain.
 * @protocol: enum tlkm_sock_type.
 * @op:       enum tlkm_net_op.
 * @r:        Request with @r->addr, @r->is_ipv6 and the port in @r->num[0].
 *
 * Return: true if allowed.
 */
bool tlkm_check_inet(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int protocol, unsigned int op,
		     const struct tlkm_request *r)
{
	return op < TLKM_NET_MAX &&
	       check(p, d, TLKM_ACL_INET, protocol, 1U << op, r);
}

/**
 * tlkm_check_unix() - Is a unix socket operation allowed?
 * @p:        Policy.
 * @d:        Domain.
 * @protocol: enum tlkm_sock_type.
 * @op:       enum tlkm_net_op.
 * @r:        Request with the socket path in @r->name[0].
 *
 * Return: true if allowed.
 */
bool tlkm_check_unix(const struct tlkm_policy *p, const struct tlkm_domain *d,
		     unsigned int protocol, unsigned int op,
		     const struct tlkm_request *r)
{
	return op < TLKM_NET_MAX &&
	       check(p, d, TLKM_ACL_UNIX, protocol, 1U << op, r);
}

/**
 * tlkm_check_env() - May an execve() pass an environment variable?
 * @p: Policy.
 * @d: Domain.
 * @r: Request with the variable name in @r->name[0].
 *
 * Return: true if allowed.
 */
bool tlkm_check_env(const struct tlkm_policy *p, const struct tlkm_domain *d,
		    const struct tlkm_request *r)
{
	return check(p, d, TLKM_ACL_ENV, -1, 1, r);
}

/**
 * tlkm_check_manual_transition() - May a task switch to another domain?
 * @p: Policy.
 * @d: Current domain.
 * @r: Request with the target domain name in @r->domain.
 *
 * Return: true if "task manual_domain_transition" allows it.
 */
bool tlkm_check_manual_transition(const struct tlkm_policy *p,
				  const struct tlkm_domain *d,
				  const struct tlkm_request *r)
{
	return check(p, d, TLKM_ACL_TASK, -1, 1, r);
}
