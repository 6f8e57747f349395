// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_exec_args.c - read an exec's argv and envp from the new program's
 * stack, each string TOMOYO-encoded, for exec.argv[], exec.envp[] and
 * misc env.
 */

#include <linux/binfmts.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "tlkm_audit_header.h"
#include "tlkm_compat.h"
#include "tlkm_exec_args.h"
#include "tlkm_glue.h"

/*
 * Longest encoding of one argv or envp string that is kept: as in TOMOYO,
 * a longer string is cut (its start still names an environment variable).
 */
#define MAX_ARG_ENCODED 4086
/*
 * Longest encoding of a string kept for the audit record, and what all
 * such longer copies of one exec may hold: the record prints argv and
 * envp into TLKM_BPRM_INFO_SIZE bytes (argv's cut-off gives envp its room
 * back), so more is never printed.
 */
#define MAX_LOG_ENCODED TLKM_BPRM_INFO_SIZE
#define MAX_LOG_TOTAL (2 * TLKM_BPRM_INFO_SIZE)
/* What is read when the kernel does not say where the strings end. */
#define MAX_EXEC_BYTES 65536


/**
 * tlkm_free_args() - Free what tlkm_read_args() returned.
 * @a: The strings; not NULL.
 */
void tlkm_free_args(struct tlkm_exec_args *a)
{
	u32 i;

	for (i = 0; i < a->argc + a->envc; i++) {
		if (a->log && a->log[i] != a->str[i])
			kfree(a->log[i]);
		kfree(a->str[i]);
	}
	kvfree(a->log);
	kvfree(a->str);
	kfree(a);
}

/* Read the strings of the new stack into @raw; returns bytes read. */
static size_t read_stack(struct linux_binprm *bprm, char *raw, size_t max)
{
	unsigned long pos = bprm->p;
	size_t got = 0;

	mmap_read_lock(bprm->mm);
	while (got < max) {
		unsigned long off = pos & ~PAGE_MASK;
		size_t n = min_t(size_t, PAGE_SIZE - off, max - got);
		struct page *page = tlkm_get_arg_page(bprm->mm, pos);
		char *kaddr;

		if (!page)
			break;
		kaddr = kmap_local_page(page);
		memcpy(raw + got, kaddr + off, n);
		kunmap_local(kaddr);
		put_page(page);
		got += n;
		pos += n;
		cond_resched();
	}
	mmap_read_unlock(bprm->mm);
	return got;
}

/* How many bytes of @raw encode into at most @max bytes. */
static size_t arg_prefix(const char *raw, size_t len, size_t max)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		u8 c = raw[i];
		size_t w = c == '\\' ? 2 : (c > ' ' && c < 127) ? 1 : 4;

		if (n + w > max)
			break;
		n += w;
	}
	return i;
}

/* The audit record's copy of string @i, @raw of @len bytes. */
static int log_copy(struct tlkm_exec_args *a, u32 i, const char *raw,
		    size_t len, size_t cut, size_t *budget)
{
	size_t n;

	a->log[i] = a->str[i];
	if (cut == len || !*budget)
		return 0;
	n = arg_prefix(raw, len, min_t(size_t, MAX_LOG_ENCODED, *budget));
	a->log[i] = tlkm_encode_str(raw, n);
	if (!a->log[i])
		return -ENOMEM;
	*budget -= min_t(size_t, *budget, strlen(a->log[i]));
	return 0;
}

/**
 * tlkm_read_args() - Read an exec's argv and envp, TOMOYO-encoded.
 * @bprm: The exec.
 *
 * Every argv and envp string of an exec, as the built-in TOMOYO sees them
 * (exec.argc and exec.envc are the kernel's counts, misc env sees every
 * variable): a limit on what is read would let one long argument switch
 * the environment checks off.
 *
 * Return: the strings (free with tlkm_free_args()), or NULL when out of
 * memory or when the strings cannot be read: the exec then fails.
 */
struct tlkm_exec_args *tlkm_read_args(struct linux_binprm *bprm)
{
	/*
	 * The argv and envp strings lie between bprm->p and bprm->exec (the
	 * file name copied before them); most execs need a page or less.
	 */
	size_t max = bprm->exec > bprm->p ? bprm->exec - bprm->p :
		     MAX_EXEC_BYTES;
	u32 i, want = bprm->argc + bprm->envc;
	struct tlkm_exec_args *a = kzalloc(sizeof(*a), GFP_KERNEL);
	size_t got, pos = 0, len, cut, budget = MAX_LOG_TOTAL;
	char *raw = NULL;

	if (!a)
		return NULL;
	a->str = kvcalloc(want ? want : 1, sizeof(*a->str), GFP_KERNEL);
	a->log = kvcalloc(want ? want : 1, sizeof(*a->log), GFP_KERNEL);
	raw = kvmalloc(max, GFP_KERNEL);
	if (!a->str || !a->log || !raw)
		goto fail;
	got = read_stack(bprm, raw, max);
	for (i = 0; i < want; i++) {
		len = pos < got ? strnlen(raw + pos, got - pos) : 0;
		if (pos + len >= got)
			goto fail;
		cut = arg_prefix(raw + pos, len, MAX_ARG_ENCODED);
		a->str[i] = tlkm_encode_str(raw + pos, cut);
		if (!a->str[i])
			goto fail;
		if (log_copy(a, i, raw + pos, len, cut, &budget)) {
			kfree(a->str[i]);
			goto fail;
		}
		if (i < (u32)bprm->argc)
			a->argc++;
		else
			a->envc++;
		pos += len + 1;
	}
	kvfree(raw);
	return a;
fail:
	kvfree(raw);
	tlkm_free_args(a);
	return NULL;
}
