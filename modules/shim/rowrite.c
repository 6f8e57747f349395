// SPDX-License-Identifier: GPL-2.0
/*
 * rowrite.c - store one pointer into the kernel's read-only-after-init data.
 *
 * The kernel image maps .data..ro_after_init read-only, and x86 refuses to
 * make it writable again. The store goes through a temporary writable alias
 * of the one page that holds the pointer: vmap() of that page with
 * PAGE_KERNEL, one aligned 8-byte store (atomic for concurrent readers),
 * vunmap(). No CR0 tricks, no set_memory_rw().
 */

#include <linux/bug.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/vmalloc.h>
#include <asm/page.h>

#include "shim.h"

/**
 * shim_write_ro_ptr - write a pointer in the kernel image's read-only data.
 * @where: address of the pointer, in the kernel image (not a module).
 * @value: the new pointer.
 *
 * Context: process context, may sleep; called with shim_mutex held.
 * Return: 0, or
 * - %-EINVAL: @where is misaligned or outside the kernel image,
 * - %-ENOMEM: the alias mapping could not be made.
 */
int shim_write_ro_ptr(void **where, void *value)
{
	unsigned long addr = (unsigned long)where;
	struct page *page;
	void *alias;

	if (WARN_ON_ONCE(!IS_ALIGNED(addr, sizeof(void *))))
		return -EINVAL;
	if (WARN_ON_ONCE(addr < __START_KERNEL_map || addr >= MODULES_VADDR))
		return -EINVAL;
	page = virt_to_page(lm_alias(where));
	alias = vmap(&page, 1, VM_MAP, PAGE_KERNEL);
	if (!alias)
		return -ENOMEM;
	WRITE_ONCE(*(void **)(alias + offset_in_page(addr)), value);
	vunmap(alias);
	vm_unmap_aliases();
	return 0;
}

/**
 * shim_write_own_ro_bool - set a bool in the shim's own read-only data
 * (__ro_after_init, made read-only once the module's init returned).
 * @where: the bool, in this module's core memory.
 * @value: the new value.
 *
 * The same temporary alias as for the kernel's tables: a writable mapping
 * of the one page, one store, unmapped again.
 *
 * Context: process context, may sleep.
 * Return: 0, or
 * - %-EINVAL: @where is not this module's core memory,
 * - %-EFAULT: no page backs @where,
 * - %-ENOMEM: the alias mapping could not be made.
 */
int shim_write_own_ro_bool(bool *where, bool value)
{
	unsigned long addr = (unsigned long)where;
	struct page *page;
	void *alias;

	if (WARN_ON_ONCE(!within_module_core(addr, THIS_MODULE)))
		return -EINVAL;
	page = vmalloc_to_page(where);
	if (WARN_ON_ONCE(!page))
		return -EFAULT;
	alias = vmap(&page, 1, VM_MAP, PAGE_KERNEL);
	if (!alias)
		return -ENOMEM;
	WRITE_ONCE(*(bool *)(alias + offset_in_page(addr)), value);
	vunmap(alias);
	vm_unmap_aliases();
	return 0;
}
