/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_exec_args.h - an exec's argv and envp, as tlkm_exec_args.c reads
 * them for tlkm_exec.c.
 */
#ifndef _MODULES_TOMOYO_TLKM_EXEC_ARGS_H
#define _MODULES_TOMOYO_TLKM_EXEC_ARGS_H

#include <linux/binfmts.h>
#include <linux/types.h>

/**
 * struct tlkm_exec_args - argv and envp of an exec, TOMOYO-encoded.
 * @argc: Strings of argv read: all of them (bprm->argc).
 * @envc: Strings of envp read: all of them (bprm->envc).
 * @str:  argv strings, then envp strings (kvcalloc()ed array, @log's
 *        too), each cut to what TOMOYO's conditions compare.
 * @log:  The same strings for the audit record, which prints more of a
 *        long one: @log[i] is @str[i] unless that was cut.
 * @buf:  Every encoding (tlkm_args_encode()); @str and @log point here.
 */
struct tlkm_exec_args {
	u32 argc;
	u32 envc;
	char **str;
	char **log;
	char *buf;
};

struct tlkm_exec_args *tlkm_read_args(struct linux_binprm *bprm);
void tlkm_free_args(struct tlkm_exec_args *a);

#endif /* _MODULES_TOMOYO_TLKM_EXEC_ARGS_H */
