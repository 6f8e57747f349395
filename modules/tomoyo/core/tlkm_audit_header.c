// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_audit_header.c - print what an audit record's header says about
 * the request's files and exec, in the built-in TOMOYO's format.
 */
#include "tlkm_audit_header.h"
#include "tlkm_cond.h"

/* The built-in's "type=" word for a file mode (a mode of 0 is a file). */
static const char *file_type(u32 mode)
{
	unsigned int i;

	if (!(mode & 0170000))
		return "file";
	for (i = 0; i < ARRAY_SIZE(tlkm_file_type_bits); i++)
		if ((mode & 0170000) == tlkm_file_type_bits[i])
			return tlkm_file_type_names[i];
	return "unknown";
}

static void put_attr(struct tlkm_buf *b, const char *key, u64 v,
		     enum tlkm_radix radix)
{
	tlkm_buf_puts(b, key);
	tlkm_buf_put_u64(b, v, radix);
}

/**
 * tlkm_print_obj_attrs() - " path1={ ... } path1.parent={ ... } ..."
 * @b: Output.
 * @r: Request; each of its objects that is known prints.
 *
 * In the built-in's order (path1, path1.parent, path2, path2.parent): a
 * file prints uid, gid, ino, major, minor, perm and type (and dev_major,
 * dev_minor for a device), a parent uid, gid, ino and perm.
 */
void tlkm_print_obj_attrs(struct tlkm_buf *b, const struct tlkm_request *r)
{
	static const u8 order[TLKM_OBJ_MAX] = {
		TLKM_OBJ_PATH1, TLKM_OBJ_PATH1_PARENT,
		TLKM_OBJ_PATH2, TLKM_OBJ_PATH2_PARENT,
	};
	unsigned int i;

	for (i = 0; i < TLKM_OBJ_MAX; i++) {
		const struct tlkm_obj_info *o = &r->obj[order[i]];
		u32 type = o->mode & 0170000;

		if (!o->valid)
			continue;
		tlkm_buf_puts(b, i < 2 ? " path1" : " path2");
		tlkm_buf_puts(b, i & 1 ? ".parent={" : "={");
		put_attr(b, " uid=", o->uid, TLKM_RADIX_DEC);
		put_attr(b, " gid=", o->gid, TLKM_RADIX_DEC);
		put_attr(b, " ino=", o->ino, TLKM_RADIX_DEC);
		if (!(i & 1)) {
			put_attr(b, " major=", o->major, TLKM_RADIX_DEC);
			put_attr(b, " minor=", o->minor, TLKM_RADIX_DEC);
		}
		put_attr(b, " perm=", o->mode & 07777, TLKM_RADIX_OCT);
		if (!(i & 1)) {
			tlkm_buf_puts(b, " type=");
			tlkm_buf_puts(b, file_type(o->mode));
			if (type == 0020000 || type == 0060000) {
				put_attr(b, " dev_major=", o->dev_major,
					 TLKM_RADIX_DEC);
				put_attr(b, " dev_minor=", o->dev_minor,
					 TLKM_RADIX_DEC);
			}
		}
		tlkm_buf_puts(b, " }");
	}
}

/* Bytes of the encoded form of the raw byte at @s: \\, \ooo or itself. */
static size_t unit_len(const char *s)
{
	if (s[0] != '\\')
		return 1;
	return s[1] == '\\' ? 2 : 4;
}

/*
 * One array's strings, quoted, as the built-in writes them into its
 * buffer: a byte is written only while the buffer is below @limit; once
 * one is not, the array ends in "... " from the string that did not fit.
 */
static void put_strings(struct tlkm_buf *b, size_t limit, u32 count,
			const char * const *strs, size_t *last_start)
{
	bool truncated = false;
	u32 i;

	for (i = 0; i < count; i++) {
		const char *s = strs[i];

		for (;;) {
			size_t n = *s ? unit_len(s) : 0;

			if (b->len == *last_start)
				tlkm_buf_putc(b, '"');
			if (b->len >= limit) {
				truncated = true;
			} else if (!n) {
				tlkm_buf_puts(b, "\" ");
				*last_start = b->len;
			} else {
				tlkm_buf_putn(b, s, n);
			}
			if (!n)
				break;
			s += n;
		}
	}
	if (truncated && !b->overflow) {
		b->len = *last_start;
		tlkm_buf_puts(b, "... ");
	}
}

/**
 * tlkm_print_bprm() - "argv[]={ "a" "b" } envp[]={ "X=1" }"
 * @b:    Output.
 * @argc: Number of @argv strings.
 * @argv: Arguments, TOMOYO-encoded.
 * @envc: Number of @envp strings.
 * @envp: Environment, TOMOYO-encoded.
 *
 * Within the built-in's %TLKM_BPRM_INFO_SIZE bytes and with its cut-off:
 * strings that do not fit end their array in "... ", and what the
 * arguments leave is the environment's.
 */
void tlkm_print_bprm(struct tlkm_buf *b, u32 argc, const char * const *argv,
		     u32 envc, const char * const *envp)
{
	size_t limit = b->len + TLKM_BPRM_INFO_SIZE - 32;
	size_t last_start;

	tlkm_buf_puts(b, "argv[]={ ");
	last_start = b->len;
	put_strings(b, limit, argc, argv, &last_start);
	tlkm_buf_puts(b, "} envp[]={ ");
	last_start = b->len;
	put_strings(b, limit, envc, envp, &last_start);
	tlkm_buf_putc(b, '}');
}

/**
 * tlkm_print_exec_info() - " exec={ ... }" or " symlink.target=..."
 * @b: Output.
 * @r: Request.
 *
 * During an exec: its realpath, the kernel's argc and envc, and argv[]
 * and envp[] (tlkm_print_bprm(), from @r->log_str when given); else the
 * target of a symlink being made, if any.
 */
void tlkm_print_exec_info(struct tlkm_buf *b, const struct tlkm_request *r)
{
	if (r->in_exec) {
		tlkm_buf_puts(b, " exec={ realpath=\"");
		tlkm_buf_puts(b, r->exec_realpath ? r->exec_realpath : "");
		put_attr(b, "\" argc=", r->argc, TLKM_RADIX_DEC);
		put_attr(b, " envc=", r->envc, TLKM_RADIX_DEC);
		tlkm_buf_putc(b, ' ');
		if (r->log_str)
			tlkm_print_bprm(b, r->argc, r->log_str, r->envc,
					r->log_str + r->argc);
		else
			tlkm_print_bprm(b, r->argc, r->argv, r->envc, r->envp);
		tlkm_buf_puts(b, " }");
	} else if (r->symlink_target) {
		tlkm_buf_puts(b, " symlink.target=\"");
		tlkm_buf_puts(b, r->symlink_target);
		tlkm_buf_putc(b, '"');
	}
}
