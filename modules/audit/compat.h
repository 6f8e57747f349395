/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - the kernel-version differences audit_lkm depends on, as named
 * wrappers. The only file of audit_lkm that tests LINUX_VERSION_CODE.
 */
#ifndef LOADABLE_LSM_AUDIT_COMPAT_H
#define LOADABLE_LSM_AUDIT_COMPAT_H

#include <linux/fs.h>
#include <linux/mm_types.h>
#include <linux/rcupdate.h>
#include <linux/version.h>

/**
 * alkm_get_exe_file - a reference to the executable of @mm, or NULL.
 * @mm: the memory map (current->mm).
 *
 * Safe in atomic context. get_mm_exe_file() is not exported; before 6.7
 * get_file_rcu() is a macro on the file, since then an exported function
 * on the pointer to it.
 *
 * Return: the file, to be put with fput(), or NULL.
 */
static inline struct file *alkm_get_exe_file(struct mm_struct *mm)
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

#endif /* LOADABLE_LSM_AUDIT_COMPAT_H */
