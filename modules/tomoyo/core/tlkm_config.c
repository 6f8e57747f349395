// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_config.c - what the profiles say for a domain: the mode, logging
 * and preferences of each operation.
 */
#include "tlkm_domainname.h"
#include "tlkm_model.h"

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
			     TLKM_DEFAULT_MAX_AUDIT_LOG;
	cfg->max_learning_entry = pref && pref->has_learning ?
				  pref->max_learning_entry :
				  TLKM_DEFAULT_MAX_LEARNING_ENTRY;
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
