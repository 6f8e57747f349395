// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_exec.c - tomoyo_lkm's exec hook and domain transitions: read an
 * exec's argv and envp, decide "file execute" and "misc env", pick the
 * next domain (tlkm_domain_new.c creates it); manual transitions through
 * self_domain.
 *
 * The policy is read under tlkm_policy_sem (read); domain creation takes
 * it for writing after dropping the read lock.
 */

#include <linux/binfmts.h>
#include <linux/cred.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "tlkm_compat.h"
#include "tlkm_domainname.h"
#include "tlkm_exec_args.h"
#include "tlkm_glue.h"
#include "tlkm_hooks.h"
#include "tlkm_req.h"
#include "tlkm_transition.h"

static int check_env(const char *domain, struct tlkm_req *q)
{
	u32 i;
	int ret = 0;

	if (!tlkm_mac_enabled(domain, TLKM_MAC_ENVIRON))
		return 0;
	ret = tlkm_req_args(q);
	if (ret)
		return ret;
	q->kind = TLKM_REQ_ENV;
	q->mac = TLKM_MAC_ENVIRON;
	q->cond = NULL;
	for (i = 0; i < q->r.envc && !ret; i++) {
		const char *s = q->r.envp[i];
		const char *eq = strchr(s, '=');
		char *name = kstrndup(s, eq ? eq - s : strlen(s), GFP_KERNEL);

		if (!name)
			return -ENOMEM;
		q->r.name[0] = name;
		ret = tlkm_decide(domain, q);
		kfree(name);
	}
	return ret;
}

/*
 * A transition failed: -EPERM when "file execute" is enforcing in @old,
 * else 0 and @old marked transition_failed.
 */
static int stay_in_domain(const char *old)
{
	struct tlkm_config cfg = { .mode = TLKM_MODE_DISABLED };
	struct tlkm_domain *d;

	/* Flags only: no domain goes, the domain cache stays. */
	down_write(&tlkm_policy_sem);
	d = tlkm_task_domain(tlkm_policy, old);
	if (d) {
		tlkm_domain_config(tlkm_policy, d, tlkm_file_mac[TLKM_FILE_EXECUTE],
				   &cfg);
		if (cfg.mode != TLKM_MODE_ENFORCING)
			d->flags |= 1U << TLKM_FLAG_TRANSITION_FAILED;
	}
	up_write(&tlkm_policy_sem);
	return cfg.mode == TLKM_MODE_ENFORCING ? -EPERM : 0;
}

/*
 * The name of the domain an exec enters from @old, allocated, or an
 * ERR_PTR(): @prog names the program (the pattern of the ACL that allowed
 * it, else the aggregated name), @transit is that ACL's preference. Sized
 * for a child of @old first, the longest name a line may hold if that is
 * too short (a named domain, or the policy changed in between).
 */
static char *next_domain_name(const char *old, const char *prog,
			      const char *transit)
{
	size_t size = strlen(old) + strlen(prog) + 3;
	char *next;
	int ret;

	for (;;) {
		next = kmalloc(size, GFP_KERNEL);
		if (!next)
			return ERR_PTR(-ENOMEM);
		down_read(&tlkm_policy_sem);
		ret = tlkm_exec_domain(tlkm_policy, old, prog, transit, next,
				       size);
		up_read(&tlkm_policy_sem);
		if (ret >= 0)
			return next;
		kfree(next);
		if (ret != -E2BIG || size >= TLKM_MAX_LINE)
			return ERR_PTR(ret);
		size = TLKM_MAX_LINE;
	}
}

/*
 * May an exec enter @next, a domain of another namespace than @old's
 * (reset_domain)? As TOMOYO: an exec never creates a domain in another
 * namespace, and once the policy is loaded it does not enter one whose
 * profile is not defined there; the exec then fails, whatever the mode.
 */
static bool may_enter(const char *next, const char *old)
{
	size_t n = tlkm_namespace_len(next);
	const struct tlkm_domain *d;
	bool ok = true;

	if (n == tlkm_namespace_len(old) && !strncmp(next, old, n))
		return true;
	down_read(&tlkm_policy_sem);
	d = tlkm_find_domain(tlkm_policy, next);
	if (!d || (tlkm_policy_loaded() &&
		   !tlkm_profile_defined(tlkm_policy, d->name, d->profile)))
		ok = false;
	up_read(&tlkm_policy_sem);
	return ok;
}

/*
 * As TOMOYO, whatever the mode: how the "file execute" ACL that allows
 * the exec names the program (its pattern, which names the next domain)
 * and its transition preference. @prog is the aggregated program name;
 * on return *@name is a copy of the name to use and *@transit a copy of
 * the preference or NULL, and @q holds whether an ACL allowed the exec
 * (tlkm_decide() takes that answer instead of checking again).
 */
static int exec_match(const char *old, struct tlkm_req *q,
		      const char *prog, char **name, char **transit)
{
	struct tlkm_exec_match m = { };
	const struct tlkm_domain *d;

	down_read(&tlkm_policy_sem);
	d = tlkm_task_domain(tlkm_policy, old);
	if (d) {
		q->allowed = tlkm_check_exec(tlkm_policy, d, &q->r, &m);
		q->checked = true;
	}
	*name = kstrdup(m.name ? m.name : prog, GFP_KERNEL);
	*transit = m.transit ? kstrdup(m.transit, GFP_KERNEL) : NULL;
	up_read(&tlkm_policy_sem);
	if (!*name || (m.transit && !*transit)) {
		kfree(*name);
		kfree(*transit);
		return -ENOMEM;
	}
	return 0;
}

/*
 * Execute permission, domain transition and environment of an exec. Its
 * strings are read first only when a condition of the policy compares
 * them; else when the environment check or a record needs them.
 */
static int do_exec(struct linux_binprm *bprm, struct tlkm_req *q,
		   const char *program, const char *realpath)
{
	const char *old = tlkm_current_domain();
	char *next = NULL, *name = NULL, *transit = NULL;
	const char *prog, *domain;
	bool read_args;
	int ret;

	down_read(&tlkm_policy_sem);
	prog = tlkm_aggregate(tlkm_policy, old, program);
	prog = prog ? kstrdup(prog, GFP_KERNEL) : NULL;
	read_args = tlkm_policy->has_exec_args;
	up_read(&tlkm_policy_sem);
	if (!prog)
		return -ENOMEM;
	q->kind = TLKM_REQ_FILE;
	q->op = TLKM_FILE_EXECUTE;
	q->mac = tlkm_file_mac[TLKM_FILE_EXECUTE];
	q->cond = NULL;
	q->bprm = bprm;
	q->r.name[0] = prog;
	q->r.in_exec = true;
	q->r.exec_realpath = realpath;
	q->r.argc = bprm->argc;
	q->r.envc = bprm->envc;
	ret = read_args ? tlkm_req_args(q) : 0;
	if (ret)
		goto out;
	/* As TOMOYO: path1 of "file execute" is the file being executed. */
	tlkm_fill_obj(q, TLKM_OBJ_PATH1, bprm->file->f_path.dentry);
	ret = exec_match(old, q, prog, &name, &transit);
	if (ret)
		goto out;
	ret = tlkm_decide(old, q);
	/* The answer was the exec's: the environment's checks are others. */
	q->checked = false;
	if (ret)
		goto out;
	next = next_domain_name(old, name, transit);
	if (IS_ERR(next)) {
		ret = PTR_ERR(next);
		next = NULL;
		goto out;
	}
	if (!may_enter(next, old)) {
		pr_warn_ratelimited(TLKM_NAME ": domain '%s' not ready\n", next);
		ret = -ENOMEM;
		goto out;
	}
	ret = tlkm_make_domain(next, old, &q->r);
	/* As TOMOYO: a preference fails the exec if it cannot be followed. */
	if (ret && transit) {
		pr_warn_ratelimited(TLKM_NAME ": domain '%s' not ready\n", next);
		ret = -ENOMEM;
		goto out;
	}
	if (ret) {
		/*
		 * No such domain can be made: only enforcing mode refuses the
		 * exec; otherwise the task stays where it is, and the domain
		 * is marked transition_failed, as TOMOYO does.
		 */
		ret = stay_in_domain(old);
		if (ret)
			goto out;
		domain = old;
	} else {
		domain = tlkm_intern(next);
		ret = -ENOMEM;
		if (!domain)
			goto out;
	}
	ret = check_env(domain, q);
	if (!ret)
		ret = tlkm_cred_set_domain(bprm->cred, domain, GFP_KERNEL);
out:
	kfree(next);
	kfree(name);
	kfree(transit);
	kfree(prog);
	return ret;
}

int hook_bprm_creds_for_exec(struct linux_binprm *bprm)
{
	char *program, *realpath;
	struct tlkm_req *q;
	int ret = -ENOMEM;

	realpath = tlkm_realpath(&bprm->file->f_path);
	program = tlkm_realpath_nofollow(bprm->filename);
	/*
	 * As this kernel's TOMOYO does: since 6.14 a name on procfs (systemd
	 * runs systemd-executor as /proc/self/fd/N with execveat()) names no
	 * program, and the file's own name is used for "file execute" and for
	 * the next domain; before, the program is "proc:/self/fd/N".
	 */
	if (TLKM_EXEC_PROC_REALPATH && program &&
	    !strncmp(program, "proc:/", 6)) {
		kfree(program);
		program = NULL;
	}
	if (!program && realpath)
		program = kstrdup(realpath, GFP_KERNEL);
	q = kzalloc(sizeof(*q), GFP_KERNEL);
	if (!realpath || !program) {
		/* No name: refused where "file execute" is enforcing. */
		ret = tlkm_no_name(tlkm_current_domain(),
				   tlkm_file_mac[TLKM_FILE_EXECUTE]);
	} else if (q) {
		tlkm_fill_task(&q->r);
		ret = do_exec(bprm, q, program, realpath);
	}
	if (q) {
		if (q->args)
			tlkm_free_args(q->args);
		kfree(q->exec_cond);
	}
	kfree(q);
	kfree(program);
	kfree(realpath);
	return ret;
}

/**
 * tlkm_manual_transition() - Move the current task to another domain
 * (a write to self_domain).
 * @name: Target domain name.
 *
 * The current domain needs "task manual_domain_transition <name>" (in
 * every mode, as TOMOYO) and the target domain must exist.
 *
 * Return: 0, -%EPERM, -%ENOENT or -%ENOMEM.
 */
int tlkm_manual_transition(const char *name)
{
	const char *old = tlkm_current_domain();
	struct tlkm_request *r;
	const struct tlkm_domain *d;
	const char *domain;
	struct cred *cred;
	bool ok = false;

	r = kzalloc(sizeof(*r), GFP_KERNEL);
	if (!r)
		return -ENOMEM;
	r->domain = name;
	down_read(&tlkm_policy_sem);
	d = tlkm_task_domain(tlkm_policy, old);
	if (tlkm_find_domain(tlkm_policy, name) && d)
		ok = tlkm_check_manual_transition(tlkm_policy, d, r);
	up_read(&tlkm_policy_sem);
	kfree(r);
	if (!ok)
		return -EPERM;
	domain = tlkm_intern(name);
	cred = prepare_creds();
	if (!domain || !cred) {
		if (cred)
			abort_creds(cred);
		return -ENOMEM;
	}
	if (tlkm_cred_set_domain(cred, domain, GFP_KERNEL)) {
		abort_creds(cred);
		return -ENOMEM;
	}
	return commit_creds(cred);
}
