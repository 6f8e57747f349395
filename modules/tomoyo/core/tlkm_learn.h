/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_learn.h - the lines learning mode adds: the ACL that would allow a
 * request, with the patterns it puts in.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_LEARN_H
#define _MODULES_TOMOYO_CORE_TLKM_LEARN_H

#include "tlkm_check.h"
#include "tlkm_portable.h"
#include "tlkm_text.h"

/**
 * enum tlkm_req_kind - What kind of ACL a request is checked against.
 * @TLKM_REQ_FILE: A "file ..." ACL.
 * @TLKM_REQ_INET: A "network inet ..." ACL.
 * @TLKM_REQ_UNIX: A "network unix ..." ACL.
 * @TLKM_REQ_ENV:  A "misc env ..." ACL.
 */
enum tlkm_req_kind { TLKM_REQ_FILE, TLKM_REQ_INET, TLKM_REQ_UNIX, TLKM_REQ_ENV };

void tlkm_learn_acl(struct tlkm_buf *b, unsigned int kind, unsigned int op,
		    unsigned int protocol, const struct tlkm_request *r);
char *tlkm_learn_patternize(const char *acl, size_t len);

#endif /* _MODULES_TOMOYO_CORE_TLKM_LEARN_H */
