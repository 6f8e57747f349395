// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_line.c - libFuzzer entry point for the tomoyo_lkm policy parser,
 * printer, model and matcher.
 */
#include <stdio.h>
#include <stdlib.h>

#include "fuzz_prop.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const char *msg = tlkm_fuzz_one(data, size);

	if (msg) {
		fprintf(stderr, "property violated: %s\n", msg);
		abort();
	}
	return 0;
}
