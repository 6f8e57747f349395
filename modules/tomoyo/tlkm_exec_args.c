// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_exec_args.c - read an exec's argv and envp from the new program's
 * stack, each string TOMOYO-encoded, for exec.argv[], exec.envp[], misc
 * env and the audit record: when one of them first needs them, as the
 * built-in TOMOYO reads them.
 */

#include <linux/binfmts.h>
#include <linux/highmem.h>
#include <linux/mm.h>
#include <linux/slab.h>

#include "tlkm_args.h"
#include "tlkm_compat.h"
#include "tlkm_exec_args.h"
#include "tlkm_glue.h"
#include "tlkm_req.h"

/* What is read when the kernel does not say where the strings end. */
#define MAX_EXEC_BYTES 65536

/**
 * tlkm_free_args() - Free what tlkm_read_args() returned.
 * @a: The strings; not NULL.
 */
void tlkm_free_args(struct tlkm_exec_args *a)
{
	kvfree(a->buf);
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
	u32 want = bprm->argc + bprm->envc;
	struct tlkm_exec_args *a = kzalloc(sizeof(*a), GFP_KERNEL);
	char *raw = NULL;
	size_t got;
	long need;

	if (!a)
		return NULL;
	/* Both pointer arrays in one: log[] follows str[]. */
	a->str = kvcalloc(want ? 2 * want : 1, sizeof(*a->str), GFP_KERNEL);
	raw = kvmalloc(max, GFP_KERNEL);
	if (!a->str || !raw)
		goto fail;
	a->log = a->str + want;
	got = read_stack(bprm, raw, max);
	/*
	 * Plain strings encode into as many bytes as they have: with some
	 * room for escapes, one pass mostly does; else measure, then encode.
	 */
	need = got + got / 16 + 64;
	a->buf = kvmalloc(need, GFP_KERNEL);
	if (!a->buf)
		goto fail;
	need = tlkm_args_encode(raw, got, want, a->buf, need, a->str, a->log);
	if (need == -E2BIG) {
		kvfree(a->buf);
		need = tlkm_args_encode(raw, got, want, NULL, 0, NULL, NULL);
		a->buf = need >= 0 ? kvmalloc(need ? need : 1, GFP_KERNEL) :
			 NULL;
		if (!a->buf)
			goto fail;
		need = tlkm_args_encode(raw, got, want, a->buf, need, a->str,
					a->log);
	}
	if (need < 0)
		goto fail;
	a->argc = bprm->argc;
	a->envc = bprm->envc;
	kvfree(raw);
	return a;
fail:
	kvfree(raw);
	tlkm_free_args(a);
	return NULL;
}

/**
 * tlkm_req_args() - Read the strings of the exec a request belongs to.
 * @q: The request; its exec (@q->bprm) or none.
 *
 * The first call reads them and points @q->r's argv, envp and log_str at
 * them (freed with @q->args by the exec hook); later calls do nothing.
 * Not under tlkm_policy_sem: it takes the new program's mmap lock.
 *
 * Return: 0 (also when @q is not an exec's), or -%ENOMEM when they cannot
 * be read: the exec then fails, as when there is no memory to check it.
 */
int tlkm_req_args(struct tlkm_req *q)
{
	struct tlkm_exec_args *a;

	if (!q->bprm || q->args)
		return 0;
	a = tlkm_read_args(q->bprm);
	if (!a)
		return -ENOMEM;
	q->args = a;
	q->r.argv = (const char * const *)a->str;
	q->r.envp = (const char * const *)a->str + a->argc;
	q->r.log_str = (const char * const *)a->log;
	return 0;
}

/**
 * tlkm_exec_report_prep() - What an exec's audit record and learning need.
 * @q: A request to be logged (tlkm_decide()).
 *
 * During an exec the record prints argv and envp, and "file execute"
 * learns its realpath and argv[0] as a condition, as TOMOYO does: both
 * are made here, once, when a decision is logged.
 *
 * Return: 0, or -%ENOMEM.
 */
int tlkm_exec_report_prep(struct tlkm_req *q)
{
	int ret = tlkm_req_args(q);

	if (ret || !q->bprm || q->kind != TLKM_REQ_FILE || q->exec_cond)
		return ret;
	q->exec_cond = q->r.argc ?
		kasprintf(GFP_KERNEL, "exec.realpath=\"%s\" exec.argv[0]=\"%s\"",
			  q->r.exec_realpath, q->r.argv[0]) :
		kasprintf(GFP_KERNEL, "exec.realpath=\"%s\"",
			  q->r.exec_realpath);
	if (!q->exec_cond)
		return -ENOMEM;
	q->cond = q->exec_cond;
	return 0;
}
