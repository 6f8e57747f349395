// SPDX-License-Identifier: GPL-2.0
/*
 * tomoyo_bypass: the operations that once went around tomoyo_lkm's checks.
 * Each mode does one operation and prints "ok" or the errno's name.
 * Exit status: 0 when the operation succeeded, 1 when it failed, 2 on usage.
 *
 * Usage: tomoyo_bypass fcntl FILE        open O_WRONLY|O_APPEND, then
 *                                        fcntl(F_SETFL, 0) and pwrite at 0
 *        tomoyo_bypass open3 FILE        open(FILE, 3) (O_ACCMODE 3)
 *        tomoyo_bypass ioctl FILE CMD    native ioctl(CMD) on FILE
 *        tomoyo_bypass ioctl32 FILE CMD  the same through int $0x80
 *        tomoyo_bypass connect6 LEN PORT TCP connect to [::1]:PORT, addrlen LEN
 *        tomoyo_bypass bind6 LEN PORT    UDP bind to [::1]:PORT, addrlen LEN
 *        tomoyo_bypass send6 LEN PORT    UDP sendto [::1]:PORT, addrlen LEN
 *        tomoyo_bypass autobind          bind(AF_UNIX, addrlen 2)
 */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include "errname.h"

/* Call with the operation's return value; reads errno itself. */
static int result(long ret)
{
	if (ret < 0) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}

/* ioctl through the 32-bit system call entry (compat_sys_ioctl). */
static long ioctl32(int fd, unsigned int cmd)
{
	long ret;

	asm volatile("int $0x80"
		     : "=a"(ret)
		     : "a"(54L), "b"((long)fd), "c"((long)cmd), "d"(0L)
		     : "memory", "r8", "r9", "r10", "r11");
	return ret;
}

static int do_fcntl(const char *file)
{
	int fd = open(file, O_WRONLY | O_APPEND);

	if (fd < 0) {
		printf("open: %s\n", errno_name(errno));
		return 1;
	}
	if (fcntl(fd, F_SETFL, 0) < 0)
		return result(-1);
	/* Append-only no more: overwrite the first byte. */
	return result(pwrite(fd, "X", 1, 0) == 1 ? 0 : -1);
}

static int do_ioctl(const char *file, const char *cmd, int compat)
{
	unsigned int c = strtoul(cmd, NULL, 0);
	int fd = open(file, O_RDONLY);
	long ret;

	if (fd < 0) {
		printf("open: %s\n", errno_name(errno));
		return 1;
	}
	if (!compat)
		return result(ioctl(fd, c, 0));
	ret = ioctl32(fd, c);
	if (ret < 0)
		errno = (int)-ret;
	return result(ret);
}

static int do_inet6(const char *mode, int len, int port)
{
	struct sockaddr_in6 a = { .sin6_family = AF_INET6 };
	int dgram = strcmp(mode, "connect6") != 0;
	int s = socket(AF_INET6, dgram ? SOCK_DGRAM : SOCK_STREAM, 0);

	if (s < 0)
		return result(-1);
	a.sin6_addr = in6addr_loopback;
	a.sin6_port = htons(port);
	if (!strcmp(mode, "connect6"))
		return result(connect(s, (struct sockaddr *)&a, len));
	if (!strcmp(mode, "bind6"))
		return result(bind(s, (struct sockaddr *)&a, len));
	return result(sendto(s, "x", 1, 0, (struct sockaddr *)&a, len));
}

static int do_autobind(void)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	if (s < 0)
		return result(-1);
	return result(bind(s, (struct sockaddr *)&a, sizeof(sa_family_t)));
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	if (!strcmp(mode, "fcntl") && argc == 3)
		return do_fcntl(argv[2]);
	if (!strcmp(mode, "open3") && argc == 3)
		return result(open(argv[2], 3));
	if (!strcmp(mode, "ioctl") && argc == 4)
		return do_ioctl(argv[2], argv[3], 0);
	if (!strcmp(mode, "ioctl32") && argc == 4)
		return do_ioctl(argv[2], argv[3], 1);
	if ((!strcmp(mode, "connect6") || !strcmp(mode, "bind6") ||
	     !strcmp(mode, "send6")) && argc == 4)
		return do_inet6(mode, atoi(argv[2]), atoi(argv[3]));
	if (!strcmp(mode, "autobind") && argc == 2)
		return do_autobind();
	fprintf(stderr, "usage: see the comment at the top of tomoyo_bypass.c\n");
	return 2;
}
