/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_audit_header.h - the parts of an audit record's header that
 * describe the request's objects: pathN={ ... }, exec={ ... } and
 * symlink.target="...", which tomoyo-auditd's rules can filter on.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_AUDIT_HEADER_H
#define _MODULES_TOMOYO_CORE_TLKM_AUDIT_HEADER_H

#include "tlkm_check.h"

/* The built-in TOMOYO prints an exec's argv and envp into 8 KiB. */
#define TLKM_BPRM_INFO_SIZE 8192

void tlkm_print_obj_attrs(struct tlkm_buf *b, const struct tlkm_request *r);
void tlkm_print_bprm(struct tlkm_buf *b, u32 argc, const char * const *argv,
		     u32 envc, const char * const *envp);
void tlkm_print_exec_info(struct tlkm_buf *b, const struct tlkm_request *r);

#endif /* _MODULES_TOMOYO_CORE_TLKM_AUDIT_HEADER_H */
