/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - the kernel-version differences lsm_shim depends on, each behind
 * a named wrapper. This is the only file with LINUX_VERSION_CODE tests; which
 * hook-table back end is built is chosen by Kbuild from the headers.
 */
#ifndef LOADABLE_LSM_SHIM_COMPAT_H
#define LOADABLE_LSM_SHIM_COMPAT_H

#include <linux/module.h>
#include <linux/version.h>

/*
 * shim_int_hook_stops - whether a client's result ends an int hook's walk.
 * Up to 6.9 the kernel's call_int_hook() stopped at the first non-zero
 * result; from 6.10 on it stops at the first result that is not the hook's
 * default. The dispatcher mirrors the kernel it runs on.
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 10, 0)
#define shim_int_hook_stops(rc, def) ((rc) != 0)
#else
#define shim_int_hook_stops(rc, def) ((rc) != (def))
#endif

/*
 * shim_module_has_text - whether @addr lies in @mod's text.
 * 6.4 split module memory into typed regions; before that the core layout
 * covers text and data alike, and text is its first part.
 */
static inline bool shim_module_has_text(const struct module *mod,
					 const void *addr)
{
	unsigned long a = (unsigned long)addr;

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
	return a >= (unsigned long)mod->core_layout.base &&
	       a < (unsigned long)mod->core_layout.base +
			   mod->core_layout.text_size;
#else
	return within_module_mem_type(a, mod, MOD_TEXT);
#endif
}

/*
 * shim_module_has_data - whether @addr lies in @mod's core memory (text,
 * read-only data or data), which lives as long as the module. Init
 * sections are not: they are freed once the module's init returns.
 */
static inline bool shim_module_has_data(const struct module *mod,
					 const void *addr)
{
	return within_module_core((unsigned long)addr, mod);
}

#endif /* LOADABLE_LSM_SHIM_COMPAT_H */
