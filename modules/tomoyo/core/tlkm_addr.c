// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_addr.c - parse and print IP addresses. IPv6 is printed in the
 * compressed form of RFC 5952 (what the kernel's "%pI6c" prints).
 */
#include "tlkm_addr.h"

static int parse_v4(const char *s, size_t len, u8 *out)
{
	unsigned int part = 0, val = 0, digits = 0;
	size_t i;

	for (i = 0; i <= len; i++) {
		if (i < len && s[i] >= '0' && s[i] <= '9') {
			val = val * 10 + (s[i] - '0');
			if (++digits > 3 || val > 255)
				return -EINVAL;
			continue;
		}
		if (!digits || part == 4 || (i < len && s[i] != '.'))
			return -EINVAL;
		out[part++] = val;
		val = 0;
		digits = 0;
	}
	return part == 4 ? 0 : -EINVAL;
}

/* Parse up to @max 16-bit groups separated by ':' (no "::"). */
static int parse_groups(const char *s, size_t len, u8 *out, int max,
			bool v4_tail)
{
	int n = 0;
	size_t i = 0;

	if (!len)
		return 0;
	while (i <= len) {
		size_t j = i;
		unsigned int v = 0;

		while (j < len && s[j] != ':')
			j++;
		if (v4_tail && j == len && memchr(s + i, '.', len - i)) {
			if (n + 2 > max || parse_v4(s + i, len - i, out + 2 * n))
				return -EINVAL;
			return n + 2;
		}
		if (j == i || j - i > 4 || n == max)
			return -EINVAL;
		for (; i < j; i++) {
			int d = tlkm_hex_digit(s[i]);

			if (d < 0)
				return -EINVAL;
			v = (v << 4) | d;
		}
		out[2 * n] = v >> 8;
		out[2 * n + 1] = v & 0xff;
		n++;
		i = j + 1;
	}
	return n;
}

static int parse_v6(const char *s, size_t len, u8 *out)
{
	const char *dc = NULL;
	u8 tail[16];
	int head_n, tail_n;
	size_t i;

	for (i = 0; i + 1 < len; i++)
		if (s[i] == ':' && s[i + 1] == ':') {
			dc = s + i;
			break;
		}
	memset(out, 0, 16);
	if (!dc) {
		head_n = parse_groups(s, len, out, 8, true);
		return head_n == 8 ? 0 : -EINVAL;
	}
	head_n = parse_groups(s, dc - s, out, 7, false);
	if (head_n < 0)
		return -EINVAL;
	tail_n = parse_groups(dc + 2, len - (dc - s) - 2, tail, 7 - head_n,
			      true);
	if (tail_n < 0)
		return -EINVAL;
	memcpy(out + 16 - 2 * tail_n, tail, 2 * tail_n);
	return 0;
}

/**
 * tlkm_parse_ip() - Parse one IPv4 or IPv6 address.
 * @s:       Text.
 * @len:     Length of @s.
 * @addr:    Receives the address (IPv4 in the first four bytes).
 * @is_ipv6: Receives the family.
 *
 * Return: 0, or -%EINVAL.
 */
int tlkm_parse_ip(const char *s, size_t len, u8 addr[16], bool *is_ipv6)
{
	memset(addr, 0, 16);
	*is_ipv6 = memchr(s, ':', len) != NULL;
	if (*is_ipv6)
		return len > 45 ? -EINVAL : parse_v6(s, len, addr);
	return parse_v4(s, len, addr);
}

static void print_v4(struct tlkm_buf *b, const u8 *a)
{
	int i;

	for (i = 0; i < 4; i++) {
		if (i)
			tlkm_buf_putc(b, '.');
		tlkm_buf_put_u64(b, a[i], TLKM_RADIX_DEC);
	}
}

static void put_hex16(struct tlkm_buf *b, unsigned int v)
{
	static const char hex[] = "0123456789abcdef";
	char tmp[4];
	int i = 4;

	do {
		tmp[--i] = hex[v & 15];
		v >>= 4;
	} while (v);
	tlkm_buf_putn(b, tmp + i, 4 - i);
}

/*
 * Find the longest run (>= 2) of zero groups among the first @groups; the
 * first one wins a tie.
 */
static void zero_run(const u8 *a, int groups, int *start, int *len)
{
	int i, run = 0;

	*start = -1;
	*len = 1;
	for (i = 0; i <= groups; i++) {
		if (i < groups && !a[2 * i] && !a[2 * i + 1]) {
			run++;
			continue;
		}
		if (run > *len) {
			*len = run;
			*start = i - run;
		}
		run = 0;
	}
}

static bool is_v4_mapped(const u8 *a)
{
	static const u8 prefix[12] = { [10] = 0xff, [11] = 0xff };

	return !memcmp(a, prefix, sizeof(prefix));
}

/* An ISATAP interface identifier: [0]200:5efe or 0:5efe, then IPv4. */
static bool is_isatap(const u8 *a)
{
	return (a[8] | 0x02) == 0x02 && !a[9] && a[10] == 0x5e && a[11] == 0xfe;
}

/**
 * tlkm_print_ip() - Print an address in canonical form.
 * @b:       Output buffer.
 * @addr:    Address.
 * @is_ipv6: Family.
 *
 * IPv6 exactly as the kernel's "%pI6c", which TOMOYO prints policy and
 * learned lines with: the longest run of two or more zero groups as "::",
 * and an IPv4-mapped or ISATAP address's last 32 bits in dotted form
 * ("::ffff:192.0.2.1", "fe80::5efe:192.0.2.1").
 */
void tlkm_print_ip(struct tlkm_buf *b, const u8 addr[16], bool is_ipv6)
{
	bool v4_tail, colon = false;
	int i, start, len, groups;

	if (!is_ipv6)
		return print_v4(b, addr);
	/* As "%pI6c": the last 32 bits of these two kinds as IPv4. */
	v4_tail = is_v4_mapped(addr) || is_isatap(addr);
	groups = v4_tail ? 6 : 8;
	zero_run(addr, groups, &start, &len);
	for (i = 0; i < groups; i++) {
		if (i == start) {
			tlkm_buf_puts(b, "::");
			i += len - 1;
			colon = false;
			continue;
		}
		if (colon)
			tlkm_buf_putc(b, ':');
		put_hex16(b, (addr[2 * i] << 8) | addr[2 * i + 1]);
		colon = true;
	}
	if (v4_tail) {
		if (colon)
			tlkm_buf_putc(b, ':');
		print_v4(b, addr + 12);
	}
}
