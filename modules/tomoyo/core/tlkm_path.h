/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_path.h - TOMOYO's string encoding and policy word validation.
 *
 * Bytes 0x21-0x7e other than backslash stand for themselves, a backslash is
 * written "\\" and every other byte "\ooo" (three octal digits).
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_PATH_H
#define _MODULES_TOMOYO_CORE_TLKM_PATH_H

#include "tlkm_text.h"

/* Flags for tlkm_check_word(). */
#define TLKM_WORD_PATTERN	0x1	/* wildcards such as \* allowed */
#define TLKM_WORD_EMPTY_OK	0x2	/* the empty word is valid */
#define TLKM_WORD_ABSOLUTE	0x4	/* must start with '/' */

/* Bytes one raw byte takes encoded: itself, "\\\\" or "\\ooo". */
static inline size_t tlkm_encoded_width(u8 c)
{
	return c == '\\' ? 2 : (c > 0x20 && c < 0x7f) ? 1 : 4;
}

/* Write @c's encoding at @out (its width in bytes, no NUL). */
static inline void tlkm_put_encoded(u8 c, char *out)
{
	switch (tlkm_encoded_width(c)) {
	case 1:
		out[0] = c;
		break;
	case 2:
		out[0] = '\\';
		out[1] = '\\';
		break;
	default:
		out[0] = '\\';
		out[1] = '0' + (c >> 6);
		out[2] = '0' + ((c >> 3) & 7);
		out[3] = '0' + (c & 7);
	}
}

size_t tlkm_encoded_len(const u8 *raw, size_t len);
void tlkm_encode_known(const u8 *raw, size_t len, char *out, size_t n);
int tlkm_encode(const u8 *raw, size_t len, char *out, size_t size);
int tlkm_decode(const char *word, size_t len, u8 *out, size_t size);
int tlkm_check_word(const char *word, size_t len, unsigned int flags,
		    struct tlkm_err *err);
bool tlkm_is_wildcard(char c);
size_t tlkm_char_len(const char *s, size_t len);

#endif /* _MODULES_TOMOYO_CORE_TLKM_PATH_H */
