// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_model.c - add and delete policy lines in the in-memory model, and
 * print the model back the way TOMOYO lists its policy files.
 */
#include "tlkm_domainname.h"
#include "tlkm_model.h"
#include "tlkm_policy.h"

/* Room for one printed line; merged permissions may grow a line. */
#define DUMP_BUF_SIZE (2 * TLKM_MAX_LINE + 512)

static bool str_eq(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return !strcmp(a, b);
}

/* Same namespace? A line without one is in "<kernel>". */
static bool ns_eq(const char *a, const char *b)
{
	return !strcmp(a ? a : "<kernel>", b ? b : "<kernel>");
}

/**
 * tlkm_name_hash() - Hash of a domain name for the name index (FNV-1a).
 * @name: NUL-terminated name.
 *
 * Return: the hash.
 */
u32 tlkm_name_hash(const char *name)
{
	u32 h = 2166136261U;

	while (*name)
		h = (h ^ (u8)*name++) * 16777619U;
	return h;
}

static struct tlkm_domain **bucket_of(struct tlkm_policy *p, u32 hash)
{
	return &p->buckets[hash & (TLKM_DOMAIN_BUCKETS - 1)];
}

static struct tlkm_domain *new_domain(struct tlkm_policy *p, const char *name,
				      size_t len)
{
	struct tlkm_domain *d = kzalloc(sizeof(*d), TLKM_GFP);
	struct tlkm_domain **b;

	if (!d)
		return NULL;
	d->name = tlkm_memdup_str(name, len);
	if (!d->name) {
		kfree(d);
		return NULL;
	}
	d->hash = tlkm_name_hash(d->name);
	b = bucket_of(p, d->hash);
	d->hnext = *b;
	*b = d;
	return d;
}

static void unindex_domain(struct tlkm_policy *p, struct tlkm_domain *d)
{
	struct tlkm_domain **pp;

	for (pp = bucket_of(p, d->hash); *pp; pp = &(*pp)->hnext)
		if (*pp == d) {
			*pp = d->hnext;
			return;
		}
}

/* Forget what every domain knew of its profile (a profile changed). */
static void forget_configs(struct tlkm_policy *p)
{
	struct tlkm_domain *d;

	for (d = p->domains; d; d = d->next)
		memset(d->config, 0, sizeof(d->config));
	for (d = p->deleted; d; d = d->next)
		memset(d->config, 0, sizeof(d->config));
}

/**
 * tlkm_policy_create() - Create an empty policy holding "<kernel>".
 *
 * Return: the policy, or NULL when out of memory.
 */
struct tlkm_policy *tlkm_policy_create(void)
{
	struct tlkm_policy *p = kzalloc(sizeof(*p), TLKM_GFP);

	if (!p)
		return NULL;
	p->domains = new_domain(p, "<kernel>", 8);
	if (!p->domains) {
		kfree(p);
		return NULL;
	}
	return p;
}

static void free_acls(struct tlkm_acl_entry *e)
{
	while (e) {
		struct tlkm_acl_entry *next = e->next;

		tlkm_acl_destroy(&e->acl);
		kfree(e);
		e = next;
	}
}

static void free_entries(struct tlkm_entry *e)
{
	while (e) {
		struct tlkm_entry *next = e->next;

		tlkm_line_destroy(&e->line);
		kfree(e);
		e = next;
	}
}

static void free_domain(struct tlkm_domain *d)
{
	free_acls(d->acls);
	kfree(d->name);
	kfree(d);
}

/**
 * tlkm_policy_destroy() - Free a policy and everything in it.
 * @p: Policy (may be NULL).
 */
void tlkm_policy_destroy(struct tlkm_policy *p)
{
	unsigned int i;

	if (!p)
		return;
	while (p->domains) {
		struct tlkm_domain *next = p->domains->next;

		free_domain(p->domains);
		p->domains = next;
	}
	while (p->deleted) {
		struct tlkm_domain *next = p->deleted->next;

		free_domain(p->deleted);
		p->deleted = next;
	}
	free_entries(p->exceptions);
	free_entries(p->profiles);
	while (p->groups) {
		struct tlkm_group *next = p->groups->next;

		kfree(p->groups->ns);
		kfree(p->groups->name);
		kfree(p->groups);
		p->groups = next;
	}
	for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++)
		free_acls(p->acl_groups[i]);
	while (p->ns_acl_groups) {
		struct tlkm_ns_acl_groups *next = p->ns_acl_groups->next;

		for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++)
			free_acls(p->ns_acl_groups->acl[i]);
		kfree(p->ns_acl_groups->ns);
		kfree(p->ns_acl_groups);
		p->ns_acl_groups = next;
	}
	kfree(p);
}

/**
 * tlkm_writer_init() - Start writing lines of one policy file.
 * @w:    Writer.
 * @p:    Policy to change.
 * @file: Which policy file the lines come from.
 */
void tlkm_writer_init(struct tlkm_writer *w, struct tlkm_policy *p,
		      enum tlkm_policy_file file)
{
	w->policy = p;
	w->file = file;
	w->domain = NULL;
	w->loaded = false;
}

/**
 * tlkm_find_domain() - Look a domain up by name.
 * @p:    Policy.
 * @name: Domain name.
 *
 * Return: the domain, or NULL.
 */
struct tlkm_domain *tlkm_find_domain(const struct tlkm_policy *p,
				     const char *name)
{
	u32 hash = tlkm_name_hash(name);
	struct tlkm_domain *d;

	for (d = p->buckets[hash & (TLKM_DOMAIN_BUCKETS - 1)]; d; d = d->hnext)
		if (d->hash == hash && !strcmp(d->name, name))
			return d;
	return NULL;
}

/**
 * tlkm_task_domain() - The domain a task in domain @name is judged in.
 * @p:    Policy.
 * @name: The task's domain name.
 *
 * Like tlkm_find_domain(), but a domain deleted from the policy is still
 * found, as TOMOYO keeps deleted domains in force for the tasks in them.
 *
 * Return: the domain, or NULL.
 */
struct tlkm_domain *tlkm_task_domain(const struct tlkm_policy *p,
				     const char *name)
{
	struct tlkm_domain *d = tlkm_find_domain(p, name);

	if (d)
		return d;
	for (d = p->deleted; d; d = d->next)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

/* Free the deleted domain named @name, if any (a new one replaces it). */
static void unbury(struct tlkm_policy *p, const char *name)
{
	struct tlkm_domain **pp, *d;

	for (pp = &p->deleted; (d = *pp); pp = &d->next)
		if (!strcmp(d->name, name)) {
			*pp = d->next;
			free_domain(d);
			return;
		}
}

/* Add or delete an ACL in a list, merging permissions like TOMOYO. */
static int update_acl(struct tlkm_acl_entry **list, struct tlkm_acl *acl,
		      bool is_delete, struct tlkm_err *err)
{
	struct tlkm_acl_entry **pp, *e;

	for (pp = list; *pp; pp = &(*pp)->next) {
		e = *pp;
		if (!tlkm_acl_same_target(&e->acl, acl))
			continue;
		if (!is_delete) {
			e->acl.perm |= acl->perm;
			return 0;
		}
		e->acl.perm &= ~acl->perm;
		if (!e->acl.perm) {
			*pp = e->next;
			tlkm_acl_destroy(&e->acl);
			kfree(e);
		}
		return 0;
	}
	if (is_delete)
		return tlkm_fail(err, -ENOENT, "no such entry", NULL, 0, NULL);
	e = kzalloc(sizeof(*e), TLKM_GFP);
	if (!e)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	e->acl = *acl;
	memset(acl, 0, sizeof(*acl));
	*pp = e;
	return 0;
}

static int select_domain(struct tlkm_writer *w, struct tlkm_line *l,
			 struct tlkm_err *err)
{
	struct tlkm_domain **pp, *d;

	for (pp = &w->policy->domains; *pp; pp = &(*pp)->next)
		if (!strcmp((*pp)->name, l->str1))
			break;
	d = *pp;
	if (l->is_delete) {
		w->domain = NULL;
		if (!d)
			return tlkm_fail(err, -ENOENT, "no such domain", NULL,
					 0, NULL);
		if (d == w->policy->domains)
			return tlkm_fail(err, -EINVAL,
					 "cannot delete the <kernel> domain",
					 NULL, 0, NULL);
		*pp = d->next;
		unindex_domain(w->policy, d);
		unbury(w->policy, d->name);
		d->next = w->policy->deleted;
		w->policy->deleted = d;
		return 0;
	}
	if (!d) {
		unbury(w->policy, l->str1);
		d = new_domain(w->policy, l->str1, strlen(l->str1));
		if (!d)
			return tlkm_fail(err, -ENOMEM, "out of memory", NULL,
					 0, NULL);
		*pp = d;
	}
	w->domain = d;
	return 0;
}

/**
 * tlkm_profile_defined() - Does a line define a profile?
 * @p:       Policy.
 * @domain:  Domain (selects the namespace).
 * @profile: Profile number.
 *
 * Return: true if any line of profile @profile is in @domain's namespace.
 */
bool tlkm_profile_defined(const struct tlkm_policy *p, const char *domain,
			  unsigned int profile)
{
	const struct tlkm_entry *e;

	for (e = p->profiles; e; e = e->next)
		if (e->line.prof.key != TLKM_PROF_VERSION &&
		    e->line.prof.profile == profile &&
		    tlkm_in_namespace(e->line.ns, domain))
			return true;
	return false;
}

static int use_profile(struct tlkm_writer *w, struct tlkm_domain *d,
		       unsigned int profile, struct tlkm_err *err)
{
	struct tlkm_buf b;
	char num[8];

	if (w->loaded && !tlkm_profile_defined(w->policy, d->name, profile)) {
		tlkm_buf_init(&b, num, sizeof(num));
		tlkm_buf_put_u64(&b, profile, TLKM_RADIX_DEC);
		return tlkm_fail(err, -EINVAL, "profile ", b.data, b.len,
				 " is not defined");
	}
	d->profile = profile;
	memset(d->config, 0, sizeof(d->config));
	return 0;
}

static int apply_domain_line(struct tlkm_writer *w, struct tlkm_line *l,
			     struct tlkm_err *err)
{
	struct tlkm_domain *d = w->domain;

	if (l->kind == TLKM_LINE_DOMAIN)
		return select_domain(w, l, err);
	if (!d)
		return tlkm_fail(err, -EINVAL, "no domain selected", NULL, 0,
				 NULL);
	switch (l->kind) {
	case TLKM_LINE_USE_PROFILE:
		if (l->is_delete)
			return tlkm_fail(err, -EINVAL,
					 "use_profile cannot be deleted",
					 NULL, 0, NULL);
		return use_profile(w, d, l->index, err);
	case TLKM_LINE_USE_GROUP:
		/* As TOMOYO: a domain uses every group named, until deleted. */
		if (l->is_delete)
			d->groups[l->index / 8] &= ~(1U << (l->index % 8));
		else
			d->groups[l->index / 8] |= 1U << (l->index % 8);
		return 0;
	case TLKM_LINE_DOMAIN_FLAG:
		if (l->is_delete)
			d->flags &= ~(1U << l->index);
		else
			d->flags |= 1U << l->index;
		return 0;
	default:
		if (l->acl.cond)
			w->policy->has_conditions = true;
		return update_acl(&d->acls, &l->acl, l->is_delete, err);
	}
}

static bool same_exception(const struct tlkm_line *a,
			   const struct tlkm_line *b)
{
	if (a->kind != b->kind || a->index != b->index ||
	    a->is_last_name != b->is_last_name || !ns_eq(a->ns, b->ns) ||
	    !str_eq(a->str1, b->str1) || !str_eq(a->str2, b->str2))
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
		if (g->kind == l->kind && ns_eq(g->ns, l->ns) &&
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

static void leave_group(struct tlkm_policy *p, struct tlkm_entry *e)
{
	struct tlkm_group *g = group_of(p, &e->line);
	struct tlkm_entry **pp;

	if (!g)
		return;
	for (pp = &g->members; *pp; pp = &(*pp)->gnext)
		if (*pp == e) {
			*pp = e->gnext;
			return;
		}
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

static int apply_exception(struct tlkm_policy *p, struct tlkm_line *l,
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
		return update_acl(&groups[l->index], &l->acl, l->is_delete,
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
		if (ret || !g)
			return ret;
		for (mp = &g->members; *mp; mp = &(*mp)->gnext)
			;
		*mp = *pp;
		return 0;
	}
	if (!e)
		return tlkm_fail(err, -ENOENT, "no such entry", NULL, 0, NULL);
	*pp = e->next;
	if (is_group_kind(e->line.kind))
		leave_group(p, e);
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

/*
 * As TOMOYO: CONFIG::category[::operation]={ use_default } removes the
 * line (the more general one applies again), CONFIG={ use_default }
 * changes nothing, and a CONFIG::... line that gives no mode for a
 * setting still at its default sets nothing either.
 */
static int apply_profile(struct tlkm_policy *p, struct tlkm_line *l,
			 struct tlkm_err *err)
{
	const struct tlkm_profile_line *pl = &l->prof;
	bool specific = pl->key == TLKM_PROF_CONFIG &&
			pl->category != TLKM_UNSET;
	struct tlkm_entry **pp, *e;

	for (pp = &p->profiles; (e = *pp); pp = &e->next) {
		if (!ns_eq(e->line.ns, l->ns) ||
		    !tlkm_profile_same_key(&e->line.prof, pl))
			continue;
		if (pl->use_default && specific) {
			*pp = e->next;
			tlkm_line_destroy(&e->line);
			kfree(e);
		} else if (!pl->use_default) {
			merge_profile(&e->line.prof, &l->prof);
		}
		forget_configs(p);
		return 0;
	}
	if (pl->use_default || (specific && pl->mode == TLKM_UNSET))
		return 0;
	forget_configs(p);
	return add_entry(pp, l, err);
}

/**
 * tlkm_apply_line() - Apply a parsed line to the policy.
 * @w:   Writer (remembers the selected domain between lines).
 * @l:   Parsed line from the writer's policy file. What the policy keeps
 *       is moved out of @l; the caller still calls tlkm_line_destroy().
 * @err: Receives the reason on failure.
 *
 * Return: 0, or a negative errno:
 * - %EINVAL: no domain selected, or an impossible change;
 * - %ENOENT: deleting something that is not there;
 * - %ENOMEM: out of memory.
 */
int tlkm_apply_line(struct tlkm_writer *w, struct tlkm_line *l,
		    struct tlkm_err *err)
{
	if (l->kind == TLKM_LINE_NONE)
		return 0;
	if (w->file == TLKM_DOMAIN_POLICY)
		return apply_domain_line(w, l, err);
	if (w->file == TLKM_EXCEPTION_POLICY)
		return apply_exception(w->policy, l, err);
	return apply_profile(w->policy, l, err);
}

/* Is @line a domain header ("<...", "delete <...")? */
static bool is_header(const char *line, size_t len)
{
	while (len && *line == ' ') {
		line++;
		len--;
	}
	if (len > 7 && !strncmp(line, "delete ", 7)) {
		line += 7;
		len -= 7;
		while (len && *line == ' ') {
			line++;
			len--;
		}
	}
	return len && *line == '<';
}

/*
 * Does @l name a namespace other than "<kernel>"? As TOMOYO, which makes
 * the namespace of an exception or profile line before it parses the rest
 * of the line (so also for a refused or deleting one), and the namespace
 * of a domain header it creates.
 */
static bool names_namespace(const struct tlkm_line *l)
{
	const char *ns = l->ns;

	if (!ns && l->kind == TLKM_LINE_DOMAIN && !l->is_delete)
		ns = l->str1;
	return ns && *ns == '<' && !tlkm_in_namespace(NULL, ns);
}

/**
 * tlkm_write_line() - Parse one line and apply it to the policy.
 * @w:    Writer.
 * @line: The line without its newline.
 * @len:  Length of @line.
 * @err:  Receives a negative errno and a reason on failure; a refused
 *        line changes nothing.
 *
 * Return: 0, or a negative errno from tlkm_parse_line() or
 * tlkm_apply_line().
 */
int tlkm_write_line(struct tlkm_writer *w, const char *line, size_t len,
		    struct tlkm_err *err)
{
	/* A parsed line is large; keep it off the kernel stack. */
	struct tlkm_line *l = kmalloc(sizeof(*l), TLKM_GFP);
	int ret;

	if (!l)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	ret = tlkm_parse_line(w->file, line, len, l, err);
	if (names_namespace(l))
		w->policy->ns_enabled = true;
	if (!ret)
		ret = tlkm_apply_line(w, l, err);
	tlkm_line_destroy(l);
	kfree(l);
	/*
	 * As TOMOYO: a domain header that is refused selects no domain, so
	 * the ACL lines after it are refused too instead of landing in the
	 * domain selected before.
	 */
	if (ret && w->file == TLKM_DOMAIN_POLICY && is_header(line, len))
		w->domain = NULL;
	return ret;
}

struct dumper {
	struct tlkm_buf b;
	tlkm_emit_t emit;
	void *ctx;
	int ret;
	bool ns_enabled;
};

static void emit_buf(struct dumper *dp)
{
	if (dp->ret)
		return;
	dp->ret = dp->b.overflow ? -E2BIG :
		  dp->emit(dp->ctx, dp->b.data, dp->b.len);
	tlkm_buf_init(&dp->b, dp->b.data, DUMP_BUF_SIZE);
}

/*
 * As TOMOYO: once a namespace other than "<kernel>" exists, every
 * exception and profile line starts with its namespace, "<kernel> "
 * included; before that none does (also when it was written with one).
 */
static void dump_ns(struct dumper *dp, const char *ns)
{
	if (!dp->ns_enabled)
		return;
	tlkm_buf_puts(&dp->b, ns ? ns : "<kernel>");
	tlkm_buf_putc(&dp->b, ' ');
}

static void dump_acls(struct dumper *dp, const struct tlkm_acl_entry *e,
		      const char *ns, int group)
{
	for (; e && !dp->ret; e = e->next) {
		if (group >= 0)
			dump_ns(dp, ns);
		if (group >= 0) {
			tlkm_buf_puts(&dp->b, "acl_group ");
			tlkm_buf_put_u64(&dp->b, group, TLKM_RADIX_DEC);
			tlkm_buf_putc(&dp->b, ' ');
		}
		tlkm_print_acl(&dp->b, &e->acl);
		emit_buf(dp);
	}
}

static void dump_number(struct dumper *dp, const char *key, u32 v)
{
	tlkm_buf_puts(&dp->b, key);
	tlkm_buf_put_u64(&dp->b, v, TLKM_RADIX_DEC);
	emit_buf(dp);
}

static void dump_domains(struct dumper *dp, const struct tlkm_policy *p)
{
	static const char * const flags[2] = {
		"quota_exceeded", "transition_failed",
	};
	const struct tlkm_domain *d;
	int i;

	for (d = p->domains; d && !dp->ret; d = d->next) {
		tlkm_buf_puts(&dp->b, d->name);
		emit_buf(dp);
		dump_number(dp, "use_profile ", d->profile);
		for (i = 0; i < 2; i++) {
			if (!(d->flags & (1U << i)))
				continue;
			tlkm_buf_puts(&dp->b, flags[i]);
			emit_buf(dp);
		}
		for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++)
			if (tlkm_domain_uses_group(d, i))
				dump_number(dp, "use_group ", i);
		emit_buf(dp);
		dump_acls(dp, d->acls, NULL, -1);
		emit_buf(dp);
	}
}

/* Emit the entries of @list for which @match(@arg) holds. */
static void dump_entries(struct dumper *dp, const struct tlkm_entry *e,
			 bool (*match)(const struct tlkm_line *, unsigned int),
			 unsigned int arg)
{
	for (; e && !dp->ret; e = e->next) {
		if (!match(&e->line, arg))
			continue;
		dump_ns(dp, e->line.ns);
		if (e->line.kind == TLKM_LINE_PROFILE)
			tlkm_print_profile(&dp->b, &e->line.prof);
		else
			tlkm_print_exception_body(&dp->b, &e->line);
		emit_buf(dp);
	}
}

static bool kind_is(const struct tlkm_line *l, unsigned int kind)
{
	return l->kind == kind;
}

static void dump_exceptions(struct dumper *dp, const struct tlkm_policy *p)
{
	static const u8 order[] = {
		TLKM_LINE_TRANSITION, TLKM_LINE_AGGREGATOR,
		TLKM_LINE_PATH_GROUP, TLKM_LINE_NUMBER_GROUP,
		TLKM_LINE_ADDRESS_GROUP,
	};
	const struct tlkm_ns_acl_groups *g;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(order); i++)
		dump_entries(dp, p->exceptions, kind_is, order[i]);
	for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++)
		dump_acls(dp, p->acl_groups[i], NULL, i);
	for (g = p->ns_acl_groups; g; g = g->next)
		for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++)
			dump_acls(dp, g->acl[i], g->ns, i);
}

/* Profile sort key: version first, then by number and key. */
static bool profile_is(const struct tlkm_line *l, unsigned int key)
{
	const struct tlkm_profile_line *pl = &l->prof;

	if (key == 0)
		return pl->key == TLKM_PROF_VERSION;
	key--;
	return pl->key != TLKM_PROF_VERSION && pl->profile == key / 3 &&
	       pl->key == TLKM_PROF_COMMENT + key % 3;
}

/**
 * tlkm_dump_policy() - Print one policy file of the model, line by line.
 * @p:    Policy.
 * @file: Which policy file to print.
 * @emit: Called with each line (no newline, blank lines included).
 * @ctx:  Passed to @emit.
 *
 * Domain policy prints, per domain, in TOMOYO's order: its name,
 * use_profile, flags, one use_group line per group it uses, a blank line,
 * its ACLs and a blank line. Exception policy prints
 * transition control, aggregator, path_group, number_group, address_group
 * lines, then acl_group lines by group number. Profiles print
 * PROFILE_VERSION, then per profile COMMENT, PREFERENCE and CONFIG lines.
 *
 * Return: 0, -%ENOMEM, -%E2BIG for an unprintable line, or the first
 * non-zero value returned by @emit.
 */
int tlkm_dump_policy(const struct tlkm_policy *p, enum tlkm_policy_file file,
		     tlkm_emit_t emit, void *ctx)
{
	struct dumper dp = { .emit = emit, .ctx = ctx,
			     .ns_enabled = p->ns_enabled };
	char *buf = kmalloc(DUMP_BUF_SIZE, TLKM_GFP);
	unsigned int i;

	if (!buf)
		return -ENOMEM;
	tlkm_buf_init(&dp.b, buf, DUMP_BUF_SIZE);
	if (file == TLKM_DOMAIN_POLICY)
		dump_domains(&dp, p);
	else if (file == TLKM_EXCEPTION_POLICY)
		dump_exceptions(&dp, p);
	else
		for (i = 0; i <= 3 * TLKM_MAX_PROFILES && !dp.ret; i++)
			dump_entries(&dp, p->profiles, profile_is, i);
	kfree(buf);
	return dp.ret;
}

static const struct tlkm_profile_line *
find_config(const struct tlkm_policy *p, const char *domain,
	    unsigned int profile, u8 category, u8 op)
{
	const struct tlkm_entry *e;

	for (e = p->profiles; e; e = e->next) {
		const struct tlkm_profile_line *pl = &e->line.prof;

		if (pl->key == TLKM_PROF_CONFIG && pl->profile == profile &&
		    pl->category == category && pl->op == op &&
		    pl->mode != TLKM_UNSET &&
		    tlkm_in_namespace(e->line.ns, domain))
			return pl;
	}
	return NULL;
}

/* The CONFIG line of a profile, with or without a mode. */
static const struct tlkm_profile_line *
find_global_config(const struct tlkm_policy *p, const char *domain,
		   unsigned int profile)
{
	const struct tlkm_entry *e;

	for (e = p->profiles; e; e = e->next) {
		const struct tlkm_profile_line *pl = &e->line.prof;

		if (pl->key == TLKM_PROF_CONFIG && pl->profile == profile &&
		    pl->category == TLKM_UNSET &&
		    tlkm_in_namespace(e->line.ns, domain))
			return pl;
	}
	return NULL;
}

/**
 * tlkm_profile_mode() - Mode a profile gives one operation.
 * @p:       Policy.
 * @domain:  Domain (selects the namespace whose profiles apply).
 * @profile: Profile number.
 * @mac:     Operation index into tlkm_mac_names[].
 *
 * CONFIG::category::operation wins over CONFIG::category, which wins
 * over CONFIG.
 *
 * Return: enum tlkm_mode (%TLKM_MODE_DISABLED when nothing is set), or
 * -%EINVAL for an invalid @mac.
 */
int tlkm_profile_mode(const struct tlkm_policy *p, const char *domain,
		      unsigned int profile, unsigned int mac)
{
	const struct tlkm_profile_line *pl;

	if (mac >= TLKM_MAC_MAX)
		return -EINVAL;
	pl = find_config(p, domain, profile, tlkm_mac_category_of[mac], mac);
	if (!pl)
		pl = find_config(p, domain, profile,
				 tlkm_mac_category_of[mac], TLKM_UNSET);
	if (!pl)
		pl = find_config(p, domain, profile, TLKM_UNSET,
				 TLKM_UNSET);
	return pl ? pl->mode : TLKM_MODE_DISABLED;
}

static const struct tlkm_profile_line *
find_preference(const struct tlkm_policy *p, const char *domain,
		unsigned int profile)
{
	const struct tlkm_entry *e;

	for (e = p->profiles; e; e = e->next)
		if (e->line.prof.key == TLKM_PROF_PREFERENCE &&
		    e->line.prof.profile == profile &&
		    tlkm_in_namespace(e->line.ns, domain))
			return &e->line.prof;
	return NULL;
}

/**
 * tlkm_profile_config() - Everything a profile says about one operation.
 * @p:       Policy.
 * @domain:  Domain (selects the namespace whose profiles apply).
 * @profile: Profile number.
 * @mac:     Operation index into tlkm_mac_names[].
 * @cfg:     Receives mode, logging and preferences.
 *
 * As TOMOYO, the mode and both log switches come together from the first
 * of CONFIG::category::operation, CONFIG::category and CONFIG that is
 * set; what that line leaves out has TOMOYO's defaults: disabled,
 * grant_log=yes, reject_log=yes. The preferences default to
 * max_audit_log=1024 and max_learning_entry=2048. A profile without any
 * line is TOMOYO's null profile: disabled, nothing logged (no log
 * switch, max_audit_log=0) and nothing learned.
 *
 * Return: 0, or -%EINVAL for an invalid @mac.
 */
int tlkm_profile_config(const struct tlkm_policy *p, const char *domain,
			unsigned int profile, unsigned int mac,
			struct tlkm_config *cfg)
{
	const struct tlkm_profile_line *pref, *pl;

	if (mac >= TLKM_MAC_MAX)
		return -EINVAL;
	if (!tlkm_profile_defined(p, domain, profile)) {
		cfg->mode = TLKM_MODE_DISABLED;
		cfg->grant_log = false;
		cfg->reject_log = false;
		cfg->max_audit_log = 0;
		cfg->max_learning_entry = 0;
		return 0;
	}
	pl = find_config(p, domain, profile, tlkm_mac_category_of[mac], mac);
	if (!pl)
		pl = find_config(p, domain, profile,
				 tlkm_mac_category_of[mac], TLKM_UNSET);
	if (!pl)
		pl = find_global_config(p, domain, profile);
	cfg->mode = !pl || pl->mode == TLKM_UNSET ? TLKM_MODE_DISABLED :
		    pl->mode;
	cfg->grant_log = !pl || pl->grant_log != 0;
	cfg->reject_log = !pl || pl->reject_log != 0;
	pref = find_preference(p, domain, profile);
	cfg->max_audit_log = pref && pref->has_audit ? pref->max_audit_log :
			     1024;
	cfg->max_learning_entry = pref && pref->has_learning ?
				  pref->max_learning_entry : 2048;
	return 0;
}

/* A known entry of struct tlkm_domain's config cache. */
#define CONFIG_KNOWN 0x80
#define CONFIG_GRANT_LOG 0x10
#define CONFIG_REJECT_LOG 0x20
#define CONFIG_MODE_MASK 0x0f

/**
 * tlkm_domain_config() - Mode and logging of one operation in a domain,
 * as its profile says, remembered in the domain.
 * @p:   Policy holding @d.
 * @d:   Domain; its cache may be filled, by any number of readers at
 *       once (they all write the same value; writers of the policy are
 *       excluded by the caller's lock and clear the cache).
 * @mac: Operation index into tlkm_mac_names[].
 * @cfg: Receives mode, grant_log and reject_log; the preferences
 *       (max_audit_log, max_learning_entry) are not filled: callers that
 *       log or learn ask tlkm_profile_config() for them.
 *
 * Return: 0, or -%EINVAL for an invalid @mac.
 */
int tlkm_domain_config(const struct tlkm_policy *p, struct tlkm_domain *d,
		       unsigned int mac, struct tlkm_config *cfg)
{
	u8 v;

	if (mac >= TLKM_MAC_MAX)
		return -EINVAL;
	v = READ_ONCE(d->config[mac]);
	if (!(v & CONFIG_KNOWN)) {
		struct tlkm_config full;

		tlkm_profile_config(p, d->name, d->profile, mac, &full);
		v = CONFIG_KNOWN | full.mode |
		    (full.grant_log ? CONFIG_GRANT_LOG : 0) |
		    (full.reject_log ? CONFIG_REJECT_LOG : 0);
		WRITE_ONCE(d->config[mac], v);
	}
	cfg->mode = v & CONFIG_MODE_MASK;
	cfg->grant_log = v & CONFIG_GRANT_LOG;
	cfg->reject_log = v & CONFIG_REJECT_LOG;
	cfg->max_audit_log = 0;
	cfg->max_learning_entry = 0;
	return 0;
}
