/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_portable.h - the only difference between kernel and user-space builds
 * of tomoyo_lkm's pure-logic core (policy parser, matcher, model).
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_PORTABLE_H
#define _MODULES_TOMOYO_CORE_TLKM_PORTABLE_H

#ifdef __KERNEL__

#include <linux/errno.h>
#include <linux/kernel.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/types.h>

#define TLKM_GFP GFP_KERNEL

#else /* !__KERNEL__ */

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
typedef int8_t s8;

#define TLKM_GFP 0
#define likely(x) __builtin_expect(!!(x), 1)
#define unlikely(x) __builtin_expect(!!(x), 0)
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define fallthrough __attribute__((__fallthrough__))
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)

static inline void *kmalloc(size_t size, int gfp)
{
	(void)gfp;
	return malloc(size ? size : 1);
}

static inline void *kzalloc(size_t size, int gfp)
{
	(void)gfp;
	return calloc(1, size ? size : 1);
}

static inline void kfree(const void *p)
{
	free((void *)p);
}

#endif /* __KERNEL__ */

/**
 * tlkm_memdup_str() - Copy @len bytes into a new NUL-terminated string.
 * @s:   Source bytes (need not be NUL-terminated).
 * @len: Number of bytes to copy.
 *
 * Return: the new string, or NULL when out of memory. Free with kfree().
 */
static inline char *tlkm_memdup_str(const char *s, size_t len)
{
	char *p = kmalloc(len + 1, TLKM_GFP);

	if (p) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

#endif /* _MODULES_TOMOYO_CORE_TLKM_PORTABLE_H */
