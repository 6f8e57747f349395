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
