// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_args.c - encode an exec's argv and envp strings, as read from the
 * new program's stack, into one buffer: one allocation per exec instead
 * of one or two per string.
 */

#include "tlkm_args.h"
#include "tlkm_audit_header.h"
#include "tlkm_path.h"

/*
 * Longest encoding of a string kept for the audit record, and what all
 * such longer copies of one exec may hold: the record prints argv and
 * envp into TLKM_BPRM_INFO_SIZE bytes (argv's cut-off gives envp its room
 * back), so more is never printed.
 */
#define LOG_ENCODED_MAX TLKM_BPRM_INFO_SIZE
#define LOG_TOTAL_MAX (2 * TLKM_BPRM_INFO_SIZE)

static size_t smaller(size_t a, size_t b)
{
	return a < b ? a : b;
}

/* How many bytes of @raw encode into at most @max bytes (in *@enc). */
static size_t prefix(const char *raw, size_t len, size_t max, size_t *enc)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++) {
		size_t w = tlkm_encoded_width(raw[i]);

		if (n + w > max)
			break;
		n += w;
	}
	*enc = n;
	return i;
}

/* Encode @n bytes of @raw at @buf + *@at (when @buf); returns where. */
static char *put(char *buf, size_t *at, const char *raw, size_t n,
		 size_t enc)
{
	char *s = buf ? buf + *at : NULL;

	if (s)
		tlkm_encode((const u8 *)raw, n, s, enc + 1);
	*at += enc + 1;
	return s;
}

/**
 * tlkm_args_encode() - Encode an exec's strings into one buffer.
 * @raw: The strings as the new stack holds them, each NUL-terminated.
 * @got: Bytes in @raw.
 * @count: How many strings the kernel counted (argc + envc).
 * @buf: Where the encodings go, or NULL to learn how much room they need.
 * @str: With @buf, @count pointers into @buf: each string's encoding,
 *       cut as TOMOYO cuts it (TLKM_ARG_ENCODED_MAX); else unused.
 * @log: With @buf, @count pointers: the audit record's copy of each
 *       string, longer than @str's where @str was cut and the record
 *       still has room; else unused.
 *
 * Call it twice: once without @buf for the size, then with a buffer of
 * that size. Every string is encoded: a limit on how many would let one
 * long argument switch the environment checks off.
 *
 * Return: the bytes @buf needs (or used), or -%EINVAL when @raw ends
 * before @count strings.
 */
long tlkm_args_encode(const char *raw, size_t got, u32 count, char *buf,
		      char **str, char **log)
{
	size_t pos = 0, at = 0, budget = LOG_TOTAL_MAX;
	size_t len, cut, enc, n;
	char *s;
	u32 i;

	for (i = 0; i < count; i++) {
		len = pos < got ? strnlen(raw + pos, got - pos) : 0;
		if (pos + len >= got)
			return -EINVAL;
		cut = prefix(raw + pos, len, TLKM_ARG_ENCODED_MAX, &enc);
		s = put(buf, &at, raw + pos, cut, enc);
		if (buf)
			str[i] = s;
		if (cut < len && budget) {
			n = prefix(raw + pos, len, smaller(budget, LOG_ENCODED_MAX),
				   &enc);
			s = put(buf, &at, raw + pos, n, enc);
			budget -= smaller(budget, enc);
		}
		if (buf)
			log[i] = s;
		pos += len + 1;
	}
	return (long)at;
}
