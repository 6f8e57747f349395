/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_manager.h - who may change the policy: TOMOYO's manager rule.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_MANAGER_H
#define _MODULES_TOMOYO_CORE_TLKM_MANAGER_H

#include "tlkm_portable.h"

/**
 * struct tlkm_manager_state - What the manager rule looks at.
 * @activated:   The policy has been activated: the manager list received
 *               its first entry at some time. It stays activated when the
 *               list is emptied again, as TOMOYO's does.
 * @non_root:    "manage_by_non_root" is in force.
 * @is_loader:   The writer is the process that activated the policy
 *               (TOMOYO's policy loader, which writes before activation).
 * @uid_root:    The writer's uid is 0.
 * @euid_root:   The writer's effective uid is 0.
 * @listed:      The writer's program or domain is in the manager list.
 */
struct tlkm_manager_state {
	bool activated;
	bool non_root;
	bool is_loader;
	bool uid_root;
	bool euid_root;
	bool listed;
};

bool tlkm_manager_rule(const struct tlkm_manager_state *s);

#endif /* _MODULES_TOMOYO_CORE_TLKM_MANAGER_H */
