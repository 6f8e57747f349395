// SPDX-License-Identifier: GPL-2.0
/*
 * test_policy_files.c - round trips over realistic policy files: every
 * line prints back byte for byte, and loading a whole file into the model
 * dumps the same file again.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "tlkm_model.h"
#include "tlkm_policy.h"

static const char * const files[3] = {
	"domain_policy.conf", "exception_policy.conf", "profile.conf",
};

static char *slurp(const char *dir, const char *name, size_t *len)
{
	char path[4096];
	char *buf;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f)
		return NULL;
	buf = calloc(1, 1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	fclose(f);
	return buf;
}

static void lines_round_trip(int file, const char *name, const char *text)
{
	static char out[1 << 16];
	const char *s = text;
	int lines = 0, bad = 0;

	while (*s) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		struct tlkm_line l;
		struct tlkm_err err;
		int ret = tlkm_parse_line(file, s, n, &l, &err);

		if (!ret)
			ret = tlkm_print_line(&l, out, sizeof(out)) < 0;
		if (ret || strlen(out) != n || memcmp(out, s, n)) {
			bad++;
			tap_diag("%s:%d: %.*s -> %s", name, lines + 1, (int)n,
				 s, ret ? err.reason : out);
		}
		tlkm_line_destroy(&l);
		lines++;
		s += n + (nl ? 1 : 0);
	}
	tap_result(!bad && lines > 10, "%s: %d lines print back unchanged",
		   name, lines);
}

struct sink {
	char *buf;
	size_t len, size;
};

static int collect(void *ctx, const char *line, size_t len)
{
	struct sink *s = ctx;

	if (s->len + len + 2 > s->size)
		return -1;
	memcpy(s->buf + s->len, line, len);
	s->len += len;
	s->buf[s->len++] = '\n';
	s->buf[s->len] = '\0';
	return 0;
}

static int load(struct tlkm_policy *p, int file, const char *text,
		const char *prefix, struct tlkm_err *err)
{
	static char line[1 << 16];
	struct tlkm_writer w;
	const char *s = text;
	int ret = 0;

	tlkm_writer_init(&w, p, file);
	while (*s && !ret) {
		const char *nl = strchr(s, '\n');
		size_t n = nl ? (size_t)(nl - s) : strlen(s);
		int m = snprintf(line, sizeof(line), "%s%.*s",
				 n && file != TLKM_DOMAIN_POLICY ? prefix : "",
				 (int)n, s);

		ret = tlkm_write_line(&w, line, m, err);
		s += n + (nl ? 1 : 0);
	}
	return ret;
}

static void model_round_trip(int file, const char *name, const char *text)
{
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s = { .buf = calloc(1, 1 << 20), .size = 1 << 20 };
	struct tlkm_err err = { 0 };
	int ret = load(p, file, text, "", &err);

	if (!ret)
		ret = tlkm_dump_policy(p, file, collect, &s);
	tap_result(!ret && !strcmp(s.buf, text),
		   "%s: loading and dumping gives the same file %s", name,
		   err.reason);
	if (file == TLKM_EXCEPTION_POLICY) {
		s.len = 0;
		s.buf[0] = '\0';
		ret = load(p, file, text, "delete ", &err);
		if (!ret)
			ret = tlkm_dump_policy(p, file, collect, &s);
		tap_result(!ret && !s.len,
			   "%s: deleting every line empties it %s", name,
			   err.reason);
	}
	free(s.buf);
	tlkm_policy_destroy(p);
}

/* Does @line (@n bytes) occur as a whole line in the first @len of @text? */
static bool has_line(const char *text, size_t len, const char *line,
		     size_t n)
{
	const char *s = text;

	while (s + n <= text + len) {
		if (!memcmp(s, line, n) && (s == text || s[-1] == '\n') &&
		    (s + n == text + len || s[n] == '\n' || !s[n]))
			return true;
		s++;
	}
	return false;
}

/*
 * What tomoyo-tools 2.6.1's init_policy writes to exception_policy.conf on
 * Debian bookworm (host-specific library names trimmed): pseudo-filesystem
 * names ("proc:/self/exe", "\*:/") and lines that repeat. It loads whole,
 * and each distinct line is kept once, as in the built-in TOMOYO.
 */
static void init_policy_loads(const char *datadir)
{
	static const char name[] = "init_policy_exception.conf";
	struct tlkm_policy *p = tlkm_policy_create();
	struct sink s = { .buf = calloc(1, 1 << 20), .size = 1 << 20 };
	struct tlkm_err err = { 0 };
	size_t len;
	char *text = slurp(datadir, name, &len);
	const char *l;
	int ret = text ? 0 : -1, missing = 0, uniq = 0, dumped = 0;

	if (!ret)
		ret = load(p, TLKM_EXCEPTION_POLICY, text, "", &err);
	if (!ret)
		ret = tlkm_dump_policy(p, TLKM_EXCEPTION_POLICY, collect, &s);
	tap_result(!ret, "%s: loads %s", name, err.reason);
	for (l = text; !ret && *l; ) {
		const char *nl = strchr(l, '\n');
		size_t n = nl ? (size_t)(nl - l) : strlen(l);
		char *one = strndup(l, n);

		if (!has_line(s.buf, s.len, one, n)) {
			missing++;
			tap_diag("not in the dump: %s", one);
		}
		/* Count the first occurrence of each line only. */
		if (!has_line(text, l - text, one, n))
			uniq++;
		free(one);
		l += n + (nl ? 1 : 0);
	}
	for (l = s.buf; *l; l++)
		dumped += *l == '\n';
	tap_result(!ret && !missing && dumped == uniq,
		   "%s: %d distinct lines dumped once each (%d dumped)", name,
		   uniq, dumped);
	free(text);
	free(s.buf);
	tlkm_policy_destroy(p);
}

/**
 * test_policy_files() - Round trips over the files in @datadir.
 * @datadir: Directory with domain_policy.conf, exception_policy.conf and
 *           profile.conf.
 */
void test_policy_files(const char *datadir)
{
	int i;

	for (i = 0; i < 3; i++) {
		size_t len;
		char *text = slurp(datadir, files[i], &len);

		if (!text) {
			tap_result(false, "read %s/%s", datadir, files[i]);
			continue;
		}
		lines_round_trip(i, files[i], text);
		model_round_trip(i, files[i], text);
		free(text);
	}
	init_policy_loads(datadir);
}
