/* SPDX-License-Identifier: GPL-2.0 */
/*
 * tlkm_hooks.h - the hook implementations that tlkm_lsm.c's hook table
 * lists, by the file that holds them.
 */
#ifndef _MODULES_TOMOYO_TLKM_HOOKS_H
#define _MODULES_TOMOYO_TLKM_HOOKS_H

#include <linux/net.h>
#include <linux/socket.h>

/* tlkm_net.c */
int hook_socket_bind(struct socket *sock, struct sockaddr *address,
		     int addrlen);
int hook_socket_connect(struct socket *sock, struct sockaddr *address,
			int addrlen);
int hook_socket_listen(struct socket *sock, int backlog);
int hook_socket_sendmsg(struct socket *sock, struct msghdr *msg, int size);

#endif /* _MODULES_TOMOYO_TLKM_HOOKS_H */
