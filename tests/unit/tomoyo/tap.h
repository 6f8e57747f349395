/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tap.h - minimal TAP output for the tomoyo_lkm host unit tests.
 */
#ifndef _TESTS_UNIT_TOMOYO_TAP_H
#define _TESTS_UNIT_TOMOYO_TAP_H

#include <stdbool.h>

/* Report one test result as "ok N - name" or "not ok N - name". */
void tap_result(bool ok, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Print a "# ..." diagnostic line. */
void tap_diag(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

void test_path(void);
void test_pattern(void);
void test_parse(void);
void test_policy_files(const char *datadir);
void test_model(void);
void test_mount(void);
void test_learn(void);
void test_audit_header(void);
void test_args(void);
void test_regressions(const char *dir);

#endif /* _TESTS_UNIT_TOMOYO_TAP_H */
