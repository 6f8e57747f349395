/* SPDX-License-Identifier: GPL-2.0 */
/*
 * compat.h - the kernel-version differences lsm_shim depends on, each behind
 * a named wrapper. This is the only file with LINUX_VERSION_CODE tests; which
 * hook-table back end is built is chosen by Kbuild from the headers.
 */
#ifndef LOADABLE_LSM_SHIM_COMPAT_H
#define LOADABLE_LSM_SHIM_COMPAT_H

#include <linux/module.h>
#include <linux/srcu.h>
#include <linux/version.h>

#include "hook_class.h"

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
 * shim_xattr_hooks_start_at_one - whether the kernel's callers of
 * inode_setxattr and inode_removexattr start from 1 ("no LSM handled this
 * name: run the capability check") while the hooks' default is 0. So until
 * 6.11 moved the capability decision to inode_xattr_skipcap.
 */
static inline bool shim_xattr_hooks_start_at_one(void)
{
	return LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0);
}

/*
 * shim_kernel_hook_features - SHIM_KERNEL_* flags of hook_class.h: which
 * objects have infrastructure-managed blobs instead of one ->security
 * pointer that belongs to one LSM. Keys and perf events since 6.12; BPF
 * maps, programs and tokens in the 7.x kernels (counted from 7.0, the
 * first series tested with them).
 */
static inline unsigned int shim_kernel_hook_features(void)
{
	unsigned int f = 0;

	if (LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0))
		f |= SHIM_KERNEL_KEY_BLOBS;
	if (LINUX_VERSION_CODE >= KERNEL_VERSION(7, 0, 0))
		f |= SHIM_KERNEL_BPF_BLOBS;
	return f;
}

/*
 * shim_state_irq_safe - whether the state tables may be changed in hard-irq
 * context. Until 6.9 rhashtable's bucket locks only disabled bottom halves
 * (local_bh_disable() in hard-irq context warns, and an interrupted holder
 * on the same CPU deadlocks); later kernels take them with interrupts off.
 * Counted from 6.12, the first such series tested.
 */
static inline bool shim_state_irq_safe(void)
{
	return LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0);
}

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

/*
 * shim_module_has_rodata - whether [@addr, @addr + @len) lies in @mod's
 * read-only data: const data, or data made read-only once the module's
 * init returned (__ro_after_init). Before 6.4 the core layout is text,
 * then read-only data, then read-only-after-init data, then data.
 */
static inline bool shim_module_has_rodata(const struct module *mod,
					   const void *addr, size_t len)
{
	unsigned long a = (unsigned long)addr, last = a + len - 1;

	if (!len || last < a)
		return false;
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 4, 0)
	{
		unsigned long ro = (unsigned long)mod->core_layout.base +
				   mod->core_layout.text_size;
		unsigned long end = (unsigned long)mod->core_layout.base +
				    mod->core_layout.ro_after_init_size;

		return a >= ro && last < end;
	}
#else
	return (within_module_mem_type(a, mod, MOD_RODATA) &&
		within_module_mem_type(last, mod, MOD_RODATA)) ||
	       (within_module_mem_type(a, mod, MOD_RO_AFTER_INIT) &&
		within_module_mem_type(last, mod, MOD_RO_AFTER_INIT));
#endif
}

/*
 * The read side of shim_srcu, which every dispatcher enters. Where the
 * kernel has SRCU-fast (DEFINE_SRCU_FAST: the 7.x series, not 6.1 or
 * 6.12), a reader is an inline per-CPU increment each way, without the
 * full barriers and the calls of srcu_read_lock(); its grace periods cost
 * the writer a synchronize_rcu() more, and writers are only the shim's
 * configuration changes. One flavour per srcu_struct: the kernel warns when
 * they are mixed, so every reader goes through these two.
 */
#ifdef DEFINE_SRCU_FAST
#define SHIM_DEFINE_SRCU(name) DEFINE_SRCU_FAST(name)

struct shim_srcu_idx {
	struct srcu_ctr __percpu *ctr;
};

static __always_inline struct shim_srcu_idx
shim_srcu_read_lock(struct srcu_struct *ssp)
{
	return (struct shim_srcu_idx){ .ctr = srcu_read_lock_fast(ssp) };
}

static __always_inline void shim_srcu_read_unlock(struct srcu_struct *ssp,
						  struct shim_srcu_idx idx)
{
	srcu_read_unlock_fast(ssp, idx.ctr);
}
#else
#define SHIM_DEFINE_SRCU(name) DEFINE_SRCU(name)

struct shim_srcu_idx {
	int idx;
};

static __always_inline struct shim_srcu_idx
shim_srcu_read_lock(struct srcu_struct *ssp)
{
	return (struct shim_srcu_idx){ .idx = srcu_read_lock(ssp) };
}

static __always_inline void shim_srcu_read_unlock(struct srcu_struct *ssp,
						  struct shim_srcu_idx idx)
{
	srcu_read_unlock(ssp, idx.idx);
}
#endif

#endif /* LOADABLE_LSM_SHIM_COMPAT_H */
