// SPDX-License-Identifier: GPL-2.0
/*
 * fuzzw: feed one writable securityfs or sysctl file a generated stream of
 * malformed input and check the kernel's answers against a model.
 *
 * Usage: fuzzw [-n WRITES] [-s SEED] [-u] [-f SEEDS] [-S FILE]...
 *              [-R VALUE] [-x CMD] KIND FILE
 *
 * Inputs: random bytes, overlong lines, NUL bytes, huge numbers, invalid
 * escapes and mutated valid lines (from SEEDS, one per line), a quarter
 * of them written in 2-4 partial writes. The state is FILE's content plus
 * every -S FILE, read back after each write.
 *
 * KIND says what the kernel must answer:
 *   lock     lsm_shim's lock: inputs that would set it are never written;
 *            every write must fail and the state must not change.
 *   yama     a 0-3 sysctl: a failed (or empty) write changes nothing; an
 *            accepted one leaves a value 0-3, which -R VALUE restores
 *            (-x CMD when that fails). Inputs holding a '3' are not
 *            written: every spelling of the sticky scope 3 has one.
 *   classes, uid, comm, cgroup, rate
 *            audit_lkm's controls, modelled exactly: each write must be
 *            accepted or refused as the model says, and read back as it
 *            predicts; -R VALUE restores after an accepted write.
 *   tomoyo   a tomoyo_lkm policy file: a write that fails before a whole
 *            line was taken must change nothing. The baseline follows the
 *            accepted lines (the policy grows; past 32 KiB of state, -x
 *            CMD, e.g. a reload, starts it again).
 *   query    tomoyo_lkm's query with no question pending: no line may be
 *            accepted.
 *   process  tomoyo_lkm's .process_status: what is read back after the
 *            writes is empty or "PID PROFILE <kernel>...".
 * -u writes with effective uid 1000 through a descriptor root opened, and
 * first tries to open FILE for writing as uid 1000: every write must be
 * refused and nothing may change, valid seed lines included.
 *
 * Prints one summary line and the first failures (inputs in hex); exits 1
 * on any failure, 2 on a usage or set-up error.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAX_INPUT 20000
#define MAX_STATE (1 << 20)
#define MAX_SEEDS 64
#define MAX_EXTRA 8
#define MAX_REPORTS 5
#define TOMOYO_RESET_SIZE 32768
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

enum kind { K_LOCK, K_YAMA, K_CLASSES, K_UID, K_COMM, K_CGROUP, K_RATE,
	    K_TOMOYO, K_QUERY, K_PROCESS };

static const char *const kind_names[] = {
	"lock", "yama", "classes", "uid", "comm", "cgroup", "rate",
	"tomoyo", "query", "process",
};

static const char *const class_names[] = {
	"exec", "write", "file", "mount", "net", "ptrace", "module", "cred",
};

static enum kind kind;
static const char *path;
static const char *extra[MAX_EXTRA];
static int nr_extra;
static char *seeds[MAX_SEEDS];
static int nr_seeds;
static const char *restore_value;
static const char *reset_cmd;
static bool unpriv;
static uint64_t rng;
static long failures, accepted, refused, skipped;
static char *state_before, *state_after, *state_cur;

static uint64_t next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static size_t below(size_t n)
{
	return n ? next_rand() % n : 0;
}

/* The kernel's isspace(): also 0xa0 (lib/ctype.c). */
static bool kspace(unsigned char c)
{
	return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0;
}

static void hexdump(const char *what, const char *buf, size_t len)
{
	size_t i;

	fprintf(stdout, "#   %s (%zu bytes):", what, len);
	for (i = 0; i < len && i < 96; i++)
		fprintf(stdout, " %02x", (unsigned char)buf[i]);
	fprintf(stdout, "%s\n", len > 96 ? " ..." : "");
}

static void fail(const char *why, const char *in, size_t len)
{
	failures++;
	if (failures > MAX_REPORTS)
		return;
	printf("# FAIL %s: %s\n", path, why);
	hexdump("input", in, len);
}

/* Read FILE whole into BUF (NUL-terminated); returns the length or -1. */
static ssize_t read_file(const char *file, char *buf, size_t size)
{
	size_t len = 0;
	ssize_t n;
	int fd = open(file, O_RDONLY);

	if (fd < 0)
		return -1;
	while (len < size - 1 && (n = read(fd, buf + len, size - 1 - len)) > 0)
		len += n;
	close(fd);
	buf[len] = '\0';
	return len;
}

/* FILE and every -S FILE, each behind a "== name" line. */
static void read_state(char *buf)
{
	size_t len = 0;
	ssize_t n;
	int i;

	for (i = -1; i < nr_extra; i++) {
		const char *f = i < 0 ? path : extra[i];

		len += snprintf(buf + len, MAX_STATE - len, "== %s\n", f);
		n = read_file(f, buf + len, MAX_STATE - len);
		if (n > 0)
			len += n;
		if (len >= MAX_STATE - 4096)
			break;
	}
}

/* The readable value of FILE alone. */
static void read_value(char *buf, size_t size)
{
	if (read_file(path, buf, size) < 0)
		snprintf(buf, size, "(unreadable: %s)", strerror(errno));
}

/*
 * Model of audit_lkm's knob_write(): 0 and the value read back after it
 * in @out, or -1 when the write must be refused, 1 when either may happen
 * (a cgroup id that may or may not exist; @out is the value if accepted).
 */
static int audit_model(const char *in, size_t len, char *out, size_t size)
{
	char text[256], *s, *e, *w, *save;
	unsigned long long v;
	unsigned long mask = 0;
	bool any = false;
	size_t i;

	if (!len || len > 128)
		return -1;
	memcpy(text, in, len);
	text[len] = '\0';
	for (s = text; *s && kspace(*s); s++)
		;
	for (e = s + strlen(s); e > s && kspace(e[-1]); e--)
		;
	*e = '\0';
	if (kind == K_CLASSES) {
		for (w = strtok_r(s, " ,\t\n", &save); w;
		     w = strtok_r(NULL, " ,\t\n", &save)) {
			any = true;
			if (!strcmp(w, "all")) {
				mask = 0xff;
				continue;
			}
			if (!strcmp(w, "none"))
				continue;
			for (i = 0; i < 8 && strcmp(w, class_names[i]); i++)
				;
			if (i == 8)
				return -1;
			mask |= 1UL << i;
		}
		if (!any)
			return -1;
		out[0] = '\0';
		for (i = 0; i < 8; i++)
			if (mask & (1UL << i))
				snprintf(out + strlen(out), size - strlen(out),
					 "%s%s", out[0] ? " " : "",
					 class_names[i]);
		snprintf(out + strlen(out), size - strlen(out), "%s\n",
			 out[0] ? "" : "none");
		return 0;
	}
	if (!strcmp(s, "any") && kind != K_RATE) {
		snprintf(out, size, "any\n");
		return 0;
	}
	if (kind == K_COMM) {
		if (!*s || strlen(s) >= 16)
			return -1;
		snprintf(out, size, "%s\n", s);
		return 0;
	}
	/* kstrtoull(s, 10): an optional '+', digits, no overflow. */
	if (*s == '+')
		s++;
	if (!*s)
		return -1;
	for (v = 0, w = s; *w; w++) {
		if (!isdigit((unsigned char)*w))
			return -1;
		if (v > (~0ULL - (*w - '0')) / 10)
			return -1;
		v = v * 10 + (*w - '0');
	}
	snprintf(out, size, "%llu\n", v);
	switch (kind) {
	case K_UID:
		return v >= 0xffffffffULL ? -1 : 0;
	case K_RATE:
		return v > 1000000 ? -1 : 0;
	case K_CGROUP:
		return v ? 1 : -1;
	default:
		return -1;
	}
}

/* Would this write to the lock set it? (lock_write() in the shim.) */
static bool lock_accepts(const char *in, size_t len)
{
	return (len == 1 || len == 2) && in[0] == '1' &&
	       (len == 1 || in[1] == '\n' || in[1] == '\0');
}

static bool is_tomoyo(void)
{
	return kind >= K_TOMOYO;
}

/*
 * Inputs a tomoyo case must not write: they could make a profile other
 * than disabled and so deny or learn what the test itself does.
 */
static bool tomoyo_unsafe(const char *in, size_t len)
{
	static const char *const words[] = { "enforc", "learn", "permis" };
	size_t i;

	for (i = 0; i < 3; i++)
		if (memmem(in, len, words[i], strlen(words[i])))
			return true;
	return false;
}

static size_t gen_random(char *buf)
{
	size_t len = 1 + below(below(8) ? 48 : 4096), i;

	for (i = 0; i < len; i++)
		buf[i] = below(4) ? (char)(32 + below(95)) : (char)below(256);
	return len;
}

static size_t gen_seed(char *buf)
{
	const char *s = nr_seeds ? seeds[below(nr_seeds)] : "1";
	size_t len = strlen(s);

	memcpy(buf, s, len);
	if (below(2))
		buf[len++] = '\n';
	return len;
}

static size_t gen_number(char *buf)
{
	static const char *const nums[] = {
		"99999999999999999999", "-1", "4294967295", "4294967296",
		"18446744073709551615", "18446744073709551616", "0x10", "+1",
		"-0", "1e9", "00000000000000000000000001", "2147483648", "0",
		"1000001", "-9223372036854775808", " 1", "1 ", "1\t", "\xa0\x31",
		"++1", "0b1", "1.0", "007", "08",
	};
	const char *n = nums[below(ARRAY_SIZE(nums))];

	return sprintf(buf, "%s%s", n, below(2) ? "\n" : "");
}

static size_t insert(char *buf, size_t len, size_t at, const char *s,
		     size_t n)
{
	if (len + n > MAX_INPUT)
		return len;
	memmove(buf + at + n, buf + at, len - at);
	memcpy(buf + at, s, n);
	return len + n;
}

static size_t mutate(char *buf, size_t len, int rounds)
{
	static const char *const tokens[] = {
		"\\", "\\x", "\\777", "\\0", "\\q", "\\\\", "\\001", "\\40",
		"<kernel>", " ", "\t", ",", "=", "{", "}", "\"", "delete ",
		"/", "*", "\\*", "\\@", "\\$", "\\{", "\\}", "\\-", "@", "any",
		"none", "all", "select ", "use_profile ", "0-", "CONFIG",
		"file ", "read ", "task ", "\r", "\xff", "\xa0", "-1",
		"99999999999999999999",
	};
	size_t at, n;

	while (rounds-- > 0) {
		at = below(len + 1);
		switch (below(7)) {
		case 0: /* flip bits */
			if (len)
				buf[below(len)] ^= 1 << below(8);
			break;
		case 1: /* random byte */
			len = insert(buf, len, at, (char[]){ (char)below(256) }, 1);
			break;
		case 2: /* delete a run */
			if (at < len) {
				n = 1 + below(len - at);
				memmove(buf + at, buf + at + n, len - at - n);
				len -= n;
			}
			break;
		case 3: /* a token */
			n = below(ARRAY_SIZE(tokens));
			len = insert(buf, len, at, tokens[n], strlen(tokens[n]));
			break;
		case 4: /* duplicate the input */
			if (len && 2 * len <= MAX_INPUT) {
				memcpy(buf + len, buf, len);
				len *= 2;
			}
			break;
		case 5: /* truncate */
			len = at;
			break;
		default: /* a NUL byte */
			len = insert(buf, len, at, "", 1);
			break;
		}
	}
	return len;
}

/* One generated input in @buf; returns its length (at least 1). */
static size_t generate(char *buf)
{
	size_t len, n;

	switch (below(unpriv ? 4 : 8)) {
	case 0:
	case 1: /* a valid line: refused when unprivileged */
		len = gen_seed(buf);
		if (!unpriv)
			len = mutate(buf, len, 1 + below(4));
		break;
	case 2: /* random bytes */
		len = gen_random(buf);
		break;
	case 3: /* huge and odd numbers */
		len = gen_number(buf);
		break;
	case 4: /* an overlong line */
		len = gen_seed(buf);
		n = 100 + below(below(2) ? 300 : 18000);
		if (len + n > MAX_INPUT)
			n = MAX_INPUT - len;
		memset(buf + len, "A/\\ 9"[below(5)], n);
		len += n;
		break;
	case 5: /* NUL bytes */
		len = gen_seed(buf);
		for (n = 1 + below(3); n; n--)
			len = insert(buf, len, below(len + 1), "", 1);
		break;
	default: /* mutated valid lines, escapes included */
		len = mutate(buf, gen_seed(buf), 1 + below(6));
		break;
	}
	if (!len)
		buf[len++] = below(2) ? '\n' : 'x';
	return len;
}

/* Split @len into 1-4 chunks, none empty; returns their number. */
static int split(size_t len, size_t *chunk)
{
	int n = below(4) ? 1 : 2 + below(3), i;
	size_t left = len;

	if ((size_t)n > len)
		n = len;
	for (i = 0; i < n - 1; i++) {
		chunk[i] = 1 + below(left - (n - 1 - i));
		left -= chunk[i];
	}
	chunk[n - 1] = left;
	return n;
}

static void set_euid(uid_t uid)
{
	if (setresuid(-1, uid, -1)) {
		perror("fuzzw: setresuid");
		exit(2);
	}
}

/* write() as the tested user; returns its result, errno kept. */
static ssize_t do_write(int fd, const char *buf, size_t len)
{
	ssize_t r;
	int e;

	if (unpriv)
		set_euid(1000);
	r = write(fd, buf, len);
	e = errno;
	if (unpriv)
		set_euid(0);
	errno = e;
	return r;
}

static bool restore(void)
{
	int fd;

	if (restore_value) {
		fd = open(path, O_WRONLY);
		if (fd >= 0) {
			/* A refusal shows as a state that is not restored. */
			if (write(fd, restore_value, strlen(restore_value)) < 0)
				errno = 0;
			close(fd);
		}
		read_state(state_after);
		if (!strcmp(state_before, state_after))
			return true;
	}
	if (reset_cmd) {
		if (system(reset_cmd))
			fprintf(stderr, "fuzzw: '%s' failed\n", reset_cmd);
		read_state(state_after);
		return !strcmp(state_before, state_after);
	}
	return !restore_value;
}

/* Checks for the simple kinds: lock, yama and audit_lkm's controls. */
static void check_simple(const char *in, size_t len, const size_t *chunk,
			 int n)
{
	char want[256], got[256];
	size_t off = 0;
	bool changed = false;
	ssize_t r;
	int i, m, fd;

	for (i = 0; i < n; off += chunk[i], i++)
		if (kind == K_LOCK && lock_accepts(in + off, chunk[i])) {
			skipped++;
			return;
		}
	off = 0;
	/* Scope 3 is sticky until yama_lkm unloads (20-yama.sh tests it). */
	if (kind == K_YAMA && memchr(in, '3', len)) {
		skipped++;
		return;
	}
	fd = open(path, O_WRONLY);
	if (fd < 0) {
		fail("cannot open for writing", in, len);
		return;
	}
	memcpy(state_cur, state_before, strlen(state_before) + 1);
	for (i = 0; i < n; off += chunk[i], i++) {
		/* Never set the lock, whatever the code above does. */
		if (kind == K_LOCK && lock_accepts(in + off, chunk[i]))
			abort();
		r = do_write(fd, in + off, chunk[i]);
		m = audit_model(in + off, chunk[i], want, sizeof(want));
		if (r < 0 || r == 0) {
			refused++;
			read_state(state_after);
			if (strcmp(state_cur, state_after))
				fail("a refused write changed the state", in + off, chunk[i]);
			if (kind >= K_CLASSES && kind <= K_RATE && m == 0 && !unpriv)
				fail("a valid value was refused", in + off, chunk[i]);
			continue;
		}
		accepted++;
		if (r > (ssize_t)chunk[i])
			fail("write returned more than it was given", in + off, chunk[i]);
		if (unpriv || kind == K_LOCK) {
			fail(unpriv ? "uid 1000's write was accepted" :
			     "a write that cannot set the lock was accepted",
			     in + off, chunk[i]);
			continue;
		}
		read_value(got, sizeof(got));
		if (kind == K_YAMA) {
			if (strlen(got) != 2 || got[0] < '0' || got[0] > '3' ||
			    got[1] != '\n')
				fail("an accepted write left a value outside 0-3", in + off, chunk[i]);
		} else if (m < 0) {
			fail("an invalid value was accepted", in + off, chunk[i]);
		} else if (strcmp(want, got)) {
			fail("the value read back is not the one written", in + off, chunk[i]);
			printf("#   expected '%s', read '%s'\n", want, got);
		}
		read_state(state_cur);
		changed |= strcmp(state_before, state_cur) != 0;
	}
	close(fd);
	if (changed && !restore())
		fail("the state could not be restored after an accepted write", in, len);
}

/* Number of line ends ('\n' or NUL: tomoyo_lkm splits on both). */
static size_t line_ends(const char *buf, size_t len)
{
	size_t i, n = 0;

	for (i = 0; i < len; i++)
		n += buf[i] == '\n' || buf[i] == '\0';
	return n;
}

/* Checks for tomoyo_lkm's files. */
static void check_tomoyo(const char *in, size_t len, const size_t *chunk,
			 int n)
{
	size_t off = 0, taken = 0, ends_taken = 0;
	char got[4096];
	bool error = false;
	ssize_t r;
	int i, fd;

	if (tomoyo_unsafe(in, len) ||
	    (unpriv && memmem(in, len, "select", 6))) {
		skipped++;
		return;
	}
	fd = open(path, O_RDWR);
	if (fd < 0) {
		fail("cannot open for writing", in, len);
		return;
	}
	for (i = 0; i < n && !error; i++) {
		size_t done = 0;

		/* Write the chunk whole, as stdio would, until an error. */
		while (done < chunk[i]) {
			r = do_write(fd, in + off + done, chunk[i] - done);
			if (r <= 0) {
				error = true;
				break;
			}
			if ((size_t)r > chunk[i] - done)
				fail("write returned more than it was given", in, len);
			ends_taken += line_ends(in + off + done, r);
			done += r;
			taken += r;
		}
		off += chunk[i];
	}
	if (kind == K_PROCESS && !unpriv) {
		read_value(got, sizeof(got));
		if (got[0] && !(isdigit((unsigned char)got[0]) &&
				strstr(got, " <kernel>") && strchr(got, '\n')))
			fail(".process_status read back is malformed", in, len);
	}
	close(fd);
	if (error)
		refused++;
	else
		accepted++;
	if ((kind == K_QUERY || unpriv) && ends_taken)
		fail(unpriv ? "uid 1000 had a whole line accepted" :
		     "an answer to no question was accepted", in, len);
	read_state(state_after);
	if (!strcmp(state_before, state_after))
		return;
	if ((error && !ends_taken) || unpriv || kind == K_QUERY) {
		fail("a refused write changed the state", in, len);
		return;
	}
	/* Accepted lines changed the policy: that is the new baseline. */
	memcpy(state_before, state_after, strlen(state_after) + 1);
	/* A grown policy slows every read back: start again from -x CMD. */
	if (reset_cmd && strlen(state_before) > TOMOYO_RESET_SIZE) {
		if (system(reset_cmd))
			fprintf(stderr, "fuzzw: '%s' failed\n", reset_cmd);
		read_state(state_before);
	}
}

static void load_seeds(const char *file)
{
	char line[4096];
	FILE *f = fopen(file, "r");

	if (!f) {
		perror(file);
		exit(2);
	}
	while (nr_seeds < MAX_SEEDS && fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		seeds[nr_seeds++] = strdup(line);
	}
	fclose(f);
}

static void usage(void)
{
	fprintf(stderr, "Usage: fuzzw [-n WRITES] [-s SEED] [-u] [-f SEEDS] [-S FILE]... [-R VALUE] [-x CMD] KIND FILE\n");
	exit(2);
}

int main(int argc, char **argv)
{
	static char in[MAX_INPUT + 16];
	long writes = 10000, i;
	size_t chunk[4], len;
	time_t t0 = time(NULL);
	int opt, n, fd;

	rng = (uint64_t)time(NULL) ^ ((uint64_t)getpid() << 32);
	while ((opt = getopt(argc, argv, "n:s:uf:S:R:x:")) != -1) {
		switch (opt) {
		case 'n':
			writes = atol(optarg);
			break;
		case 's':
			rng = strtoull(optarg, NULL, 0);
			break;
		case 'u':
			unpriv = true;
			break;
		case 'f':
			load_seeds(optarg);
			break;
		case 'S':
			if (nr_extra == MAX_EXTRA)
				usage();
			extra[nr_extra++] = optarg;
			break;
		case 'R':
			restore_value = optarg;
			break;
		case 'x':
			reset_cmd = optarg;
			break;
		default:
			usage();
		}
	}
	if (argc - optind != 2)
		usage();
	for (n = 0; n < (int)ARRAY_SIZE(kind_names); n++)
		if (!strcmp(argv[optind], kind_names[n]))
			break;
	if (n == (int)ARRAY_SIZE(kind_names))
		usage();
	kind = n;
	path = argv[optind + 1];
	rng = rng ? rng : 1;
	setvbuf(stdout, NULL, _IOLBF, 0);
	printf("# fuzzw %s %s: seed %llu\n", kind_names[kind], path,
	       (unsigned long long)rng);
	state_before = malloc(MAX_STATE);
	state_after = malloc(MAX_STATE);
	state_cur = malloc(MAX_STATE);
	if (!state_before || !state_after || !state_cur)
		return 2;
	read_state(state_before);
	if (unpriv) {
		/* The plain way first: open for writing as uid 1000. */
		set_euid(1000);
		fd = open(path, O_WRONLY);
		set_euid(0);
		if (fd >= 0) {
			printf("# uid 1000 may open %s for writing (mode allows it)\n", path);
			close(fd);
		}
	}
	for (i = 0; i < writes && failures < 1000; i++) {
		len = generate(in);
		n = split(len, chunk);
		if (is_tomoyo())
			check_tomoyo(in, len, chunk, n);
		else
			check_simple(in, len, chunk, n);
	}
	printf("fuzzw %s %s%s: %ld cases, %ld accepted, %ld refused, %ld skipped, %ld failures, %lds\n",
	       kind_names[kind], path, unpriv ? " (uid 1000)" : "", i,
	       accepted, refused, skipped, failures, (long)(time(NULL) - t0));
	return failures ? 1 : 0;
}
