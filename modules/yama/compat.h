/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - the kernel-version differences yama_lkm depends on, as named
 * wrappers. The only file of yama_lkm that tests LINUX_VERSION_CODE.
 */
#ifndef LOADABLE_LSM_YAMA_COMPAT_H
#define LOADABLE_LSM_YAMA_COMPAT_H

#include <linux/sysctl.h>
#include <linux/version.h>

/*
 * Since 6.11, proc handlers receive a const table; before 6.6, sysctl
 * tables end with an empty entry, after it the kernel takes their size.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define YAMA_CTL_TABLE const struct ctl_table
#else
#define YAMA_CTL_TABLE struct ctl_table
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#define YAMA_CTL_TABLE_END
#else
#define YAMA_CTL_TABLE_END { }
#endif

#endif /* LOADABLE_LSM_YAMA_COMPAT_H */
