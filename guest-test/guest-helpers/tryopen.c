// SPDX-License-Identifier: GPL-2.0
/*
 * tryopen: open a file read-only and print "ok" or the errno's name.
 * Exit status: 0 when the open succeeded, 1 when it failed, 2 on usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "errname.h"

int main(int argc, char **argv)
{
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: tryopen PATH\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	close(fd);
	printf("ok\n");
	return 0;
}
