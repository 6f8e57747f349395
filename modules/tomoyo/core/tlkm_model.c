// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_model.c - add and delete policy lines in the in-memory model.
 * tlkm_domain_index.c finds its domains, tlkm_dump.c prints it back,
 * tlkm_config.c answers profile lookups.
 */
#include "tlkm_domainname.h"
#include "tlkm_model.h"
#include "tlkm_model_int.h"
#include "tlkm_policy.h"

/**
 * tlkm_forget_configs() - Drop every domain's remembered profile settings,
 * after a profile changed.
 * @p: The policy.
 */
void tlkm_forget_configs(struct tlkm_policy *p)
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
	p->domains = tlkm_new_domain(p, "<kernel>", 8);
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
	p->transitions = NULL;
	p->aggregators = NULL;
	free_entries(p->profiles);
	tlkm_forget_namespaces(p);
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

/**
 * tlkm_update_acl() - Add or delete an ACL in a list, merging permissions
 * like TOMOYO.
 * @list:      The list.
 * @acl:       The ACL; moved into the list when added.
 * @is_delete: Delete instead of add.
 * @err:       Receives the reason of a refusal.
 *
 * Return: 0 or a negative errno.
 */
int tlkm_update_acl(struct tlkm_acl_entry **list, struct tlkm_acl *acl,
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
		tlkm_unindex_domain(w->policy, d);
		unbury(w->policy, d->name);
		d->next = w->policy->deleted;
		w->policy->deleted = d;
		return 0;
	}
	if (!d) {
		unbury(w->policy, l->str1);
		d = tlkm_new_domain(w->policy, l->str1, strlen(l->str1));
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
		if (tlkm_cond_reads_args(l->acl.cond))
			w->policy->has_exec_args = true;
		return tlkm_update_acl(&d->acls, &l->acl, l->is_delete, err);
	}
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
		return tlkm_apply_exception(w->policy, l, err);
	return tlkm_apply_profile(w->policy, l, err);
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
/* The namespace a line names, or NULL. */
static const char *names_namespace(const struct tlkm_line *l)
{
	const char *ns = l->ns;

	if (!ns && l->kind == TLKM_LINE_DOMAIN && !l->is_delete)
		ns = l->str1;
	return ns && *ns == '<' ? ns : NULL;
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
	/* As TOMOYO, a refused line may still name a namespace. */
	if (names_namespace(l))
		tlkm_note_namespace(w->policy, names_namespace(l));
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
