// SPDX-License-Identifier: GPL-2.0
/*
 * test_path.c - TOMOYO string encoding and word validation.
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tlkm_path.h"

static void encode_case(const char *raw, size_t len, const char *want)
{
	char out[256];
	int n = tlkm_encode((const u8 *)raw, len, out, sizeof(out));

	tap_result(n == (int)strlen(want) && !strcmp(out, want),
		   "encode gives '%s' (got '%s')", want, n < 0 ? "" : out);
}

/*
 * tlkm_encode_known() with the measured length: the same bytes as
 * tlkm_encode(), a NUL after them, nothing written past it (the copy of
 * plain bytes and the byte-by-byte encoding alike).
 */
static void encode_known_case(const char *raw, size_t len)
{
	char want[256], out[256];
	size_t n = tlkm_encoded_len((const u8 *)raw, len);
	int m = tlkm_encode((const u8 *)raw, len, want, sizeof(want));

	memset(out, 0x5a, sizeof(out));
	tlkm_encode_known((const u8 *)raw, len, out, n);
	tap_result(m == (int)n && !memcmp(out, want, n + 1) &&
		   (unsigned char)out[n + 1] == 0x5a,
		   "encode_known writes '%s' and its NUL only (%zu bytes)",
		   want, n);
}

static size_t width_ref(unsigned char c)
{
	return c == '\\' ? 2 : (c > 0x20 && c < 0x7f) ? 1 : 4;
}

/*
 * tlkm_encoded_len() reads eight bytes at a time: every byte value at
 * every place of a word of plain bytes (each plain filler from 0x21 to
 * 0x7e but the backslash), every pair of values at two places, and
 * strings of 0 to 40 bytes from a fixed random stream, against the
 * byte-by-byte widths.
 */
static void encoded_len_words(void)
{
	unsigned char raw[48];
	unsigned int v, u, p, q, f, bad = 0, cases = 0;
	unsigned long seed = 12345;
	size_t want, len, k;

	for (f = 0x21; f < 0x7f; f++) {
		if (f == '\\')
			continue;
		for (v = 0; v < 256; v++) {
			for (p = 0; p < 8; p++) {
				memset(raw, f, 8);
				raw[p] = v;
				cases++;
				if (tlkm_encoded_len(raw, 8) != 7 + width_ref(v))
					bad++;
			}
		}
	}
	for (v = 0; v < 256; v++)
		for (u = 0; u < 256; u++)
			for (p = 0; p < 8; p++) {
				q = (p + 3) % 8;
				memset(raw, 'a', 9);
				raw[p] = v;
				raw[q] = u;
				cases++;
				if (tlkm_encoded_len(raw, 9) !=
				    7 + width_ref(v) + width_ref(u))
					bad++;
			}
	for (k = 0; k < 200000; k++) {
		len = k % 41;
		want = 0;
		for (p = 0; p < len; p++) {
			seed = seed * 6364136223846793005UL + 1442695040888963407UL;
			/* Mostly plain bytes, some of every other kind. */
			raw[p] = (seed >> 33) % 8 ? 0x21 + (seed >> 41) % 94 :
				 (seed >> 41) & 0xff;
			want += width_ref(raw[p]);
		}
		cases++;
		if (tlkm_encoded_len(raw, len) != want)
			bad++;
	}
	tap_result(!bad, "encoded_len eight bytes at a time agrees with the byte widths (%u cases, %u wrong)",
		   cases, bad);
}

static void decode_roundtrip(void)
{
	u8 raw[256], back[256];
	char enc[1100];
	int i, n, m;

	for (i = 0; i < 256; i++)
		raw[i] = i;
	n = tlkm_encode(raw, 256, enc, sizeof(enc));
	m = tlkm_decode(enc, n, back, sizeof(back));
	tap_result(n > 0 && m == 256 && !memcmp(raw, back, 256) &&
		   !tlkm_check_word(enc, n, 0, NULL),
		   "all 256 bytes survive encode+decode and encode valid");
}

struct word_case {
	const char *word;
	unsigned int flags;
	int want;
	const char *reason;
};

static const struct word_case words[] = {
	{ "/etc/passwd", 0, 0, NULL },
	{ "/a\\040b", 0, 0, NULL },
	{ "/a\\\\b", 0, 0, NULL },
	{ "/a\\177", 0, 0, NULL },
	{ "/a\\377", 0, 0, NULL },
	{ "/tmp/\\*", TLKM_WORD_PATTERN, 0, NULL },
	{ "/\\{\\*\\}/", TLKM_WORD_PATTERN, 0, NULL },
	{ "/tmp/\\*", 0, -22, "wildcard not allowed" },
	{ "/tmp/\\q", TLKM_WORD_PATTERN, -22, "bad escape in '/tmp/\\q'" },
	{ "/a\\101", 0, -22, "needless escape" },
	{ "/a\\134", 0, -22, "needless escape" },
	{ "/a\\400", 0, -22, "bad escape" },
	{ "/a\\04", 0, -22, "bad escape" },
	{ "/a\\", 0, -22, "bad escape" },
	{ "/a b", 0, -22, "bad byte" },
	{ "/a\x80", 0, -22, "bad byte" },
	{ "", 0, -22, "empty word" },
	{ "", TLKM_WORD_EMPTY_OK, 0, NULL },
	{ "rel", TLKM_WORD_ABSOLUTE, -22, "not an absolute path" },
	{ "/a\\{b\\}/", TLKM_WORD_PATTERN, -22, "must follow '/'" },
	{ "/\\{b\\}c", TLKM_WORD_PATTERN, -22, "must close" },
	{ "/\\{b", TLKM_WORD_PATTERN, -22, "unterminated" },
	{ "/\\{a/b\\}/", TLKM_WORD_PATTERN, -22, "inside" },
	{ "/\\{\\{a\\}/", TLKM_WORD_PATTERN, -22, "must follow" },
	{ "/\\}/", TLKM_WORD_PATTERN, -22, "must close" },
};

/**
 * test_path() - Encoding, decoding and validation of policy words.
 */
void test_path(void)
{
	unsigned int i;

	encode_case("/etc/passwd", 11, "/etc/passwd");
	encode_case("/a b", 4, "/a\\040b");
	encode_case("/a\\b", 4, "/a\\\\b");
	encode_case("\n\x7f\xff", 3, "\\012\\177\\377");
	encode_known_case("/usr/bin/true", 13);
	encode_known_case("/a b\\c\xff", 8);
	encode_known_case("", 0);
	encoded_len_words();
	decode_roundtrip();
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		const struct word_case *c = &words[i];
		struct tlkm_err err = { 0 };
		int ret = tlkm_check_word(c->word, strlen(c->word), c->flags,
					  &err);

		tap_result(ret == c->want &&
			   (!c->reason || strstr(err.reason, c->reason)),
			   "check_word '%s' flags %u -> %d '%s'", c->word,
			   c->flags, ret, err.reason);
	}
}
