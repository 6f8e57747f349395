// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_domain_new.c - the domains an exec creates: made with the parent's
 * profile and ACL groups, and logged as TOMOYO logs them.
 */

#include <linux/slab.h>

#include "tlkm_glue.h"
#include "tlkm_req.h"
/* One audit record of a new domain: its name and one header line. */
static void log_domain_line(char *text, size_t size, const char *name,
			    unsigned int profile, const struct tlkm_config *cfg,
			    const char *line, const struct tlkm_request *r)
{
	struct tlkm_buf b;

	tlkm_buf_init(&b, text, size);
	tlkm_print_header(&b, profile, cfg->mode, false, r);
	tlkm_buf_putc(&b, '\n');
	tlkm_buf_puts(&b, name);
	tlkm_buf_putc(&b, '\n');
	tlkm_buf_puts(&b, line);
	if (!b.overflow)
		tlkm_audit_add(text, b.len, cfg->max_audit_log);
}

/*
 * The audit records of a new domain, as TOMOYO writes them: one record per
 * header line ("use_profile N", then "use_group N" for each group it
 * uses), granted=no, in the mode the new domain's profile gives "file
 * execute", if it logs rejections.
 */
static void log_new_domain(const char *name, unsigned int profile,
			   const u8 *groups, const struct tlkm_request *r)
{
	const size_t size = 2 * TLKM_MAX_LINE;
	struct tlkm_config cfg;
	char *text, line[32];
	unsigned int i;

	down_read(&tlkm_policy_sem);
	tlkm_profile_config(tlkm_policy, name, profile,
			    tlkm_file_mac[TLKM_FILE_EXECUTE], &cfg);
	up_read(&tlkm_policy_sem);
	if (!cfg.reject_log)
		return;
	text = kmalloc(size, GFP_KERNEL);
	if (!text)
		return;
	snprintf(line, sizeof(line), "use_profile %u\n", profile);
	log_domain_line(text, size, name, profile, &cfg, line, r);
	for (i = 0; i < TLKM_MAX_ACL_GROUPS; i++) {
		if (!(groups[i / 8] & (1U << (i % 8))))
			continue;
		snprintf(line, sizeof(line), "use_group %u\n", i);
		log_domain_line(text, size, name, profile, &cfg, line, r);
	}
	kfree(text);
}

/**
 * tlkm_make_domain() - Create the domain an exec enters, if it is new.
 * @name:   Name of the domain.
 * @parent: Domain of the task that execs (may be a deleted domain).
 * @r:      The exec's request, for the audit records' header.
 *
 * As TOMOYO, the new domain takes the parent's profile and ACL groups,
 * counts as a policy update and is logged (tlkm_log_new_domain()).
 *
 * Context: takes tlkm_policy_sem for writing.
 * Return: 0 (also when the domain exists) or the policy writer's errno.
 */
int tlkm_make_domain(const char *name, const char *parent,
		     const struct tlkm_request *r)
{
	u8 groups[TLKM_MAX_ACL_GROUPS / 8] = { 0 };
	const struct tlkm_domain *p;
	unsigned int profile = 0;
	struct tlkm_writer w;
	struct tlkm_err err;
	bool made = false;
	char line[32];
	int ret = 0;

	down_write(&tlkm_policy_sem);
	if (tlkm_find_domain(tlkm_policy, name))
		goto out;
	/* The new domain may replace (free) a deleted one of its name. */
	tlkm_domain_cache_clear();
	/* The parent may be a deleted domain that the new one replaces. */
	p = tlkm_task_domain(tlkm_policy, parent);
	if (p) {
		profile = p->profile;
		memcpy(groups, p->groups, sizeof(groups));
	}
	tlkm_writer_init(&w, tlkm_policy, TLKM_DOMAIN_POLICY);
	ret = tlkm_write_line(&w, name, strlen(name), &err);
	if (!ret && p) {
		snprintf(line, sizeof(line), "use_profile %u", profile);
		ret = tlkm_write_line(&w, line, strlen(line), &err);
		/* As TOMOYO: the new domain uses the parent's ACL groups. */
		if (!ret)
			memcpy(w.domain->groups, groups, sizeof(groups));
	}
	if (ret)
		pr_warn_ratelimited(TLKM_NAME ": cannot create domain %s: %s\n",
				    name, err.reason);
	made = !ret;
out:
	up_write(&tlkm_policy_sem);
	if (made) {
		/* As TOMOYO: a domain made by an exec is a policy update. */
		atomic_inc(&tlkm_stat.updates);
		log_new_domain(name, profile, groups, r);
	}
	return ret;
}
