// SPDX-License-Identifier: GPL-2.0
/*
 * xattrw: set or remove one extended attribute and print "ok" or the
 * errno's name.
 * Usage: xattrw set FILE NAME VALUE | xattrw remove FILE NAME
 * Exit status: 0 when it succeeded, 1 when it failed, 2 on usage.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/xattr.h>

#include "errname.h"

int main(int argc, char **argv)
{
	int rc;

	if (argc == 5 && !strcmp(argv[1], "set"))
		rc = setxattr(argv[2], argv[3], argv[4], strlen(argv[4]), 0);
	else if (argc == 4 && !strcmp(argv[1], "remove"))
		rc = removexattr(argv[2], argv[3]);
	else {
		fprintf(stderr, "usage: xattrw set FILE NAME VALUE | remove FILE NAME\n");
		return 2;
	}
	if (rc) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}
