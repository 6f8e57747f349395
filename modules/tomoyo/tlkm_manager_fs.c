// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_manager_fs.c - who may change the policy: the manager file's list,
 * the policy loader, and the check every policy write makes.
 */

#include <linux/cred.h>
#include <linux/file.h>
#include <linux/list.h>
#include <linux/pid.h>
#include <linux/sched.h>
#include <linux/slab.h>

#include "llsm_compat.h"
#include "tlkm_fs_int.h"
#include "tlkm_glue.h"
#include "tlkm_manager.h"
#include "tlkm_path.h"
#include "tlkm_policy.h"

/**
 * struct tlkm_manager - One line of the manager file.
 * @list: Link in the manager list.
 * @name: A domain name ("<kernel> ...") or a program's path name.
 */
struct tlkm_manager {
	struct list_head list;
	char *name;
};

static LIST_HEAD(managers);
/*
 * The process that put the first entry into the manager list: it may go on
 * writing until it exits, as TOMOYO's policy loader may (tomoyo-init writes
 * manager.conf first, then the other files).
 */
static struct pid *loader;
/* The manager list received an entry once: TOMOYO's "policy loaded". */
static bool activated;
/* "manage_by_non_root" was written to the manager file. */
static bool manage_by_non_root;

/**
 * tlkm_dump_managers() - Print the manager list into a snapshot.
 * @s: The snapshot, a line for each entry (tlkm_emit_line()).
 *
 * Context: the caller holds tlkm_policy_sem (read).
 * Return: 0, or -%ENOMEM.
 */
int tlkm_dump_managers(struct snap *s)
{
	struct tlkm_manager *m;
	int ret = 0;

	list_for_each_entry(m, &managers, list) {
		ret = tlkm_emit_line(s, m->name, strlen(m->name));
		if (ret)
			break;
	}
	return ret;
}

static const char *exe_is_manager(void)
{
	struct tlkm_manager *m;
	struct file *exe = llsm_get_exe_file(current->mm);
	char *name;
	const char *found = NULL;

	if (!exe)
		return NULL;
	name = tlkm_realpath(&exe->f_path);
	fput(exe);
	if (!name)
		return NULL;
	list_for_each_entry(m, &managers, list)
		if (!strcmp(m->name, name))
			found = m->name;
	kfree(name);
	return found;
}

/**
 * tlkm_manager_ok() - May the current task change the policy?
 *
 * tlkm_manager_rule(): before the policy is activated (the manager list
 * received its first entry) any root task may, and so may the process
 * that activated it (the policy loader, until it exits); after that only
 * tasks whose program or domain is listed, as in TOMOYO, also when the
 * list has been emptied again.
 *
 * Context: process context; the caller holds tlkm_policy_sem (read).
 * Return: true if the task may write policy.
 */
bool tlkm_manager_ok(void)
{
	struct tlkm_manager_state s = {
		.activated = activated,
		.non_root = manage_by_non_root,
		.is_loader = loader && task_tgid(current) == loader,
		.uid_root = uid_eq(current_uid(), GLOBAL_ROOT_UID),
		.euid_root = uid_eq(current_euid(), GLOBAL_ROOT_UID),
	};
	const char *domain;
	struct tlkm_manager *m;

	if (!s.activated || s.is_loader ||
	    (!s.non_root && (!s.uid_root || !s.euid_root)))
		return tlkm_manager_rule(&s);
	domain = tlkm_current_domain();
	list_for_each_entry(m, &managers, list)
		if (!strcmp(m->name, domain))
			s.listed = true;
	if (!s.listed)
		s.listed = exe_is_manager();
	return tlkm_manager_rule(&s);
}

/**
 * tlkm_write_manager() - Apply one line written to the manager file.
 * @line: A domain name, a program's path name or "manage_by_non_root",
 *        each optionally after "delete ".
 * @len:  Length of @line.
 * @err:  Why the line was refused.
 *
 * The first entry ever added activates the policy, and its writer becomes
 * the policy loader.
 *
 * Context: the caller holds tlkm_policy_sem (write).
 * Return: 0, or a negative errno (-%ENOENT: no such manager to delete).
 */
int tlkm_write_manager(const char *line, size_t len, struct tlkm_err *err)
{
	struct tlkm_line *l = kmalloc(sizeof(*l), GFP_KERNEL);
	bool is_delete = len > 7 && !strncmp(line, "delete ", 7);
	struct tlkm_manager *m, *tmp;
	char *name = NULL;
	int ret;

	if (!l)
		return -ENOMEM;
	if (is_delete) {
		line += 7;
		len -= 7;
	}
	if (len == 18 && !memcmp(line, "manage_by_non_root", 18)) {
		kfree(l);
		manage_by_non_root = !is_delete;
		return 0;
	}
	if (len && line[0] == '<') {
		ret = tlkm_parse_line(TLKM_DOMAIN_POLICY, line, len, l, err);
		if (!ret && l->kind != TLKM_LINE_DOMAIN)
			ret = tlkm_fail(err, -EINVAL, "not a domain name", NULL,
					0, NULL);
		if (!ret) {
			name = l->str1;
			l->str1 = NULL;
		}
		tlkm_line_destroy(l);
	} else {
		ret = tlkm_check_word(line, len, TLKM_WORD_ABSOLUTE, err);
		if (!ret && memchr(line, ' ', len))
			ret = tlkm_fail(err, -EINVAL, "one program per line",
					NULL, 0, NULL);
		if (!ret)
			name = kmemdup_nul(line, len, GFP_KERNEL);
	}
	kfree(l);
	if (ret)
		return ret;
	if (!name)
		return -ENOMEM;
	list_for_each_entry_safe(m, tmp, &managers, list) {
		if (strcmp(m->name, name))
			continue;
		if (is_delete) {
			list_del(&m->list);
			kfree(m->name);
			kfree(m);
		}
		kfree(name);
		return 0;
	}
	if (is_delete) {
		kfree(name);
		return tlkm_fail(err, -ENOENT, "no such manager", NULL, 0, NULL);
	}
	m = kmalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		kfree(name);
		return -ENOMEM;
	}
	m->name = name;
	if (!activated) {
		activated = true;
		loader = get_pid(task_tgid(current));
	}
	list_add_tail(&m->list, &managers);
	return 0;
}

/**
 * tlkm_policy_loaded() - Does the policy count as loaded?
 *
 * TOMOYO's "activated": once the manager list received an entry, for
 * every task but the policy loader.
 *
 * Context: the caller holds tlkm_policy_sem.
 * Return: true once loaded.
 */
bool tlkm_policy_loaded(void)
{
	return activated && task_tgid(current) != loader;
}


/**
 * tlkm_manager_fs_exit() - Free the manager list and forget the loader.
 *
 * Afterwards the policy counts as not activated, as before the first
 * manager entry.
 */
void tlkm_manager_fs_exit(void)
{
	struct tlkm_manager *m, *tmp;

	list_for_each_entry_safe(m, tmp, &managers, list) {
		list_del(&m->list);
		kfree(m->name);
		kfree(m);
	}
	put_pid(loader);
	loader = NULL;
	activated = false;
	manage_by_non_root = false;
}
