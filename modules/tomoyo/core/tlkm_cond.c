// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_cond.c - parse, compare and free condition parts (printing is in
 * tlkm_cond_print.c).
 */
#include "tlkm_cond.h"
#include "tlkm_domainname.h"
#include "tlkm_path.h"

static const char * const task_vars[TLKM_PATH1_UID] = {
	"task.uid", "task.euid", "task.suid", "task.fsuid", "task.gid",
	"task.egid", "task.sgid", "task.fsgid", "task.pid", "task.ppid",
	"exec.argc", "exec.envc",
};

static const char * const obj_attrs[9] = {
	"uid", "gid", "ino", "major", "minor", "perm", "type", "dev_major",
	"dev_minor",
};

/* Parents only have the first three attributes plus perm. */
static const u8 parent_attrs[4] = {
	TLKM_ATTR_UID, TLKM_ATTR_GID, TLKM_ATTR_INO, TLKM_ATTR_PERM,
};

/* File types usable as values, with their S_IFMT bits. */
const char * const tlkm_file_type_names[7] = {
	"socket", "symlink", "file", "block", "directory", "char", "fifo",
};

const u32 tlkm_file_type_bits[7] = {
	0140000, 0120000, 0100000, 0060000, 0040000, 0020000, 0010000,
};

/* Permission bits usable as values, from 04000 down to 01. */
const char * const tlkm_mode_names[12] = {
	"setuid", "setgid", "sticky", "owner_read", "owner_write",
	"owner_execute", "group_read", "group_write", "group_execute",
	"others_read", "others_write", "others_execute",
};

/**
 * tlkm_cond_var_name() - Spell a numeric condition variable.
 * @var:  Variable below %TLKM_NR_NUMERIC_VARS.
 * @tmp:  Scratch buffer for composed names.
 * @size: Size of @tmp (24 is enough).
 *
 * Return: the name, e.g. "path1.parent.uid".
 */
const char *tlkm_cond_var_name(unsigned int var, char *tmp, size_t size)
{
	struct tlkm_buf b;
	unsigned int obj, attr;

	if (var < TLKM_PATH1_UID)
		return task_vars[var];
	tlkm_buf_init(&b, tmp, size);
	if (var < TLKM_PATH1_PARENT_UID) {
		obj = (var - TLKM_PATH1_UID) / 9;
		attr = (var - TLKM_PATH1_UID) % 9;
		tlkm_buf_puts(&b, obj ? "path2." : "path1.");
	} else {
		obj = (var - TLKM_PATH1_PARENT_UID) / 4;
		attr = parent_attrs[(var - TLKM_PATH1_PARENT_UID) % 4];
		tlkm_buf_puts(&b, obj ? "path2.parent." : "path1.parent.");
	}
	tlkm_buf_puts(&b, obj_attrs[attr]);
	return tmp;
}

static int find_var(const char *s, size_t len)
{
	struct tlkm_word w = { s, len };
	unsigned int i;
	char tmp[24];

	for (i = 0; i < TLKM_NR_NUMERIC_VARS; i++)
		if (tlkm_word_eq(&w, tlkm_cond_var_name(i, tmp, sizeof(tmp))))
			return i;
	return -1;
}

/* Parse "\"word\"" (quoted TOMOYO word) into @u. */
static int parse_quoted(struct tlkm_name_union *u, const char *s, size_t len,
			unsigned int flags, struct tlkm_err *err)
{
	struct tlkm_word w = { s + 1, len - 2 };

	memset(u, 0, sizeof(*u));
	if (len < 2 || s[0] != '"' || s[len - 1] != '"')
		return tlkm_fail(err, -EINVAL, "expected a quoted string: '",
				 s, len, "'");
	return tlkm_pattern_init(&u->pat, w.s, w.len, flags, err);
}

static int parse_numeric_rhs(struct tlkm_cond_elem *e, const char *s,
			     size_t len, struct tlkm_err *err)
{
	struct tlkm_word w = { s, len };
	int i;

	if (len && (s[0] == '@' || (s[0] >= '0' && s[0] <= '9'))) {
		e->rhs = TLKM_RHS_NUMBER;
		return tlkm_parse_number_union(&e->num, &w, true, err);
	}
	i = find_var(s, len);
	e->rhs = TLKM_RHS_VAR;
	if (i < 0) {
		i = tlkm_word_index(tlkm_file_type_names, 7, s, len);
		e->rhs = TLKM_RHS_TYPE;
	}
	if (i < 0) {
		i = tlkm_word_index(tlkm_mode_names, 12, s, len);
		e->rhs = TLKM_RHS_MODE;
	}
	if (i < 0)
		return tlkm_fail(err, -EINVAL, "unknown condition value '", s,
				 len, "'");
	e->rhs_value = i;
	return 0;
}

static int parse_name_rhs(struct tlkm_cond_elem *e, const char *s, size_t len,
			  struct tlkm_err *err)
{
	struct tlkm_word w = { s, len };

	e->rhs = TLKM_RHS_NAME;
	if (len && s[0] == '@')
		return tlkm_parse_name_union(&e->name, &w, 0, err);
	return parse_quoted(&e->name, s, len, TLKM_WORD_PATTERN, err);
}

/* Split "exec.argv[N]" or "exec.envp[\"NAME\"]" off the left side. */
static int parse_exec_index(struct tlkm_cond_elem *e, const char *s,
			    size_t len, struct tlkm_err *err)
{
	const char *in = s + 10;
	size_t n = len - 11;

	if (len < 12 || s[len - 1] != ']')
		return tlkm_fail(err, -EINVAL, "bad index in '", s, len, "'");
	if (s[5] == 'a') {
		e->left = TLKM_EXEC_ARGV;
		if (tlkm_parse_dec_u32(in, n, 0xffffff, &e->argv_index))
			return tlkm_fail(err, -EINVAL, "bad argv index in '", s,
					 len, "'");
		return 0;
	}
	e->left = TLKM_EXEC_ENVP;
	if (n < 3 || in[0] != '"' || in[n - 1] != '"' ||
	    tlkm_check_word(in + 1, n - 2, 0, err))
		return tlkm_fail(err, -EINVAL, "bad envp name in '", s, len,
				 "'");
	e->env_name = tlkm_memdup_str(in + 1, n - 2);
	if (!e->env_name)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	return 0;
}

static int parse_left(struct tlkm_cond_elem *e, const char *s, size_t len,
		      struct tlkm_err *err)
{
	struct tlkm_word w = { s, len };
	int i;

	if (len > 10 && (!memcmp(s, "exec.argv[", 10) ||
			 !memcmp(s, "exec.envp[", 10)))
		return parse_exec_index(e, s, len, err);
	if (tlkm_word_eq(&w, "exec.realpath")) {
		e->left = TLKM_EXEC_REALPATH;
		return 0;
	}
	if (tlkm_word_eq(&w, "symlink.target")) {
		e->left = TLKM_SYMLINK_TARGET;
		return 0;
	}
	if (tlkm_word_eq(&w, "auto_domain_transition"))
		return tlkm_fail(err, -EOPNOTSUPP,
				 "auto_domain_transition= is not supported",
				 NULL, 0, NULL);
	i = find_var(s, len);
	if (i < 0)
		return tlkm_fail(err, -EINVAL, "unknown condition variable '",
				 s, len, "'");
	e->left = i;
	return 0;
}

static int parse_right(struct tlkm_cond_elem *e, const char *s, size_t len,
		       struct tlkm_err *err)
{
	struct tlkm_word w = { s, len };

	switch (e->left) {
	case TLKM_EXEC_REALPATH:
	case TLKM_SYMLINK_TARGET:
		return parse_name_rhs(e, s, len, err);
	case TLKM_EXEC_ENVP:
		if (tlkm_word_eq(&w, "NULL")) {
			e->rhs = TLKM_RHS_NULL;
			return 0;
		}
		fallthrough;
	case TLKM_EXEC_ARGV:
		e->rhs = TLKM_RHS_NAME;
		return parse_quoted(&e->name, s, len,
				    TLKM_WORD_PATTERN | TLKM_WORD_EMPTY_OK,
				    err);
	default:
		return parse_numeric_rhs(e, s, len, err);
	}
}

static int parse_grant_log(struct tlkm_cond *cond, const struct tlkm_word *w,
			   struct tlkm_err *err)
{
	if (cond->grant_log >= 0)
		return tlkm_fail(err, -EINVAL, "grant_log given twice", NULL, 0,
				 NULL);
	if (tlkm_word_eq(w, "grant_log=yes"))
		cond->grant_log = 1;
	else if (tlkm_word_eq(w, "grant_log=no"))
		cond->grant_log = 0;
	else
		return tlkm_fail(err, -EINVAL, "grant_log must be yes|no: '",
				 w->s, w->len, "'");
	return 0;
}

static int parse_elem(struct tlkm_cond *cond, const struct tlkm_word *w,
		      struct tlkm_err *err)
{
	struct tlkm_cond_elem *e = &cond->elem[cond->count];
	const char *eq = memchr(w->s, '=', w->len);
	size_t llen;
	int ret;

	if (w->len > 10 && !memcmp(w->s, "exec.envp[", 10)) {
		const char *close = memchr(w->s + 10, ']', w->len - 10);

		eq = close ? memchr(close, '=', w->s + w->len - close) : NULL;
	}
	if (!eq || eq == w->s)
		return tlkm_fail(err, -EINVAL, "expected VAR=VALUE, got '",
				 w->s, w->len, "'");
	if (w->len >= 9 && !memcmp(w->s, "grant_log", 9) && eq == w->s + 9)
		return parse_grant_log(cond, w, err);
	e->negate = eq[-1] == '!';
	llen = eq - w->s - e->negate;
	ret = parse_left(e, w->s, llen, err);
	if (!ret)
		ret = parse_right(e, eq + 1, w->s + w->len - eq - 1, err);
	cond->count++;
	return ret;
}

/*
 * The domain transition preference that may open the condition part of a
 * "file execute" ACL, as TOMOYO reads it: a domain name ("<ns> /a /b"),
 * a program name (the child domain of that name) or one of "keep",
 * "child", "parent", "reset" and "initialize". Anything else is the
 * first condition.
 */
static int parse_transit(struct tlkm_cond *cond, struct tlkm_cursor *c,
			 struct tlkm_err *err)
{
	static const char * const words[] = {
		"keep", "child", "parent", "reset", "initialize",
	};
	struct tlkm_cursor probe = *c;
	struct tlkm_word w;
	int ret;

	if (!tlkm_next_word(&probe, &w))
		return 0;
	if (w.s[0] == '<') {
		*c = probe;
		return tlkm_parse_domainname(&cond->transit, &w, c, err);
	}
	if (w.s[0] != '/' && tlkm_word_index(words, ARRAY_SIZE(words), w.s,
					     w.len) < 0)
		return 0;
	if (w.s[0] == '/') {
		ret = tlkm_check_word(w.s, w.len,
				      TLKM_WORD_ABSOLUTE | TLKM_WORD_PATTERN,
				      err);
		if (ret)
			return ret;
	}
	cond->transit = tlkm_memdup_str(w.s, w.len);
	if (!cond->transit)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	*c = probe;
	return 0;
}

/**
 * tlkm_parse_cond() - Parse the rest of a line as a condition part.
 * @out: Receives a kmalloc()ed condition, or NULL when the rest is empty.
 * @c:   Cursor positioned after the operands; consumed to the end.
 * @err: Receives the reason on failure.
 *
 * Return: 0, -%EINVAL, -%EOPNOTSUPP for auto_domain_transition=,
 * -%E2BIG above %TLKM_MAX_COND comparisons, -%ENOMEM.
 */
int tlkm_parse_cond(struct tlkm_cond **out, struct tlkm_cursor *c,
		    struct tlkm_err *err)
{
	struct tlkm_cursor probe = *c;
	struct tlkm_cond *cond;
	struct tlkm_word w;
	unsigned int n = 0;
	int ret = 0;

	*out = NULL;
	while (tlkm_next_word(&probe, &w))
		n++;
	if (!n)
		return 0;
	if (n > TLKM_MAX_COND)
		return tlkm_fail(err, -E2BIG, "too many conditions", NULL, 0,
				 NULL);
	cond = kzalloc(sizeof(*cond) + n * sizeof(cond->elem[0]), TLKM_GFP);
	if (!cond)
		return tlkm_fail(err, -ENOMEM, "out of memory", NULL, 0, NULL);
	cond->grant_log = -1;
	ret = parse_transit(cond, c, err);
	while (!ret && tlkm_next_word(c, &w))
		ret = parse_elem(cond, &w, err);
	if (ret) {
		tlkm_cond_free(cond);
		return ret;
	}
	if (!cond->count && cond->grant_log < 0 && !cond->transit) {
		tlkm_cond_free(cond);
		cond = NULL;
	}
	*out = cond;
	return 0;
}

static bool elem_eq(const struct tlkm_cond_elem *a,
		    const struct tlkm_cond_elem *b)
{
	if (a->left != b->left || a->rhs != b->rhs ||
	    a->rhs_value != b->rhs_value || a->negate != b->negate ||
	    a->argv_index != b->argv_index)
		return false;
	if ((a->env_name || b->env_name) &&
	    (!a->env_name || !b->env_name || strcmp(a->env_name, b->env_name)))
		return false;
	if (a->rhs == TLKM_RHS_NUMBER)
		return tlkm_number_union_eq(&a->num, &b->num);
	if (a->rhs == TLKM_RHS_NAME)
		return tlkm_name_union_eq(&a->name, &b->name);
	return true;
}

/**
 * tlkm_cond_eq() - Compare two condition parts.
 * @a: First (may be NULL).
 * @b: Second (may be NULL).
 *
 * Return: true if both print the same.
 */
bool tlkm_cond_eq(const struct tlkm_cond *a, const struct tlkm_cond *b)
{
	unsigned int i;

	if (!a || !b)
		return a == b;
	if (a->count != b->count || a->grant_log != b->grant_log ||
	    !!a->transit != !!b->transit ||
	    (a->transit && strcmp(a->transit, b->transit)))
		return false;
	for (i = 0; i < a->count; i++)
		if (!elem_eq(&a->elem[i], &b->elem[i]))
			return false;
	return true;
}

/**
 * tlkm_cond_reads_args() - Does a condition compare argv or envp strings?
 * @cond: Condition (may be NULL).
 *
 * Return: true if one of its comparisons reads exec.argv[] or exec.envp[]
 * (exec.argc and exec.envc are counts the kernel gives without them).
 */
bool tlkm_cond_reads_args(const struct tlkm_cond *cond)
{
	unsigned int i;

	for (i = 0; cond && i < cond->count; i++)
		if (cond->elem[i].left == TLKM_EXEC_ARGV ||
		    cond->elem[i].left == TLKM_EXEC_ENVP)
			return true;
	return false;
}

/**
 * tlkm_cond_free() - Free a condition part.
 * @cond: Condition (may be NULL).
 */
void tlkm_cond_free(struct tlkm_cond *cond)
{
	unsigned int i;

	if (!cond)
		return;
	for (i = 0; i < cond->count; i++) {
		kfree(cond->elem[i].env_name);
		tlkm_number_union_destroy(&cond->elem[i].num);
		tlkm_name_union_destroy(&cond->elem[i].name);
	}
	kfree(cond->transit);
	kfree(cond);
}
