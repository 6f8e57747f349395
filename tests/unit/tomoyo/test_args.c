// SPDX-License-Identifier: GPL-2.0
/*
 * test_args.c - an exec's argv and envp encoded into one buffer: what
 * conditions and misc env compare (cut at 4086 encoded bytes, as TOMOYO
 * cuts), what the audit record keeps of a cut string (at most 8192 bytes
 * each, 16384 in all), and a stack that ends before the kernel's count.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tlkm_args.h"

struct enc {
	long size;
	char *buf;
	char *str[8];
	char *log[8];
};

/* Both passes over @count strings of @raw (@got bytes); false on error. */
static bool encode(const char *raw, size_t got, u32 count, struct enc *e)
{
	long used;

	memset(e, 0, sizeof(*e));
	e->size = tlkm_args_encode(raw, got, count, NULL, 0, NULL, NULL);
	if (e->size < 0)
		return false;
	/* Exactly the size asked for: ASan catches a byte more. */
	e->buf = malloc(e->size ? e->size : 1);
	used = tlkm_args_encode(raw, got, count, e->buf, e->size, e->str,
				e->log);
	return used == e->size;
}

static bool all(const char *s, char c, size_t n)
{
	size_t i;

	if (strlen(s) != n)
		return false;
	for (i = 0; i < n; i++)
		if (s[i] != c)
			return false;
	return true;
}

/* A string of @n bytes @c, NUL-terminated, at @p; returns the next place. */
static char *fill(char *p, char c, size_t n)
{
	memset(p, c, n);
	p[n] = '\0';
	return p + n + 1;
}

static void plain_and_escaped(void)
{
	static const char raw[] = "/bin/sh\0-c\0A=x y\\\n\0";
	struct enc e;
	bool ok = encode(raw, sizeof(raw) - 1, 3, &e);

	tap_result(ok && e.size == 8 + 3 + 15,
		   "argv and envp: one buffer of exactly the encodings (%ld)", e.size);
	tap_result(ok && !strcmp(e.str[0], "/bin/sh") && !strcmp(e.str[1], "-c") &&
		   !strcmp(e.str[2], "A=x\\040y\\\\\\012"),
		   "each string TOMOYO-encoded (space, backslash, newline)");
	tap_result(ok && e.log[0] == e.str[0] && e.log[2] == e.str[2],
		   "a string that was not cut is its own audit copy");
	free(e.buf);
}

static void stack_ends_early(void)
{
	static const char raw[] = "a\0b";
	struct enc e;

	tap_result(!encode(raw, 3, 2, &e) && e.size == -EINVAL,
		   "the stack ends inside the second string: -EINVAL");
	tap_result(!encode(raw, 2, 3, &e) && e.size == -EINVAL,
		   "fewer strings than the kernel counted: -EINVAL");
	tap_result(encode(raw, 0, 0, &e) && e.size == 0,
		   "no strings: nothing to encode");
	free(e.buf);
}

static void long_strings(void)
{
	size_t got = 3 * 10001 + 3001;
	char *raw = malloc(got), *p = raw;
	struct enc e;
	bool ok;

	p = fill(p, 'A', 10000);
	p = fill(p, 'B', 10000);
	p = fill(p, 'C', 10000);
	fill(p, '\n', 3000);
	ok = encode(raw, got, 4, &e);
	tap_result(ok && all(e.str[0], 'A', 4086) && all(e.str[1], 'B', 4086) &&
		   all(e.str[2], 'C', 4086),
		   "a long string is compared as its first 4086 encoded bytes");
	tap_result(ok && all(e.log[0], 'A', 8192) && all(e.log[1], 'B', 8192),
		   "the audit record keeps 8192 bytes of each cut string");
	tap_result(ok && e.log[2] == e.str[2] && e.log[3] == e.str[3],
		   "and 16384 in all: later cut strings keep their cut form");
	tap_result(ok && strlen(e.str[3]) == 1021 * 4 &&
		   !strncmp(e.str[3], "\\012\\012", 8),
		   "a cut never splits an escape (1021 newlines, 4084 bytes)");
	free(e.buf);
	free(raw);
}

/*
 * A buffer of any size: at least what the strings need gives the same
 * encodings as the exact one; less gives -E2BIG and writes nothing past
 * its end (each buffer is malloc()ed at exactly its size for ASan).
 */
static void sized_buffers(void)
{
	static char raw[12000];
	unsigned int seed = 7, round, bad = 0, small = 0, one_pass = 0;
	char *str[8], *log[8];
	size_t got, i, size;
	struct enc e;
	long used;
	u32 count, k;
	char *buf;

	for (round = 0; round < 400; round++) {
		got = 1 + (seed = seed * 1103515245 + 12345) % sizeof(raw);
		if (round % 4)
			got %= 300;
		for (i = 0; i < got; i++) {
			seed = seed * 1103515245 + 12345;
			raw[i] = (seed >> 16) % 97 == 0 ? '\0' :
				 (seed >> 16) % 31 == 0 ? '\\' :
				 (seed >> 16) % 29 == 0 ? (char)0xe9 : 'a';
		}
		raw[got - 1] = '\0';
		count = 1 + (seed >> 8) % 8;
		if (!encode(raw, got, count, &e))
			continue;
		for (size = e.size > 3 ? e.size - 3 : 0; size <= (size_t)e.size + 2;
		     size++) {
			buf = malloc(size ? size : 1);
			used = tlkm_args_encode(raw, got, count, buf, size, str,
						log);
			if (size < (size_t)e.size) {
				small++;
				bad += used != -E2BIG;
			} else {
				bad += used != e.size || memcmp(buf, e.buf, e.size);
				for (k = 0; k < count && used == e.size; k++)
					bad += str[k] - buf != e.str[k] - e.buf ||
					       log[k] - buf != e.log[k] - e.buf;
			}
			free(buf);
		}
		/* What the kernel glue tries first. */
		size = got + got / 16 + 64;
		buf = malloc(size);
		used = tlkm_args_encode(raw, got, count, buf, size, str, log);
		one_pass += used == e.size;
		bad += used != e.size && used != -E2BIG;
		free(buf);
		free(e.buf);
	}
	tap_result(!bad && small,
		   "a buffer too small gives -E2BIG, a larger one the same encodings (%u wrong, %u too small)",
		   bad, small);
	tap_result(one_pass > 0,
		   "the glue's first guess (got + got/16 + 64) encodes in one pass (%u of 400 stacks)",
		   one_pass);
}

void test_args(void)
{
	plain_and_escaped();
	stack_ends_early();
	long_strings();
	sized_buffers();
}
