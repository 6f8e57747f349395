// SPDX-License-Identifier: GPL-2.0
/*
 * tlkm_net.c - tomoyo_lkm's socket hooks: "network inet" and "network
 * unix" requests from bind, connect, listen and sendmsg.
 */

#include <linux/err.h>
#include <linux/in.h>
#include <linux/in6.h>
#include <linux/net.h>
#include <linux/slab.h>
#include <linux/un.h>
#include <net/af_unix.h>
#include <net/ipv6.h>
#include <net/sock.h>

#include "tlkm_glue.h"
#include "tlkm_hooks.h"
#include "tlkm_req.h"

/* MAC index of a socket operation; connect on datagram sockets is send. */
static int net_mac(bool is_unix, unsigned int protocol, unsigned int *op)
{
	static const s8 inet[4][TLKM_NET_MAX] = {
		{ 0, 1, 2, -1 }, { 0, -1, 1, 1 }, { 0, -1, 1, 1 },
		{ -1, -1, -1, -1 },
	};
	static const s8 unx[4][TLKM_NET_MAX] = {
		{ 0, 1, 2, -1 }, { 0, -1, 1, 1 }, { -1, -1, -1, -1 },
		{ 0, 1, 2, -1 },
	};
	static const u8 base[2][4] = {
		{ TLKM_MAC_NETWORK_INET_STREAM_BIND,
		  TLKM_MAC_NETWORK_INET_DGRAM_BIND,
		  TLKM_MAC_NETWORK_INET_RAW_BIND, 0 },
		{ TLKM_MAC_NETWORK_UNIX_STREAM_BIND,
		  TLKM_MAC_NETWORK_UNIX_DGRAM_BIND, 0,
		  TLKM_MAC_NETWORK_UNIX_SEQPACKET_BIND },
	};
	int off = (is_unix ? unx : inet)[protocol][*op];

	if (off < 0)
		return -1;
	if (protocol == TLKM_SOCK_DGRAM || protocol == TLKM_SOCK_RAW)
		if (*op == TLKM_NET_CONNECT)
			*op = TLKM_NET_SEND;
	return base[is_unix][protocol] + off;
}

static int sock_protocol(const struct socket *sock)
{
	switch (sock->type) {
	case SOCK_STREAM:
		return TLKM_SOCK_STREAM;
	case SOCK_DGRAM:
		return TLKM_SOCK_DGRAM;
	case SOCK_RAW:
		return TLKM_SOCK_RAW;
	case SOCK_SEQPACKET:
		return TLKM_SOCK_SEQPACKET;
	default:
		return -1;
	}
}

/* Fill address and port of an inet request; false if not inet. */
static bool inet_addr(struct tlkm_req *q, struct sock *sk,
		      const struct sockaddr *addr, int len)
{
	if (!addr) {
		/* listen: the bound address. */
		if (sk->sk_family == AF_INET6) {
			memcpy(q->r.addr, &sk->sk_v6_rcv_saddr, 16);
			q->r.is_ipv6 = true;
		} else {
			memcpy(q->r.addr, &inet_sk(sk)->inet_rcv_saddr, 4);
		}
		q->r.num[0] = ntohs(inet_sk(sk)->inet_sport);
		return true;
	}
	/* The kernel takes IPv6 addresses without sin6_scope_id too. */
	if (addr->sa_family == AF_INET6 && len >= SIN6_LEN_RFC2133) {
		const struct sockaddr_in6 *a6 = (const void *)addr;

		memcpy(q->r.addr, &a6->sin6_addr, 16);
		q->r.is_ipv6 = true;
		q->r.num[0] = ntohs(a6->sin6_port);
		return true;
	}
	if (addr->sa_family == AF_INET &&
	    len >= (int)sizeof(struct sockaddr_in)) {
		const struct sockaddr_in *a4 = (const void *)addr;

		memcpy(q->r.addr, &a4->sin_addr, 4);
		q->r.num[0] = ntohs(a4->sin_port);
		return true;
	}
	return false;
}

/*
 * Encoded unix socket name; abstract names start with "\000". A socket
 * without a name (autobind: bind() with only the family; listen() before
 * bind()) is "anonymous", as in TOMOYO. Returns NULL when @addr is not a
 * unix address (not mediated), ERR_PTR(-ENOMEM) when out of memory.
 */
static char *unix_name(struct sock *sk, const struct sockaddr *addr, int len)
{
	const size_t off = offsetof(struct sockaddr_un, sun_path);
	const char *raw = NULL;
	struct unix_address *ua;
	char *copy = NULL, *enc;
	size_t n = 0;

	if (addr) {
		if (addr->sa_family != AF_UNIX)
			return NULL;
		if (len > (int)off) {
			raw = ((const struct sockaddr_un *)addr)->sun_path;
			n = len - off;
		}
	} else {
		unix_state_lock(sk);
		ua = unix_sk(sk)->addr;
		if (ua && ua->len > off) {
			n = ua->len - off;
			copy = kmemdup(ua->name->sun_path, n, GFP_ATOMIC);
		}
		unix_state_unlock(sk);
		if (n && !copy)
			return ERR_PTR(-ENOMEM);
		raw = copy;
	}
	if (!n)
		enc = kstrdup("anonymous", GFP_KERNEL);
	else
		enc = tlkm_encode_str(raw, raw[0] ? strnlen(raw, n) : n);
	kfree(copy);
	return enc ? enc : ERR_PTR(-ENOMEM);
}

static int check_socket(struct socket *sock, unsigned int op,
			const struct sockaddr *addr, int len)
{
	struct sock *sk = sock->sk;
	int protocol, mac, ret = 0;
	bool is_unix;
	char *name = NULL;
	/* On the stack, as TOMOYO keeps its request: no allocation. */
	struct tlkm_req q;

	if (!sk)
		return 0;
	is_unix = sk->sk_family == AF_UNIX;
	if (!is_unix && sk->sk_family != AF_INET && sk->sk_family != AF_INET6)
		return 0;
	protocol = sock_protocol(sock);
	if (protocol < 0)
		return 0;
	mac = net_mac(is_unix, protocol, &op);
	if (mac < 0 || !tlkm_mac_enabled(tlkm_current_domain(), mac))
		return 0;
	memset(&q, 0, sizeof(q));
	q.kind = is_unix ? TLKM_REQ_UNIX : TLKM_REQ_INET;
	q.op = op;
	q.protocol = protocol;
	q.mac = mac;
	if (is_unix) {
		name = unix_name(sk, addr, len);
		if (IS_ERR_OR_NULL(name)) {
			ret = PTR_ERR_OR_ZERO(name);
			name = NULL;
			goto out;
		}
		q.r.name[0] = name;
	} else if (!inet_addr(&q, sk, addr, len)) {
		goto out;
	}
	if (!is_unix && protocol == TLKM_SOCK_RAW)
		q.r.num[0] = sk->sk_protocol;
	ret = tlkm_decide(tlkm_current_domain(), &q);
out:
	kfree(name);
	return ret;
}

int hook_socket_bind(struct socket *sock, struct sockaddr *address,
		     int addrlen)
{
	return check_socket(sock, TLKM_NET_BIND, address, addrlen);
}

int hook_socket_connect(struct socket *sock, struct sockaddr *address,
			int addrlen)
{
	return check_socket(sock, TLKM_NET_CONNECT, address, addrlen);
}

int hook_socket_listen(struct socket *sock, int backlog)
{
	return check_socket(sock, TLKM_NET_LISTEN, NULL, 0);
}

int hook_socket_sendmsg(struct socket *sock, struct msghdr *msg,
			int size)
{
	if (!msg->msg_name || sock->type == SOCK_STREAM ||
	    sock->type == SOCK_SEQPACKET)
		return 0;
	return check_socket(sock, TLKM_NET_SEND, msg->msg_name,
			    msg->msg_namelen);
}
