// SPDX-License-Identifier: GPL-2.0
/*
 * waitopen: wait for a line on FIFO, then open FILE read-only and print
 * "ok" or the errno's name. For checks made after the policy changed under
 * a running task. Exit status: 0 when the open succeeded, 1 when it
 * failed, 2 on usage or when FIFO cannot be read.
 *
 * Usage: waitopen FIFO FILE
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	char c;
	int fd;

	if (argc != 3) {
		fprintf(stderr, "usage: waitopen FIFO FILE\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0 || read(fd, &c, 1) != 1)
		return 2;
	close(fd);
	fd = open(argv[2], O_RDONLY);
	if (fd < 0) {
		printf("%s\n", errno == EPERM ? "EPERM" : strerror(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}
