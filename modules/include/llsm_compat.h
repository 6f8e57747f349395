/* SPDX-License-Identifier: GPL-2.0 */
/*
 * llsm_compat.h - kernel-version wrappers that more than one client of the
 * shim needs. Each module's own differences stay in its compat header.
 */
#ifndef LOADABLE_LSM_LLSM_COMPAT_H
#define LOADABLE_LSM_LLSM_COMPAT_H

#include <linux/fs.h>
#include <linux/mm_types.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

/**
 * llsm_get_exe_file - a reference to the executable of @mm, or NULL.
 * @mm: the memory map (current->mm), or NULL for kernel threads.
 *
 * Does what get_mm_exe_file() does, which is not exported, with exported
 * API; safe in atomic context. Before 6.7 get_file_rcu() takes the file,
 * since then the pointer to it.
 *
 * Return: the file, to be put with fput(), or NULL.
 */
static inline struct file *llsm_get_exe_file(struct mm_struct *mm)
{
	struct file *exe;

	if (!mm)
		return NULL;
	rcu_read_lock();
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 7, 0)
	exe = get_file_rcu(&mm->exe_file);
#else
	exe = rcu_dereference(mm->exe_file);
	if (exe && !get_file_rcu(exe))
		exe = NULL;
#endif
	rcu_read_unlock();
	return exe;
}

#endif /* LOADABLE_LSM_LLSM_COMPAT_H */
