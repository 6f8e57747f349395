// SPDX-License-Identifier: GPL-2.0
/*
 * bench.c - system call microbenchmarks for guest-test/bench, in ns per
 * operation.
 *
 *   bench -d DIR calibrate MS      iterations per benchmark for about MS ms,
 *                                  one "name iterations" line each
 *   bench -d DIR run PASSES NAME=ITERS...
 *                                  each named benchmark PASSES times, one
 *                                  "name ns_per_op errors iterations" line
 *                                  with the fastest pass
 *   bench -d DIR hold N CMD        open N files, run CMD (sh -c), close them
 *   bench -d DIR profile NAME=ITERS...
 *                                  each named benchmark once, ITERS times,
 *                                  between two calls of bench_mark(): the
 *                                  marks guest-test/profile's QEMU plugin
 *                                  counts the instructions between; one
 *                                  "name errors iterations" line each
 *
 * getppid is the control: no LSM hooks its path, so every configuration
 * must leave it unchanged. execve_env runs the static program with four
 * arguments and the thirty-odd environment strings of a login shell;
 * execve_static with none.
 *
 * DIR holds the small data file "data" and the static program "true" that
 * the exec benchmark runs. Every benchmark counts its failed calls: a
 * configuration that denies what a benchmark does shows up there.
 */

#define _GNU_SOURCE
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BENCH_PORT 7300

static char data_path[256], true_path[256], status_path[64];
static int data_fd = -1, listen_fd = -1, idle_pid = -1, idle_pipe[2];
static int pair[2] = { -1, -1 };

/* The environment of a login shell on a Debian host, give or take. */
static char *const shell_env[] = {
	"SHELL=/bin/bash", "PWD=/home/engineer/src/service", "LOGNAME=engineer",
	"XDG_SESSION_TYPE=tty", "HOME=/home/engineer", "LANG=en_US.UTF-8",
	"LS_COLORS=rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35:do=01;35:ex=01;32",
	"SSH_CONNECTION=10.0.2.2 51022 10.0.2.15 22", "LESSCLOSE=/usr/bin/lesspipe %s %s",
	"XDG_SESSION_CLASS=user", "TERM=xterm-256color", "LESSOPEN=| /usr/bin/lesspipe %s",
	"USER=engineer", "SHLVL=1", "XDG_SESSION_ID=42", "XDG_RUNTIME_DIR=/run/user/1000",
	"SSH_CLIENT=10.0.2.2 51022 22", "XDG_DATA_DIRS=/usr/local/share:/usr/share",
	"PATH=/usr/local/bin:/usr/bin:/bin:/usr/local/games:/usr/games",
	"DBUS_SESSION_BUS_ADDRESS=unix:path=/run/user/1000/bus", "SSH_TTY=/dev/pts/0",
	"MAIL=/var/mail/engineer", "EDITOR=vim", "PAGER=less", "HISTSIZE=10000",
	"HISTFILESIZE=20000", "LC_ALL=en_US.UTF-8", "TZ=Europe/Berlin",
	"GIT_PAGER=less -FRX", "OLDPWD=/home/engineer", "_=/usr/bin/env",
	"DEBIAN_FRONTEND=noninteractive", NULL
};

struct bench {
	const char *name;
	long (*op)(void);	/* one operation; nonzero on failure */
};

static long op_getppid(void)
{
	return getppid() <= 0;
}

static long open_close(int flags)
{
	int fd = open(data_path, flags);

	if (fd < 0)
		return 1;
	close(fd);
	return 0;
}

static long op_open(void)
{
	return open_close(O_RDONLY);
}

static long op_open_rdwr(void)
{
	return open_close(O_RDWR);
}

static long op_stat(void)
{
	struct stat st;

	return stat(data_path, &st) != 0;
}

static long op_read(void)
{
	char buf[128];

	return pread(data_fd, buf, sizeof(buf), 0) <= 0;
}

/* vfork, execve of the static program with @argv and @envp, wait. */
static long run_exec(char *const argv[], char *const envp[])
{
	int st;
	pid_t pid = vfork();

	if (pid == 0) {
		execve(true_path, argv, envp);
		_exit(127);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return 1;
	return !WIFEXITED(st) || WEXITSTATUS(st) != 0;
}

static long op_exec(void)
{
	char *const argv[] = { true_path, NULL };
	char *const envp[] = { NULL };

	return run_exec(argv, envp);
}

static long op_exec_env(void)
{
	char *const argv[] = { true_path, "--config", "/etc/service.conf",
			       "--verbose", "start", NULL };

	return run_exec(argv, shell_env);
}

static long op_fork(void)
{
	int st;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return 1;
	return 0;
}

static long op_connect(void)
{
	struct sockaddr_in a = {
		.sin_family = AF_INET,
		.sin_port = htons(BENCH_PORT),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int c, s;
	long bad = 0;

	c = socket(AF_INET, SOCK_STREAM, 0);
	if (c < 0)
		return 1;
	if (connect(c, (struct sockaddr *)&a, sizeof(a)) != 0) {
		close(c);
		return 1;
	}
	s = accept(listen_fd, NULL, NULL);
	if (s < 0)
		bad = 1;
	else
		close(s);
	close(c);
	return bad;
}

static long op_socketpair(void)
{
	char buf[64] = "a datagram between two ends of a socket pair";

	if (send(pair[0], buf, sizeof(buf), 0) != sizeof(buf))
		return 1;
	return recv(pair[1], buf, sizeof(buf), 0) != sizeof(buf);
}

static long op_prctl(void)
{
	return prctl(PR_GET_DUMPABLE, 0, 0, 0, 0) < 0;
}

static long op_ptrace(void)
{
	int st;

	if (ptrace(PTRACE_ATTACH, idle_pid, NULL, NULL) != 0)
		return 1;
	if (waitpid(idle_pid, &st, __WALL) != idle_pid)
		return 1;
	return ptrace(PTRACE_DETACH, idle_pid, NULL, NULL) != 0;
}

static long op_status(void)
{
	char buf[4096];
	int fd = open(status_path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return 1;
	n = read(fd, buf, sizeof(buf));
	close(fd);
	return n <= 0;
}

static const struct bench benches[] = {
	{ "getppid", op_getppid },
	{ "open_close", op_open },
	{ "open_rdwr", op_open_rdwr },
	{ "stat", op_stat },
	{ "read_small", op_read },
	{ "execve_static", op_exec },
	{ "execve_env", op_exec_env },
	{ "fork_exit_wait", op_fork },
	{ "connect_accept", op_connect },
	{ "socketpair_send", op_socketpair },
	{ "ptrace_attach", op_ptrace },
	{ "prctl_dumpable", op_prctl },
	{ "proc_status", op_status },
};

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define NR_BENCHES ARRAY_SIZE(benches)

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* Runs ITERS operations of B; returns ns per operation, counts failures. */
static double measure(const struct bench *b, long iters, long *errors)
{
	double t0 = now_ns();
	long i;

	*errors = 0;
	for (i = 0; i < iters; i++)
		*errors += b->op();
	return (now_ns() - t0) / iters;
}

static int setup(const char *dir)
{
	struct sockaddr_in a = {
		.sin_family = AF_INET,
		.sin_port = htons(BENCH_PORT),
		.sin_addr.s_addr = htonl(INADDR_LOOPBACK),
	};
	int one = 1;
	char c;

	snprintf(data_path, sizeof(data_path), "%s/data", dir);
	snprintf(true_path, sizeof(true_path), "%s/true", dir);
	data_fd = open(data_path, O_RDONLY);
	if (data_fd < 0) {
		perror(data_path);
		return -1;
	}
	listen_fd = socket(AF_INET, SOCK_STREAM, 0);
	if (listen_fd < 0 ||
	    setsockopt(listen_fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one)) ||
	    bind(listen_fd, (struct sockaddr *)&a, sizeof(a)) ||
	    listen(listen_fd, 64)) {
		perror("listen");
		return -1;
	}
	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, pair)) {
		perror("socketpair");
		return -1;
	}
	/* A child that waits on a pipe: the ptrace and /proc targets. */
	if (pipe(idle_pipe))
		return -1;
	idle_pid = fork();
	if (idle_pid == 0) {
		close(idle_pipe[1]);
		while (read(idle_pipe[0], &c, 1) < 0 && errno == EINTR)
			;
		_exit(0);
	}
	close(idle_pipe[0]);
	snprintf(status_path, sizeof(status_path), "/proc/%d/status", idle_pid);
	return idle_pid < 0 ? -1 : 0;
}

static void teardown(void)
{
	close(idle_pipe[1]);
	if (idle_pid > 0)
		waitpid(idle_pid, NULL, 0);
}

static const struct bench *find(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_BENCHES; i++)
		if (strlen(benches[i].name) == len &&
		    !strncmp(benches[i].name, name, len))
			return &benches[i];
	return NULL;
}

/* "NAME=ITERS": the benchmark and its iterations, or NULL (said why). */
static const struct bench *parse_arg(const char *arg, long *iters)
{
	const char *eq = strchr(arg, '=');
	const struct bench *b = eq ? find(arg, eq - arg) : NULL;

	*iters = eq ? atol(eq + 1) : 0;
	if (!b || *iters <= 0) {
		fprintf(stderr, "bench: bad argument %s\n", arg);
		return NULL;
	}
	return b;
}

/*
 * Doubles the iterations until one pass takes at least MS milliseconds, and
 * runs at least MIN_OPS: a heavy benchmark (exec, fork) gets enough
 * operations per pass for its time to be an average.
 */
#define MIN_OPS 200

static void calibrate(long ms)
{
	size_t i;
	long iters, errors;
	double ns;

	for (i = 0; i < NR_BENCHES; i++) {
		measure(&benches[i], 4, &errors);
		iters = 4;
		for (;;) {
			ns = measure(&benches[i], iters, &errors);
			if (ns * iters >= ms * 1e6 / 4 || iters >= 1L << 24)
				break;
			iters *= 2;
		}
		iters = (long)(ms * 1e6 / ns) + 1;
		if (iters < MIN_OPS)
			iters = MIN_OPS;
		printf("%s %ld\n", benches[i].name, iters);
	}
}

/*
 * Runs every named benchmark PASSES times, interleaved, after a warm-up
 * (under emulation the first runs of a code path include its translation);
 * prints the fastest pass, which leaves out most preemption by the host.
 */
static int run(int passes, int argc, char **argv)
{
	const struct bench *b[NR_BENCHES];
	long iters[NR_BENCHES], errors, errs[NR_BENCHES] = { 0 };
	double ns, best[NR_BENCHES];
	int i, p;

	if (passes < 1 || argc > (int)NR_BENCHES)
		return 2;
	for (i = 0; i < argc; i++) {
		b[i] = parse_arg(argv[i], &iters[i]);
		if (!b[i])
			return 2;
		measure(b[i], iters[i] / 8 + 2, &errors);
		best[i] = 0;
	}
	for (p = 0; p < passes; p++) {
		for (i = 0; i < argc; i++) {
			ns = measure(b[i], iters[i], &errors);
			errs[i] += errors;
			if (!p || ns < best[i])
				best[i] = ns;
		}
	}
	for (i = 0; i < argc; i++)
		printf("%s %.1f %ld %ld\n", b[i]->name, best[i], errs[i], iters[i]);
	return 0;
}

/*
 * The mark: the profile plugin knows this function's address (the program
 * is built static, not position-independent, on the host) and starts a
 * window when it runs, then writes the window out when it runs again: each
 * window holds one benchmark's loop and nothing else.
 */
void __attribute__((noinline)) bench_mark(void)
{
	__asm__ volatile("" ::: "memory");
}

static int profile(int argc, char **argv)
{
	const struct bench *b;
	long iters, errors;
	int i;

	for (i = 0; i < argc; i++) {
		b = parse_arg(argv[i], &iters);
		if (!b)
			return 2;
		/* The warm-up leaves no first-use work in the window. */
		measure(b, iters / 8 + 2, &errors);
		bench_mark();
		measure(b, iters, &errors);
		bench_mark();
		printf("%s %ld %ld\n", b->name, errors, iters);
	}
	return 0;
}

/* Opens the data file N times, runs CMD while they are open. */
static int hold(long n, const char *cmd)
{
	struct rlimit rl = { .rlim_cur = n + 64, .rlim_max = n + 64 };
	long i;
	int rc;

	if (setrlimit(RLIMIT_NOFILE, &rl)) {
		perror("setrlimit");
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (open(data_path, O_RDONLY) < 0) {
			perror("open");
			return 2;
		}
	}
	rc = system(cmd);
	return WIFEXITED(rc) ? WEXITSTATUS(rc) : 2;
}

int main(int argc, char **argv)
{
	const char *dir = NULL;
	int rc = 2;

	if (argc > 2 && !strcmp(argv[1], "-d")) {
		dir = argv[2];
		argc -= 2;
		argv += 2;
	}
	if (!dir || argc < 2) {
		fputs("usage: bench -d DIR calibrate MS | run PASSES NAME=N... |", stderr);
		fputs(" hold N CMD | profile NAME=N...\n", stderr);
		return 2;
	}
	if (!strcmp(argv[1], "hold") && argc == 4) {
		snprintf(data_path, sizeof(data_path), "%s/data", dir);
		return hold(atol(argv[2]), argv[3]);
	}
	if (setup(dir))
		return 2;
	if (!strcmp(argv[1], "calibrate") && argc == 3) {
		calibrate(atol(argv[2]));
		rc = 0;
	} else if (!strcmp(argv[1], "run") && argc > 3) {
		rc = run(atoi(argv[2]), argc - 3, argv + 3);
	} else if (!strcmp(argv[1], "profile") && argc > 2) {
		rc = profile(argc - 2, argv + 2);
	}
	teardown();
	return rc;
}
