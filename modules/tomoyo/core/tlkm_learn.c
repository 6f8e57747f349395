// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_learn.c - the patterns learning mode puts into learned lines.
 */
#include "tlkm_learn.h"

/* Length of the run of decimal digits after @head at @s, 0 if none. */
static size_t digits_after(const char *s, const char *head)
{
	size_t n = strlen(head), w = 0;

	if (strncmp(s, head, n))
		return 0;
	while (s[n + w] >= '0' && s[n + w] <= '9')
		w++;
	return w;
}

/**
 * tlkm_learn_patternize() - A learned file ACL with its volatile numbers
 * replaced by patterns, as newer TOMOYO learns it.
 * @acl: The ACL line of a refused request, NUL-terminated, e.g.
 *       "file ioctl pipe:[4711] 0x5401".
 * @len: Its length.
 *
 * Only "file" lines whose first name holds a ':' change: "pipe:[N]" and
 * "socket:[N]" become "pipe:[\$]" and "socket:[\$]"; "proc:/N" becomes
 * "proc:/\$" (but "proc:/1" stays), and after "proc:/self" or it the
 * numbers after "/task/" and then "/fd/" or "/fdinfo/" become "\$".
 *
 * Return: the new line, kmalloc()ed and NUL-terminated, or NULL when out
 * of memory.
 */
char *tlkm_learn_patternize(const char *acl, size_t len)
{
	/* Each rewrite is at most one "\$" longer than a one-digit number. */
	char *out = kmalloc(len + 16, TLKM_GFP);
	const char *cp, *end = acl + len, *colon;
	size_t o = 0, w;

	if (!out)
		return NULL;
#define PUT(s, n) do { memcpy(out + o, (s), (n)); o += (n); } while (0)
	cp = acl;
	if (len < 5 || strncmp(acl, "file ", 5))
		goto flush;
	colon = memchr(acl + 5, ':', len - 5);
	if (!colon)
		goto flush;
	cp = colon;
	while (*cp != ' ')
		cp--;
	cp++;
	PUT(acl, cp - acl);
	w = digits_after(cp, "pipe:[");
	if (w && cp[6 + w] == ']') {
		PUT("pipe:[\\$]", 9);
		cp += 7 + w;
		goto flush;
	}
	w = digits_after(cp, "socket:[");
	if (w && cp[8 + w] == ']') {
		PUT("socket:[\\$]", 11);
		cp += 9 + w;
		goto flush;
	}
	w = digits_after(cp, "proc:/");
	if (!strncmp(cp, "proc:/self", 10)) {
		PUT("proc:/self", 10);
		cp += 10;
	} else if (w) {
		if (w == 1 && cp[6] == '1')
			PUT("proc:/1", 7);
		else
			PUT("proc:/\\$", 8);
		cp += 6 + w;
	} else {
		goto flush;
	}
	w = digits_after(cp, "/task/");
	if (w) {
		PUT("/task/\\$", 8);
		cp += 6 + w;
	}
	w = digits_after(cp, "/fd/");
	if (w) {
		PUT("/fd/\\$", 6);
		cp += 4 + w;
	} else {
		w = digits_after(cp, "/fdinfo/");
		if (w) {
			PUT("/fdinfo/\\$", 10);
			cp += 8 + w;
		}
	}
flush:
	PUT(cp, end - cp);
#undef PUT
	out[o] = '\0';
	return out;
}
