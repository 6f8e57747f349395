/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_domainname.h - domain names such as "<kernel> /sbin/init /bin/sh":
 * a namespace "<...>" followed by absolute program names.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_DOMAINNAME_H
#define _MODULES_TOMOYO_CORE_TLKM_DOMAINNAME_H

#include "tlkm_text.h"

bool tlkm_is_namespace(const char *s, size_t len);
int tlkm_parse_namespace(char **out, const struct tlkm_word *w,
			 struct tlkm_err *err);
int tlkm_parse_domainname(char **out, const struct tlkm_word *first,
			  struct tlkm_cursor *c, struct tlkm_err *err);
size_t tlkm_namespace_len(const char *domain);
const char *tlkm_last_word(const char *domain);
bool tlkm_in_namespace(const char *ns, const char *domain);

#endif /* _MODULES_TOMOYO_CORE_TLKM_DOMAINNAME_H */
