// SPDX-License-Identifier: GPL-2.0
/*
 * ptmatrix: the ptrace matrix of the Yama tests. For each relation of the
 * tracer to its target (parent, child, sibling, unrelated), each operation
 * (PTRACE_ATTACH, reading /proc/PID/mem, process_vm_readv) and each
 * declaration of the target (none, PR_SET_PTRACER to the tracer's pid,
 * PR_SET_PTRACER_ANY), it builds a fresh set of processes, tries the
 * operation and prints "ok" or the errno's name. A last row tries
 * PTRACE_TRACEME to the parent. Runs with the caller's credentials.
 *
 * Usage: ptmatrix              print the table
 *        ptmatrix --loop SECS STOPFILE
 *                              repeat all cases for SECS seconds or until
 *                              STOPFILE exists (a ptrace load); exit 1 if
 *                              any case was not "ok"
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#ifndef PR_SET_PTRACER
#define PR_SET_PTRACER 0x59616d61
#endif
#ifndef PR_SET_PTRACER_ANY
#define PR_SET_PTRACER_ANY ((unsigned long)-1)
#endif

enum rel { PARENT, CHILD, SIBLING, UNRELATED, NR_RELS };
enum op { ATTACH, MEM, VMREAD, NR_OPS };
enum decl { NONE, PID, ANY, NR_DECLS };

static const char *const rel_names[] = { "parent", "child", "sibling", "unrelated" };
static const char *const op_names[] = { "attach", "mem", "vmread" };

/* What the tracer reads in the target; fork keeps its address. */
static volatile unsigned long secret = 0x5ec12e7UL;

static const char *errname(int e)
{
	switch (e) {
	case EPERM: return "EPERM";
	case EACCES: return "EACCES";
	case ESRCH: return "ESRCH";
	case EINVAL: return "EINVAL";
	case EIO: return "EIO";
	default: return "EOTHER";
	}
}

static void put(int fd, const char *s)
{
	if (write(fd, s, strlen(s)) < 0)
		_exit(3);
}

static const char *do_op(pid_t target, int op)
{
	unsigned long v = 0;
	struct iovec local = { (void *)&v, sizeof(v) };
	struct iovec remote = { (void *)&secret, sizeof(v) };
	char path[64];
	int fd, st;

	switch (op) {
	case ATTACH:
		if (ptrace(PTRACE_ATTACH, target, 0, 0))
			return errname(errno);
		waitpid(target, &st, __WALL);
		ptrace(PTRACE_DETACH, target, 0, 0);
		return "ok";
	case MEM:
		snprintf(path, sizeof(path), "/proc/%d/mem", target);
		fd = open(path, O_RDONLY);
		if (fd < 0)
			return errname(errno);
		if (pread(fd, &v, sizeof(v), (off_t)(unsigned long)&secret) != sizeof(v)) {
			close(fd);
			return errname(errno);
		}
		close(fd);
		break;
	default:
		if (process_vm_readv(target, &local, 1, &remote, 1, 0) != sizeof(v))
			return errname(errno);
		break;
	}
	return v == secret ? "ok" : "WRONG";
}

/* The target: declares its tracer, says so on @ready, waits to be killed. */
static void target_body(pid_t tracer, int decl, int ready)
{
	int rc = 0;

	if (decl == PID)
		rc = prctl(PR_SET_PTRACER, tracer, 0, 0, 0);
	else if (decl == ANY)
		rc = prctl(PR_SET_PTRACER, PR_SET_PTRACER_ANY, 0, 0, 0);
	put(ready, rc ? "E" : "r");
	for (;;)
		pause();
}

/* The tracer: waits for the target's declaration, then tries @op. */
static void tracer_body(pid_t target, int op, int ready, int result)
{
	char c = 'E';

	if (read(ready, &c, 1) != 1 || c != 'r') {
		put(result, "prctl-failed");
		return;
	}
	put(result, do_op(target, op));
}

static pid_t read_pid(int fd)
{
	pid_t pid = 0;

	if (read(fd, &pid, sizeof(pid)) != sizeof(pid))
		_exit(3);
	return pid;
}

/* The case leader: makes the processes of one case. */
static void leader(int rel, int op, int decl, int result)
{
	int ready[2], go[2];
	pid_t r, t, m;

	if (pipe(ready) || pipe(go))
		_exit(3);
	switch (rel) {
	case PARENT:	/* the leader traces its child */
		t = fork();
		if (t == 0)
			target_body(getppid(), decl, ready[1]);
		tracer_body(t, op, ready[0], result);
		break;
	case CHILD:	/* the leader's child traces the leader */
		r = fork();
		if (r == 0) {
			tracer_body(getppid(), op, ready[0], result);
			_exit(0);
		}
		target_body(r, decl, ready[1]);
		break;
	default:	/* two children of the leader; or a grandchild orphaned */
		r = fork();
		if (r == 0) {
			tracer_body(read_pid(go[0]), op, ready[0], result);
			_exit(0);
		}
		if (rel == SIBLING) {
			t = fork();
			if (t == 0)
				target_body(r, decl, ready[1]);
		} else {
			m = fork();
			if (m == 0) {
				t = fork();
				if (t == 0) {
					while (getppid() == m)
						usleep(1000);
					target_body(r, decl, ready[1]);
				}
				if (write(go[1], &t, sizeof(t)) != sizeof(t))
					_exit(3);
				_exit(0);
			}
			waitpid(m, NULL, 0);
			break;
		}
		if (write(go[1], &t, sizeof(t)) != sizeof(t))
			_exit(3);
		break;
	}
	for (;;)
		pause();
}

/* PTRACE_TRACEME from a child of the leader. */
static void traceme_leader(int result)
{
	if (fork() == 0) {
		put(result, ptrace(PTRACE_TRACEME, 0, 0, 0) ? errname(errno) : "ok");
		_exit(0);
	}
	for (;;)
		pause();
}

/* Runs one case in its own process group; rel < 0 is the traceme case. */
static void run_case(int rel, int op, int decl, char *out, size_t len)
{
	int result[2];
	ssize_t n;
	pid_t l;

	if (pipe(result))
		exit(3);
	l = fork();
	if (l == 0) {
		close(result[0]);
		setpgid(0, 0);
		alarm(30);
		if (rel < 0)
			traceme_leader(result[1]);
		leader(rel, op, decl, result[1]);
	}
	setpgid(l, l);
	close(result[1]);
	n = read(result[0], out, len - 1);
	out[n > 0 ? n : 0] = '\0';
	if (n <= 0)
		snprintf(out, len, "timeout");
	close(result[0]);
	kill(-l, SIGKILL);
	while (waitpid(-1, NULL, __WALL) > 0)
		;
}

/* Runs every case; prints the table when @print. Returns the non-ok count. */
static int run_all(int print)
{
	char res[NR_DECLS][32];
	int rel, op, decl, bad = 0;

	if (print)
		printf("%-9s %-7s %-13s %-13s %-13s\n", "relation", "op",
		       "no-decl", "decl-pid", "decl-any");
	for (rel = 0; rel < NR_RELS; rel++) {
		for (op = 0; op < NR_OPS; op++) {
			for (decl = 0; decl < NR_DECLS; decl++) {
				run_case(rel, op, decl, res[decl], sizeof(res[decl]));
				bad += strcmp(res[decl], "ok") != 0;
			}
			if (print)
				printf("%-9s %-7s %-13s %-13s %-13s\n",
				       rel_names[rel], op_names[op], res[0],
				       res[1], res[2]);
		}
	}
	run_case(-1, 0, 0, res[0], sizeof(res[0]));
	bad += strcmp(res[0], "ok") != 0;
	if (print)
		printf("%-9s %-7s %-13s %-13s %-13s\n", "parent", "traceme",
		       res[0], "-", "-");
	return bad;
}

int main(int argc, char **argv)
{
	long rounds = 0, bad = 0;
	time_t end;

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* Orphaned targets come back here, to be reaped. */
	prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
	if (argc == 1)
		return run_all(1) < 0;
	if (argc != 4 || strcmp(argv[1], "--loop")) {
		fprintf(stderr, "usage: ptmatrix [--loop SECONDS STOPFILE]\n");
		return 2;
	}
	end = time(NULL) + atoi(argv[2]);
	while (time(NULL) < end && access(argv[3], F_OK) != 0) {
		bad += run_all(0);
		rounds++;
	}
	printf("ptmatrix: %ld rounds, %ld cases not ok\n", rounds, bad);
	return bad != 0;
}
