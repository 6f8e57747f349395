// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_profile_print.c - print profile lines: as written (canonical form)
 * and in full, every value filled in, as TOMOYO reads its profiles back.
 */
#include "tlkm_profile.h"

static void print_yesno(struct tlkm_buf *b, const char *key, u8 v)
{
	if (v == TLKM_UNSET)
		return;
	tlkm_buf_puts(b, key);
	tlkm_buf_puts(b, v ? "yes" : "no");
}

/* "N-CONFIG[::category[::operation]]" */
static void print_config_key(struct tlkm_buf *b,
			     const struct tlkm_profile_line *p)
{
	tlkm_buf_put_u64(b, p->profile, TLKM_RADIX_DEC);
	tlkm_buf_puts(b, "-CONFIG");
	if (p->category != TLKM_UNSET) {
		tlkm_buf_puts(b, "::");
		tlkm_buf_puts(b, tlkm_mac_category_names[p->category]);
	}
	if (p->op != TLKM_UNSET) {
		tlkm_buf_puts(b, "::");
		tlkm_buf_puts(b, tlkm_mac_names[p->op]);
	}
}

static void print_config(struct tlkm_buf *b, const struct tlkm_profile_line *p)
{
	print_config_key(b, p);
	tlkm_buf_puts(b, "={");
	if (p->use_default)
		tlkm_buf_puts(b, " use_default");
	if (p->mode != TLKM_UNSET) {
		tlkm_buf_puts(b, " mode=");
		tlkm_buf_puts(b, tlkm_mode_keywords[p->mode]);
	}
	print_yesno(b, " grant_log=", p->grant_log);
	print_yesno(b, " reject_log=", p->reject_log);
	tlkm_buf_puts(b, " }");
}

static void print_pref(struct tlkm_buf *b, const struct tlkm_profile_line *p)
{
	tlkm_buf_put_u64(b, p->profile, TLKM_RADIX_DEC);
	tlkm_buf_puts(b, "-PREFERENCE={");
	if (p->has_audit) {
		tlkm_buf_puts(b, " max_audit_log=");
		tlkm_buf_put_u64(b, p->max_audit_log, TLKM_RADIX_DEC);
	}
	if (p->has_learning) {
		tlkm_buf_puts(b, " max_learning_entry=");
		tlkm_buf_put_u64(b, p->max_learning_entry, TLKM_RADIX_DEC);
	}
	tlkm_buf_puts(b, " }");
}

static void print_comment(struct tlkm_buf *b,
			  const struct tlkm_profile_line *p)
{
	tlkm_buf_put_u64(b, p->profile, TLKM_RADIX_DEC);
	tlkm_buf_puts(b, "-COMMENT=");
	if (p->comment)
		tlkm_buf_puts(b, p->comment);
}

/**
 * tlkm_print_profile() - Print a profile line in canonical form.
 * @b: Output buffer.
 * @p: Line.
 *
 * Options print in a fixed order: mode, grant_log, reject_log; and
 * max_audit_log, max_learning_entry. Options not given are left out.
 */
void tlkm_print_profile(struct tlkm_buf *b, const struct tlkm_profile_line *p)
{
	if (p->key == TLKM_PROF_VERSION) {
		tlkm_buf_puts(b, "PROFILE_VERSION=");
		tlkm_buf_put_u64(b, p->version, TLKM_RADIX_DEC);
	} else if (p->key == TLKM_PROF_COMMENT) {
		print_comment(b, p);
	} else if (p->key == TLKM_PROF_PREFERENCE) {
		print_pref(b, p);
	} else {
		print_config(b, p);
	}
}

static const char *yesno(u8 v)
{
	return v == 0 ? "no" : "yes";
}

/**
 * tlkm_print_profile_full() - Print a profile line with every value.
 * @b: Output buffer.
 * @p: Line (a %TLKM_PROF_VERSION line prints as tlkm_print_profile()).
 *
 * As TOMOYO reads a profile back: a COMMENT without text prints empty,
 * PREFERENCE prints both values and CONFIG lines mode, grant_log and
 * reject_log, each value that was never given as its default
 * (max_audit_log=%TLKM_DEFAULT_MAX_AUDIT_LOG,
 * max_learning_entry=%TLKM_DEFAULT_MAX_LEARNING_ENTRY, mode=disabled,
 * grant_log=yes, reject_log=yes).
 */
void tlkm_print_profile_full(struct tlkm_buf *b,
			     const struct tlkm_profile_line *p)
{
	if (p->key == TLKM_PROF_PREFERENCE) {
		tlkm_buf_put_u64(b, p->profile, TLKM_RADIX_DEC);
		tlkm_buf_puts(b, "-PREFERENCE={ max_audit_log=");
		tlkm_buf_put_u64(b, p->has_audit ? p->max_audit_log :
				 TLKM_DEFAULT_MAX_AUDIT_LOG, TLKM_RADIX_DEC);
		tlkm_buf_puts(b, " max_learning_entry=");
		tlkm_buf_put_u64(b, p->has_learning ? p->max_learning_entry :
				 TLKM_DEFAULT_MAX_LEARNING_ENTRY,
				 TLKM_RADIX_DEC);
		tlkm_buf_puts(b, " }");
	} else if (p->key == TLKM_PROF_CONFIG) {
		print_config_key(b, p);
		tlkm_buf_puts(b, "={ mode=");
		tlkm_buf_puts(b, tlkm_mode_keywords[p->mode == TLKM_UNSET ?
						    TLKM_MODE_DISABLED :
						    p->mode]);
		tlkm_buf_puts(b, " grant_log=");
		tlkm_buf_puts(b, yesno(p->grant_log));
		tlkm_buf_puts(b, " reject_log=");
		tlkm_buf_puts(b, yesno(p->reject_log));
		tlkm_buf_puts(b, " }");
	} else {
		tlkm_print_profile(b, p);
	}
}
