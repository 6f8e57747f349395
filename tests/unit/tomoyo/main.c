// SPDX-License-Identifier: GPL-2.0
/*
 * main.c - run the tomoyo_lkm host unit tests and print the summary.
 *
 * Usage: tomoyo-unit DATADIR REGRESSIONDIR
 */
#include <stdarg.h>
#include <stdio.h>

#include "tap.h"

static int tap_n, tap_failed;

void tap_result(bool ok, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	char *c;

	tap_n++;
	if (!ok)
		tap_failed++;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	/* Test names echo policy text: keep each result on one clean line. */
	for (c = msg; *c; c++)
		if ((unsigned char)*c < 0x20 || (unsigned char)*c >= 0x7f)
			*c = '?';
	printf("%sok %d - %s\n", ok ? "" : "not ", tap_n, msg);
}

void tap_diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: %s DATADIR REGRESSIONDIR\n", argv[0]);
		return 2;
	}
	test_path();
	test_pattern();
	test_parse();
	test_policy_files(argv[1]);
	test_model();
	test_mount();
	test_learn();
	test_audit_header();
	test_args();
	test_regressions(argv[2]);
	printf("1..%d\n", tap_n);
	printf("%d passed, %d failed\n", tap_n - tap_failed, tap_failed);
	return tap_failed ? 1 : 0;
}
