// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_manager.c - TOMOYO's rule for who may change the policy.
 */
#include "tlkm_manager.h"

/**
 * tlkm_manager_rule() - May a writer change the policy?
 * @s: The writer and the state of the policy.
 *
 * Before activation, and for the process that activated it (the policy
 * loader, which writes the manager list first), any writer whose
 * effective uid is 0 may. After activation, as TOMOYO: only a writer
 * whose program or domain is listed, with uid and euid 0 unless
 * "manage_by_non_root" is in force. An empty list after activation lets
 * nobody write, as in TOMOYO: emptying the list never reopens the
 * policy to every root process.
 *
 * Return: true if the writer may change the policy.
 */
bool tlkm_manager_rule(const struct tlkm_manager_state *s)
{
	if (!s->activated || s->is_loader)
		return s->euid_root;
	if (!s->non_root && (!s->uid_root || !s->euid_root))
		return false;
	return s->listed;
}
