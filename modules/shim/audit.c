// SPDX-License-Identifier: GPL-2.0
/*
 * audit.c - the shim's audit records: every load, unload, registration,
 * unregistration and lock, refused or not, with the module concerned and
 * the task that asked. A leaf: it calls nothing else of the shim.
 */

#include <linux/audit.h>
#include <linux/ctype.h>

#include "shim.h"

/*
 * audit_module - " module=NAME". Module names are [A-Za-z0-9_-] in
 * practice; anything else (audit's quoting helpers are not exported) is
 * written "?".
 */
static void audit_module(struct audit_buffer *ab, const char *module)
{
	const char *p;

	for (p = module ?: "?"; *p; p++)
		if (!isalnum(*p) && *p != '_' && *p != '-')
			module = NULL;
	audit_log_format(ab, " module=%s", module ?: "?");
}

/**
 * shim_audit - write an audit record about the shim's configuration.
 * @op: what happened ("register", "unregister", "lock", "load", ...).
 * @lsm: the LSM concerned, a checked name, or NULL when it is not known
 *       to be one (a refused descriptor).
 * @module: the module concerned (the client's owner), or NULL.
 * @result: 1 for success, 0 for refusal.
 *
 * The record names the module and the subject: pid, uids, comm, exe.
 */
void shim_audit(const char *op, const char *lsm, const char *module,
		int result)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_MAC_CONFIG_CHANGE);
	if (!ab)
		return;
	/* Client names are checked to be [a-z0-9_]: no quoting needed. */
	audit_log_format(ab, "lsm=%s op=%s name=%s res=%d", SHIM_NAME, op,
			 lsm ?: "?", result);
	audit_module(ab, module);
	/* Who asked: pid, uids, comm, exe. */
	audit_log_task_info(ab);
	audit_log_end(ab);
}

/**
 * shim_audit_forced - audit the unregistration of a client, or the unload of
 * the shim, whose module went away without (or despite) the shim's consent.
 * @op: "unregister" (a client) or "unload" (the shim).
 * @lsm: the client or the shim, a checked name.
 * @module: its module.
 * @locked: whether the shim was locked, i.e. the lock was forced.
 */
void shim_audit_forced(const char *op, const char *lsm, const char *module,
		       bool locked)
{
	struct audit_buffer *ab;

	ab = audit_log_start(audit_context(), GFP_KERNEL,
			     AUDIT_MAC_CONFIG_CHANGE);
	if (!ab)
		return;
	audit_log_format(ab, "lsm=%s op=%s name=%s", SHIM_NAME, op, lsm);
	audit_module(ab, module);
	audit_log_format(ab, " res=1 forced=1 locked=%d", locked);
	audit_log_task_info(ab);
	audit_log_end(ab);
}
