// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_exception_model.c - exception policy entries, path, number and
 * address groups, ACL groups and profile lines in the in-memory model.
 */
#include "tlkm_domainname.h"
#include "tlkm_policy.h"
#include "tlkm_model.h"
#include "tlkm_model_int.h"

static bool same_exception(const struct tlkm_line *a,
			   const struct tlkm_line *b)
{
	if (a->kind != b->kind || a->index != b->index ||
	    a->is_last_name != b->is_last_name || !tlkm_ns_eq(a->ns, b->ns) ||
	    !tlkm_str_eq(a->str1, b->str1) || !tlkm_str_eq(a->str2, b->str2))
		return false;
	return tlkm_pattern_eq(&a->pat, &b->pat) &&
	       tlkm_number_union_eq(&a->num, &b->num) &&
	       tlkm_addr_union_eq(&a->addr, &b->addr);
}

static struct tlkm_entry **find_entry(struct tlkm_entry **list,
				      const struct tlkm_line *l)
{
	for (; *list; list = &(*list)->next)
		if (same_exception(&(*list)->line, l))
			break;
	return list;
}

static int add_entry(struct tlkm_entry **pp, struct tlkm_line *l,
		     struct tlkm_err *err)
{
	struct tlkm_entry *e = kzalloc(sizeof(*e), TLKM_GFP);

	if (!e)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	e->line = *l;
	memset(l, 0, sizeof(*l));
	e->line.is_delete = false;
	*pp = e;
	return 0;
}

static bool is_group_kind(unsigned int kind)
{
	return kind == TLKM_LINE_PATH_GROUP || kind == TLKM_LINE_NUMBER_GROUP ||
	       kind == TLKM_LINE_ADDRESS_GROUP;
}

static struct tlkm_group *group_of(const struct tlkm_policy *p,
				   const struct tlkm_line *l)
{
	struct tlkm_group *g;

	for (g = p->groups; g; g = g->next)
		if (g->kind == l->kind && tlkm_ns_eq(g->ns, l->ns) &&
		    !strcmp(g->name, l->str1))
			return g;
	return NULL;
}

/* The group a new member line joins, made on first use. */
static struct tlkm_group *join_group(struct tlkm_policy *p,
				     const struct tlkm_line *l)
{
	struct tlkm_group *g = group_of(p, l);

	if (g)
		return g;
	g = kzalloc(sizeof(*g), TLKM_GFP);
	if (!g)
		return NULL;
	g->kind = l->kind;
	g->name = tlkm_memdup_str(l->str1, strlen(l->str1));
	g->ns = l->ns ? tlkm_memdup_str(l->ns, strlen(l->ns)) : NULL;
	if (!g->name || (l->ns && !g->ns)) {
		kfree(g->name);
		kfree(g->ns);
		kfree(g);
		return NULL;
	}
	g->next = p->groups;
	p->groups = g;
	return g;
}

/* Take @e off the gnext list at @pp (none when @pp is NULL). */
static void leave_list(struct tlkm_entry **pp, struct tlkm_entry *e)
{
	for (; pp && *pp; pp = &(*pp)->gnext)
		if (*pp == e) {
			*pp = e->gnext;
			return;
		}
}

static void leave_group(struct tlkm_policy *p, struct tlkm_entry *e)
{
	struct tlkm_group *g = group_of(p, &e->line);

	if (g)
		leave_list(&g->members, e);
}

/*
 * The second list an entry of @kind is on, in the order added, for the
 * walks of every exec (tlkm_transition.c): its transition rules and its
 * aggregators, apart from the rest of the exception policy. NULL for
 * other kinds (group members are on their group's list instead).
 */
static struct tlkm_entry **exec_list(struct tlkm_policy *p, unsigned int kind)
{
	if (kind == TLKM_LINE_TRANSITION)
		return &p->transitions;
	if (kind == TLKM_LINE_AGGREGATOR)
		return &p->aggregators;
	return NULL;
}

/**
 * tlkm_find_group() - The group a name refers to, in a domain's namespace.
 * @p:      Policy.
 * @kind:   TLKM_LINE_PATH_GROUP, _NUMBER_GROUP or _ADDRESS_GROUP.
 * @domain: Domain whose namespace holds the group.
 * @name:   Group name.
 *
 * Return: the group, or NULL when it has no member.
 */
const struct tlkm_group *tlkm_find_group(const struct tlkm_policy *p,
					 unsigned int kind, const char *domain,
					 const char *name)
{
	const struct tlkm_group *g;

	for (g = p->groups; g; g = g->next)
		if (g->kind == kind && g->name[0] == name[0] &&
		    !strcmp(g->name, name) && tlkm_in_namespace(g->ns, domain))
			return g;
	return NULL;
}

/**
 * tlkm_domain_acl_groups() - The ACL groups of a domain's namespace.
 * @p:      Policy.
 * @domain: Domain name.
 *
 * Return: the %TLKM_MAX_ACL_GROUPS lists of the namespace, or NULL when
 * the namespace has no acl_group line.
 */
struct tlkm_acl_entry *const *
tlkm_domain_acl_groups(const struct tlkm_policy *p, const char *domain)
{
	const struct tlkm_ns_acl_groups *g;

	if (tlkm_in_namespace(NULL, domain))
		return p->acl_groups;
	for (g = p->ns_acl_groups; g; g = g->next)
		if (tlkm_in_namespace(g->ns, domain))
			return g->acl;
	return NULL;
}

/* The ACL groups of the namespace of line @l, made on first use. */
static struct tlkm_acl_entry **ns_acl_groups(struct tlkm_policy *p,
					    const struct tlkm_line *l)
{
	struct tlkm_ns_acl_groups *g;

	if (!l->ns || tlkm_in_namespace(l->ns, "<kernel>"))
		return p->acl_groups;
	for (g = p->ns_acl_groups; g; g = g->next)
		if (!strcmp(g->ns, l->ns))
			return g->acl;
	if (l->is_delete)
		return NULL;
	g = kzalloc(sizeof(*g), TLKM_GFP);
	if (!g)
		return NULL;
	g->ns = tlkm_memdup_str(l->ns, strlen(l->ns));
	if (!g->ns) {
		kfree(g);
		return NULL;
	}
	g->next = p->ns_acl_groups;
	p->ns_acl_groups = g;
	return g->acl;
}

/**
 * tlkm_apply_exception() - Add or delete one exception policy line.
 * @p:   The policy.
 * @l:   The parsed line; entries it keeps are moved out of it.
 * @err: Receives the reason of a refusal.
 *
 * Return: 0 or a negative errno.
 */
int tlkm_apply_exception(struct tlkm_policy *p, struct tlkm_line *l,
			 struct tlkm_err *err)
{
	struct tlkm_entry **pp, *e;

	if (l->kind == TLKM_LINE_ACL_GROUP) {
		struct tlkm_acl_entry **groups = ns_acl_groups(p, l);

		if (!groups)
			return l->is_delete ?
			       tlkm_fail(err, -ENOENT, "no such entry", NULL,
					 0, NULL) :
			       tlkm_fail(err, -ENOMEM, "out of memory", NULL,
					 0, NULL);
		if (l->acl.cond)
			p->has_conditions = true;
		if (tlkm_cond_reads_args(l->acl.cond))
			p->has_exec_args = true;
		return tlkm_update_acl(&groups[l->index], &l->acl, l->is_delete,
				  err);
	}
	pp = find_entry(&p->exceptions, l);
	e = *pp;
	if (!l->is_delete) {
		struct tlkm_group *g = NULL;
		struct tlkm_entry **mp;
		int ret;

		if (e)
			return 0;
		if (is_group_kind(l->kind)) {
			g = join_group(p, l);
			if (!g)
				return tlkm_fail(err, -ENOMEM, "out of memory",
						 NULL, 0, NULL);
		}
		ret = add_entry(pp, l, err);
		if (ret)
			return ret;
		mp = g ? &g->members : exec_list(p, (*pp)->line.kind);
		if (!mp)
			return 0;
		while (*mp)
			mp = &(*mp)->gnext;
		*mp = *pp;
		return 0;
	}
	if (!e)
		return tlkm_fail(err, -ENOENT, "no such entry", NULL, 0, NULL);
	*pp = e->next;
	if (is_group_kind(e->line.kind))
		leave_group(p, e);
	else
		leave_list(exec_list(p, e->line.kind), e);
	tlkm_line_destroy(&e->line);
	kfree(e);
	return 0;
}

static void merge_profile(struct tlkm_profile_line *dst,
			  struct tlkm_profile_line *src)
{
	if (src->mode != TLKM_UNSET)
		dst->mode = src->mode;
	if (src->grant_log != TLKM_UNSET)
		dst->grant_log = src->grant_log;
	if (src->reject_log != TLKM_UNSET)
		dst->reject_log = src->reject_log;
	if (src->has_audit) {
		dst->has_audit = true;
		dst->max_audit_log = src->max_audit_log;
	}
	if (src->has_learning) {
		dst->has_learning = true;
		dst->max_learning_entry = src->max_learning_entry;
	}
	dst->version = src->version;
	if (src->comment) {
		kfree(dst->comment);
		dst->comment = src->comment;
		src->comment = NULL;
	}
}

/* Turn @pl into an empty COMMENT line of its profile. */
static void make_definition(struct tlkm_profile_line *pl)
{
	u8 profile = pl->profile;

	tlkm_profile_destroy(pl);
	memset(pl, 0, sizeof(*pl));
	pl->key = TLKM_PROF_COMMENT;
	pl->profile = profile;
	pl->category = TLKM_UNSET;
	pl->op = TLKM_UNSET;
	pl->mode = TLKM_UNSET;
	pl->grant_log = TLKM_UNSET;
	pl->reject_log = TLKM_UNSET;
}

/**
 * tlkm_apply_profile() - Add one profile line.
 * @p:   The policy.
 * @l:   The parsed line; what it keeps is moved out of it.
 * @err: Receives the reason of a refusal.
 *
 * As TOMOYO: CONFIG::category[::operation]={ use_default } removes the
 * line (the more general one applies again), CONFIG={ use_default }
 * changes nothing, and a CONFIG::... line that gives no mode for a
 * setting still at its default sets nothing either. Every line that
 * names a profile defines it, also one that sets nothing: such a
 * profile keeps an empty COMMENT line, so that it stays defined.
 *
 * Return: 0 or a negative errno.
 */
int tlkm_apply_profile(struct tlkm_policy *p, struct tlkm_line *l,
		       struct tlkm_err *err)
{
	struct tlkm_profile_line *pl = &l->prof;
	bool specific = pl->key == TLKM_PROF_CONFIG &&
			pl->category != TLKM_UNSET;
	struct tlkm_entry **pp, *e;

	tlkm_forget_configs(p);
	for (pp = &p->profiles; (e = *pp); pp = &e->next) {
		if (!tlkm_ns_eq(e->line.ns, l->ns) ||
		    !tlkm_profile_same_key(&e->line.prof, pl))
			continue;
		if (!pl->use_default) {
			merge_profile(&e->line.prof, pl);
			return 0;
		}
		if (!specific)
			return 0;
		*pp = e->next;
		tlkm_line_destroy(&e->line);
		kfree(e);
		break;
	}
	if (pl->use_default || (specific && pl->mode == TLKM_UNSET)) {
		if (pl->key == TLKM_PROF_VERSION ||
		    tlkm_profile_defined(p, l->ns ? l->ns : "<kernel>",
					 pl->profile))
			return 0;
		make_definition(pl);
	}
	while (*pp)
		pp = &(*pp)->next;
	return add_entry(pp, l, err);
}
