/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_operand.h - operands of policy lines: a pathname pattern or
 * @path_group, a number/range or @number_group, an address/range or
 * @address_group.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_OPERAND_H
#define _MODULES_TOMOYO_CORE_TLKM_OPERAND_H

#include "tlkm_pattern.h"

/**
 * struct tlkm_name_union - A pattern or a reference to a path_group.
 * @pat:   The pattern; unused (text NULL) when @group is set.
 * @group: Name of the path_group (without '@'), or NULL.
 */
struct tlkm_name_union {
	struct tlkm_pattern pat;
	char *group;
};

/**
 * struct tlkm_number_union - A number range or a number_group reference.
 * @min:       Lowest value.
 * @max:       Highest value (equal to @min for a single number).
 * @min_radix: How @min was written (enum tlkm_radix).
 * @max_radix: How @max was written.
 * @group:     Name of the number_group, or NULL.
 */
struct tlkm_number_union {
	u64 min;
	u64 max;
	u8 min_radix;
	u8 max_radix;
	char *group;
};

/**
 * struct tlkm_addr_union - An address range or an address_group reference.
 * @min:     Lowest address (IPv4 uses the first four bytes).
 * @max:     Highest address.
 * @is_ipv6: Family of @min and @max.
 * @group:   Name of the address_group, or NULL.
 */
struct tlkm_addr_union {
	u8 min[16];
	u8 max[16];
	bool is_ipv6;
	char *group;
};

int tlkm_parse_group_name(char **out, const char *s, size_t len,
			  struct tlkm_err *err);
int tlkm_parse_name_union(struct tlkm_name_union *u,
			  const struct tlkm_word *w, unsigned int flags,
			  struct tlkm_err *err);
void tlkm_print_name_union(struct tlkm_buf *b,
			   const struct tlkm_name_union *u);
bool tlkm_name_union_eq(const struct tlkm_name_union *a,
			const struct tlkm_name_union *b);
void tlkm_name_union_destroy(struct tlkm_name_union *u);

int tlkm_parse_number_union(struct tlkm_number_union *u,
			    const struct tlkm_word *w, bool allow_group,
			    struct tlkm_err *err);
void tlkm_print_number_union(struct tlkm_buf *b,
			     const struct tlkm_number_union *u);
bool tlkm_number_union_eq(const struct tlkm_number_union *a,
			  const struct tlkm_number_union *b);
void tlkm_number_union_destroy(struct tlkm_number_union *u);

int tlkm_parse_addr_union(struct tlkm_addr_union *u,
			  const struct tlkm_word *w, bool allow_group,
			  struct tlkm_err *err);
void tlkm_print_addr_union(struct tlkm_buf *b,
			   const struct tlkm_addr_union *u);
bool tlkm_addr_union_eq(const struct tlkm_addr_union *a,
			const struct tlkm_addr_union *b);
bool tlkm_addr_in_range(const struct tlkm_addr_union *u, const u8 *addr,
			bool is_ipv6);
void tlkm_addr_union_destroy(struct tlkm_addr_union *u);

#endif /* _MODULES_TOMOYO_CORE_TLKM_OPERAND_H */
