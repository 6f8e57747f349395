// SPDX-License-Identifier: GPL-2.0
/*
 * Host unit tests of modules/shim/hook_class.c, the allow-list of hooks,
 * and of the other pure parts (test_same_bytes.c, linked in).
 *
 * Usage: test_hook_class DATADIR CLIENT_HOOKS
 * DATADIR holds hooks-<series>.txt ("RET DEFAULT NAME" per line, from each
 * series' lsm_hook_defs.h); CLIENT_HOOKS lists the hooks the shipped
 * clients use, one per line. Prints TAP ending with "N passed, N failed".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hook_class.h"
#include "unit.h"

static int passed, failed;

void result(bool ok, const char *fmt, ...)
{
	va_list ap;

	printf("%sok %d - ", ok ? "" : "not ", passed + failed + 1);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	if (ok)
		passed++;
	else
		failed++;
}

static void expect(const char *name, bool is_int, int def, unsigned int kernel,
		   enum shim_hook_class want)
{
	const char *why = NULL;
	enum shim_hook_class got = shim_hook_classify(name, is_int, def,
						      kernel, &why);

	result(got == want && why && *why, "%s (kernel 0x%x) is %s", name,
	       kernel, shim_hook_class_name(want));
	if (got != want)
		printf("# got %s: %s\n", shim_hook_class_name(got), why);
}

/* Every hook of a series is classified, and its type fits its class. */
static void series(const char *dir, const char *s, unsigned int kernel)
{
	char path[512], ret[16], def[32], name[64];
	int n = 0, unknown = 0, allowed = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/hooks-%s.txt", dir, s);
	f = fopen(path, "r");
	if (!f) {
		result(false, "read %s", path);
		return;
	}
	while (fscanf(f, "%15s %31s %63s", ret, def, name) == 3) {
		bool is_int = !strcmp(ret, "int");
		int d = 0;
		enum shim_hook_class c;

		if (ret[0] == '#') {
			fscanf(f, "%*[^\n]");
			continue;
		}
		if (is_int && strcmp(def, "0"))
			d = !strcmp(def, "1") ? 1 :
			    !strcmp(def, "-ENOSYS") ? -ENOSYS : -1000;
		c = shim_hook_classify(name, is_int, d, kernel, NULL);
		n++;
		if (c == SHIM_HOOK_UNKNOWN) {
			unknown++;
			printf("# %s: %s %s %s is unknown\n", s, ret, def, name);
		}
		allowed += shim_hook_class_allowed(c);
	}
	fclose(f);
	result(n > 200 && !unknown, "all %d hooks of %s are classified (%d allowed)",
	       n, s, allowed);
}

int main(int argc, char **argv)
{
	const unsigned int k61 = 0, k612 = SHIM_KERNEL_KEY_BLOBS,
			   k7 = SHIM_KERNEL_KEY_BLOBS | SHIM_KERNEL_BPF_BLOBS;
	char name[64];
	FILE *f;
	int bad = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: test_hook_class DATADIR CLIENT_HOOKS\n");
		return 2;
	}
	series(argv[1], "6.1", k61);
	series(argv[1], "6.12", k612);
	series(argv[1], "7", k7);

	/* One hook per class. */
	expect("file_open", true, 0, k612, SHIM_HOOK_RESTRICT);
	expect("task_free", false, 0, k612, SHIM_HOOK_NOTIFY);
	expect("cred_prepare", true, 0, k612, SHIM_HOOK_GUARDED);
	expect("cred_transfer", false, 0, k612, SHIM_HOOK_GUARDED);
	expect("inode_xattr_skipcap", true, 0, k612, SHIM_HOOK_GRANT);
	expect("capset", true, 0, k612, SHIM_HOOK_CRED_WRITE);
	expect("bprm_creds_from_file", true, 0, k612, SHIM_HOOK_CRED_WRITE);
	expect("sb_eat_lsm_opts", true, 0, k612, SHIM_HOOK_OWNED);
	expect("tun_dev_alloc_security", true, 0, k612, SHIM_HOOK_OWNED);
	expect("xfrm_policy_alloc_security", true, 0, k612, SHIM_HOOK_OWNED);
	expect("sb_show_options", true, 0, k612, SHIM_HOOK_OUTPUT);
	expect("ismaclabel", true, 0, k612, SHIM_HOOK_LABEL);
	expect("getprocattr", true, -EINVAL, k612, SHIM_HOOK_WALK);
	/* Single-owner pointers on 6.1 only. */
	expect("key_alloc", true, 0, k61, SHIM_HOOK_OWNED);
	expect("key_alloc", true, 0, k612, SHIM_HOOK_RESTRICT);
	expect("perf_event_alloc", true, 0, k61, SHIM_HOOK_OWNED);
	expect("perf_event_alloc", true, 0, k612, SHIM_HOOK_RESTRICT);
	expect("bpf_map_create", true, 0, k612, SHIM_HOOK_OWNED);
	expect("bpf_map_create", true, 0, k7, SHIM_HOOK_RESTRICT);
	/* Not listed, or a type that does not fit: refused. */
	expect("some_future_hook", true, 0, k7, SHIM_HOOK_UNKNOWN);
	expect("file_open", false, 0, k612, SHIM_HOOK_UNKNOWN);
	expect("file_open", true, -EOPNOTSUPP, k612, SHIM_HOOK_UNKNOWN);
	expect("task_free", true, 0, k612, SHIM_HOOK_UNKNOWN);
	expect("task_prctl", true, -ENOSYS, k612, SHIM_HOOK_RESTRICT);
	expect("task_prctl", true, 0, k612, SHIM_HOOK_UNKNOWN);
	expect("", true, 0, k612, SHIM_HOOK_UNKNOWN);
	result(!strcmp(shim_hook_class_name(99), "?"),
	       "an out-of-range class has the name ?");

	/* Every hook a shipped client uses is allowed, on every series. */
	f = fopen(argv[2], "r");
	if (!f) {
		result(false, "read %s", argv[2]);
	} else {
		int n = 0;

		while (fscanf(f, "%63s", name) == 1) {
			n++;
			/* Its type does not matter here: ask as it is. */
			if (!shim_hook_class_allowed(shim_hook_classify(name,
					!strcmp(name, "task_free") ||
					!strcmp(name, "cred_transfer") ? false : true,
					!strcmp(name, "task_prctl") ? -ENOSYS : 0,
					k61, NULL))) {
				printf("# %s is refused\n", name);
				bad++;
			}
		}
		fclose(f);
		result(n > 10 && !bad, "the %d hooks the shipped clients use are allowed",
		       n);
	}
	test_same_bytes();
	printf("1..%d\n%d passed, %d failed\n", passed + failed, passed, failed);
	return failed != 0;
}
