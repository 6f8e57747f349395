// SPDX-License-Identifier: GPL-2.0
/*
 * tomoyo_srv: a loopback TCP listener for the tomoyo_lkm tests. Accepts
 * and closes connections on 127.0.0.1:PORT until killed.
 *
 * Usage: tomoyo_srv PORT
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	int one = 1, s, c;

	if (argc != 2) {
		fprintf(stderr, "usage: tomoyo_srv PORT\n");
		return 2;
	}
	addr.sin_port = htons(atoi(argv[1]));
	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	s = socket(AF_INET, SOCK_STREAM, 0);
	if (s < 0 || setsockopt(s, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(s, (struct sockaddr *)&addr, sizeof(addr)) || listen(s, 64)) {
		perror("tomoyo_srv");
		return 1;
	}
	for (;;) {
		c = accept(s, NULL, NULL);
		if (c >= 0)
			close(c);
	}
}
