// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_dump.c - print the in-memory policy back the way TOMOYO lists its
 * policy files.
 */
#include "tlkm_model.h"
#include "tlkm_model_int.h"
#include "tlkm_policy.h"

/* Room for one printed line; merged permissions may grow a line. */
#define DUMP_BUF_SIZE (2 * TLKM_MAX_LINE + 512)

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

/*
 * What one profile says, one slot per line it can have: COMMENT,
 * PREFERENCE, CONFIG, then CONFIG::category::operation in operation
 * order, then CONFIG::category in category order (TOMOYO's print order).
 */
enum {
	PV_COMMENT,
	PV_PREF,
	PV_CONFIG,
	PV_OP,
	PV_CAT = PV_OP + TLKM_MAC_MAX,
	PV_MAX = PV_CAT + TLKM_MAC_CATEGORY_MAX,
};

static unsigned int view_slot(const struct tlkm_profile_line *pl)
{
	if (pl->key == TLKM_PROF_COMMENT)
		return PV_COMMENT;
	if (pl->key == TLKM_PROF_PREFERENCE)
		return PV_PREF;
	if (pl->category == TLKM_UNSET)
		return PV_CONFIG;
	if (pl->op == TLKM_UNSET)
		return PV_CAT + pl->category;
	return PV_OP + pl->op;
}

static bool profile_line_of(const struct tlkm_entry *e, const char *ns)
{
	return e->line.prof.key != TLKM_PROF_VERSION &&
	       tlkm_ns_eq(e->line.ns, ns);
}

/* Profile @n of namespace @ns, in full; @v is room for PV_MAX slots. */
static void dump_profile(struct dumper *dp, const struct tlkm_policy *p,
			 const char *ns, unsigned int n,
			 const struct tlkm_profile_line **v)
{
	static const u8 keys[PV_OP] = {
		[PV_COMMENT] = TLKM_PROF_COMMENT,
		[PV_PREF] = TLKM_PROF_PREFERENCE,
		[PV_CONFIG] = TLKM_PROF_CONFIG,
	};
	struct tlkm_profile_line def;
	const struct tlkm_entry *e;
	unsigned int i;

	memset(v, 0, PV_MAX * sizeof(*v));
	for (e = p->profiles; e; e = e->next)
		if (profile_line_of(e, ns) && e->line.prof.profile == n)
			v[view_slot(&e->line.prof)] = &e->line.prof;
	for (i = 0; i < PV_MAX && !dp->ret; i++) {
		const struct tlkm_profile_line *pl = v[i];

		/* The first three lines print with their defaults. */
		if (!pl && i < PV_OP) {
			memset(&def, 0, sizeof(def));
			def.key = keys[i];
			def.profile = n;
			def.category = TLKM_UNSET;
			def.op = TLKM_UNSET;
			def.mode = TLKM_UNSET;
			def.grant_log = TLKM_UNSET;
			def.reject_log = TLKM_UNSET;
			pl = &def;
		}
		if (!pl || (i >= PV_OP && pl->mode == TLKM_UNSET))
			continue;
		dump_ns(dp, ns);
		tlkm_print_profile_full(&dp->b, pl);
		emit_buf(dp);
	}
}

/* One namespace's profiles: PROFILE_VERSION, then each defined profile. */
static void dump_ns_profiles(struct dumper *dp, const struct tlkm_policy *p,
			     const char *ns, const struct tlkm_profile_line **v)
{
	u8 defined[TLKM_MAX_PROFILES / 8] = { 0 };
	const struct tlkm_entry *e;
	unsigned int n;

	for (e = p->profiles; e; e = e->next)
		if (profile_line_of(e, ns))
			defined[e->line.prof.profile / 8] |=
				1U << (e->line.prof.profile % 8);
	dump_ns(dp, ns);
	tlkm_buf_puts(&dp->b, "PROFILE_VERSION=");
	tlkm_buf_put_u64(&dp->b, TLKM_PROFILE_VERSION, TLKM_RADIX_DEC);
	emit_buf(dp);
	for (n = 0; n < TLKM_MAX_PROFILES && !dp->ret; n++)
		if (defined[n / 8] & (1U << (n % 8)))
			dump_profile(dp, p, ns, n, v);
}

static void dump_profiles(struct dumper *dp, const struct tlkm_policy *p)
{
	const struct tlkm_profile_line **v = kmalloc(PV_MAX * sizeof(*v),
						      TLKM_GFP);
	const char *ns;

	if (!v) {
		dp->ret = -ENOMEM;
		return;
	}
	dump_ns_profiles(dp, p, NULL, v);
	for (ns = tlkm_namespace_next(p, NULL); ns && !dp->ret;
	     ns = tlkm_namespace_next(p, ns))
		dump_ns_profiles(dp, p, ns, v);
	kfree(v);
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
 * lines, then acl_group lines by group number. Profiles print as
 * TOMOYO's: per namespace ("<kernel>" first, then in the order named)
 * PROFILE_VERSION, then each defined profile in full: COMMENT,
 * PREFERENCE and CONFIG with every value, then each CONFIG::category::
 * operation and CONFIG::category line that sets a mode.
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

	if (!buf)
		return -ENOMEM;
	tlkm_buf_init(&dp.b, buf, DUMP_BUF_SIZE);
	if (file == TLKM_DOMAIN_POLICY)
		dump_domains(&dp, p);
	else if (file == TLKM_EXCEPTION_POLICY)
		dump_exceptions(&dp, p);
	else
		dump_profiles(&dp, p);
	kfree(buf);
	return dp.ret;
}
