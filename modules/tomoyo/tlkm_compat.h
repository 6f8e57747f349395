/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_compat.h - the kernel-version differences tomoyo_lkm's glue needs,
 * as small named wrappers. The only file with LINUX_VERSION_CODE.
 */
#ifndef _MODULES_TOMOYO_TLKM_COMPAT_H
#define _MODULES_TOMOYO_TLKM_COMPAT_H

#include <linux/fs.h>
#include <linux/mm.h>
#include <linux/mmap_lock.h>
#include <linux/rcupdate.h>
#include <linux/sched/mm.h>
#include <linux/version.h>

/**
 * tlkm_get_arg_page() - Pin one page of an exec's new stack.
 * @mm:   The new mm of the exec (bprm->mm), read-locked by the caller.
 * @addr: Address in @mm.
 *
 * Return: the page (release with put_page()), or NULL.
 */
static inline struct page *tlkm_get_arg_page(struct mm_struct *mm,
					     unsigned long addr)
{
	struct page *page = NULL;
	long got;

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 5, 0)
	got = get_user_pages_remote(mm, addr, 1, FOLL_FORCE, &page, NULL, NULL);
#else
	got = get_user_pages_remote(mm, addr, 1, FOLL_FORCE, &page, NULL);
#endif
	return got == 1 ? page : NULL;
}

/*
 * TLKM_FILE_TRUNCATE_HOOK() - The hook-table entry for file_truncate, which
 * 6.2 added for open(O_TRUNC) and ftruncate(); before, those called
 * path_truncate. Expands to nothing on older kernels.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define TLKM_FILE_TRUNCATE_HOOK(fn) LSM_SHIM_HOOK_INIT(file_truncate, fn),
#else
#define TLKM_FILE_TRUNCATE_HOOK(fn)
#endif

/*
 * TLKM_FILE_IOCTL_COMPAT_HOOK() - The hook-table entry for
 * file_ioctl_compat: since 6.8, and in the stable series that took the
 * backport, compat_sys_ioctl() (32-bit ioctl) calls only this hook, not
 * file_ioctl. Kbuild defines TLKM_HAVE_FILE_IOCTL_COMPAT when the kernel's
 * hook list has it; older kernels check 32-bit ioctls through file_ioctl.
 */
#ifdef TLKM_HAVE_FILE_IOCTL_COMPAT
#define TLKM_FILE_IOCTL_COMPAT_HOOK(fn) \
	LSM_SHIM_HOOK_INIT(file_ioctl_compat, fn),
#else
#define TLKM_FILE_IOCTL_COMPAT_HOOK(fn)
#endif

/*
 * TLKM_EXEC_PROC_REALPATH - 1 when the kernel's own TOMOYO names a program
 * run through procfs (fexecve(), execveat() of /proc/self/fd/N or
 * /dev/fd/N, as systemd runs systemd-executor) by the file's realpath,
 * 0 when it names it "proc:/self/fd/N". Mainline changed this in 6.14
 * ("tomoyo: use realpath if symlink's pathname refers to procfs"):
 * Debian's 6.1.192 and 6.12.118 have the old rule, 7.3.4 the new one.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 14, 0)
#define TLKM_EXEC_PROC_REALPATH 1
#else
#define TLKM_EXEC_PROC_REALPATH 0
#endif

/*
 * TOMOYO's learning mode writes "pipe:[\$]", "socket:[\$]" and
 * "proc:/\$/task/\$/fd/\$" patterns in place of the numbers of such names
 * (mainline 08ae2487b202 and its procfs follow-up, both in 6.15; not in
 * Debian's 6.1 and 6.12, whose TOMOYO learns the names as they are).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 15, 0)
#define TLKM_LEARN_PATTERNS 1
#else
#define TLKM_LEARN_PATTERNS 0
#endif

#endif /* _MODULES_TOMOYO_TLKM_COMPAT_H */
