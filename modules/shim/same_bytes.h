/* SPDX-License-Identifier: GPL-2.0 */
/*
 * same_bytes.h - whether two byte ranges are equal, as the guards of
 * dispatch.c ask after every client call on a cred or an exec: a yes or
 * no, never an order. Pure (tested on the host, tests/unit/shim).
 *
 * memcmp() stops at the first difference and so tests and branches every
 * eight bytes; the guards' answer is nearly always "equal", so this
 * reads 32 bytes per step, xors them and tests once.
 */
#ifndef LOADABLE_LSM_SHIM_SAME_BYTES_H
#define LOADABLE_LSM_SHIM_SAME_BYTES_H

#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/types.h>
#else
#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#endif

/* Eight bytes at @p, at any alignment. */
static inline unsigned long long shim_load8(const unsigned char *p)
{
	unsigned long long v;

	memcpy(&v, p, sizeof(v));
	return v;
}

/*
 * shim_same_bytes - whether the @n bytes at @a and at @b are the same.
 */
static inline bool shim_same_bytes(const void *a, const void *b, size_t n)
{
	const unsigned char *x = a, *y = b;
	unsigned long long d = 0;
	size_t i = 0;

	for (; i + 32 <= n; i += 32)
		d |= (shim_load8(x + i) ^ shim_load8(y + i)) |
		     (shim_load8(x + i + 8) ^ shim_load8(y + i + 8)) |
		     (shim_load8(x + i + 16) ^ shim_load8(y + i + 16)) |
		     (shim_load8(x + i + 24) ^ shim_load8(y + i + 24));
	for (; i + 8 <= n; i += 8)
		d |= shim_load8(x + i) ^ shim_load8(y + i);
	for (; i < n; i++)
		d |= x[i] ^ y[i];
	return !d;
}

#endif /* LOADABLE_LSM_SHIM_SAME_BYTES_H */
