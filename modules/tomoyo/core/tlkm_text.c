// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_text.c - error reasons, bounded output buffer, word splitting and
 * number parsing/printing for the tomoyo_lkm policy language.
 */
#include "tlkm_text.h"

/* Longest quoted input echoed back in a reason. */
#define QUOTE_MAX 48

static size_t append(char *dst, size_t pos, size_t size, const char *s,
		     size_t n)
{
	while (n-- && *s && pos + 1 < size)
		dst[pos++] = *s++;
	dst[pos] = '\0';
	return pos;
}

/**
 * tlkm_fail() - Record why a line was refused.
 * @err:  Where to record it (may be NULL).
 * @code: Negative errno to return.
 * @pre:  Text before the quoted word.
 * @word: Offending input, quoted in the reason (may be NULL).
 * @wlen: Length of @word; long words are cut with "...".
 * @post: Text after the quoted word (may be NULL).
 *
 * Only the first failure is kept: inner parsers report the precise reason.
 *
 * Return: @code.
 */
int tlkm_fail(struct tlkm_err *err, int code, const char *pre,
	      const char *word, size_t wlen, const char *post)
{
	size_t pos;

	if (!err || err->code)
		return code;
	err->code = code;
	pos = append(err->reason, 0, sizeof(err->reason), pre, (size_t)-1);
	if (word) {
		size_t n = wlen > QUOTE_MAX ? QUOTE_MAX : wlen;
		size_t i;

		/* Keep the reason printable whatever the input holds. */
		for (i = 0; i < n && pos + 1 < sizeof(err->reason); i++) {
			char c = word[i];

			err->reason[pos++] = (c > 0x20 && c < 0x7f) ? c : '?';
		}
		err->reason[pos] = '\0';
		if (wlen > n)
			pos = append(err->reason, pos, sizeof(err->reason),
				     "...", 3);
	}
	if (post)
		append(err->reason, pos, sizeof(err->reason), post,
		       (size_t)-1);
	return code;
}

/**
 * tlkm_buf_init() - Start writing into caller storage.
 * @b:    Buffer to initialise.
 * @data: Storage.
 * @size: Size of @data in bytes.
 */
void tlkm_buf_init(struct tlkm_buf *b, char *data, size_t size)
{
	b->data = data;
	b->size = size;
	b->len = 0;
	b->overflow = !size;
	if (size)
		data[0] = '\0';
}

/**
 * tlkm_buf_putn() - Append @n bytes.
 * @b: Buffer.
 * @s: Bytes to append.
 * @n: How many.
 */
void tlkm_buf_putn(struct tlkm_buf *b, const char *s, size_t n)
{
	if (b->overflow || n >= b->size - b->len) {
		b->overflow = true;
		return;
	}
	memcpy(b->data + b->len, s, n);
	b->len += n;
	b->data[b->len] = '\0';
}

/**
 * tlkm_buf_puts() - Append a NUL-terminated string.
 * @b: Buffer.
 * @s: String.
 */
void tlkm_buf_puts(struct tlkm_buf *b, const char *s)
{
	tlkm_buf_putn(b, s, strlen(s));
}

/**
 * tlkm_buf_putc() - Append one character.
 * @b: Buffer.
 * @c: Character.
 */
void tlkm_buf_putc(struct tlkm_buf *b, char c)
{
	tlkm_buf_putn(b, &c, 1);
}

/**
 * tlkm_buf_put_u64() - Append a number the way TOMOYO prints it.
 * @b:     Buffer.
 * @v:     Value.
 * @radix: %TLKM_RADIX_OCT prints "0%o", %TLKM_RADIX_HEX "0x%X", else "%u".
 */
void tlkm_buf_put_u64(struct tlkm_buf *b, u64 v, enum tlkm_radix radix)
{
	static const char digits[] = "0123456789ABCDEF";
	unsigned int base = 10;
	char tmp[24];
	int i = sizeof(tmp);

	if (radix == TLKM_RADIX_OCT) {
		base = 8;
		tlkm_buf_putc(b, '0');
	} else if (radix == TLKM_RADIX_HEX) {
		base = 16;
		tlkm_buf_puts(b, "0x");
	}
	do {
		tmp[--i] = digits[v % base];
		v /= base;
	} while (v);
	tlkm_buf_putn(b, tmp + i, sizeof(tmp) - i);
}

/**
 * tlkm_cursor_init() - Start splitting a line into words.
 * @c:    Cursor.
 * @line: Line (need not be NUL-terminated).
 * @len:  Length of @line.
 */
void tlkm_cursor_init(struct tlkm_cursor *c, const char *line, size_t len)
{
	c->pos = line;
	c->end = line + len;
}

static bool is_sep(char c)
{
	return c == ' ' || c == '\t';
}

/**
 * tlkm_next_word() - Take the next space-separated word.
 * @c: Cursor.
 * @w: Receives the word.
 *
 * Runs of spaces and tabs separate words, as TOMOYO normalises lines.
 *
 * Return: false when the line has no more words.
 */
bool tlkm_next_word(struct tlkm_cursor *c, struct tlkm_word *w)
{
	while (c->pos < c->end && is_sep(*c->pos))
		c->pos++;
	if (c->pos == c->end)
		return false;
	w->s = c->pos;
	while (c->pos < c->end && !is_sep(*c->pos))
		c->pos++;
	w->len = c->pos - w->s;
	return true;
}

/**
 * tlkm_cursor_empty() - Check that only separators are left.
 * @c: Cursor (skips the separators).
 *
 * Return: true when the line is fully consumed.
 */
bool tlkm_cursor_empty(struct tlkm_cursor *c)
{
	while (c->pos < c->end && is_sep(*c->pos))
		c->pos++;
	return c->pos == c->end;
}

/**
 * tlkm_word_eq() - Compare a word with a keyword.
 * @w:  Word.
 * @kw: NUL-terminated keyword.
 *
 * Return: true on an exact match.
 */
bool tlkm_word_eq(const struct tlkm_word *w, const char *kw)
{
	size_t n = strlen(kw);

	return w->len == n && !memcmp(w->s, kw, n);
}

/**
 * tlkm_word_index() - Find a word in a table of keywords.
 * @table: Keywords.
 * @n:     Number of entries in @table.
 * @s:     The word.
 * @len:   Its length.
 *
 * Return: the index of the first exact match, or -1.
 */
int tlkm_word_index(const char * const *table, unsigned int n, const char *s,
		    size_t len)
{
	struct tlkm_word w = { s, len };
	unsigned int i;

	for (i = 0; i < n; i++)
		if (tlkm_word_eq(&w, table[i]))
			return i;
	return -1;
}

/**
 * tlkm_hex_digit() - Value of one hexadecimal digit.
 * @c: The character.
 *
 * Return: 0-15, or -1 if @c is not a hexadecimal digit.
 */
int tlkm_hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/**
 * tlkm_parse_u64() - Parse a TOMOYO number: decimal, 0octal or 0xhex.
 * @s:     Text (exactly the number, no sign, no spaces).
 * @len:   Length of @s.
 * @val:   Receives the value.
 * @radix: Receives the radix it was written in.
 *
 * A lone "0" is decimal, as in TOMOYO.
 *
 * Return: 0, or -%EINVAL on a malformed or overflowing number.
 */
int tlkm_parse_u64(const char *s, size_t len, u64 *val, enum tlkm_radix *radix)
{
	unsigned int base = 10;
	u64 v = 0;
	size_t i = 0;

	*radix = TLKM_RADIX_DEC;
	if (len > 1 && s[0] == '0') {
		if (s[1] == 'x' || s[1] == 'X') {
			base = 16;
			i = 2;
			*radix = TLKM_RADIX_HEX;
		} else {
			base = 8;
			i = 1;
			*radix = TLKM_RADIX_OCT;
		}
	}
	if (i >= len)
		return -EINVAL;
	for (; i < len; i++) {
		int d = tlkm_hex_digit(s[i]);

		if (d < 0 || d >= (int)base)
			return -EINVAL;
		if (v > ((u64)-1 - d) / base)
			return -EINVAL;
		v = v * base + d;
	}
	*val = v;
	return 0;
}

/**
 * tlkm_parse_dec_u32() - Parse a plain decimal number with an upper bound.
 * @s:   Text.
 * @len: Length of @s.
 * @max: Largest value accepted.
 * @val: Receives the value.
 *
 * Return: 0, or -%EINVAL when not decimal digits or above @max.
 */
int tlkm_parse_dec_u32(const char *s, size_t len, u32 max, u32 *val)
{
	u64 v = 0;
	size_t i;

	if (!len || len > 10 || (len > 1 && s[0] == '0'))
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -EINVAL;
		v = v * 10 + (s[i] - '0');
	}
	if (v > max)
		return -EINVAL;
	*val = (u32)v;
	return 0;
}
