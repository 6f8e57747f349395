// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of modules/shim/same_bytes.h, the guards' comparison.
 */
#include <stdio.h>
#include <string.h>

#include "same_bytes.h"
#include "unit.h"

/**
 * test_same_bytes() - shim_same_bytes() against flipped bits.
 */
void test_same_bytes(void)
{
	unsigned char a[520], b[520];
	unsigned int n, i, bit, off, wrong = 0, cases = 0;

	for (i = 0; i < sizeof(a); i++)
		a[i] = (unsigned char)(i * 37 + 11);
	/*
	 * Every length from 0 to 500 at eight alignments of each side: equal
	 * ranges are the same; every bit of every byte flipped in either
	 * range is a difference.
	 */
	for (off = 0; off < 8; off++) {
		for (n = 0; n <= 500; n++) {
			memcpy(b + off, a + (7 - off), n);
			cases++;
			if (!shim_same_bytes(a + (7 - off), b + off, n))
				wrong++;
			for (i = 0; i < n; i++) {
				for (bit = 0; bit < 8; bit += 7) {
					b[off + i] ^= 1u << bit;
					cases++;
					if (shim_same_bytes(a + (7 - off), b + off, n))
						wrong++;
					b[off + i] ^= 1u << bit;
				}
			}
		}
	}
	printf("# %u cases, %u wrong\n", cases, wrong);
	result(!wrong, "same_bytes: equal ranges equal, one flipped bit (0 or 7) anywhere differs, lengths 0-500, every alignment");
	/* Bytes past n are not read into the answer. */
	memset(a, 1, sizeof(a));
	memset(b, 1, sizeof(b));
	b[100] = 2;
	result(shim_same_bytes(a, b, 100) && !shim_same_bytes(a, b, 101),
	       "same_bytes: a difference just past the length does not count");
}
