// SPDX-License-Identifier: GPL-2.0
/*
 * tdop: one operation of the TOMOYO differential suite
 * (guest-lib/tomoyo-diff.sh), with exact control of the system call. It prints
 * one line: "ok", the errno's name, or the operation's output (self_domain).
 * Built static, so a confined domain needs no library reads.
 *
 * Usage: tdop OP ARG...
 *   read|write|append|rdwr|open3 PATH    open with that access mode
 *   creat PATH MODE                      open O_CREAT|O_EXCL|O_WRONLY
 *   trunc PATH                           open O_WRONLY|O_TRUNC
 *   fcntl PATH                           open O_WRONLY|O_APPEND, clear
 *                                        O_APPEND with F_SETFL, pwrite at 0
 *   ioctl|ioctl32 PATH CMD               ioctl, native or through int $0x80
 *   connect6|bind6|send6 LEN PORT        [::1]:PORT with address length LEN
 *   connect4 ADDR PORT                   TCP connect
 *   autobind                             bind(AF_UNIX) with addrlen 2
 *   unix-bind PATH                       bind(AF_UNIX stream) to PATH
 *   unlink|rmdir|chroot|umount PATH
 *   mkdir|mkfifo|chmod PATH MODE         (octal)
 *   chown PATH UID GID
 *   symlink TARGET PATH | link OLD NEW | rename OLD NEW
 *   mount DEV DIR TYPE FLAGS             (FLAGS numeric; DEV "-" = NULL)
 *   domain [ARG...]                      print /sys/kernel/security/tomoyo/self_domain
 *                                        (ARGs ignored: padding for exec tests)
 *   exec PATH ARGV0 ARG... [-- ENV...]   fork, execve, wait; the child's
 *                                        line, or the execve errno
 *   bigexec PATH NARGS ARGLEN [-- ENV...] execve PATH with argv PATH, "domain",
 *                                        then NARGS arguments of ARGLEN bytes
 *   longmk DIR DEPTH                     make DEPTH nested 250-byte dirs
 *   longread DIR DEPTH                   read DIR/<250 x DEPTH>/f via openat
 *   polwrite FILE TEXT                   one write() of TEXT+"\n" to FILE
 *   waitread FIFO PATH                   read one byte from FIFO (opened
 *                                        before), then read PATH
 * Exit status: 0 ok, 1 failed, 2 usage.
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "errname.h"

static int result(long ret)
{
	if (ret < 0) {
		printf("%s\n", errno_name(errno));
		return 1;
	}
	printf("ok\n");
	return 0;
}

static unsigned long num(const char *s)
{
	return strtoul(s, NULL, 0);
}

static int do_open(const char *op, const char *path, const char *mode)
{
	int flags;

	if (!strcmp(op, "read"))
		flags = O_RDONLY;
	else if (!strcmp(op, "write"))
		flags = O_WRONLY;
	else if (!strcmp(op, "append"))
		flags = O_WRONLY | O_APPEND;
	else if (!strcmp(op, "rdwr"))
		flags = O_RDWR;
	else if (!strcmp(op, "open3"))
		flags = 3;
	else if (!strcmp(op, "trunc"))
		flags = O_WRONLY | O_TRUNC;
	else
		flags = O_CREAT | O_EXCL | O_WRONLY;
	return result(open(path, flags, mode ? strtoul(mode, NULL, 8) : 0));
}

static int do_fcntl(const char *path)
{
	int fd = open(path, O_WRONLY | O_APPEND);

	if (fd < 0)
		return result(fd);
	if (fcntl(fd, F_SETFL, 0) < 0)
		return result(-1);
	return result(pwrite(fd, "X", 1, 0) == 1 ? 0 : -1);
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

static int do_ioctl(const char *path, const char *cmd, int compat)
{
	int fd = open(path, O_RDONLY);
	long ret;

	if (fd < 0)
		return result(fd);
	if (!compat)
		return result(ioctl(fd, num(cmd), 0));
	ret = ioctl32(fd, num(cmd));
	if (ret < 0)
		errno = (int)-ret;
	return result(ret);
}

static int do_inet6(const char *op, int len, int port)
{
	struct sockaddr_in6 a = { .sin6_family = AF_INET6 };
	int stream = !strcmp(op, "connect6");
	int s = socket(AF_INET6, stream ? SOCK_STREAM : SOCK_DGRAM, 0);

	if (s < 0)
		return result(s);
	a.sin6_addr = in6addr_loopback;
	a.sin6_port = htons(port);
	if (stream)
		return result(connect(s, (struct sockaddr *)&a, len));
	if (!strcmp(op, "bind6"))
		return result(bind(s, (struct sockaddr *)&a, len));
	return result(sendto(s, "x", 1, 0, (struct sockaddr *)&a, len));
}

static int do_connect4(const char *addr, int port)
{
	struct sockaddr_in a = { .sin_family = AF_INET };
	int s = socket(AF_INET, SOCK_STREAM, 0);

	if (s < 0)
		return result(s);
	inet_pton(AF_INET, addr, &a.sin_addr);
	a.sin_port = htons(port);
	return result(connect(s, (struct sockaddr *)&a, sizeof(a)));
}

static int do_unix(const char *path)
{
	struct sockaddr_un a = { .sun_family = AF_UNIX };
	int s = socket(AF_UNIX, SOCK_STREAM, 0);

	if (s < 0)
		return result(s);
	if (!path)
		return result(bind(s, (struct sockaddr *)&a,
				   sizeof(sa_family_t)));
	snprintf(a.sun_path, sizeof(a.sun_path), "%s", path);
	return result(bind(s, (struct sockaddr *)&a, sizeof(a)));
}

static int do_domain(void)
{
	char buf[4096];
	int fd = open("/sys/kernel/security/tomoyo/self_domain", O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return result(fd);
	n = read(fd, buf, sizeof(buf) - 1);
	if (n < 0)
		return result(n);
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	printf("%s\n", buf);
	return 0;
}

/* Run PATH with ARGV and ENVP; the child's output is the result. */
static int spawn(const char *path, char **argv, char **envp)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0)
		return result(pid);
	if (!pid) {
		execve(path, argv, envp);
		printf("%s\n", errno_name(errno));
		fflush(stdout);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0)
		return result(-1);
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : 1;
}

/* ARGS up to "--" are argv, the rest envp. */
static int do_exec(const char *path, int n, char **args)
{
	char **argv = calloc(n + 1, sizeof(*argv));
	char **envp = calloc(n + 1, sizeof(*envp));
	int i, a = 0, e = 0, in_env = 0;

	for (i = 0; i < n; i++) {
		if (!in_env && !strcmp(args[i], "--"))
			in_env = 1;
		else if (in_env)
			envp[e++] = args[i];
		else
			argv[a++] = args[i];
	}
	return spawn(path, argv, envp);
}

static int do_bigexec(const char *path, int nargs, int len, int n, char **env)
{
	char **argv = calloc(nargs + 3, sizeof(*argv));
	char **envp = calloc(n + 1, sizeof(*envp));
	char *arg = malloc(len + 1);
	int i;

	memset(arg, 'a', len);
	arg[len] = '\0';
	argv[0] = (char *)path;
	argv[1] = "domain";
	for (i = 2; i < nargs + 2; i++)
		argv[i] = arg;
	for (i = 0; i < n; i++)
		envp[i] = env[i];
	return spawn(path, argv, envp);
}

static int walk(const char *dir, int depth, int make)
{
	char comp[251];
	int fd = open(dir, O_PATH | O_DIRECTORY), next, i;

	memset(comp, 'd', 250);
	comp[250] = '\0';
	for (i = 0; fd >= 0 && i < depth; i++) {
		if (make && mkdirat(fd, comp, 0755) < 0 && errno != EEXIST)
			return -1;
		next = openat(fd, comp, O_PATH | O_DIRECTORY);
		close(fd);
		fd = next;
	}
	return fd;
}

static int do_long(const char *dir, int depth, int make)
{
	int fd = walk(dir, depth, make);

	if (fd < 0)
		return result(fd);
	if (make)
		return result(openat(fd, "f", O_CREAT | O_WRONLY, 0644));
	return result(openat(fd, "f", O_RDONLY));
}

static int do_polwrite(const char *file, const char *text)
{
	size_t len = strlen(text);
	char *buf = malloc(len + 2);
	int fd = open(file, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return result(fd);
	memcpy(buf, text, len);
	buf[len++] = '\n';
	n = write(fd, buf, len);
	if (n >= 0 && (size_t)n != len) {
		printf("short %zd/%zu\n", n, len);
		return 1;
	}
	return result(n);
}

static int do_waitread(const char *fifo, const char *path)
{
	int fd = open(fifo, O_RDONLY);
	char c;

	if (fd < 0)
		return result(fd);
	if (read(fd, &c, 1) != 1)
		return result(-1);
	return result(open(path, O_RDONLY));
}

static int dispatch(const char *op, int n, char **a)
{
	static const char * const opens[] = {
		"read", "write", "append", "rdwr", "open3", "trunc", "creat",
	};
	unsigned int i;

	for (i = 0; i < sizeof(opens) / sizeof(opens[0]); i++)
		if (!strcmp(op, opens[i]) && n >= 1)
			return do_open(op, a[0], n > 1 ? a[1] : NULL);
	if (!strcmp(op, "fcntl") && n == 1)
		return do_fcntl(a[0]);
	if ((!strcmp(op, "ioctl") || !strcmp(op, "ioctl32")) && n == 2)
		return do_ioctl(a[0], a[1], op[5] == '3');
	if ((!strcmp(op, "connect6") || !strcmp(op, "bind6") ||
	     !strcmp(op, "send6")) && n == 2)
		return do_inet6(op, atoi(a[0]), atoi(a[1]));
	if (!strcmp(op, "connect4") && n == 2)
		return do_connect4(a[0], atoi(a[1]));
	if (!strcmp(op, "autobind") && n == 0)
		return do_unix(NULL);
	if (!strcmp(op, "unix-bind") && n == 1)
		return do_unix(a[0]);
	if (!strcmp(op, "unlink") && n == 1)
		return result(unlink(a[0]));
	if (!strcmp(op, "rmdir") && n == 1)
		return result(rmdir(a[0]));
	if (!strcmp(op, "chroot") && n == 1)
		return result(chroot(a[0]));
	if (!strcmp(op, "umount") && n == 1)
		return result(umount(a[0]));
	if (!strcmp(op, "mkdir") && n == 2)
		return result(mkdir(a[0], strtoul(a[1], NULL, 8)));
	if (!strcmp(op, "mkfifo") && n == 2)
		return result(mkfifo(a[0], strtoul(a[1], NULL, 8)));
	if (!strcmp(op, "chmod") && n == 2)
		return result(chmod(a[0], strtoul(a[1], NULL, 8)));
	if (!strcmp(op, "chown") && n == 3)
		return result(chown(a[0], num(a[1]), num(a[2])));
	if (!strcmp(op, "symlink") && n == 2)
		return result(symlink(a[0], a[1]));
	if (!strcmp(op, "link") && n == 2)
		return result(link(a[0], a[1]));
	if (!strcmp(op, "rename") && n == 2)
		return result(rename(a[0], a[1]));
	if (!strcmp(op, "mount") && n == 4)
		return result(mount(strcmp(a[0], "-") ? a[0] : NULL, a[1],
				    strcmp(a[2], "-") ? a[2] : NULL, num(a[3]),
				    NULL));
	if (!strcmp(op, "domain"))
		return do_domain();
	if (!strcmp(op, "exec") && n >= 2)
		return do_exec(a[0], n - 1, a + 1);
	if (!strcmp(op, "bigexec") && n >= 3)
		return do_bigexec(a[0], atoi(a[1]), atoi(a[2]),
				  n > 3 ? n - 4 : 0, a + 4);
	if ((!strcmp(op, "longmk") || !strcmp(op, "longread")) && n == 2)
		return do_long(a[0], atoi(a[1]), op[4] == 'm');
	if (!strcmp(op, "waitread") && n == 2)
		return do_waitread(a[0], a[1]);
	if (!strcmp(op, "polwrite") && n == 2)
		return do_polwrite(a[0], a[1]);
	fprintf(stderr, "tdop: bad operation '%s' (see tdop.c)\n", op);
	return 2;
}

int main(int argc, char **argv)
{
	if (argc < 2)
		return 2;
	return dispatch(argv[1], argc - 2, argv + 2);
}
