// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_cond_print.c - print condition parts as TOMOYO reads them back.
 */
#include "tlkm_cond.h"
#include "tlkm_path.h"

static void print_quoted(struct tlkm_buf *b, const struct tlkm_name_union *u)
{
	if (u->group)
		return tlkm_print_name_union(b, u);
	tlkm_buf_putc(b, '"');
	tlkm_print_name_union(b, u);
	tlkm_buf_putc(b, '"');
}

static void print_left(struct tlkm_buf *b, const struct tlkm_cond_elem *e)
{
	char tmp[24];

	switch (e->left) {
	case TLKM_EXEC_REALPATH:
		return tlkm_buf_puts(b, "exec.realpath");
	case TLKM_SYMLINK_TARGET:
		return tlkm_buf_puts(b, "symlink.target");
	case TLKM_EXEC_ARGV:
		tlkm_buf_puts(b, "exec.argv[");
		tlkm_buf_put_u64(b, e->argv_index, TLKM_RADIX_DEC);
		return tlkm_buf_putc(b, ']');
	case TLKM_EXEC_ENVP:
		tlkm_buf_puts(b, "exec.envp[\"");
		tlkm_buf_puts(b, e->env_name);
		return tlkm_buf_puts(b, "\"]");
	default:
		return tlkm_buf_puts(b, tlkm_cond_var_name(e->left, tmp,
							   sizeof(tmp)));
	}
}

static void print_right(struct tlkm_buf *b, const struct tlkm_cond_elem *e)
{
	char tmp[24];

	switch (e->rhs) {
	case TLKM_RHS_NUMBER:
		return tlkm_print_number_union(b, &e->num);
	case TLKM_RHS_VAR:
		return tlkm_buf_puts(b, tlkm_cond_var_name(e->rhs_value, tmp,
							   sizeof(tmp)));
	case TLKM_RHS_TYPE:
		return tlkm_buf_puts(b, tlkm_file_type_names[e->rhs_value]);
	case TLKM_RHS_MODE:
		return tlkm_buf_puts(b, tlkm_mode_names[e->rhs_value]);
	case TLKM_RHS_NULL:
		return tlkm_buf_puts(b, "NULL");
	default:
		return print_quoted(b, &e->name);
	}
}

/**
 * tlkm_print_cond() - Print a condition part, each item after a space.
 * @b:    Output buffer.
 * @cond: Condition (NULL prints nothing).
 *
 * Comparisons keep their order; grant_log= always comes last.
 */
void tlkm_print_cond(struct tlkm_buf *b, const struct tlkm_cond *cond)
{
	unsigned int i;

	if (!cond)
		return;
	/* As TOMOYO prints it: the transition preference comes first. */
	if (cond->transit) {
		tlkm_buf_putc(b, ' ');
		tlkm_buf_puts(b, cond->transit);
	}
	for (i = 0; i < cond->count; i++) {
		const struct tlkm_cond_elem *e = &cond->elem[i];

		tlkm_buf_putc(b, ' ');
		print_left(b, e);
		tlkm_buf_puts(b, e->negate ? "!=" : "=");
		print_right(b, e);
	}
	if (cond->grant_log >= 0)
		tlkm_buf_puts(b, cond->grant_log ? " grant_log=yes" :
			      " grant_log=no");
}
