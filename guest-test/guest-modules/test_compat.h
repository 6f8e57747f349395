/* SPDX-License-Identifier: GPL-2.0 */
/*
 * test_compat.h - the kernel-version differences of the test-only clients'
 * hook signatures.
 */
#ifndef LLSM_TEST_COMPAT_H
#define LLSM_TEST_COMPAT_H

#include <linux/version.h>

/* The xattr hooks take the mount's idmap from 6.3, its user_ns before. */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 3, 0)
#define LLSM_XATTR_IDMAP struct user_namespace
#else
#define LLSM_XATTR_IDMAP struct mnt_idmap
#endif

/* inode_xattr_skipcap exists from 6.11. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
#define LLSM_HAVE_XATTR_SKIPCAP
#endif

#endif /* LLSM_TEST_COMPAT_H */
