/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_learn.h - the patterns learning mode puts into learned lines.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_LEARN_H
#define _MODULES_TOMOYO_CORE_TLKM_LEARN_H

#include "tlkm_portable.h"

char *tlkm_learn_patternize(const char *acl, size_t len);

#endif /* _MODULES_TOMOYO_CORE_TLKM_LEARN_H */
