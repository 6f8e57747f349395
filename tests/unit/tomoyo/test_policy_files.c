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
}
