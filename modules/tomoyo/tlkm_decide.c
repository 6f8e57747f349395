// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_decide.c - decide a request against the task's domain and profile,
 * then log it, learn it or ask the query listener about it.
 *
 * The policy is read under tlkm_policy_sem (read); learning takes it for
 * writing after dropping the read lock.
 */

#include <linux/bits.h>
#include <linux/cred.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/time.h>
#include <linux/timekeeping.h>

#include "tlkm_audit_header.h"
#include "tlkm_compat.h"
#include "tlkm_glue.h"
#include "tlkm_learn.h"
#include "tlkm_req.h"

#define MAX_RETRY 10

/* Which operations @d checks: one bit per MAC index not disabled. */
static u64 checked_macs(struct tlkm_domain *d)
{
	struct tlkm_config cfg;
	unsigned int mac;
	u64 bits = 0;

	for (mac = 0; mac < TLKM_MAC_MAX; mac++)
		if (!tlkm_domain_config(tlkm_policy, d, mac, &cfg) &&
		    cfg.mode != TLKM_MODE_DISABLED)
			bits |= BIT_ULL(mac);
	return bits;
}

/**
 * tlkm_mac_enabled_locked() - tlkm_mac_enabled() when the modes of a
 * domain are not remembered: read them from the policy and remember them.
 * @domain: Interned domain name of the task.
 * @mac:    Index into tlkm_mac_names[], below %TLKM_MAC_MAX.
 *
 * Return: true unless @mac is disabled in @domain or @domain is unknown.
 */
bool tlkm_mac_enabled_locked(const char *domain, unsigned int mac)
{
	struct tlkm_domain *d;
	u64 bits;

	down_read(&tlkm_policy_sem);
	d = tlkm_domain_of(domain);
	/* An unknown domain checks nothing until a policy change makes it. */
	bits = d ? checked_macs(d) : 0;
	tlkm_modes_fill(domain, bits);
	up_read(&tlkm_policy_sem);
	return bits & BIT_ULL(mac);
}

/**
 * tlkm_no_name() - Answer a request whose name cannot be built.
 * @domain: Domain name of the task.
 * @mac:    Index into tlkm_mac_names[].
 *
 * The name is longer than tlkm_realpath() handles, or there is no memory:
 * as in TOMOYO, the operation goes on unchecked unless it is enforcing.
 *
 * Return: -%ENOMEM when @mac is enforcing in @domain, else 0.
 */
int tlkm_no_name(const char *domain, unsigned int mac)
{
	struct tlkm_config cfg = { .mode = TLKM_MODE_DISABLED };
	struct tlkm_domain *d;

	down_read(&tlkm_policy_sem);
	d = tlkm_domain_of(domain);
	if (d)
		tlkm_domain_config(tlkm_policy, d, mac, &cfg);
	up_read(&tlkm_policy_sem);
	return cfg.mode == TLKM_MODE_ENFORCING ? -ENOMEM : 0;
}

static bool run_check(const struct tlkm_domain *d, const struct tlkm_req *q)
{
	switch (q->kind) {
	case TLKM_REQ_FILE:
		return tlkm_check_file(tlkm_policy, d, q->op, &q->r);
	case TLKM_REQ_INET:
		return tlkm_check_inet(tlkm_policy, d, q->protocol, q->op,
				       &q->r);
	case TLKM_REQ_UNIX:
		return tlkm_check_unix(tlkm_policy, d, q->protocol, q->op,
				       &q->r);
	default:
		return tlkm_check_env(tlkm_policy, d, &q->r);
	}
}

/**
 * tlkm_fill_task() - Fill in the current task's ids and pids.
 * @r: Request whose task attributes are set.
 */
void tlkm_fill_task(struct tlkm_request *r)
{
	const struct cred *c = current_cred();

	r->uid = from_kuid(&init_user_ns, c->uid);
	r->euid = from_kuid(&init_user_ns, c->euid);
	r->suid = from_kuid(&init_user_ns, c->suid);
	r->fsuid = from_kuid(&init_user_ns, c->fsuid);
	r->gid = from_kgid(&init_user_ns, c->gid);
	r->egid = from_kgid(&init_user_ns, c->egid);
	r->sgid = from_kgid(&init_user_ns, c->sgid);
	r->fsgid = from_kgid(&init_user_ns, c->fsgid);
	r->pid = task_tgid_vnr(current);
	r->ppid = task_tgid_vnr(rcu_access_pointer(current->real_parent));
}

/**
 * tlkm_print_header() - Print the first line of an audit record.
 * @b:       Buffer to append to.
 * @profile: Profile number of the domain.
 * @mode:    enum tlkm_mode of the operation.
 * @granted: Whether the request was granted.
 * @r:       Request whose task attributes are printed.
 *
 * "#YYYY/MM/DD hh:mm:ss# profile=N mode=M granted=G (global-pid=P)
 * task={ ... }", without a newline: what the request's objects add to the
 * line follows (tlkm_print_obj_attrs(), tlkm_print_exec_info()).
 */
void tlkm_print_header(struct tlkm_buf *b, unsigned int profile,
		       unsigned int mode, bool granted,
		       const struct tlkm_request *r)
{
	struct tm tm;
	char tmp[320];

	time64_to_tm(ktime_get_real_seconds(), 0, &tm);
	snprintf(tmp, sizeof(tmp),
		 "#%04ld/%02d/%02d %02d:%02d:%02d# profile=%u mode=%s granted=%s (global-pid=%d) task={ pid=%u ppid=%u uid=%u gid=%u euid=%u egid=%u suid=%u sgid=%u fsuid=%u fsgid=%u }",
		 tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
		 tm.tm_min, tm.tm_sec, profile, tlkm_mode_keywords[mode],
		 granted ? "yes" : "no", task_pid_nr(current), r->pid, r->ppid,
		 r->uid, r->gid, r->euid, r->egid, r->suid, r->sgid, r->fsuid,
		 r->fsgid);
	tlkm_buf_puts(b, tmp);
}

/*
 * Add the ACL of a refused request to a domain (learning mode). Like
 * TOMOYO, the learned line carries the request's condition (an exec's
 * realpath and argv[0]) where the audit record shows the bare ACL.
 */
static void learn(const char *domain, const char *acl, size_t len,
		  const char *cond, u32 max)
{
	struct tlkm_acl_entry *e;
	struct tlkm_writer w;
	struct tlkm_domain *d;
	struct tlkm_err err;
	char *line = NULL, *pat = NULL;
	u32 n = 0;

	/* As TOMOYO on this kernel: volatile numbers are learned as "\$". */
	if (TLKM_LEARN_PATTERNS) {
		pat = tlkm_learn_patternize(acl, len);
		if (!pat)
			return;
		acl = pat;
		len = strlen(pat);
	}
	if (cond) {
		line = kasprintf(GFP_KERNEL, "%.*s %s", (int)len, acl, cond);
		if (!line) {
			kfree(pat);
			return;
		}
		acl = line;
		len = strlen(line);
	}

	down_write(&tlkm_policy_sem);
	tlkm_domain_cache_clear();
	d = tlkm_find_domain(tlkm_policy, domain);
	if (!d)
		goto out;
	for (e = d->acls; e; e = e->next)
		n++;
	if (n >= max) {
		d->flags |= 1U << TLKM_FLAG_QUOTA_EXCEEDED;
		goto out;
	}
	tlkm_writer_init(&w, tlkm_policy, TLKM_DOMAIN_POLICY);
	w.domain = d;
	if (!tlkm_write_line(&w, acl, len, &err))
		atomic_inc(&tlkm_stat.updates);
	else
		pr_warn_ratelimited(TLKM_NAME ": learning mode cannot add '%s': %s\n", acl,
				    err.reason);
out:
	up_write(&tlkm_policy_sem);
	kfree(line);
	kfree(pat);
}

/*
 * The slow part of a decision, when it is logged: the audit record, what
 * learning mode adds, the query. Returns 0, -EPERM, or -EAGAIN when a
 * query listener asked to retry.
 */
static int report(const char *domain, const struct tlkm_req *q,
		  unsigned int profile, const struct tlkm_config *cfg, bool ok,
		  unsigned int retry)
{
	const size_t size = 2 * TLKM_MAX_LINE + TLKM_BPRM_INFO_SIZE + 1024;
	size_t acl_at, acl_len;
	struct tlkm_buf b;
	char *text;
	int answer;

	text = kmalloc(size, GFP_KERNEL);
	if (!text)
		return ok ? 0 : -ENOMEM;
	tlkm_buf_init(&b, text, size);
	tlkm_print_header(&b, profile, cfg->mode, ok, &q->r);
	tlkm_print_obj_attrs(&b, &q->r);
	tlkm_print_exec_info(&b, &q->r);
	tlkm_buf_putc(&b, '\n');
	tlkm_buf_puts(&b, domain);
	tlkm_buf_putc(&b, '\n');
	acl_at = b.len;
	tlkm_learn_acl(&b, q->kind, q->op, q->protocol, &q->r);
	acl_len = b.len - acl_at;
	tlkm_buf_putc(&b, '\n');
	if (b.overflow) {
		kfree(text);
		return ok ? 0 : -EPERM;
	}
	if (ok || cfg->reject_log)
		tlkm_audit_add(text, b.len, cfg->max_audit_log);
	if (ok) {
		kfree(text);
		return 0;
	}
	atomic_inc(&tlkm_stat.violations[cfg->mode - 1]);
	if (cfg->mode == TLKM_MODE_LEARNING) {
		text[acl_at + acl_len] = '\0';
		learn(domain, text + acl_at, acl_len, q->cond,
		      cfg->max_learning_entry);
	}
	if (cfg->mode != TLKM_MODE_ENFORCING) {
		kfree(text);
		return 0;
	}
	answer = tlkm_query_ask(text, domain, retry);
	kfree(text);
	if (answer == 3 && retry < MAX_RETRY)
		return -EAGAIN;
	return answer == 1 ? 0 : -EPERM;
}

/**
 * tlkm_decide() - Decide a request, then log, learn or ask about it.
 * @domain: Domain name of the task.
 * @q:      The request; its task attributes are filled in when needed.
 *
 * Learning and permissive modes never refuse. A granted request that is
 * not logged allocates nothing.
 *
 * Return: 0 when the request may go on, or
 * - %EPERM: refused in enforcing mode;
 * - %ENOMEM: refused, and no memory to log it.
 */
int tlkm_decide(const char *domain, struct tlkm_req *q)
{
	bool task_filled = false;
	struct tlkm_config cfg;
	struct tlkm_domain *d;
	unsigned int profile, retry = 0;
	bool ok;
	int ret;

	do {
		down_read(&tlkm_policy_sem);
		d = tlkm_domain_of(domain);
		if (!d) {
			up_read(&tlkm_policy_sem);
			return 0;
		}
		profile = d->profile;
		tlkm_domain_config(tlkm_policy, d, q->mac, &cfg);
		/*
		 * As TOMOYO: a disabled operation is neither checked nor
		 * logged, whatever its grant_log says.
		 */
		if (cfg.mode == TLKM_MODE_DISABLED) {
			up_read(&tlkm_policy_sem);
			return 0;
		}
		/* The task's ids: for conditions, or for the log below. */
		if (tlkm_policy->has_conditions && !task_filled) {
			tlkm_fill_task(&q->r);
			task_filled = true;
		}
		/*
		 * An exec was checked under the lock just before; a retry
		 * after a query checks the policy as the answer left it.
		 */
		ok = q->checked && !retry ? q->allowed : run_check(d, q);
		/* Logging and learning need the preferences too. */
		if (!ok || cfg.grant_log)
			tlkm_profile_config(tlkm_policy, domain, profile,
					    q->mac, &cfg);
		up_read(&tlkm_policy_sem);
		if (ok && !cfg.grant_log)
			return 0;
		if (!task_filled) {
			tlkm_fill_task(&q->r);
			task_filled = true;
		}
		/* The record's header describes the files too. */
		tlkm_fill_objs(q);
		/* An exec's record prints its strings: read them now. */
		if (q->r.in_exec && tlkm_exec_report_prep(q))
			return -ENOMEM;
		ret = report(domain, q, profile, &cfg, ok, retry++);
	} while (ret == -EAGAIN);
	return ret;
}

