// SPDX-License-Identifier: GPL-2.0
/*
 * test_pattern.c - pathname pattern matching, one case per test.
 */
#include <string.h>

#include "tap.h"
#include "tlkm_path.h"
#include "tlkm_pattern.h"

struct match_case {
	const char *pattern;
	const char *name;
	bool want;
};

static const struct match_case cases[] = {
	{ "/etc/passwd", "/etc/passwd", true },
	{ "/etc/passwd", "/etc/passwd2", false },
	{ "/tmp/\\*", "/tmp/abc", true },
	{ "/tmp/\\*", "/tmp/", false },
	{ "/tmp/\\*", "/tmp/a/b", false },
	{ "/tmp/\\*", "/tmp/.hidden", true },
	{ "/tmp/x\\*", "/tmp/x", true },
	{ "/x/\\*.txt", "/x/a.b.txt", true },
	{ "/x/\\@.txt", "/x/abc.txt", true },
	{ "/x/\\@.txt", "/x/a.b.txt", false },
	{ "/x/\\?", "/x/a", true },
	{ "/x/\\?", "/x/ab", false },
	{ "/x/\\?", "/x/\\040", true },
	{ "/x/\\?\\?", "/x/\\\\a", true },
	{ "/proc/\\$/status", "/proc/123/status", true },
	{ "/proc/\\$/status", "/proc/self/status", false },
	{ "/proc/\\$/status", "/proc//status", false },
	{ "/dev/tty\\+", "/dev/tty1", true },
	{ "/dev/tty\\+", "/dev/tty12", false },
	{ "/x/\\X", "/x/dEad09", true },
	{ "/x/\\X", "/x/dEag", false },
	{ "/x/\\x\\x", "/x/fF", true },
	{ "/x/\\x", "/x/g", false },
	{ "/x/\\A", "/x/abcXYZ", true },
	{ "/x/\\A", "/x/abc1", false },
	{ "/x/\\a\\$", "/x/a1", true },
	{ "/x/\\a", "/x/1", false },
	{ "/tmp/\\*\\-abc", "/tmp/abc", false },
	{ "/tmp/\\*\\-abc", "/tmp/abd", true },
	{ "/tmp/\\*\\-a\\*\\-\\*z", "/tmp/bcd", true },
	{ "/tmp/\\*\\-a\\*\\-\\*z", "/tmp/abc", false },
	{ "/tmp/\\*\\-a\\*\\-\\*z", "/tmp/bcz", false },
	{ "/tmp/a\\*\\-abc", "/tmp/abc", false },
	{ "/tmp/a\\*\\-abc", "/tmp/abx", true },
	{ "/\\{\\*\\}/x", "/a/b/c/x", true },
	{ "/\\{\\*\\}/x", "/a/x", true },
	{ "/\\{\\*\\}/x", "/x", false },
	{ "/usr/\\{lib\\}/a", "/usr/lib/lib/a", true },
	{ "/usr/\\{lib\\}/a", "/usr/lib/lob/a", false },
	{ "/a/\\{\\*\\-b\\}/c", "/a/x/y/c", true },
	{ "/a/\\{\\*\\-b\\}/c", "/a/x/b/c", false },
	{ "/a/\\{\\*\\}/", "/a/b/c/", true },
	{ "/a/\\{\\*\\}/", "/a/b/c", false },
	{ "/a/\\{\\*\\}/\\{\\$\\}/z", "/a/b/1/2/z", true },
	{ "/a/\\{\\*\\}/\\{\\$\\}/z", "/a/b/c/z", false },
	{ "/tmp/\\*/", "/tmp/d/", true },
	{ "/tmp/\\*/", "/tmp/d", false },
	{ "/tmp/", "/tmp/", true },
	{ "\\*", "abc", true },
	/* A part that is only "\*" (misc env's usual pattern). */
	{ "\\*", "LANG", true },
	{ "\\*", "\\101B\\040", true },
	{ "\\*", "a/b", false },
	{ "\\*\\-LANG", "LANG", false },
	{ "\\*\\-LANG", "PATH", true },
	{ "/x/\\*/y", "/x/abc/y", true },
	{ "/x/\\*/y", "/x/abc/z", false },
	{ "proc:/\\$/stat", "proc:/1/stat", true },
	{ "socket:[\\$]", "socket:[1234]", true },
	{ "/x/\\*\\*\\*\\*\\*\\*\\*\\*\\*b",
	  "/x/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", false },
	{ "/a\\040b/\\*", "/a\\040b/c", true },
};

static void limits(void)
{
	static char big[4000];
	struct tlkm_pattern p;
	struct tlkm_err err = { 0 };
	int ret;

	memset(big, 'a', sizeof(big) - 1);
	big[0] = '/';
	big[1] = '\\';
	big[2] = '*';
	ret = tlkm_pattern_init(&p, big, strlen(big), TLKM_WORD_PATTERN, &err);
	tlkm_pattern_destroy(&p);
	tap_result(ret == -22 && strstr(err.reason, "too long"),
		   "over-long wildcard component refused: %s", err.reason);
}

static void flags(void)
{
	struct tlkm_pattern p;
	int ret = tlkm_pattern_init(&p, "/usr/lib/\\*.so", 14,
				    TLKM_WORD_PATTERN, NULL);

	tap_result(!ret && p.is_pattern && !p.is_dir && p.const_len == 9 &&
		   p.restart == 9, "precompiled flags of /usr/lib/\\*.so");
	tlkm_pattern_destroy(&p);
	ret = tlkm_pattern_init(&p, "/a\\040b/", 8, TLKM_WORD_PATTERN, NULL);
	tap_result(!ret && !p.is_pattern && p.is_dir && p.const_len == 8,
		   "escaped literal is not a pattern, trailing / is a dir");
	tlkm_pattern_destroy(&p);
}

/*
 * A reference matcher for the differential test below: TOMOYO's wildcards
 * (no "\-", no "\{ \}") by plain backtracking over one component,
 * written for clarity, not speed. @p and @n are one component each, names
 * made of one-byte characters only.
 */
static bool ref_class(char w, char c)
{
	switch (w) {
	case '?':
	case '*':
		return true;
	case '@':
		return c != '.';
	case '+':
	case '$':
		return c >= '0' && c <= '9';
	case 'x':
	case 'X':
		return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') ||
		       (c >= 'A' && c <= 'F');
	default:
		return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
	}
}

static bool ref_comp(const char *p, size_t pl, const char *n, size_t nl)
{
	size_t k;
	char w;

	if (!pl)
		return !nl;
	if (p[0] != '\\')
		return nl && p[0] == n[0] && ref_comp(p + 1, pl - 1, n + 1, nl - 1);
	w = p[1];
	if (w == '?' || w == '+' || w == 'x' || w == 'a')
		return nl && ref_class(w, n[0]) &&
		       ref_comp(p + 2, pl - 2, n + 1, nl - 1);
	/* "\\*" and "\\@" take zero or more, the others one or more. */
	for (k = (w == '*' || w == '@') ? 0 : 1; k <= nl; k++) {
		if (k && !ref_class(w, n[k - 1]))
			break;
		if (ref_comp(p + 2, pl - 2, n + k, nl - k))
			return true;
	}
	return false;
}

static bool ref_match(const char *p, const char *n)
{
	for (;;) {
		const char *ps = strchr(p, '/'), *ns = strchr(n, '/');
		size_t pl = ps ? (size_t)(ps - p) : strlen(p);
		size_t nl = ns ? (size_t)(ns - n) : strlen(n);

		if (!ref_comp(p, pl, n, nl))
			return false;
		if (!ps || !ns)
			return !ps && !ns;
		p = ps + 1;
		n = ns + 1;
	}
}

/*
 * Random patterns and names, matched by tlkm_pattern_match() and by the
 * reference: the answers must agree. Fixed seed: the same cases each run.
 */
static void differential(void)
{
	static const char *const ptok[] = {
		"a", "b", "1", "2", ".", "f", "\\*", "\\@", "\\$", "\\+",
		"\\?", "\\x", "\\X", "\\a", "\\A", "/",
	};
	static const char nch[] = "ab129f.Z/";
	unsigned int seed = 12345, i, j, k, bad = 0, matched = 0;
	char pat[64], name[64];

	for (i = 0; i < 20000; i++) {
		struct tlkm_pattern p;
		size_t pl, nl;
		bool got, want;

		strcpy(pat, "/d/");
		k = 1 + (seed = seed * 1103515245 + 12345) % 7;
		for (j = 0; j < k; j++) {
			seed = seed * 1103515245 + 12345;
			/* No "//": a slash only after something else. */
			if ((seed >> 16) % 16 == 15 && pat[strlen(pat) - 1] == '/')
				continue;
			strcat(pat, ptok[(seed >> 16) % 16]);
		}
		pl = strlen(pat);
		strcpy(name, "/d/");
		nl = 3 + (seed = seed * 1103515245 + 12345) % 8;
		for (j = 3; j < nl; j++) {
			seed = seed * 1103515245 + 12345;
			name[j] = nch[(seed >> 16) % (sizeof(nch) - 1)];
			if (name[j] == '/' && name[j - 1] == '/')
				name[j] = 'a';
		}
		name[nl] = '\0';
		if (tlkm_pattern_init(&p, pat, pl, TLKM_WORD_PATTERN, NULL))
			continue;
		got = tlkm_pattern_match(&p, name, nl);
		/* A trailing '/' is a directory: both must end with one. */
		want = (name[nl - 1] == '/') == (pat[pl - 1] == '/') &&
		       ref_match(pat, name);
		tlkm_pattern_destroy(&p);
		matched += want;
		if (got != want && bad++ < 5)
			tap_diag("'%s' vs '%s': matcher %d, reference %d", pat,
				 name, got, want);
	}
	tap_result(!bad && matched > 500,
		   "20000 random patterns agree with a reference matcher (%u matched, %u differ)",
		   matched, bad);
}

/**
 * test_pattern() - The matcher, case by case.
 */
void test_pattern(void)
{
	unsigned int i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct match_case *c = &cases[i];
		struct tlkm_pattern p;
		struct tlkm_err err = { 0 };
		bool got = false;
		int ret = tlkm_pattern_init(&p, c->pattern, strlen(c->pattern),
					    TLKM_WORD_PATTERN, &err);

		if (!ret)
			got = tlkm_pattern_match(&p, c->name, strlen(c->name));
		tap_result(!ret && got == c->want, "'%s' %s '%s' %s",
			   c->pattern, c->want ? "matches" : "does not match",
			   c->name, err.reason);
		tlkm_pattern_destroy(&p);
	}
	limits();
	flags();
	differential();
}
