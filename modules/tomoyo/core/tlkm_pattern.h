/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_pattern.h - precompiled TOMOYO pathname patterns and the matcher.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_PATTERN_H
#define _MODULES_TOMOYO_CORE_TLKM_PATTERN_H

#include "tlkm_text.h"

/* Longest component of a pattern that holds wildcards, in bytes. */
#define TLKM_MAX_PATTERN_COMPONENT 1024
/* Most components after the first wildcard of a "\{ \}" pattern. */
#define TLKM_MAX_REPEAT_COMPONENTS 32

/**
 * struct tlkm_pattern - A validated word ready for matching.
 * @text:       Encoded word, NUL-terminated, owned (kfree()d by destroy).
 * @len:        Length of @text.
 * @const_len:  Bytes before the first wildcard; names must share them.
 * @restart:    Start of the component holding the first wildcard.
 * @is_pattern: The word holds wildcards (else matching is a compare).
 * @is_dir:     The word ends with '/', so it names directories only.
 * @has_repeat: The word holds a "\{ \}" directory repetition.
 */
struct tlkm_pattern {
	char *text;
	u32 len;
	u32 const_len;
	u32 restart;
	bool is_pattern;
	bool is_dir;
	bool has_repeat;
};

int tlkm_pattern_init(struct tlkm_pattern *p, const char *word, size_t len,
		      unsigned int flags, struct tlkm_err *err);
void tlkm_pattern_destroy(struct tlkm_pattern *p);
bool tlkm_pattern_match(const struct tlkm_pattern *p, const char *name,
			size_t len);
bool tlkm_pattern_eq(const struct tlkm_pattern *a,
		     const struct tlkm_pattern *b);

#endif /* _MODULES_TOMOYO_CORE_TLKM_PATTERN_H */
