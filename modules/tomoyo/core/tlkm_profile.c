// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_profile.c - parse and free profile lines; the names of their
 * operations, categories and modes.
 */
#include "tlkm_profile.h"

const char * const tlkm_mac_names[TLKM_MAC_MAX] = {
	[TLKM_MAC_FILE_EXECUTE] = "execute",
	[TLKM_MAC_FILE_OPEN] = "open",
	[TLKM_MAC_FILE_CREATE] = "create",
	[TLKM_MAC_FILE_UNLINK] = "unlink",
	[TLKM_MAC_FILE_GETATTR] = "getattr",
	[TLKM_MAC_FILE_MKDIR] = "mkdir",
	[TLKM_MAC_FILE_RMDIR] = "rmdir",
	[TLKM_MAC_FILE_MKFIFO] = "mkfifo",
	[TLKM_MAC_FILE_MKSOCK] = "mksock",
	[TLKM_MAC_FILE_TRUNCATE] = "truncate",
	[TLKM_MAC_FILE_SYMLINK] = "symlink",
	[TLKM_MAC_FILE_MKBLOCK] = "mkblock",
	[TLKM_MAC_FILE_MKCHAR] = "mkchar",
	[TLKM_MAC_FILE_LINK] = "link",
	[TLKM_MAC_FILE_RENAME] = "rename",
	[TLKM_MAC_FILE_CHMOD] = "chmod",
	[TLKM_MAC_FILE_CHOWN] = "chown",
	[TLKM_MAC_FILE_CHGRP] = "chgrp",
	[TLKM_MAC_FILE_IOCTL] = "ioctl",
	[TLKM_MAC_FILE_CHROOT] = "chroot",
	[TLKM_MAC_FILE_MOUNT] = "mount",
	[TLKM_MAC_FILE_UNMOUNT] = "unmount",
	[TLKM_MAC_FILE_PIVOT_ROOT] = "pivot_root",
	[TLKM_MAC_NETWORK_INET_STREAM_BIND] = "inet_stream_bind",
	[TLKM_MAC_NETWORK_INET_STREAM_LISTEN] = "inet_stream_listen",
	[TLKM_MAC_NETWORK_INET_STREAM_CONNECT] = "inet_stream_connect",
	[TLKM_MAC_NETWORK_INET_DGRAM_BIND] = "inet_dgram_bind",
	[TLKM_MAC_NETWORK_INET_DGRAM_SEND] = "inet_dgram_send",
	[TLKM_MAC_NETWORK_INET_RAW_BIND] = "inet_raw_bind",
	[TLKM_MAC_NETWORK_INET_RAW_SEND] = "inet_raw_send",
	[TLKM_MAC_NETWORK_UNIX_STREAM_BIND] = "unix_stream_bind",
	[TLKM_MAC_NETWORK_UNIX_STREAM_LISTEN] = "unix_stream_listen",
	[TLKM_MAC_NETWORK_UNIX_STREAM_CONNECT] = "unix_stream_connect",
	[TLKM_MAC_NETWORK_UNIX_DGRAM_BIND] = "unix_dgram_bind",
	[TLKM_MAC_NETWORK_UNIX_DGRAM_SEND] = "unix_dgram_send",
	[TLKM_MAC_NETWORK_UNIX_SEQPACKET_BIND] = "unix_seqpacket_bind",
	[TLKM_MAC_NETWORK_UNIX_SEQPACKET_LISTEN] = "unix_seqpacket_listen",
	[TLKM_MAC_NETWORK_UNIX_SEQPACKET_CONNECT] = "unix_seqpacket_connect",
	[TLKM_MAC_ENVIRON] = "env",
};

const u8 tlkm_mac_category_of[TLKM_MAC_MAX] = {
	[TLKM_MAC_FILE_EXECUTE ... TLKM_MAC_FILE_PIVOT_ROOT] =
		TLKM_MAC_CATEGORY_FILE,
	[TLKM_MAC_NETWORK_INET_STREAM_BIND ...
	 TLKM_MAC_NETWORK_UNIX_SEQPACKET_CONNECT] = TLKM_MAC_CATEGORY_NETWORK,
	[TLKM_MAC_ENVIRON] = TLKM_MAC_CATEGORY_MISC,
};

const char * const tlkm_mac_category_names[TLKM_MAC_CATEGORY_MAX] = {
	"file", "network", "misc",
};

const char * const tlkm_mode_keywords[4] = {
	"disabled", "learning", "permissive", "enforcing",
};

/* Parse "CONFIG", "CONFIG::cat" or "CONFIG::cat::op". */
static int parse_config_key(struct tlkm_profile_line *p, const char *s,
			    size_t len, struct tlkm_err *err)
{
	const char *sep;
	int cat, op;

	p->category = TLKM_UNSET;
	p->op = TLKM_UNSET;
	if (len == 6)
		return 0;
	if (len < 9 || memcmp(s + 6, "::", 2))
		goto bad;
	s += 8;
	len -= 8;
	sep = len > 2 ? memchr(s, ':', len) : NULL;
	cat = tlkm_word_index(tlkm_mac_category_names, TLKM_MAC_CATEGORY_MAX, s,
		   sep ? (size_t)(sep - s) : len);
	if (cat < 0)
		goto bad;
	p->category = cat;
	if (!sep)
		return 0;
	if (sep + 2 > s + len || sep[1] != ':')
		goto bad;
	op = tlkm_word_index(tlkm_mac_names, TLKM_MAC_MAX, sep + 2, s + len - sep - 2);
	if (op < 0 || tlkm_mac_category_of[op] != cat)
		goto bad;
	p->op = op;
	return 0;
bad:
	return tlkm_fail(err, -EINVAL, "unknown profile key '", s, len, "'");
}

static int set_once(u8 *field, int value, const struct tlkm_word *w,
		    struct tlkm_err *err)
{
	if (*field != TLKM_UNSET)
		return tlkm_fail(err, -EINVAL, "option given twice: '", w->s,
				 w->len, "'");
	*field = value;
	return 0;
}

static int parse_yesno(u8 *field, const struct tlkm_word *w, size_t klen,
		       struct tlkm_err *err)
{
	struct tlkm_word v = { w->s + klen, w->len - klen };

	if (tlkm_word_eq(&v, "yes"))
		return set_once(field, 1, w, err);
	if (tlkm_word_eq(&v, "no"))
		return set_once(field, 0, w, err);
	return tlkm_fail(err, -EINVAL, "expected yes|no in '", w->s, w->len,
			 "'");
}

static int parse_config_opt(struct tlkm_profile_line *p,
			    const struct tlkm_word *w, struct tlkm_err *err)
{
	int mode;

	/* "use_default" says the line sets nothing of its own. */
	if (p->use_default || (tlkm_word_eq(w, "use_default") &&
			       (p->mode != TLKM_UNSET ||
				p->grant_log != TLKM_UNSET ||
				p->reject_log != TLKM_UNSET)))
		return tlkm_fail(err, -EINVAL,
				 "use_default with other options: '", w->s,
				 w->len, "'");
	if (tlkm_word_eq(w, "use_default")) {
		p->use_default = true;
		return 0;
	}
	if (w->len > 5 && !memcmp(w->s, "mode=", 5)) {
		mode = tlkm_word_index(tlkm_mode_keywords, 4, w->s + 5, w->len - 5);
		if (mode < 0)
			return tlkm_fail(err, -EINVAL,
					 "mode must be disabled|learning|permissive|enforcing",
					 NULL, 0, NULL);
		return set_once(&p->mode, mode, w, err);
	}
	if (w->len > 10 && !memcmp(w->s, "grant_log=", 10))
		return parse_yesno(&p->grant_log, w, 10, err);
	if (w->len > 11 && !memcmp(w->s, "reject_log=", 11))
		return parse_yesno(&p->reject_log, w, 11, err);
	return tlkm_fail(err, -EINVAL, "unknown CONFIG option '", w->s, w->len,
			 "'");
}

static int parse_pref_num(u32 *val, bool *has, const struct tlkm_word *w,
			  size_t klen, struct tlkm_err *err)
{
	if (*has)
		return tlkm_fail(err, -EINVAL, "option given twice: '", w->s,
				 w->len, "'");
	if (tlkm_parse_dec_u32(w->s + klen, w->len - klen, 0xffffffffU, val))
		return tlkm_fail(err, -EINVAL, "bad number in '", w->s, w->len,
				 "'");
	*has = true;
	return 0;
}

static int parse_pref_opt(struct tlkm_profile_line *p,
			  const struct tlkm_word *w, struct tlkm_err *err)
{
	if (w->len > 14 && !memcmp(w->s, "max_audit_log=", 14))
		return parse_pref_num(&p->max_audit_log, &p->has_audit, w, 14,
				      err);
	if (w->len > 19 && !memcmp(w->s, "max_learning_entry=", 19))
		return parse_pref_num(&p->max_learning_entry,
				      &p->has_learning, w, 19, err);
	return tlkm_fail(err, -EINVAL, "unknown PREFERENCE option '", w->s,
			 w->len, "'");
}

/* Parse the words after "={" up to the closing "}". */
static int parse_braces(struct tlkm_profile_line *p, struct tlkm_cursor *c,
			struct tlkm_err *err)
{
	struct tlkm_word w;
	int ret = 0;

	while (!ret && tlkm_next_word(c, &w)) {
		if (tlkm_word_eq(&w, "}"))
			return tlkm_cursor_empty(c) ? 0 :
			       tlkm_fail(err, -EINVAL, "text after '}'", NULL,
					 0, NULL);
		if (p->key == TLKM_PROF_CONFIG)
			ret = parse_config_opt(p, &w, err);
		else
			ret = parse_pref_opt(p, &w, err);
	}
	return ret ? ret : tlkm_fail(err, -EINVAL, "missing '}'", NULL, 0,
				     NULL);
}

static int parse_comment(struct tlkm_profile_line *p, const char *s,
			 size_t len, struct tlkm_cursor *c,
			 struct tlkm_err *err)
{
	struct tlkm_cursor probe = *c;
	struct tlkm_word w;
	size_t total = len, i;
	char *o;

	while (tlkm_next_word(&probe, &w))
		total += w.len + 1;
	if (total > TLKM_MAX_LINE)
		return tlkm_fail(err, -E2BIG, "comment too long", NULL, 0,
				 NULL);
	o = kmalloc(total + 1, TLKM_GFP);
	if (!o)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	p->comment = o;
	memcpy(o, s, len);
	o += len;
	/* Words are joined by single spaces, as TOMOYO normalises lines. */
	while (tlkm_next_word(c, &w)) {
		if (o != p->comment)
			*o++ = ' ';
		memcpy(o, w.s, w.len);
		o += w.len;
	}
	*o = '\0';
	for (i = 0; p->comment + i < o; i++)
		if ((u8)p->comment[i] < 0x20 || (u8)p->comment[i] >= 0x7f)
			return tlkm_fail(err, -EINVAL,
					 "comment holds a non-printable byte",
					 NULL, 0, NULL);
	return 0;
}

static int parse_numbered(struct tlkm_profile_line *p,
			  const struct tlkm_word *w, struct tlkm_cursor *c,
			  struct tlkm_err *err)
{
	const char *dash = memchr(w->s, '-', w->len);
	const char *eq = memchr(w->s, '=', w->len);
	const char *key, *val, *end = w->s + w->len;
	u32 n;
	int ret;

	if (!dash || !eq || eq < dash ||
	    tlkm_parse_dec_u32(w->s, dash - w->s, TLKM_MAX_PROFILES - 1, &n))
		return tlkm_fail(err, -EINVAL, "unknown profile line '", w->s,
				 w->len, "'");
	p->profile = n;
	key = dash + 1;
	val = eq + 1;
	if (eq - key == 7 && !memcmp(key, "COMMENT", 7)) {
		p->key = TLKM_PROF_COMMENT;
		return parse_comment(p, val, end - val, c, err);
	}
	if (eq - key == 10 && !memcmp(key, "PREFERENCE", 10)) {
		p->key = TLKM_PROF_PREFERENCE;
		ret = 0;
	} else if (eq - key >= 6 && !memcmp(key, "CONFIG", 6)) {
		p->key = TLKM_PROF_CONFIG;
		ret = parse_config_key(p, key, eq - key, err);
	} else {
		return tlkm_fail(err, -EINVAL, "unknown profile key '", key,
				 eq - key, "'");
	}
	if (ret)
		return ret;
	if (end - val != 1 || *val != '{')
		return tlkm_fail(err, -EINVAL, "expected '={ ... }' after '",
				 key, eq - key, "'");
	return parse_braces(p, c, err);
}

/**
 * tlkm_parse_profile() - Parse a profile line (after any namespace).
 * @p:   Receives the line; destroy with tlkm_profile_destroy().
 * @c:   Cursor at the first word; consumed.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL, -%EOPNOTSUPP for another PROFILE_VERSION,
 * -%E2BIG, -%ENOMEM.
 */
int tlkm_parse_profile(struct tlkm_profile_line *p, struct tlkm_cursor *c,
		       struct tlkm_err *err)
{
	struct tlkm_word w;

	memset(p, 0, sizeof(*p));
	p->mode = TLKM_UNSET;
	p->grant_log = TLKM_UNSET;
	p->reject_log = TLKM_UNSET;
	if (!tlkm_next_word(c, &w))
		return tlkm_fail(err, -EINVAL, "empty profile line", NULL, 0,
				 NULL);
	if (w.len > 16 && !memcmp(w.s, "PROFILE_VERSION=", 16)) {
		p->key = TLKM_PROF_VERSION;
		if (tlkm_parse_dec_u32(w.s + 16, w.len - 16, 0xffffffffU,
				       &p->version))
			return tlkm_fail(err, -EINVAL, "bad number in '", w.s,
					 w.len, "'");
		if (p->version != TLKM_PROFILE_VERSION)
			return tlkm_fail(err, -EOPNOTSUPP,
					 "only PROFILE_VERSION=20150505 is supported",
					 NULL, 0, NULL);
	} else {
		int ret = parse_numbered(p, &w, c, err);

		if (ret)
			return ret;
	}
	if (!tlkm_cursor_empty(c))
		return tlkm_fail(err, -EINVAL, "trailing text on profile line",
				 NULL, 0, NULL);
	return 0;
}

/**
 * tlkm_profile_same_key() - Do two lines set the same profile setting?
 * @a: First line.
 * @b: Second line.
 *
 * Return: true if a later @b updates what @a set.
 */
bool tlkm_profile_same_key(const struct tlkm_profile_line *a,
			   const struct tlkm_profile_line *b)
{
	if (a->key != b->key)
		return false;
	if (a->key == TLKM_PROF_VERSION)
		return true;
	return a->profile == b->profile && a->category == b->category &&
	       a->op == b->op;
}

/**
 * tlkm_audit_has_room() - May one more record join the audit log?
 * @count:         Records in the log now.
 * @max_audit_log: The max_audit_log preference of the request's profile.
 *
 * As TOMOYO: a full log keeps what it holds and the new record is not
 * logged, until a reader takes records out.
 *
 * Return: true if the record is logged.
 */
bool tlkm_audit_has_room(u32 count, u32 max_audit_log)
{
	return count < max_audit_log;
}

/**
 * tlkm_profile_destroy() - Free what a profile line owns.
 * @p: Line.
 */
void tlkm_profile_destroy(struct tlkm_profile_line *p)
{
	kfree(p->comment);
	p->comment = NULL;
}
