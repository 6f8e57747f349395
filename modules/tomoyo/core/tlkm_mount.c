// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_mount.c - how TOMOYO reads a mount(2) call.
 */
#include "tlkm_mount.h"

/* Type words, in the order TOMOYO tests their flags. */
static const struct {
	unsigned long flag;
	const char *word;
	enum tlkm_mount_dev dev;
} mount_words[] = {
	{ TLKM_MS_REMOUNT, "--remount", TLKM_MOUNT_DEV_IGNORED },
	{ TLKM_MS_BIND, "--bind", TLKM_MOUNT_DEV_DIR },
	{ TLKM_MS_SHARED, "--make-shared", TLKM_MOUNT_DEV_IGNORED },
	{ TLKM_MS_PRIVATE, "--make-private", TLKM_MOUNT_DEV_IGNORED },
	{ TLKM_MS_SLAVE, "--make-slave", TLKM_MOUNT_DEV_IGNORED },
	{ TLKM_MS_UNBINDABLE, "--make-unbindable", TLKM_MOUNT_DEV_IGNORED },
	{ TLKM_MS_MOVE, "--move", TLKM_MOUNT_DEV_DIR },
};

#define TLKM_MS_PROPAGATION (TLKM_MS_SHARED | TLKM_MS_PRIVATE | \
			     TLKM_MS_SLAVE | TLKM_MS_UNBINDABLE)

/**
 * tlkm_mount_request() - The "file mount" type word and flags of a mount.
 * @flags: The flags as the sb_mount hook gets them (the kernel has dropped
 *         the MS_MGC_VAL magic already).
 * @type:  The filesystem type argument, or NULL.
 * @word:  Receives the type word: "--remount", "--bind", "--make-shared",
 *         "--make-private", "--make-slave", "--make-unbindable", "--move"
 *         (the first whose flag is set, in that order), else @type, or
 *         "<NULL>" when @type is NULL.
 * @rest:  Receives @flags without the flag the type word stands for.
 *
 * As TOMOYO, a propagation change with a second propagation flag is
 * refused.
 *
 * Return: the &enum tlkm_mount_dev of the device argument, or -%EINVAL.
 */
int tlkm_mount_request(unsigned long flags, const char *type,
		       const char **word, unsigned long *rest)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(mount_words); i++) {
		unsigned long f = mount_words[i].flag;

		if (!(flags & f))
			continue;
		if ((f & TLKM_MS_PROPAGATION) &&
		    (flags & TLKM_MS_PROPAGATION & ~f))
			return -EINVAL;
		*word = mount_words[i].word;
		*rest = flags & ~f;
		return mount_words[i].dev;
	}
	*word = type ? type : "<NULL>";
	*rest = flags;
	return TLKM_MOUNT_DEV_FSTYPE;
}
