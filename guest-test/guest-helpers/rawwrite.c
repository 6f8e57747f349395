// SPDX-License-Identifier: GPL-2.0
/*
 * rawwrite: copy standard input to FILE in write() calls of CHUNK bytes,
 * as tomoyo-init copies a policy file: a short count or an error does not
 * change what is written next. Prints what each write() returned (a count
 * or the errno's name), one per line.
 * Exit status: 0 when every write() took its whole chunk, 1 otherwise,
 * 2 on usage.
 *
 * Usage: rawwrite FILE CHUNK
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	size_t chunk, len = 0, size = 1 << 16, off;
	char *buf = malloc(size);
	int fd, rc = 0;
	ssize_t n;

	if (argc != 3 || !buf || !(chunk = strtoul(argv[2], NULL, 0))) {
		fprintf(stderr, "usage: rawwrite FILE CHUNK\n");
		return 2;
	}
	while ((n = read(0, buf + len, size - len)) > 0) {
		len += n;
		if (len == size) {
			size *= 2;
			buf = realloc(buf, size);
			if (!buf)
				return 2;
		}
	}
	fd = open(argv[1], O_WRONLY);
	if (fd < 0) {
		printf("open: %s\n", strerror(errno));
		return 1;
	}
	for (off = 0; off < len; off += chunk) {
		size_t want = len - off < chunk ? len - off : chunk;

		n = write(fd, buf + off, want);
		if (n < 0)
			printf("%s\n", errno == EPERM ? "EPERM" :
			       errno == EINVAL ? "EINVAL" : strerror(errno));
		else
			printf("%zd\n", n);
		if (n != (ssize_t)want)
			rc = 1;
	}
	return rc;
}
