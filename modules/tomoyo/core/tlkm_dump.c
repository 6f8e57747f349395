// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_dump.c - print the in-memory policy back the way TOMOYO lists its
 * policy files.
 */
#include "tlkm_model.h"
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
