// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_path.c - encode, decode and validate words of TOMOYO's policy
 * language (pathnames, group names, quoted strings).
 */
#include "tlkm_path.h"

static bool is_octal(char c)
{
	return c >= '0' && c <= '7';
}

/*
 * Whether any of the 8 bytes of @w needs more than itself: a byte below
 * 0x21 (the borrow of subtracting 0x21 from every byte reaches the high
 * bit only of a byte that had it clear), above 0x7e (adding 1 to every
 * byte sets the high bit of 0x7f or sets it already) or a backslash
 * (zero after the xor). Exact as a yes or no; which byte is not said.
 */
static bool word_has_escape(u64 w)
{
	const u64 ones = 0x0101010101010101ULL;
	const u64 highs = 0x8080808080808080ULL;
	u64 bs = w ^ (ones * '\\');

	return (((w - ones * 0x21) & ~w) | (w + ones) | w |
		((bs - ones) & ~bs)) & highs;
}

/**
 * tlkm_encoded_len() - Length of the encoded form of raw bytes.
 * @raw: Raw bytes (for example a pathname from d_path()).
 * @len: Number of bytes.
 *
 * Eight bytes at a time while none needs an escape, as in most names.
 *
 * Return: length in bytes of the encoding, without a NUL.
 */
size_t tlkm_encoded_len(const u8 *raw, size_t len)
{
	size_t n = 0;
	size_t i = 0, j;
	u64 w;

	for (; i + sizeof(w) <= len; i += sizeof(w)) {
		memcpy(&w, raw + i, sizeof(w));
		if (!word_has_escape(w)) {
			n += sizeof(w);
			continue;
		}
		for (j = 0; j < sizeof(w); j++)
			n += tlkm_encoded_width(raw[i + j]);
	}
	for (; i < len; i++)
		n += tlkm_encoded_width(raw[i]);
	return n;
}

/**
 * tlkm_encode_known() - Write the encoding of raw bytes of known length.
 * @raw: Raw bytes.
 * @len: Number of bytes.
 * @out: Output buffer of at least @n + 1 bytes, NUL-terminated here.
 * @n:   tlkm_encoded_len(@raw, @len).
 *
 * An encoding as long as the bytes has every byte standing for itself
 * (every other byte takes 2 or 4): it is copied, not encoded byte by byte.
 */
void tlkm_encode_known(const u8 *raw, size_t len, char *out, size_t n)
{
	size_t i;
	char *o = out;

	if (n == len) {
		memcpy(out, raw, len);
	} else {
		for (i = 0; i < len; i++) {
			tlkm_put_encoded(raw[i], o);
			o += tlkm_encoded_width(raw[i]);
		}
	}
	out[n] = '\0';
}

/**
 * tlkm_encode() - Encode raw bytes as a TOMOYO word.
 * @raw:  Raw bytes.
 * @len:  Number of bytes.
 * @out:  Output buffer, NUL-terminated on success.
 * @size: Size of @out.
 *
 * Return: encoded length, or -%E2BIG if @out is too small.
 */
int tlkm_encode(const u8 *raw, size_t len, char *out, size_t size)
{
	size_t n = tlkm_encoded_len(raw, len);

	if (n >= size || n > TLKM_MAX_LINE)
		return -E2BIG;
	tlkm_encode_known(raw, len, out, n);
	return (int)n;
}

/**
 * tlkm_decode() - Decode a non-pattern TOMOYO word into raw bytes.
 * @word: Encoded word.
 * @len:  Its length.
 * @out:  Output buffer (not NUL-terminated).
 * @size: Size of @out.
 *
 * Return: decoded length, -%EINVAL on a bad or wildcard escape, -%E2BIG if
 * @out is too small.
 */
int tlkm_decode(const char *word, size_t len, u8 *out, size_t size)
{
	size_t i = 0;
	size_t n = 0;

	while (i < len) {
		u8 c = word[i];

		if (c == '\\') {
			if (i + 1 < len && word[i + 1] == '\\') {
				i += 2;
			} else if (i + 3 < len && word[i + 1] >= '0' &&
				   word[i + 1] <= '3' && is_octal(word[i + 2]) &&
				   is_octal(word[i + 3])) {
				c = ((word[i + 1] - '0') << 6) |
				    ((word[i + 2] - '0') << 3) |
				    (word[i + 3] - '0');
				i += 4;
			} else {
				return -EINVAL;
			}
		} else {
			i++;
		}
		if (n >= size)
			return -E2BIG;
		out[n++] = c;
	}
	return (int)n;
}

/**
 * tlkm_is_wildcard() - Is "\c" one of TOMOYO's wildcard escapes?
 * @c: Character after the backslash.
 *
 * Return: true for * @ ? $ + X x A a - { }.
 */
bool tlkm_is_wildcard(char c)
{
	return c && strchr("*@?$+XxAa-{}", c);
}

/**
 * tlkm_char_len() - Length of the first encoded character of a name.
 * @s:   Encoded text (a valid non-pattern word).
 * @len: Bytes available at @s (at least 1).
 *
 * Return: 2 for "\\", 4 for "\ooo", otherwise 1.
 */
size_t tlkm_char_len(const char *s, size_t len)
{
	if (s[0] != '\\' || len < 2)
		return 1;
	if (s[1] == '\\')
		return 2;
	if (len >= 4 && is_octal(s[1]) && is_octal(s[2]) && is_octal(s[3]))
		return 4;
	return 1;
}

static int check_octal(const char *word, size_t len, size_t i,
		       struct tlkm_err *err)
{
	u8 c;

	if (i + 3 >= len || word[i + 1] > '3' || !is_octal(word[i + 2]) ||
	    !is_octal(word[i + 3]))
		return tlkm_fail(err, -EINVAL, "bad escape in '", word, len,
				 "'");
	c = ((word[i + 1] - '0') << 6) | ((word[i + 2] - '0') << 3) |
	    (word[i + 3] - '0');
	/* Only a byte whose encoding takes four (\ooo) may be escaped so. */
	if (tlkm_encoded_width(c) < 4)
		return tlkm_fail(err, -EINVAL, "needless escape in '", word,
				 len, "'");
	return 0;
}

/*
 * Check "\{" and "\}" placement. @rep is 0 outside a repetition, else one
 * more than the offset of the backslash that opened it.
 */
static int check_brace(const char *word, size_t len, size_t i, size_t *rep,
		       struct tlkm_err *err)
{
	if (word[i + 1] == '{') {
		if (*rep || i == 0 || word[i - 1] != '/')
			return tlkm_fail(err, -EINVAL,
					 "'\\{' must follow '/' in '", word,
					 len, "'");
		*rep = i + 1;
		return 0;
	}
	if (!*rep || i + 2 >= len || word[i + 2] != '/' || i == *rep + 1)
		return tlkm_fail(err, -EINVAL,
				 "'\\}' must close '\\{' before '/' in '",
				 word, len, "'");
	*rep = 0;
	return 0;
}

static int check_escape(const char *word, size_t len, size_t i,
			unsigned int flags, size_t *rep, struct tlkm_err *err)
{
	char c = i + 1 < len ? word[i + 1] : '\0';

	if (c == '\\')
		return 0;
	if (c >= '0' && c <= '7')
		return check_octal(word, len, i, err);
	if (!tlkm_is_wildcard(c))
		return tlkm_fail(err, -EINVAL, "bad escape in '", word, len,
				 "'");
	if (!(flags & TLKM_WORD_PATTERN))
		return tlkm_fail(err, -EINVAL, "wildcard not allowed in '",
				 word, len, "'");
	if (c == '{' || c == '}')
		return check_brace(word, len, i, rep, err);
	return 0;
}

/**
 * tlkm_check_word() - Validate one encoded policy word.
 * @word:  The word.
 * @len:   Its length.
 * @flags: %TLKM_WORD_PATTERN, %TLKM_WORD_EMPTY_OK, %TLKM_WORD_ABSOLUTE.
 * @err:   Receives the reason on failure.
 *
 * Rejects raw bytes outside 0x21-0x7e, unknown escapes, "\ooo" escapes of
 * bytes that must be written as themselves, wildcards where none are
 * allowed, and misplaced "\{ \}" pairs (which must span one whole
 * directory component such as "/\{\*\}/").
 *
 * Return: 0, or -%EINVAL.
 */
int tlkm_check_word(const char *word, size_t len, unsigned int flags,
		    struct tlkm_err *err)
{
	size_t rep = 0;
	size_t i;
	int ret;

	if (!len && !(flags & TLKM_WORD_EMPTY_OK))
		return tlkm_fail(err, -EINVAL, "empty word", NULL, 0, NULL);
	if (len > TLKM_MAX_LINE)
		return tlkm_fail(err, -EINVAL, "word too long", NULL, 0, NULL);
	if ((flags & TLKM_WORD_ABSOLUTE) && word[0] != '/')
		return tlkm_fail(err, -EINVAL, "not an absolute path: '", word,
				 len, "'");
	for (i = 0; i < len; i++) {
		u8 c = word[i];

		if (c <= 0x20 || c >= 0x7f)
			return tlkm_fail(err, -EINVAL, "bad byte in '", word,
					 len, "'");
		if (c == '/' && rep)
			return tlkm_fail(err, -EINVAL,
					 "'/' inside '\\{ \\}' in '", word,
					 len, "'");
		if (c != '\\')
			continue;
		ret = check_escape(word, len, i, flags, &rep, err);
		if (ret)
			return ret;
		i += (word[i + 1] >= '0' && word[i + 1] <= '7') ? 3 : 1;
	}
	if (rep)
		return tlkm_fail(err, -EINVAL, "unterminated '\\{' in '", word,
				 len, "'");
	return 0;
}
