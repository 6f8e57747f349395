// SPDX-License-Identifier: GPL-2.0
/*
 * hook_names.c - a hook's name in the kernel, and the place in the kernel's
 * hook table that the back end uses for it.
 */

#include <linux/moduleparam.h>

#include "shim.h"

static const char *const shim_hook_names[LSM_SHIM_NR_HOOKS] = {
#define LSM_HOOK(RET, DEFAULT, NAME, ...) \
	[LSM_SHIM_HOOK_##NAME] = #NAME,
#include <linux/lsm_hook_defs.h>
#undef LSM_HOOK
};

/**
 * shim_hook_name - the kernel's name of a hook.
 * @id: the hook.
 *
 * Return: the name, e.g. "file_open".
 */
const char *shim_hook_name(enum lsm_shim_hook_id id)
{
	return shim_hook_names[id];
}

static bool test_swap_hooks;
module_param(test_swap_hooks, bool, 0444);
MODULE_PARM_DESC(test_swap_hooks,
		 "testing only: use file_permission's place in the kernel's hook table for file_open and the reverse, as a kernel with a reordered hook list would look (the load must be refused)");

/**
 * shim_table_hook - the hook whose place in the kernel's hook table the
 * shim uses for a hook: the hook itself, unless test_swap_hooks is set.
 * @id: the hook.
 *
 * Return: the hook whose table offset to use.
 */
enum lsm_shim_hook_id shim_table_hook(enum lsm_shim_hook_id id)
{
	if (!test_swap_hooks)
		return id;
	if (id == LSM_SHIM_HOOK_file_open)
		return LSM_SHIM_HOOK_file_permission;
	if (id == LSM_SHIM_HOOK_file_permission)
		return LSM_SHIM_HOOK_file_open;
	return id;
}
