// SPDX-License-Identifier: GPL-2.0
/*
 * test_learn.c - the IPv6 form TOMOYO prints addresses in, in policies and
 * learned lines: the kernel's "%pI6c", whose rules are RFC 5952's plus a
 * dotted IPv4 tail for IPv4-mapped and ISATAP addresses (lib/vsprintf.c,
 * ip6_compressed_string()).
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tlkm_acl.h"
#include "tlkm_addr.h"

struct ip_case {
	const char *in;		/* as written in a policy */
	const char *out;	/* as "%pI6c" prints it */
};

static const struct ip_case ip_cases[] = {
	{ "::1", "::1" },
	{ "::", "::" },
	{ "1::", "1::" },
	{ "1:0:2:0:0:0:0:3", "1:0:2::3" },
	/* A single zero group is not compressed. */
	{ "1:0:2:3:4:5:6:7", "1:0:2:3:4:5:6:7" },
	/* Two runs as long: the first is compressed. */
	{ "2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1" },
	{ "2001:0DB8:0000::00ff", "2001:db8::ff" },
	{ "::ffff:192.0.2.1", "::ffff:192.0.2.1" },
	{ "::ffff:c000:201", "::ffff:192.0.2.1" },
	/* ISATAP: 0:5efe or 200:5efe, then IPv4, printed dotted. */
	{ "fe80::5efe:c000:201", "fe80::5efe:192.0.2.1" },
	{ "fe80::200:5efe:192.0.2.1", "fe80::200:5efe:192.0.2.1" },
	{ "2001:db8:1:2:0:5efe:a00:1", "2001:db8:1:2:0:5efe:10.0.0.1" },
	{ "::5efe:1.2.3.4", "::5efe:1.2.3.4" },
	/* Not ISATAP (0x5eff, or 0x0100 before it): hex to the end. */
	{ "fe80::5eff:c000:201", "fe80::5eff:c000:201" },
	{ "fe80::100:5efe:c000:201", "fe80::100:5efe:c000:201" },
	/* IPv4-compatible (deprecated): no dotted tail in "%pI6c". */
	{ "::192.0.2.1", "::c000:201" },
};

static void print_ip_cases(void)
{
	unsigned int i;
	char out[64];
	bool v6;
	u8 addr[16];

	for (i = 0; i < ARRAY_SIZE(ip_cases); i++) {
		struct tlkm_buf b;
		int err = tlkm_parse_ip(ip_cases[i].in, strlen(ip_cases[i].in),
					addr, &v6);

		tlkm_buf_init(&b, out, sizeof(out));
		if (!err)
			tlkm_print_ip(&b, addr, v6);
		tap_result(!err && v6 && !b.overflow &&
			   !strcmp(out, ip_cases[i].out),
			   "address %s prints as %s (got %s)", ip_cases[i].in,
			   ip_cases[i].out, err ? "a parse error" : out);
	}
}

void test_learn(void)
{
	print_ip_cases();
}
