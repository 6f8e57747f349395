/* SPDX-License-Identifier: GPL-2.0 */
/*
 * hook_class.h - which LSM hooks a client of lsm_shim may use, and how the
 * shim calls them: the allow-list. Pure C, built both into the module and
 * into the host unit tests (tests/unit/shim).
 */
#ifndef LOADABLE_LSM_SHIM_HOOK_CLASS_H
#define LOADABLE_LSM_SHIM_HOOK_CLASS_H

#ifdef __KERNEL__
#include <linux/types.h>
#else
#include <stdbool.h>
#endif

/**
 * enum shim_hook_class - what a hook lets a client do.
 * @SHIM_HOOK_RESTRICT: an int hook whose result only allows (0) or denies
 *                      (an error); a positive result is turned into -EPERM.
 * @SHIM_HOOK_NOTIFY: a void hook that tells of an event (an object freed,
 *                    an operation done) and decides nothing.
 * @SHIM_HOOK_GUARDED: a hook that gets credentials (or an exec) being made;
 *                     clients may keep state for them and deny, and the shim
 *                     undoes (and denies) any change a client makes to them.
 * @SHIM_HOOK_GRANT: refused: its result can allow what would be denied.
 * @SHIM_HOOK_CRED_WRITE: refused: it exists to set or change credentials.
 * @SHIM_HOOK_OWNED: refused: its object holds a pointer (mount options, a
 *                   key's or a tun device's security, ...) that belongs to
 *                   one LSM, or it gets another LSM's blob.
 * @SHIM_HOOK_OUTPUT: refused: it writes a result the kernel reports or acts
 *                    on, rather than deciding.
 * @SHIM_HOOK_LABEL: refused: secids, security contexts, labels and audit
 *                   rules belong to the built-in LSMs.
 * @SHIM_HOOK_WALK: refused: the kernel walks it with its own loop or
 *                  dispatches it by LSM identity.
 * @SHIM_HOOK_UNKNOWN: refused: not on the allow-list (a hook newer than the
 *                     shim), or its type on this kernel is not the one the
 *                     shim knows.
 */
enum shim_hook_class {
	SHIM_HOOK_RESTRICT,
	SHIM_HOOK_NOTIFY,
	SHIM_HOOK_GUARDED,
	SHIM_HOOK_GRANT,
	SHIM_HOOK_CRED_WRITE,
	SHIM_HOOK_OWNED,
	SHIM_HOOK_OUTPUT,
	SHIM_HOOK_LABEL,
	SHIM_HOOK_WALK,
	SHIM_HOOK_UNKNOWN,
};

/* Kernel features the classes depend on, for shim_hook_classify(). */
/* Keys and perf events have infrastructure blobs (6.12 and later). */
#define SHIM_KERNEL_KEY_BLOBS	0x1
/* BPF maps, programs and tokens have infrastructure blobs (7.x). */
#define SHIM_KERNEL_BPF_BLOBS	0x2

enum shim_hook_class shim_hook_classify(const char *name, bool is_int,
					int def, unsigned int kernel,
					const char **why);
const char *shim_hook_class_name(enum shim_hook_class class);
bool shim_hook_class_allowed(enum shim_hook_class class);

#endif /* LOADABLE_LSM_SHIM_HOOK_CLASS_H */
