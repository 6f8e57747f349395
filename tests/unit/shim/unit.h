/* SPDX-License-Identifier: GPL-2.0 */
/*
 * unit.h - what the shim's host unit tests share: one TAP numbering and
 * count (test_hook_class.c), and the tests of the other files.
 */
#ifndef _TESTS_UNIT_SHIM_UNIT_H
#define _TESTS_UNIT_SHIM_UNIT_H

#include <stdbool.h>

/* Report one result as "ok N - ..." or "not ok N - ...". */
void result(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

void test_same_bytes(void);

#endif /* _TESTS_UNIT_SHIM_UNIT_H */
