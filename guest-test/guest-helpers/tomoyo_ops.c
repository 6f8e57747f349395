// SPDX-License-Identifier: GPL-2.0
/*
 * tomoyo_ops: one file operation, printing "ok" or the errno's name, for
 * the TOMOYO language tests (a copy runs as the program of a domain).
 *
 * Usage: tomoyo_ops read PATH | create PATH | rename OLD NEW | stat PATH
 * Exit status: 0 when the operation succeeded, 1 when it failed, 2 on
 * usage.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "errname.h"

static int op(int argc, char **argv)
{
	struct stat st;
	int fd;

	if (argc == 3 && !strcmp(argv[1], "read")) {
		fd = open(argv[2], O_RDONLY);
		return fd < 0 ? -1 : close(fd);
	}
	if (argc == 3 && !strcmp(argv[1], "create")) {
		fd = open(argv[2], O_WRONLY | O_CREAT | O_EXCL, 0644);
		return fd < 0 ? -1 : close(fd);
	}
	if (argc == 4 && !strcmp(argv[1], "rename"))
		return rename(argv[2], argv[3]);
	if (argc == 3 && !strcmp(argv[1], "stat"))
		return stat(argv[2], &st);
	errno = 0;
	return -2;
}

int main(int argc, char **argv)
{
	int ret = op(argc, argv);

	if (ret == -2) {
		fprintf(stderr, "usage: tomoyo_ops read|create|stat PATH | rename OLD NEW\n");
		return 2;
	}
	printf("%s\n", ret ? errno_name(errno) : "ok");
	return ret ? 1 : 0;
}
