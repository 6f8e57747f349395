// SPDX-License-Identifier: GPL-2.0
/*
 * test_learn.c - the ACL lines learning mode adds (tlkm_learn_acl()), and
 * the IPv6 form TOMOYO prints addresses in, in policies and learned lines:
 * the kernel's "%pI6c", whose rules are RFC 5952's plus a dotted IPv4 tail
 * for IPv4-mapped and ISATAP addresses (lib/vsprintf.c,
 * ip6_compressed_string()).
 */
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "tlkm_acl.h"
#include "tlkm_addr.h"
#include "tlkm_learn.h"

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

struct learn_case {
	unsigned int kind, op, protocol;
	const char *name[3];
	u64 num[3];
	const char *addr;
	const char *line;
};

static const struct learn_case learn_cases[] = {
	{ TLKM_REQ_FILE, TLKM_FILE_READ, 0, { "/etc/hosts" }, { 0 }, NULL,
	  "file read /etc/hosts" },
	{ TLKM_REQ_FILE, TLKM_FILE_CREATE, 0, { "/tmp/f" }, { 0644 }, NULL,
	  "file create /tmp/f 0644" },
	{ TLKM_REQ_FILE, TLKM_FILE_MKDIR, 0, { "/tmp/d/" }, { 0 }, NULL,
	  "file mkdir /tmp/d/ 00" },
	{ TLKM_REQ_FILE, TLKM_FILE_IOCTL, 0, { "socket:[12]" }, { 0x8933 },
	  NULL, "file ioctl socket:[12] 0x8933" },
	{ TLKM_REQ_FILE, TLKM_FILE_CHOWN, 0, { "/tmp/f" }, { 1000 }, NULL,
	  "file chown /tmp/f 1000" },
	{ TLKM_REQ_FILE, TLKM_FILE_MKCHAR, 0, { "/dev/x" }, { 0600, 1, 3 },
	  NULL, "file mkchar /dev/x 0600 1 3" },
	{ TLKM_REQ_FILE, TLKM_FILE_RENAME, 0, { "/a", "/b" }, { 0 }, NULL,
	  "file rename /a /b" },
	{ TLKM_REQ_FILE, TLKM_FILE_MOUNT, 0, { "none", "/mnt/", "tmpfs" },
	  { 0x6 }, NULL, "file mount none /mnt/ tmpfs 0x6" },
	{ TLKM_REQ_INET, TLKM_NET_CONNECT, TLKM_SOCK_STREAM, { NULL }, { 80 },
	  "127.0.0.1", "network inet stream connect 127.0.0.1 80" },
	{ TLKM_REQ_INET, TLKM_NET_BIND, TLKM_SOCK_DGRAM, { NULL }, { 53 },
	  "fe80::5efe:c000:201",
	  "network inet dgram bind fe80::5efe:192.0.2.1 53" },
	{ TLKM_REQ_INET, TLKM_NET_SEND, TLKM_SOCK_RAW, { NULL }, { 1 },
	  "::1", "network inet raw send ::1 1" },
	{ TLKM_REQ_UNIX, TLKM_NET_LISTEN, TLKM_SOCK_SEQPACKET, { "/run/s" },
	  { 0 }, NULL, "network unix seqpacket listen /run/s" },
	{ TLKM_REQ_ENV, 0, 0, { "LD_PRELOAD" }, { 0 }, NULL,
	  "misc env LD_PRELOAD" },
};

static void learn_acl_cases(void)
{
	unsigned int i, j;
	char out[128];

	for (i = 0; i < ARRAY_SIZE(learn_cases); i++) {
		const struct learn_case *c = &learn_cases[i];
		struct tlkm_request r = { 0 };
		struct tlkm_buf b;

		for (j = 0; j < 3; j++) {
			r.name[j] = c->name[j];
			r.num[j] = c->num[j];
		}
		if (c->addr)
			tlkm_parse_ip(c->addr, strlen(c->addr), r.addr,
				      &r.is_ipv6);
		tlkm_buf_init(&b, out, sizeof(out));
		tlkm_learn_acl(&b, c->kind, c->op, c->protocol, &r);
		tap_result(!b.overflow && !strcmp(out, c->line),
			   "learned: %s (got %s)", c->line, out);
	}
}

void test_learn(void)
{
	print_ip_cases();
	learn_acl_cases();
}
