/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_addr.h - IPv4 and IPv6 address text for "network inet" lines and
 * address_group members.
 */
#ifndef _MODULES_TOMOYO_CORE_TLKM_ADDR_H
#define _MODULES_TOMOYO_CORE_TLKM_ADDR_H

#include "tlkm_text.h"

int tlkm_parse_ip(const char *s, size_t len, u8 addr[16], bool *is_ipv6);
void tlkm_print_ip(struct tlkm_buf *b, const u8 addr[16], bool is_ipv6);

#endif /* _MODULES_TOMOYO_CORE_TLKM_ADDR_H */
