// SPDX-License-Identifier: GPL-2.0
/*
 * Test client of lsm_shim that squats another client's name: module
 * llsm_test_squat registers as "llsm_test_b" (see client.c). clients=
 * names clients, and a name is whatever a module puts in its descriptor,
 * so the shim must not take this one for client B.
 */
#define CLIENT_NAME "llsm_test_b"
#include "client.c"
