// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_pattern.c - TOMOYO pathname pattern matching.
 *
 * A name matches a pattern component by component ('/' separated). Inside
 * a component the wildcards are simulated as a small NFA over byte offsets
 * of the pattern, so matching takes O(pattern * name) time, no recursion
 * and a bounded amount of stack. "\-" subtracts: "A\-B" matches what A
 * matches unless B matches too. A whole component "\{X\}" matches one or
 * more consecutive components that each match X.
 */
#include "tlkm_path.h"
#include "tlkm_pattern.h"

#define MAP_WORDS ((TLKM_MAX_PATTERN_COMPONENT + 64) / 64)

enum tok_kind {
	TOK_LIT,	/* literal character: 1, 2 ("\\") or 4 ("\ooo") bytes */
	TOK_ANY,	/* \?  one character */
	TOK_DIGIT,	/* \+  one decimal digit */
	TOK_HEX,	/* \x  one hexadecimal digit */
	TOK_ALPHA,	/* \a  one letter */
	TOK_STAR,	/* \*  zero or more characters */
	TOK_NODOT,	/* \@  zero or more characters other than '.' */
	TOK_DIGITS,	/* \$  one or more decimal digits */
	TOK_HEXES,	/* \X  one or more hexadecimal digits */
	TOK_ALPHAS,	/* \A  one or more letters */
	TOK_MINUS,	/* \-  subtraction */
};

struct tok {
	u8 kind;
	u8 len;
};

static void tok_at(const char *p, size_t plen, size_t i, struct tok *t)
{
	static const char wild[] = "?+xa*@$XA-";
	const char *w;

	t->kind = TOK_LIT;
	t->len = 1;
	if (p[i] != '\\' || i + 1 >= plen)
		return;
	t->len = tlkm_char_len(p + i, plen - i);
	if (t->len > 1)
		return;
	w = strchr(wild, p[i + 1]);
	t->len = 2;
	if (w && p[i + 1])
		t->kind = TOK_ANY + (w - wild);
}

/*
 * A part's tokens, found once per match instead of once per state and
 * name character: for parts of at most TOKS_MAX tokens (nearly all); a
 * longer part is tokenised as it goes.
 */
#define TOKS_MAX 64

struct toks {
	u8 kind[TOKS_MAX];
	u8 len[TOKS_MAX];
};

static bool toks_fill(const char *p, size_t plen, struct toks *tk)
{
	unsigned int k = 0;
	struct tok t;
	size_t i;

	for (i = 0; i < plen; i += t.len, k++) {
		if (k == TOKS_MAX)
			return false;
		tok_at(p, plen, i, &t);
		tk->kind[k] = t.kind;
		tk->len[k] = t.len;
	}
	return true;
}

/* The token at byte @i, the @k-th of the part: from @tk when there is one. */
static void tok_get(const char *p, size_t plen, const struct toks *tk,
		    unsigned int k, size_t i, struct tok *t)
{
	if (tk) {
		t->kind = tk->kind[k];
		t->len = tk->len[k];
	} else {
		tok_at(p, plen, i, t);
	}
}

static bool is_digit(char c)
{
	return c >= '0' && c <= '9';
}

static bool is_alpha(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool class_ok(u8 kind, const char *n, size_t clen)
{
	char c = clen == 1 ? n[0] : '\0';

	switch (kind) {
	case TOK_ANY:
	case TOK_STAR:
		return true;
	case TOK_NODOT:
		return c != '.';
	case TOK_DIGIT:
	case TOK_DIGITS:
		return is_digit(c);
	case TOK_HEX:
	case TOK_HEXES:
		return is_digit(c) || (c >= 'a' && c <= 'f') ||
		       (c >= 'A' && c <= 'F');
	default:
		return is_alpha(c);
	}
}

static void map_set(u64 *map, size_t i)
{
	map[i / 64] |= 1ULL << (i % 64);
}

static bool map_test(const u64 *map, size_t i)
{
	return map[i / 64] & (1ULL << (i % 64));
}

/* Follow the empty moves of "\*" and "\@" (always forward). */
static void closure(const char *p, size_t plen, const struct toks *tk,
		    u64 *map)
{
	unsigned int k = 0;
	struct tok t;
	size_t i;

	for (i = 0; i < plen; i += t.len, k++) {
		tok_get(p, plen, tk, k, i, &t);
		if ((t.kind == TOK_STAR || t.kind == TOK_NODOT) &&
		    map_test(map, i))
			map_set(map, i + t.len);
	}
}

/*
 * Advance every live state over one name character. The maps have @words
 * words: the states of a part of @plen bytes fit in plen / 64 + 1.
 */
static bool step(const char *p, size_t plen, const struct toks *tk,
		 const u64 *cur, u64 *nxt, size_t words, const char *c,
		 size_t clen)
{
	unsigned int k = 0;
	bool alive = false;
	struct tok t;
	size_t i;

	memset(nxt, 0, words * sizeof(u64));
	for (i = 0; i < plen; i += t.len, k++) {
		tok_get(p, plen, tk, k, i, &t);
		if (!map_test(cur, i))
			continue;
		if (t.kind == TOK_LIT) {
			if (t.len != clen || memcmp(p + i, c, clen))
				continue;
			map_set(nxt, i + t.len);
		} else if (!class_ok(t.kind, c, clen)) {
			continue;
		} else if (t.kind <= TOK_ALPHA) {
			map_set(nxt, i + t.len);
		} else {
			map_set(nxt, i);
			if (t.kind >= TOK_DIGITS)
				map_set(nxt, i + t.len);
		}
		alive = true;
	}
	closure(p, plen, tk, nxt);
	return alive;
}

/*
 * Match one subtraction-free part of a component against a name part. A
 * part without a backslash is literal: the name, encoded the same way,
 * must be the same bytes. Otherwise the NFA runs on maps of as many words
 * as the part's states need (one for a part under 64 bytes, not 17).
 */
static bool part_match(const char *p, size_t plen, const char *n, size_t nlen)
{
	u64 cur[MAP_WORDS], nxt[MAP_WORDS];
	size_t j = 0, words = plen / 64 + 1;
	struct toks toks, *tk = &toks;

	if (plen > TLKM_MAX_PATTERN_COMPONENT)
		return false;
	if (!memchr(p, '\\', plen))
		return plen == nlen && !memcmp(p, n, nlen);
	/*
	 * A part that is only "\*" matches every name part (zero or more
	 * characters of any kind; a component holds no '/'): "misc env \*"
	 * is checked once per environment string of every exec.
	 */
	if (plen == 2 && p[0] == '\\' && p[1] == '*')
		return true;
	if (!toks_fill(p, plen, tk))
		tk = NULL;
	memset(cur, 0, words * sizeof(u64));
	map_set(cur, 0);
	closure(p, plen, tk, cur);
	while (j < nlen) {
		size_t clen = tlkm_char_len(n + j, nlen - j);

		if (!step(p, plen, tk, cur, nxt, words, n + j, clen))
			return false;
		memcpy(cur, nxt, words * sizeof(u64));
		j += clen;
	}
	return map_test(cur, plen);
}

/* Match one component, honouring "\-" subtraction. */
static bool comp_match(const char *p, size_t plen, const char *n, size_t nlen)
{
	size_t start = 0;
	bool first = true;
	struct tok t;
	size_t i;

	for (i = 0; i < plen; i += t.len) {
		tok_at(p, plen, i, &t);
		if (t.kind != TOK_MINUS)
			continue;
		if (part_match(p + start, i - start, n, nlen) != first)
			return false;
		first = false;
		start = i + t.len;
	}
	return part_match(p + start, plen - start, n, nlen) == first;
}

static size_t comp_len(const char *s, size_t len, bool *last)
{
	const char *slash = memchr(s, '/', len);

	*last = !slash;
	return slash ? (size_t)(slash - s) : len;
}

static bool lockstep_match(const char *p, size_t plen, const char *n,
			   size_t nlen)
{
	for (;;) {
		bool plast, nlast;
		size_t pc = comp_len(p, plen, &plast);
		size_t nc = comp_len(n, nlen, &nlast);

		if (!comp_match(p, pc, n, nc))
			return false;
		if (plast || nlast)
			return plast && nlast;
		p += pc + 1;
		plen -= pc + 1;
		n += nc + 1;
		nlen -= nc + 1;
	}
}

static bool is_repeat(const char *p, size_t len)
{
	return len >= 5 && p[0] == '\\' && p[1] == '{' &&
	       p[len - 2] == '\\' && p[len - 1] == '}';
}

static bool repeat_match(const char *p, size_t plen, const char *n,
			 size_t nlen)
{
	u16 off[TLKM_MAX_REPEAT_COMPONENTS], clen[TLKM_MAX_REPEAT_COMPONENTS];
	unsigned int m = 0, j;
	u64 states = 1;
	bool last = false;
	size_t pos = 0;

	while (!last) {
		if (m == TLKM_MAX_REPEAT_COMPONENTS)
			return false;
		off[m] = pos;
		clen[m] = comp_len(p + pos, plen - pos, &last);
		pos += clen[m++] + 1;
	}
	for (last = false; !last && states;) {
		size_t nc = comp_len(n, nlen, &last);
		u64 next = 0;

		for (j = 0; j < m; j++) {
			const char *c = p + off[j];

			if (!(states & (1ULL << j)))
				continue;
			if (is_repeat(c, clen[j])) {
				if (comp_match(c + 2, clen[j] - 4, n, nc))
					next |= 3ULL << j;
			} else if (comp_match(c, clen[j], n, nc)) {
				next |= 1ULL << (j + 1);
			}
		}
		states = next;
		n += nc + 1;
		nlen -= last ? nc : nc + 1;
	}
	return states & (1ULL << m);
}

/*
 * Are the first @n bytes equal? Most patterns a name is tried against
 * differ within the first eight bytes: one comparison rejects them.
 */
static bool prefix_eq(const char *a, const char *b, size_t n)
{
	u64 x, y;

	if (n >= sizeof(x)) {
		memcpy(&x, a, sizeof(x));
		memcpy(&y, b, sizeof(y));
		if (x != y)
			return false;
	}
	return !memcmp(a, b, n);
}

/**
 * tlkm_pattern_match() - Does an encoded name match a pattern?
 * @p:    Compiled pattern.
 * @name: Encoded name (as produced by tlkm_encode()).
 * @len:  Length of @name.
 *
 * A name ending with '/' is a directory and never matches a pattern that
 * does not end with '/', and the reverse.
 *
 * Return: true on a match.
 */
bool tlkm_pattern_match(const struct tlkm_pattern *p, const char *name,
			size_t len)
{
	size_t r = p->restart;

	if (!p->is_pattern)
		return len == p->len && !memcmp(name, p->text, len);
	if (!len || (name[len - 1] == '/') != p->is_dir)
		return false;
	if (len < p->const_len || !prefix_eq(name, p->text, p->const_len))
		return false;
	if (p->has_repeat)
		return repeat_match(p->text + r, p->len - r, name + r,
				    len - r);
	return lockstep_match(p->text + r, p->len - r, name + r, len - r);
}

static size_t const_part(const char *w, size_t len)
{
	size_t i = 0;

	while (i < len) {
		size_t n = tlkm_char_len(w + i, len - i);

		if (w[i] == '\\' && n == 1)
			break;
		i += n;
	}
	return i;
}

/* Check the limits the matcher relies on, from @restart onwards. */
static int check_limits(struct tlkm_pattern *p, const char *w, size_t len,
			struct tlkm_err *err)
{
	unsigned int comps = 0;
	size_t pos = p->restart;
	bool last = false;

	while (!last) {
		size_t c = comp_len(w + pos, len - pos, &last);

		if (c > TLKM_MAX_PATTERN_COMPONENT)
			return tlkm_fail(err, -EINVAL,
					 "pattern component too long in '", w,
					 len, "'");
		if (is_repeat(w + pos, c))
			p->has_repeat = true;
		comps++;
		pos += c + 1;
	}
	if (p->has_repeat && comps > TLKM_MAX_REPEAT_COMPONENTS)
		return tlkm_fail(err, -EINVAL,
				 "too many components after '\\{' in '", w,
				 len, "'");
	return 0;
}

/**
 * tlkm_pattern_init() - Validate and precompile a word for matching.
 * @p:     Pattern to fill in; destroy with tlkm_pattern_destroy().
 * @word:  Encoded word.
 * @len:   Length of @word.
 * @flags: TLKM_WORD_* flags for tlkm_check_word().
 * @err:   Receives the reason on failure.
 *
 * Return: 0, -%EINVAL for a malformed word, -%ENOMEM.
 */
int tlkm_pattern_init(struct tlkm_pattern *p, const char *word, size_t len,
		      unsigned int flags, struct tlkm_err *err)
{
	size_t i;
	int ret;

	memset(p, 0, sizeof(*p));
	ret = tlkm_check_word(word, len, flags, err);
	if (ret)
		return ret;
	p->len = len;
	p->const_len = const_part(word, len);
	p->is_pattern = p->const_len < len;
	p->is_dir = len && word[len - 1] == '/';
	for (i = 0; i < p->const_len; i++)
		if (word[i] == '/')
			p->restart = i + 1;
	if (p->is_pattern) {
		ret = check_limits(p, word, len, err);
		if (ret)
			return ret;
	}
	p->text = tlkm_memdup_str(word, len);
	if (!p->text)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	return 0;
}

/**
 * tlkm_pattern_destroy() - Free what tlkm_pattern_init() allocated.
 * @p: Pattern (may be zeroed or already destroyed).
 */
void tlkm_pattern_destroy(struct tlkm_pattern *p)
{
	kfree(p->text);
	p->text = NULL;
}

/**
 * tlkm_pattern_eq() - Are two patterns the same word?
 * @a: First pattern.
 * @b: Second pattern.
 *
 * Return: true if both were compiled from the same text.
 */
bool tlkm_pattern_eq(const struct tlkm_pattern *a,
		     const struct tlkm_pattern *b)
{
	if (a->len != b->len)
		return false;
	return !a->len || !memcmp(a->text, b->text, a->len);
}
