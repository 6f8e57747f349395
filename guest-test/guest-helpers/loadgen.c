// SPDX-License-Identifier: GPL-2.0
/*
 * loadgen: keep the LSM hooks busy. N worker processes loop over open/close,
 * stat, fork+exec of /bin/true and a loopback TCP connect+accept, until
 * SECONDS pass or the file STOPFILE appears. Prints the operations done and
 * the failures seen; exits 1 if any operation failed.
 *
 * With SUID (the path of a set-user-ID root copy of suidcheck), each round
 * also creates, writes and unlinks a file, lets a child ask to be traced
 * (PTRACE_TRACEME, stop, continue) and has a child drop to uid 1000 and
 * exec SUID, which must run with euid 0 again. A refused ptrace (the
 * built-in Yama at scope 3) is counted apart and is not a failure.
 *
 * Usage: loadgen N SECONDS STOPFILE [SUID]
 */
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <time.h>
#include <unistd.h>

static const char *suid_helper;
static long ptrace_refused;

/* Create, write, close and unlink a file of this worker's own. */
static int file_round(void)
{
	char name[64];
	int fd, fails = 0;

	snprintf(name, sizeof(name), "/tmp/loadgen-%d", getpid());
	fd = open(name, O_CREAT | O_WRONLY | O_TRUNC, 0600);
	if (fd < 0)
		return 1;
	fails += write(fd, name, sizeof(name)) != sizeof(name);
	close(fd);
	fails += unlink(name) != 0;
	return fails;
}

/* A child asks to be traced, stops, and is continued by its parent. */
static int ptrace_round(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL))
			_exit(42);
		raise(SIGSTOP);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 42) {
		ptrace_refused++;
		return 0;
	}
	if (!WIFSTOPPED(status))
		return 1;
	if (ptrace(PTRACE_CONT, pid, NULL, NULL))
		return 1;
	return waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
	       WEXITSTATUS(status);
}

/* A child drops to uid 1000 and execs the set-user-ID helper. */
static int cred_round(void)
{
	int status;
	pid_t pid = fork();

	if (pid == 0) {
		if (setresgid(1000, 1000, 1000) || setresuid(1000, 1000, 1000))
			_exit(126);
		execl(suid_helper, "suidcheck", (char *)NULL);
		_exit(127);
	}
	return pid < 0 || waitpid(pid, &status, 0) != pid ||
	       !WIFEXITED(status) || WEXITSTATUS(status);
}

static int listener(struct sockaddr_in *addr)
{
	socklen_t len = sizeof(*addr);
	int s = socket(AF_INET, SOCK_STREAM, 0);

	addr->sin_family = AF_INET;
	addr->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
	addr->sin_port = 0;
	if (s < 0 || bind(s, (struct sockaddr *)addr, sizeof(*addr)) ||
	    listen(s, 64) || getsockname(s, (struct sockaddr *)addr, &len))
		return -1;
	return s;
}

static int one_round(int lsock, const struct sockaddr_in *addr)
{
	struct stat st;
	int fails = 0, fd, c, a, status;
	pid_t pid;

	fd = open("/etc/hostname", O_RDONLY);
	fails += fd < 0;
	if (fd >= 0)
		close(fd);
	fails += stat("/", &st) != 0;
	pid = fork();
	if (pid == 0) {
		execl("/bin/true", "true", (char *)NULL);
		_exit(127);
	}
	fails += pid < 0 || waitpid(pid, &status, 0) != pid || status != 0;
	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0 || connect(c, (const struct sockaddr *)addr, sizeof(*addr))) {
		fails++;
	} else {
		a = accept(lsock, NULL, NULL);
		fails += a < 0;
		if (a >= 0)
			close(a);
	}
	if (c >= 0)
		close(c);
	if (suid_helper)
		fails += file_round() + ptrace_round() + cred_round();
	return fails;
}

static void worker(int seconds, const char *stopfile)
{
	struct sockaddr_in addr;
	long rounds = 0, fails = 0;
	time_t end = time(NULL) + seconds;
	int lsock = listener(&addr);

	if (lsock < 0)
		_exit(3);
	while (time(NULL) < end && access(stopfile, F_OK) != 0) {
		fails += one_round(lsock, &addr);
		rounds++;
	}
	if (suid_helper)
		printf("worker %d: %ld rounds, %ld failures, %ld ptrace refused\n",
		       getpid(), rounds, fails, ptrace_refused);
	else
		printf("worker %d: %ld rounds, %ld failures\n", getpid(), rounds,
		       fails);
	_exit(fails ? 1 : 0);
}

int main(int argc, char **argv)
{
	int n, seconds, i, status, rc = 0;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: loadgen N SECONDS STOPFILE [SUID]\n");
		return 2;
	}
	if (argc == 5)
		suid_helper = argv[4];
	n = atoi(argv[1]);
	seconds = atoi(argv[2]);
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (i = 0; i < n; i++)
		if (fork() == 0)
			worker(seconds, argv[3]);
	for (i = 0; i < n; i++) {
		if (wait(&status) < 0 || !WIFEXITED(status) || WEXITSTATUS(status))
			rc = 1;
	}
	return rc;
}
