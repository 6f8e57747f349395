// SPDX-License-Identifier: GPL-2.0
/*
 * bench_true.c - the program the execve benchmark of bench.c runs: exits
 * at once. Linked statically, so an exec maps no shared library.
 */

int main(void)
{
	return 0;
}
