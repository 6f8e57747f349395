/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_args.h - an exec's argv and envp strings, TOMOYO-encoded into one
 * buffer (exec.argv[], exec.envp[], misc env and the audit record).
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_ARGS_H
#define _MODULES_TOMOYO_CORE_TLKM_ARGS_H

#include "tlkm_portable.h"

/*
 * Longest encoding of one argv or envp string that is checked: as in
 * TOMOYO, a longer string is cut (its start still names an environment
 * variable).
 */
#define TLKM_ARG_ENCODED_MAX 4086

long tlkm_args_encode(const char *raw, size_t got, u32 count, char *buf,
		      size_t size, char **str, char **log);

#endif /* _MODULES_TOMOYO_CORE_TLKM_ARGS_H */
