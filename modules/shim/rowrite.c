// SPDX-License-Identifier: GPL-2.0
/*
 * rowrite.c - stores into read-only-after-init data: the kernel's hook
 * tables and the shim's own call vectors, nodes and lock flag.
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

/* The most pages one write into the shim's own read-only data may span. */
#define SHIM_OWN_RO_PAGES 4

/*
 * own_alias - a writable alias of the pages of this module's core memory
 * that hold [@addr, @addr + @len); vunmap() the page-aligned base of the
 * result, then vm_unmap_aliases(). Returns the alias of @addr, or NULL.
 */
static void *own_alias(unsigned long addr, size_t len, void **base)
{
	struct page *pages[SHIM_OWN_RO_PAGES];
	unsigned long first = addr & PAGE_MASK;
	unsigned int i, n = (PAGE_ALIGN(addr + len) - first) >> PAGE_SHIFT;

	if (WARN_ON_ONCE(!len || n > SHIM_OWN_RO_PAGES ||
			 !within_module_core(addr, THIS_MODULE) ||
			 !within_module_core(addr + len - 1, THIS_MODULE)))
		return NULL;
	for (i = 0; i < n; i++) {
		pages[i] = vmalloc_to_page((void *)(first + i * PAGE_SIZE));
		if (WARN_ON_ONCE(!pages[i]))
			return NULL;
	}
	*base = vmap(pages, n, VM_MAP, PAGE_KERNEL);
	if (!*base)
		return NULL;
	return *base + offset_in_page(addr);
}

static void own_unalias(void *base)
{
	vunmap(base);
	/* No writable mapping of the page may outlive the write. */
	vm_unmap_aliases();
}

/**
 * shim_write_own_ro - copy bytes into the shim's own read-only data
 * (__ro_after_init, made read-only once the module's init returned).
 * @dst: the destination, in this module's core memory.
 * @src: the bytes.
 * @len: how many (at most a few pages' worth).
 *
 * Through a temporary writable alias of the pages, as for the kernel's
 * tables. Readers must not be looking at @dst: the copy is not atomic.
 *
 * Context: process context, may sleep.
 * Return: 0, or %-ENOMEM when the alias could not be made (or @dst is not
 * this module's memory, which WARNs).
 */
int shim_write_own_ro(void *dst, const void *src, size_t len)
{
	void *base, *alias = own_alias((unsigned long)dst, len, &base);

	if (!alias)
		return -ENOMEM;
	memcpy(alias, src, len);
	own_unalias(base);
	return 0;
}

/**
 * shim_publish_own_ro_ptr - store a pointer in the shim's own read-only
 * data, with release ordering: what it points to is visible to a reader
 * that sees the new pointer.
 * @where: the pointer, aligned, in this module's core memory.
 * @value: the new pointer.
 *
 * Context: process context, may sleep.
 * Return: 0, or %-ENOMEM as shim_write_own_ro().
 */
int shim_publish_own_ro_ptr(const void **where, const void *value)
{
	void *base, *alias;

	if (WARN_ON_ONCE(!IS_ALIGNED((unsigned long)where, sizeof(void *))))
		return -ENOMEM;
	alias = own_alias((unsigned long)where, sizeof(void *), &base);
	if (!alias)
		return -ENOMEM;
	/* Pairs with the reader's srcu_dereference(). */
	smp_store_release((const void **)alias, value);
	own_unalias(base);
	return 0;
}

/**
 * shim_write_own_ro_bool - set a bool in the shim's own read-only data.
 * @where: the bool, in this module's core memory.
 * @value: the new value.
 *
 * One store through a temporary writable alias of its page.
 *
 * Context: process context, may sleep.
 * Return: 0, or %-ENOMEM as shim_write_own_ro().
 */
int shim_write_own_ro_bool(bool *where, bool value)
{
	void *base, *alias = own_alias((unsigned long)where, sizeof(*where),
				       &base);

	if (!alias)
		return -ENOMEM;
	WRITE_ONCE(*(bool *)alias, value);
	own_unalias(base);
	return 0;
}
