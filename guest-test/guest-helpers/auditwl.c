// SPDX-License-Identifier: GPL-2.0
/*
 * auditwl: the known workload of the audit_lkm test. Opens OUTFILE for
 * write, binds a TCP socket on 127.0.0.1 and connects to it. Prints what
 * happened without anything that changes from run to run; writes
 * "PID PORT" to IDFILE so the test can look for its records.
 *
 * Usage: auditwl OUTFILE IDFILE
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sockaddr_in addr = { .sin_family = AF_INET };
	socklen_t len = sizeof(addr);
	int fd, l, c, rc = 0;
	FILE *id;

	if (argc != 3) {
		fprintf(stderr, "usage: auditwl OUTFILE IDFILE\n");
		return 2;
	}
	fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0 || write(fd, "x\n", 2) != 2) {
		printf("open_write %s\n", strerror(errno));
		rc = 1;
	} else {
		printf("open_write ok\n");
	}
	if (fd >= 0)
		close(fd);

	addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	l = socket(AF_INET, SOCK_STREAM, 0);
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (l < 0 || c < 0 || bind(l, (struct sockaddr *)&addr, sizeof(addr)) ||
	    listen(l, 1) || getsockname(l, (struct sockaddr *)&addr, &len)) {
		printf("bind %s\n", strerror(errno));
		return 1;
	}
	printf("bind ok\n");
	if (connect(c, (struct sockaddr *)&addr, sizeof(addr))) {
		printf("connect %s\n", strerror(errno));
		rc = 1;
	} else {
		printf("connect ok\n");
	}
	id = fopen(argv[2], "w");
	if (!id)
		return 1;
	fprintf(id, "%d %d\n", getpid(), ntohs(addr.sin_port));
	fclose(id);
	return rc;
}
