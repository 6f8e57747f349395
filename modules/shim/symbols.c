// SPDX-License-Identifier: GPL-2.0
/*
 * symbols.c - find the address of a non-exported kernel data symbol.
 *
 * register_kprobe() resolves a symbol name to an address before it checks
 * that the address is text, so a kprobe on a data symbol fails but leaves
 * the exact address behind. Only data is resolved this way: on IBT kernels
 * a non-exported function must never be called through a looked-up pointer.
 * The result is confirmed with sprint_symbol(), which must name the symbol
 * at offset 0 with the size the module was built for.
 */

#include <linux/kallsyms.h>
#include <linux/kprobes.h>
#include <linux/slab.h>
#include <linux/string.h>

#include "shim.h"

/**
 * shim_resolve_data - resolve and validate a kernel data symbol.
 * @name: symbol name.
 * @size: the object's size in the headers the module was built with.
 * @why: buffer for the reason of a failure.
 * @len: size of @why.
 *
 * Return: the symbol's address, or NULL with @why filled in.
 */
void *shim_resolve_data(const char *name, size_t size, char *why, size_t len)
{
	struct kprobe kp = { .symbol_name = name };
	char *sym, *expect;
	void *addr;

	if (!register_kprobe(&kp)) {
		/* A kprobe that registers sits on text: not a data symbol. */
		unregister_kprobe(&kp);
		snprintf(why, len, "symbol %s is code, not data", name);
		return NULL;
	}
	addr = kp.addr;
	if (IS_ERR_OR_NULL(addr)) {
		snprintf(why, len, "symbol %s not found", name);
		return NULL;
	}
	sym = kmalloc(KSYM_SYMBOL_LEN, GFP_KERNEL);
	expect = kasprintf(GFP_KERNEL, "%s+0x0/0x%zx", name, size);
	if (!sym || !expect) {
		snprintf(why, len, "out of memory");
		addr = NULL;
		goto out;
	}
	sprint_symbol(sym, (unsigned long)addr);
	if (strcmp(sym, expect)) {
		snprintf(why, len,
			 "symbol %s resolves to %s, expected %s: the kernel does not match the headers this module was built with",
			 name, sym, expect);
		addr = NULL;
	}
out:
	kfree(expect);
	kfree(sym);
	return addr;
}

/**
 * shim_symbol_at - whether kallsyms names an address as the start of a
 * given symbol.
 * @addr: the address.
 * @name: the symbol's name.
 * @found: a buffer of KSYM_SYMBOL_LEN bytes; on return, the symbol kallsyms
 *         names at @addr, without offset and size.
 *
 * Return: true when @addr is @name+0x0.
 */
bool shim_symbol_at(const void *addr, const char *name, char *found)
{
	char *plus;
	bool match;

	sprint_symbol(found, (unsigned long)addr);
	plus = strchr(found, '+');
	match = plus && !strncmp(plus, "+0x0/", 5);
	if (plus)
		*plus = '\0';
	return match && !strcmp(found, name);
}

/**
 * shim_symbol_start - whether an address is the start of a symbol (a
 * function's entry point, for code).
 * @addr: the address.
 * @found: a buffer of KSYM_SYMBOL_LEN bytes; on return, what kallsyms says
 *         of @addr ("name+0x4/0x20 [module]").
 *
 * Return: true when kallsyms names @addr at offset 0 of a symbol.
 */
bool shim_symbol_start(const void *addr, char *found)
{
	const char *plus;

	sprint_symbol(found, (unsigned long)addr);
	plus = strchr(found, '+');
	return plus && !strncmp(plus, "+0x0/", 5);
}
