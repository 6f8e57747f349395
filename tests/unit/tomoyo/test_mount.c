// SPDX-License-Identifier: GPL-2.0
/*
 * test_mount.c - the type word and flags of "file mount" as TOMOYO forms
 * them (security/tomoyo/mount.c), for the calls systemd makes.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tlkm_mount.h"

#define MS_RDONLY 1UL
#define MS_NOSUID 2UL
#define MS_NODEV 4UL
#define MS_REC 0x4000UL
#define MS_LAZYTIME (1UL << 25)

struct mount_case {
	unsigned long flags;
	const char *type;	/* the type argument, NULL for none */
	int kind;		/* enum tlkm_mount_dev, or -EINVAL */
	const char *word;
	unsigned long rest;
};

static const struct mount_case cases[] = {
	/* systemd: mount(NULL, "/", NULL, MS_SLAVE|MS_REC, NULL) */
	{ TLKM_MS_SLAVE | MS_REC, NULL, TLKM_MOUNT_DEV_IGNORED,
	  "--make-slave", MS_REC },
	/* remount of a bind mount read-only: learned as "--remount 0x1001" */
	{ TLKM_MS_REMOUNT | TLKM_MS_BIND | MS_RDONLY, NULL,
	  TLKM_MOUNT_DEV_IGNORED, "--remount", TLKM_MS_BIND | MS_RDONLY },
	{ MS_NOSUID | MS_NODEV, "tmpfs", TLKM_MOUNT_DEV_FSTYPE, "tmpfs",
	  MS_NOSUID | MS_NODEV },
	{ MS_LAZYTIME, "tmpfs", TLKM_MOUNT_DEV_FSTYPE, "tmpfs", MS_LAZYTIME },
	{ 0, NULL, TLKM_MOUNT_DEV_FSTYPE, "<NULL>", 0 },
	{ TLKM_MS_BIND | MS_REC, NULL, TLKM_MOUNT_DEV_DIR, "--bind", MS_REC },
	/* --bind before --move, propagation before --move */
	{ TLKM_MS_BIND | TLKM_MS_MOVE, NULL, TLKM_MOUNT_DEV_DIR, "--bind",
	  TLKM_MS_MOVE },
	{ TLKM_MS_MOVE | TLKM_MS_PRIVATE, NULL, TLKM_MOUNT_DEV_IGNORED,
	  "--make-private", TLKM_MS_MOVE },
	{ TLKM_MS_MOVE, NULL, TLKM_MOUNT_DEV_DIR, "--move", 0 },
	{ TLKM_MS_SHARED, NULL, TLKM_MOUNT_DEV_IGNORED, "--make-shared", 0 },
	{ TLKM_MS_UNBINDABLE, NULL, TLKM_MOUNT_DEV_IGNORED,
	  "--make-unbindable", 0 },
	/* two propagation types at once */
	{ TLKM_MS_SHARED | TLKM_MS_SLAVE, NULL, -EINVAL, NULL, 0 },
	{ TLKM_MS_PRIVATE | TLKM_MS_UNBINDABLE, NULL, -EINVAL, NULL, 0 },
	/* remount is tested first: the propagation bits are only flags */
	{ TLKM_MS_REMOUNT | TLKM_MS_SHARED | TLKM_MS_SLAVE, NULL,
	  TLKM_MOUNT_DEV_IGNORED, "--remount",
	  TLKM_MS_SHARED | TLKM_MS_SLAVE },
};

/**
 * test_mount() - tlkm_mount_request() against TOMOYO's reading of mount().
 */
void test_mount(void)
{
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct mount_case *c = &cases[i];
		const char *word = NULL;
		unsigned long rest = ~0UL;
		int kind = tlkm_mount_request(c->flags, c->type, &word, &rest);
		bool ok = kind == c->kind;

		if (ok && kind >= 0)
			ok = word && !strcmp(word, c->word) && rest == c->rest;
		tap_result(ok, "mount flags 0x%lx type %s: %s 0x%lx (got %d %s 0x%lx)",
			   c->flags, c->type ? c->type : "NULL",
			   c->word ? c->word : "-EINVAL", c->rest, kind,
			   word ? word : "-", kind >= 0 ? rest : 0);
	}
}
