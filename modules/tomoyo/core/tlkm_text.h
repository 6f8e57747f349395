/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_text.h - text helpers shared by the policy parsers and printers:
 * error reasons, a bounded output buffer, a word cursor and numbers.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_TEXT_H
#define _MODULES_TOMOYO_CORE_TLKM_TEXT_H

#include "tlkm_portable.h"

/* Longest policy line accepted, in bytes. */
#define TLKM_MAX_LINE 16384
/* Size of the human-readable reason kept with an error. */
#define TLKM_REASON_LEN 128

/* Radix a number was written in; printing keeps it. */
enum tlkm_radix {
	TLKM_RADIX_DEC,
	TLKM_RADIX_OCT,
	TLKM_RADIX_HEX,
};

/**
 * struct tlkm_err - Why a line was refused.
 * @code:   Negative errno of the failure, 0 when none.
 * @reason: Short NUL-terminated reason such as "unknown keyword 'fiel'".
 */
struct tlkm_err {
	int code;
	char reason[TLKM_REASON_LEN];
};

/**
 * struct tlkm_buf - Bounded output buffer for printers.
 * @data:     Caller's storage, always NUL-terminated when @size > 0.
 * @size:     Size of @data in bytes.
 * @len:      Bytes written so far (excluding the NUL).
 * @overflow: True once something did not fit; @len stops growing.
 */
struct tlkm_buf {
	char *data;
	size_t size;
	size_t len;
	bool overflow;
};

/**
 * struct tlkm_word - A slice of the input line.
 * @s:   First byte (not NUL-terminated).
 * @len: Length in bytes.
 */
struct tlkm_word {
	const char *s;
	size_t len;
};

/**
 * struct tlkm_cursor - Position in a line being split into words.
 * @pos: Next unread byte.
 * @end: One past the last byte of the line.
 */
struct tlkm_cursor {
	const char *pos;
	const char *end;
};

int tlkm_fail(struct tlkm_err *err, int code, const char *pre,
	      const char *word, size_t wlen, const char *post);
void tlkm_buf_init(struct tlkm_buf *b, char *data, size_t size);
void tlkm_buf_putn(struct tlkm_buf *b, const char *s, size_t n);
void tlkm_buf_puts(struct tlkm_buf *b, const char *s);
void tlkm_buf_putc(struct tlkm_buf *b, char c);
void tlkm_buf_put_u64(struct tlkm_buf *b, u64 v, enum tlkm_radix radix);
void tlkm_cursor_init(struct tlkm_cursor *c, const char *line, size_t len);
bool tlkm_next_word(struct tlkm_cursor *c, struct tlkm_word *w);
bool tlkm_cursor_empty(struct tlkm_cursor *c);
bool tlkm_word_eq(const struct tlkm_word *w, const char *kw);
int tlkm_word_index(const char * const *table, unsigned int n, const char *s,
		    size_t len);
int tlkm_hex_digit(char c);
int tlkm_parse_u64(const char *s, size_t len, u64 *val, enum tlkm_radix *radix);
int tlkm_parse_dec_u32(const char *s, size_t len, u32 max, u32 *val);

#endif /* _MODULES_TOMOYO_CORE_TLKM_TEXT_H */
