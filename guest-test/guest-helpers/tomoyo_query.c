// SPDX-License-Identifier: GPL-2.0
/*
 * tomoyo_query: a minimal query listener for the TOMOYO tests. Opens
 * /sys/kernel/security/tomoyo/query, waits for questions
 * ("Q<serial>-<retry>" and the request), prints each one and answers it
 * with "A<serial>=<ANSWER>" (1 grant, 3 retry, other values reject).
 *
 * Usage: tomoyo_query ANSWER COUNT SECONDS [DELAY]
 * With DELAY, each answer is given DELAY seconds late, with a newline
 * written every second meanwhile, as tomoyo-queryd keeps a question open.
 * Exit: 0 after COUNT answers, 1 when no question came within SECONDS,
 * 2 on usage errors, 3 when the answer could not be written (errno shown).
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define QUERY_FILE "/sys/kernel/security/tomoyo/query"

int main(int argc, char **argv)
{
	char buf[8192], ans[64];
	unsigned int serial, retry;
	int answer, count, secs, fd, delay;

	if (argc != 4 && argc != 5) {
		fprintf(stderr, "usage: tomoyo_query ANSWER COUNT SECONDS [DELAY]\n");
		return 2;
	}
	answer = atoi(argv[1]);
	count = atoi(argv[2]);
	secs = atoi(argv[3]);
	fd = open(QUERY_FILE, O_RDWR);
	if (fd < 0) {
		perror(QUERY_FILE);
		return 2;
	}
	/* Tell the test the listener is in place. */
	printf("listening\n");
	fflush(stdout);
	while (count > 0) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		ssize_t n;
		int len;

		if (poll(&p, 1, secs * 1000) <= 0) {
			printf("no question within %d s\n", secs);
			return 1;
		}
		n = read(fd, buf, sizeof(buf) - 1);
		if (n <= 0)
			continue;
		buf[n] = '\0';
		if (sscanf(buf, "Q%u-%u", &serial, &retry) != 2) {
			printf("unexpected text: %s\n", buf);
			continue;
		}
		printf("%s\n----\n", buf);
		fflush(stdout);
		for (delay = argc == 5 ? atoi(argv[4]) : 0; delay > 0; delay--) {
			sleep(1);
			if (write(fd, "\n", 1) != 1)
				printf("keepalive refused: %s\n", strerror(errno));
		}
		len = snprintf(ans, sizeof(ans), "A%u=%d\n", serial, answer);
		if (write(fd, ans, len) != len) {
			printf("answer A%u=%d refused: %s\n", serial, answer,
			       strerror(errno));
			return 3;
		}
		fflush(stdout);
		count--;
	}
	close(fd);
	return 0;
}
