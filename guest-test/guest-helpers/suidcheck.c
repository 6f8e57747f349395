// SPDX-License-Identifier: GPL-2.0
/*
 * suidcheck: installed set-user-ID root by the soak test; exits 0 when it
 * runs with effective uid 0 and a real uid other than 0 (the exec changed
 * the credentials), 1 otherwise. loadgen execs it as uid 1000.
 */
#include <unistd.h>

int main(void)
{
	return !(geteuid() == 0 && getuid() != 0);
}
