// SPDX-License-Identifier: GPL-2.0
/*
 * test_regressions.c - replay fuzzer inputs stored under
 * tests/fuzz/tomoyo/regressions/ through the fuzz property.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_prop.h"
#include "tap.h"

static void replay(const char *dir, const char *name)
{
	static uint8_t buf[1 << 16];
	char path[4096];
	const char *msg;
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "rb");
	if (!f) {
		tap_result(false, "regression %s: cannot open", name);
		return;
	}
	n = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	msg = tlkm_fuzz_one(buf, n);
	tap_result(!msg, "regression %s %s", name, msg ? msg : "");
}

/**
 * test_regressions() - One test per stored regression input.
 * @dir: Directory holding the inputs (README files are skipped).
 */
void test_regressions(const char *dir)
{
	struct dirent *de;
	int count = 0;
	DIR *d = opendir(dir);

	if (!d) {
		tap_result(false, "regression directory %s missing", dir);
		return;
	}
	while ((de = readdir(d))) {
		if (de->d_name[0] == '.' || !strncmp(de->d_name, "README", 6))
			continue;
		replay(dir, de->d_name);
		count++;
	}
	closedir(d);
	if (!count)
		tap_result(true, "no stored fuzz regressions to replay");
}
