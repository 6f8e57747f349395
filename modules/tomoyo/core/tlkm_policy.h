/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_policy.h - parse one policy line of any policy file into a
 * struct tlkm_line and print it back in canonical form.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_POLICY_H
#define _MODULES_TOMOYO_CORE_TLKM_POLICY_H

#include "tlkm_line.h"

int tlkm_parse_line(enum tlkm_policy_file file, const char *line, size_t len,
		    struct tlkm_line *l, struct tlkm_err *err);
int tlkm_print_line(const struct tlkm_line *l, char *buf, size_t size);
void tlkm_print_line_buf(struct tlkm_buf *b, const struct tlkm_line *l);
void tlkm_line_destroy(struct tlkm_line *l);

#endif /* _MODULES_TOMOYO_CORE_TLKM_POLICY_H */
