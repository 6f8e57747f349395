/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_mount.h - how TOMOYO reads a mount(2) call: the type word of
 * "file mount" and the flags left beside it.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_MOUNT_H
#define _MODULES_TOMOYO_CORE_TLKM_MOUNT_H

#include "tlkm_portable.h"

/* The mount(2) flags TOMOYO turns into a type word (uapi/linux/mount.h). */
#define TLKM_MS_REMOUNT		32UL
#define TLKM_MS_BIND		4096UL
#define TLKM_MS_MOVE		8192UL
#define TLKM_MS_UNBINDABLE	(1UL << 17)
#define TLKM_MS_PRIVATE		(1UL << 18)
#define TLKM_MS_SLAVE		(1UL << 19)
#define TLKM_MS_SHARED		(1UL << 20)

/* What the device argument of a mount is, by its type word. */
enum tlkm_mount_dev {
	TLKM_MOUNT_DEV_IGNORED,	/* --remount, --make-*: the string as given */
	TLKM_MOUNT_DEV_DIR,	/* --bind, --move: a path, resolved */
	TLKM_MOUNT_DEV_FSTYPE,	/* resolved if the filesystem needs a device */
};

int tlkm_mount_request(unsigned long flags, const char *type,
		       const char **word, unsigned long *rest);

#endif /* _MODULES_TOMOYO_CORE_TLKM_MOUNT_H */
