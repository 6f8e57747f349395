// SPDX-License-Identifier: GPL-2.0
/* Test client B of lsm_shim: see client.c. */
#define CLIENT_NAME "llsm_test_b"
#include "client.c"
