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

/*
 * Encode the string at @raw, which ends at a NUL or after @avail bytes,
 * into at most @max bytes at @out (NUL-terminated), or only measure it
 * when @out is NULL: one pass over each byte. *@enc gets the encoded
 * length. Returns how many bytes were encoded: all of the string, or the
 * longest prefix that fits (an escape is never split).
 */
static size_t encode_prefix(const u8 *raw, size_t avail, size_t max,
			    char *out, size_t *enc)
{
	size_t i, n = 0;
	u8 c;

	for (i = 0; i < avail && (c = raw[i]); i++) {
		if (n + tlkm_encoded_width(c) > max)
			break;
		if (out)
			tlkm_put_encoded(c, out + n);
		n += tlkm_encoded_width(c);
	}
	if (out)
		out[n] = '\0';
	*enc = n;
	return i;
}

/*
 * A string stopped at byte @c with @enc bytes encoded: would @c still
 * have fitted in @max? Then the buffer's end stopped it, not the limit.
 */
static bool cut_by_room(u8 c, size_t enc, size_t max)
{
	return enc + tlkm_encoded_width(c) <= max;
}

/* What fits at @at of a buffer of @size: @max, or less (the NUL kept). */
static size_t room(size_t size, size_t at, size_t max)
{
	return at < size ? smaller(max, size - at - 1) : 0;
}

/**
 * tlkm_args_encode() - Encode an exec's strings into one buffer.
 * @raw: The strings as the new stack holds them, each NUL-terminated.
 * @got: Bytes in @raw.
 * @count: How many strings the kernel counted (argc + envc).
 * @buf: Where the encodings go, or NULL to learn how much room they need.
 * @size: Bytes at @buf; unused without @buf.
 * @str: With @buf, @count pointers into @buf: each string's encoding,
 *       cut as TOMOYO cuts it (TLKM_ARG_ENCODED_MAX); else unused.
 * @log: With @buf, @count pointers: the audit record's copy of each
 *       string, longer than @str's where @str was cut and the record
 *       still has room; else unused.
 *
 * One call with a buffer that is large enough does it all (strings of
 * plain bytes need at most @got bytes); else call it without @buf for the
 * size, then with a buffer of that size. Every string is encoded: a limit
 * on how many would let one long argument switch the environment checks
 * off.
 *
 * Return: the bytes @buf needs (or used), -%EINVAL when @raw ends before
 * @count strings, or -%E2BIG when @size is too small (nothing past @size
 * is written; @buf, @str and @log then hold nothing of use).
 */
long tlkm_args_encode(const char *raw, size_t got, u32 count, char *buf,
		      size_t size, char **str, char **log)
{
	const u8 *u = (const u8 *)raw;
	size_t pos = 0, at = 0, budget = LOG_TOTAL_MAX;
	size_t len, cut, enc, n, max, want;
	char *s;
	u32 i;

	for (i = 0; i < count; i++) {
		if (pos >= got)
			return -EINVAL;
		s = buf ? buf + at : NULL;
		max = buf ? room(size, at, TLKM_ARG_ENCODED_MAX) :
		      TLKM_ARG_ENCODED_MAX;
		if (buf && at >= size)
			return -E2BIG;
		cut = encode_prefix(u + pos, got - pos, max, s, &enc);
		at += enc + 1;
		/* Cut short of its NUL: where does the string end? */
		len = cut;
		if (pos + len < got && u[pos + len])
			len += strnlen(raw + pos + len, got - pos - len);
		if (pos + len >= got)
			return -EINVAL;
		/* Cut by the buffer's end, not by TOMOYO's limit. */
		if (cut < len && cut_by_room(u[pos + cut], enc,
					     TLKM_ARG_ENCODED_MAX))
			return -E2BIG;
		if (buf)
			str[i] = s;
		if (cut < len && budget) {
			s = buf ? buf + at : NULL;
			want = smaller(budget, LOG_ENCODED_MAX);
			max = buf ? room(size, at, want) : want;
			if (buf && at >= size)
				return -E2BIG;
			cut = encode_prefix(u + pos, len, max, s, &n);
			if (cut < len && cut_by_room(u[pos + cut], n, want))
				return -E2BIG;
			at += n + 1;
			budget -= smaller(budget, n);
		}
		if (buf)
			log[i] = s;
		pos += len + 1;
	}
	return (long)at;
}
