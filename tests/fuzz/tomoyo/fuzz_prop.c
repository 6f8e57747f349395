// SPDX-License-Identifier: GPL-2.0
/*
 * fuzz_prop.c - one fuzz input through the tomoyo_lkm parser, printer,
 * model and matcher.
 *
 * Byte 0 selects what to test: 0-2 a line of the domain, exception or
 * profile policy; 3 a pattern and a name separated by a newline. The
 * property: nothing crashes, and a line that parses prints to a line
 * that parses and prints the same again.
 */
#include <stdlib.h>
#include <string.h>

#include "fuzz_prop.h"
#include "tlkm_model.h"
#include "tlkm_path.h"
#include "tlkm_policy.h"

#define OUT_SIZE (3 * TLKM_MAX_LINE)

static int discard(void *ctx, const char *line, size_t len)
{
	(void)ctx;
	(void)line;
	(void)len;
	return 0;
}

/* Apply the line to a fresh model and dump it back. */
static const char *through_model(int file, const char *line, size_t len)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct tlkm_writer w;
	const char *msg = NULL;

	if (!p)
		return NULL;
	tlkm_writer_init(&w, p, file);
	tlkm_write_line(&w, "<kernel> /bin/x", 15, NULL);
	if (tlkm_write_line(&w, line, len, NULL) == 0 &&
	    tlkm_dump_policy(p, file, discard, NULL))
		msg = "dump of an accepted line failed";
	tlkm_policy_destroy(p);
	return msg;
}

static const char *check_line(int file, const char *line, size_t len)
{
	static char out1[OUT_SIZE], out2[OUT_SIZE];
	struct tlkm_line l;
	const char *msg = NULL;
	int n1, n2;

	if (tlkm_parse_line(file, line, len, &l, NULL)) {
		tlkm_line_destroy(&l);
		return NULL;
	}
	n1 = tlkm_print_line(&l, out1, sizeof(out1));
	tlkm_line_destroy(&l);
	if (n1 < 0)
		return "print of a parsed line failed";
	if (tlkm_parse_line(file, out1, n1, &l, NULL))
		msg = "printed line does not parse";
	n2 = msg ? 0 : tlkm_print_line(&l, out2, sizeof(out2));
	tlkm_line_destroy(&l);
	if (!msg && (n1 != n2 || memcmp(out1, out2, n1)))
		msg = "print is not stable across parse";
	return msg ? msg : through_model(file, line, len);
}

static const char *check_match(const char *s, size_t len)
{
	const char *nl = memchr(s, '\n', len);
	size_t plen = nl ? (size_t)(nl - s) : len;
	struct tlkm_pattern p;
	const char *msg = NULL;

	if (tlkm_pattern_init(&p, s, plen, TLKM_WORD_PATTERN, NULL)) {
		tlkm_pattern_destroy(&p);
		return NULL;
	}
	if (nl)
		tlkm_pattern_match(&p, nl + 1, len - plen - 1);
	if (!p.is_pattern && !tlkm_pattern_match(&p, s, plen))
		msg = "a literal word does not match itself";
	tlkm_pattern_destroy(&p);
	return msg;
}

/**
 * tlkm_fuzz_one() - Check the property on one input.
 * @data: Input bytes.
 * @size: Number of bytes.
 *
 * Return: NULL when the property holds, else what went wrong.
 */
const char *tlkm_fuzz_one(const uint8_t *data, size_t size)
{
	const char *s = (const char *)data + 1;

	if (!size || size > TLKM_MAX_LINE + 1)
		return NULL;
	if (data[0] % 4 == 3)
		return check_match(s, size - 1);
	return check_line(data[0] % 4, s, size - 1);
}
