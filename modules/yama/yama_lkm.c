// SPDX-License-Identifier: GPL-2.0
/*
 * yama_lkm.c - Yama's ptrace restrictions as a loadable client of lsm_shim.
 *
 * The semantics are those of the kernel's built-in Yama
 * (Documentation/admin-guide/LSM/Yama.rst): ptrace_scope 0 (classic),
 * 1 (restricted to descendants, declared tracers and CAP_SYS_PTRACE in the
 * target's user namespace), 2 (CAP_SYS_PTRACE only), 3 (no attach, and the
 * scope can never be lowered again). The knob is kernel.yama_lkm.ptrace_scope,
 * since the built-in Yama owns kernel/yama. Both may be active at once: each
 * denies on its own, so the stricter one wins.
 *
 * Differences from the built-in Yama, because what it calls is not exported
 * to modules:
 * - The capability of a traceme parent (scope 2) is checked with the
 *   capability rule of commoncap applied to the parent's credentials (see
 *   task_has_ns_capability()); has_ns_capability() also asks the other LSMs'
 *   capable hooks.
 * - The denial notice names processes by comm, not by command line
 *   (get_cmdline() is not exported), and is printed at once instead of from
 *   a task_work callback, which could outlive this module.
 * - Relations declared with PR_SET_PTRACER before the module loaded are not
 *   known to it.
 */
#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/capability.h>
#include <linux/cred.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/pid.h>
#include <linux/prctl.h>
#include <linux/ptrace.h>
#include <linux/rculist.h>
#include <linux/sched.h>
#include <linux/sched/signal.h>
#include <linux/sched/task.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/sysctl.h>
#include <linux/uidgid.h>
#include <linux/user_namespace.h>
#include <linux/workqueue.h>

#include "lsm_shim.h"
#include "compat.h"

#define YAMA_LKM_SCOPE_DISABLED		0
#define YAMA_LKM_SCOPE_RELATIONAL	1
#define YAMA_LKM_SCOPE_CAPABILITY	2
#define YAMA_LKM_SCOPE_NO_ATTACH	3

static int ptrace_scope = YAMA_LKM_SCOPE_RELATIONAL;
/*
 * The scope at load time, so that a boot configuration (modprobe.d or
 * loadable-lsm's modules.conf) can set it; the sysctl changes it later.
 */
module_param(ptrace_scope, int, 0444);
MODULE_PARM_DESC(ptrace_scope,
		 "ptrace scope at load: 0 classic, 1 relational (default), 2 capability, 3 no attach");

/*
 * struct ptrace_relation - a tracer declared with PR_SET_PTRACER.
 * @tracer: the declared tracer, or NULL for PR_SET_PTRACER_ANY.
 * @tracee: the thread-group leader that declared it.
 * @invalid: set when either task is freed; the entry is then skipped and
 *           removed by relations_cleanup().
 * @node: entry of the relations list (RCU for readers, relations_lock for
 *        writers).
 * @rcu: frees the entry after readers are done.
 *
 * No reference is held on either task: task_free marks the entry invalid
 * before the task_struct goes away.
 */
struct ptrace_relation {
	struct task_struct *tracer;
	struct task_struct *tracee;
	bool invalid;
	struct list_head node;
	struct rcu_head rcu;
};

static LIST_HEAD(relations);
static DEFINE_SPINLOCK(relations_lock);

static void relations_cleanup(struct work_struct *work);
static DECLARE_WORK(relations_work, relations_cleanup);

/* Removes the entries task_free marked invalid; runs in process context. */
static void relations_cleanup(struct work_struct *work)
{
	struct ptrace_relation *relation, *next;

	spin_lock(&relations_lock);
	list_for_each_entry_safe(relation, next, &relations, node) {
		if (READ_ONCE(relation->invalid)) {
			list_del_rcu(&relation->node);
			kfree_rcu(relation, rcu);
		}
	}
	spin_unlock(&relations_lock);
}

/*
 * Declares @tracer (NULL: any process) as the one tracer of @tracee,
 * replacing an earlier declaration.
 */
static int relation_add(struct task_struct *tracer, struct task_struct *tracee)
{
	struct ptrace_relation *relation, *added;

	added = kmalloc(sizeof(*added), GFP_KERNEL);
	if (!added)
		return -ENOMEM;
	added->tracer = tracer;
	added->tracee = tracee;
	added->invalid = false;

	spin_lock(&relations_lock);
	list_for_each_entry(relation, &relations, node) {
		if (!READ_ONCE(relation->invalid) && relation->tracee == tracee) {
			list_replace_rcu(&relation->node, &added->node);
			kfree_rcu(relation, rcu);
			goto out;
		}
	}
	list_add_rcu(&added->node, &relations);
out:
	spin_unlock(&relations_lock);
	return 0;
}

/*
 * Invalidates the relations of @tracee and, when @tracer is not NULL, those
 * naming @tracer. Takes no lock, so that task_free may call it from any
 * context; the entries are removed later by relations_cleanup().
 */
static void relation_del(struct task_struct *tracer, struct task_struct *tracee)
{
	struct ptrace_relation *relation;
	bool marked = false;

	rcu_read_lock();
	list_for_each_entry_rcu(relation, &relations, node) {
		if (READ_ONCE(relation->invalid))
			continue;
		if (relation->tracee == tracee ||
		    (tracer && relation->tracer == tracer)) {
			WRITE_ONCE(relation->invalid, true);
			marked = true;
		}
	}
	rcu_read_unlock();
	if (marked)
		schedule_work(&relations_work);
}

/* Whether @ancestor's thread group is @task's or one of its ancestors'. */
static bool task_is_descendant(struct task_struct *ancestor,
			       struct task_struct *task)
{
	struct task_struct *walker = task;
	bool found = false;

	if (!ancestor || !task)
		return false;
	rcu_read_lock();
	if (!thread_group_leader(ancestor))
		ancestor = rcu_dereference(ancestor->group_leader);
	while (walker->pid > 0) {
		if (!thread_group_leader(walker))
			walker = rcu_dereference(walker->group_leader);
		if (walker == ancestor) {
			found = true;
			break;
		}
		walker = rcu_dereference(walker->real_parent);
	}
	rcu_read_unlock();
	return found;
}

/*
 * Whether @tracer may attach to @tracee by exception: it already traces
 * @tracee (so that process_vm_* keep working on a traced child), or @tracee
 * declared @tracer, one of its ancestors, or any process with PR_SET_PTRACER.
 */
static bool ptracer_exception_found(struct task_struct *tracer,
				    struct task_struct *tracee)
{
	struct ptrace_relation *relation;
	struct task_struct *declared = NULL;
	struct task_struct *parent;
	bool found = false;

	rcu_read_lock();
	parent = ptrace_parent(tracee);
	if (parent && same_thread_group(parent, tracer)) {
		rcu_read_unlock();
		return true;
	}
	if (!thread_group_leader(tracee))
		tracee = rcu_dereference(tracee->group_leader);
	list_for_each_entry_rcu(relation, &relations, node) {
		if (READ_ONCE(relation->invalid))
			continue;
		if (relation->tracee == tracee) {
			declared = relation->tracer;
			found = true;
			break;
		}
	}
	if (found && declared)
		found = task_is_descendant(declared, tracer);
	rcu_read_unlock();
	return found;
}

/*
 * Whether credentials @cred hold @cap over user namespace @ns: the rule of
 * commoncap's cap_capable(). The capability counts in @ns and in every
 * namespace below the credentials' own; the owner of a namespace created in
 * the credentials' namespace has every capability in it.
 */
static bool cred_has_ns_capability(const struct cred *cred,
				   struct user_namespace *ns, int cap)
{
	for (;;) {
		if (ns == cred->user_ns)
			return cap_raised(cred->cap_effective, cap);
		if (ns->level <= cred->user_ns->level)
			return false;
		if (ns->parent == cred->user_ns && uid_eq(ns->owner, cred->euid))
			return true;
		ns = ns->parent;
	}
}

/*
 * Exported stand-in for has_ns_capability(), which is not exported: the
 * capability rule only, without the capable hooks of other LSMs (AppArmor,
 * SELinux) and, like has_ns_capability(), without an audit record.
 */
static bool task_has_ns_capability(struct task_struct *task,
				   struct user_namespace *ns, int cap)
{
	bool ret;

	rcu_read_lock();
	ret = cred_has_ns_capability(__task_cred(task), ns, cap);
	rcu_read_unlock();
	return ret;
}

/*
 * Exported stand-in for find_get_task_by_vpid(): the same lookup in the
 * caller's pid namespace, with a reference the caller puts.
 */
static struct task_struct *get_task_by_vpid(pid_t nr)
{
	struct task_struct *task;

	rcu_read_lock();
	task = get_pid_task(find_vpid(nr), PIDTYPE_PID);
	rcu_read_unlock();
	return task;
}

/* The rate-limited notice of a denied attach or traceme. */
static void report_access(const char *access, struct task_struct *target,
			  struct task_struct *agent)
{
	pr_notice_ratelimited("ptrace %s of \"%s\"[%d] was attempted by \"%s\"[%d]\n",
			      access, target->comm, task_pid_nr(target),
			      agent->comm, task_pid_nr(agent));
}

/* Whether current holds CAP_SYS_PTRACE in @child's user namespace. */
static bool ptrace_capable_over(struct task_struct *child)
{
	return ns_capable(__task_cred(child)->user_ns, CAP_SYS_PTRACE);
}

static int hook_ptrace_access_check(struct task_struct *child,
				    unsigned int mode)
{
	int rc = 0;

	/* Only attaching is restricted; reads (ps, /proc) are not. */
	if (!(mode & PTRACE_MODE_ATTACH))
		return 0;

	switch (READ_ONCE(ptrace_scope)) {
	case YAMA_LKM_SCOPE_DISABLED:
		break;
	case YAMA_LKM_SCOPE_RELATIONAL:
		rcu_read_lock();
		if (!pid_alive(child) ||
		    (!task_is_descendant(current, child) &&
		     !ptracer_exception_found(current, child) &&
		     !ptrace_capable_over(child)))
			rc = -EPERM;
		rcu_read_unlock();
		break;
	case YAMA_LKM_SCOPE_CAPABILITY:
		rcu_read_lock();
		if (!ptrace_capable_over(child))
			rc = -EPERM;
		rcu_read_unlock();
		break;
	default:
		rc = -EPERM;
		break;
	}

	if (rc && !(mode & PTRACE_MODE_NOAUDIT))
		report_access("attach", child, current);
	return rc;
}

static int hook_ptrace_traceme(struct task_struct *parent)
{
	int rc = 0;

	/* Scopes 0 and 1 leave PTRACE_TRACEME alone. */
	switch (READ_ONCE(ptrace_scope)) {
	case YAMA_LKM_SCOPE_CAPABILITY:
		if (!task_has_ns_capability(parent, current_user_ns(),
					    CAP_SYS_PTRACE))
			rc = -EPERM;
		break;
	case YAMA_LKM_SCOPE_NO_ATTACH:
		rc = -EPERM;
		break;
	}

	if (rc)
		report_access("traceme", current, parent);
	return rc;
}

/* PR_SET_PTRACER: declare @arg2 (a pid, 0 or PR_SET_PTRACER_ANY). */
static int set_ptracer(unsigned long arg2)
{
	struct task_struct *myself, *tracer;
	int rc = 0;

	/* Relations are per process: kept on the thread-group leader. */
	rcu_read_lock();
	myself = current;
	if (!thread_group_leader(myself))
		myself = rcu_dereference(myself->group_leader);
	get_task_struct(myself);
	rcu_read_unlock();

	if (arg2 == 0) {
		relation_del(NULL, myself);
	} else if (arg2 == PR_SET_PTRACER_ANY || (int)arg2 == -1) {
		rc = relation_add(NULL, myself);
	} else {
		tracer = get_task_by_vpid(arg2);
		if (!tracer) {
			rc = -EINVAL;
		} else {
			rc = relation_add(tracer, myself);
			put_task_struct(tracer);
		}
	}
	put_task_struct(myself);
	return rc;
}

static int hook_task_prctl(int option, unsigned long arg2, unsigned long arg3,
			   unsigned long arg4, unsigned long arg5)
{
	/* -ENOSYS: not ours, the kernel asks the other LSMs. */
	if (option != PR_SET_PTRACER)
		return -ENOSYS;
	return set_ptracer(arg2);
}

static void hook_task_free(struct task_struct *task)
{
	relation_del(task, task);
}

/*
 * task_free comes first, so that no relation can outlive its task while the
 * other hooks are being attached or detached.
 */
static const struct lsm_shim_hook yama_hooks[] = {
	LSM_SHIM_HOOK_INIT(task_free, hook_task_free),
	LSM_SHIM_HOOK_INIT(ptrace_access_check, hook_ptrace_access_check),
	LSM_SHIM_HOOK_INIT(ptrace_traceme, hook_ptrace_traceme),
	LSM_SHIM_HOOK_INIT(task_prctl, hook_task_prctl),
};

static const struct lsm_shim_lsm yama_lsm = {
	.name = "yama_lkm",
	.hooks = yama_hooks,
	.nr_hooks = ARRAY_SIZE(yama_hooks),
	.owner = THIS_MODULE,
};

/*
 * Writes need CAP_SYS_PTRACE; once the scope is at its maximum, the minimum
 * is raised to it, so that it can never be lowered again.
 */
static int scope_dointvec_minmax(YAMA_CTL_TABLE *table, int write,
				 void *buffer, size_t *lenp, loff_t *ppos)
{
	struct ctl_table table_copy;

	if (write && !capable(CAP_SYS_PTRACE))
		return -EPERM;

	table_copy = *table;
	if (*(int *)table_copy.data == *(int *)table_copy.extra2)
		table_copy.extra1 = table_copy.extra2;
	return proc_dointvec_minmax(&table_copy, write, buffer, lenp, ppos);
}

static int max_scope = YAMA_LKM_SCOPE_NO_ATTACH;

static struct ctl_table yama_sysctl_table[] = {
	{
		.procname = "ptrace_scope",
		.data = &ptrace_scope,
		.maxlen = sizeof(int),
		.mode = 0644,
		.proc_handler = scope_dointvec_minmax,
		.extra1 = SYSCTL_ZERO,
		.extra2 = &max_scope,
	},
	YAMA_CTL_TABLE_END
};

static struct ctl_table_header *yama_sysctl;

static void relations_free_all(void)
{
	struct ptrace_relation *relation, *next;

	spin_lock(&relations_lock);
	list_for_each_entry_safe(relation, next, &relations, node) {
		list_del_rcu(&relation->node);
		kfree_rcu(relation, rcu);
	}
	spin_unlock(&relations_lock);
}

static int __init yama_lkm_init(void)
{
	int rc;

	if (ptrace_scope < YAMA_LKM_SCOPE_DISABLED ||
	    ptrace_scope > YAMA_LKM_SCOPE_NO_ATTACH) {
		pr_err("ptrace_scope=%d is out of range: use 0 (classic), 1 (relational), 2 (capability) or 3 (no attach); not loaded\n",
		       ptrace_scope);
		return -EINVAL;
	}
	yama_sysctl = register_sysctl("kernel/yama_lkm", yama_sysctl_table);
	if (!yama_sysctl)
		return -ENOMEM;
	rc = lsm_shim_register(&yama_lsm);
	if (rc) {
		unregister_sysctl_table(yama_sysctl);
		return rc;
	}
	pr_info("ptrace_scope %d\n", ptrace_scope);
	return 0;
}

static void __exit yama_lkm_exit(void)
{
	/* After this no hook runs, so nothing adds or marks relations. */
	lsm_shim_unregister(&yama_lsm);
	unregister_sysctl_table(yama_sysctl);
	cancel_work_sync(&relations_work);
	relations_free_all();
}

module_init(yama_lkm_init);
module_exit(yama_lkm_exit);
MODULE_DESCRIPTION("Yama ptrace restrictions, loadable through lsm_shim");
MODULE_LICENSE("GPL");
