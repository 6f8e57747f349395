// SPDX-License-Identifier: GPL-2.0
/* Test client A of lsm_shim: see client.c. */
#define CLIENT_NAME "llsm_test_a"
#include "client.c"
