// SPDX-License-Identifier: GPL-2.0
/*
 * sync.c - the shim's two locks, which every layer of it takes.
 *
 * shim_mutex serializes every change of the shim's configuration: the
 * clients, their state, the per-hook lists, the call vectors and the back
 * end. shim_srcu covers every call through a vector: an entry that left its
 * list and its vector may be freed once synchronize_srcu() returned.
 */

#include <linux/mutex.h>
#include <linux/srcu.h>

#include "compat.h"
#include "shim.h"

/* Serializes every change of the shim's configuration (above). */
DEFINE_MUTEX(shim_mutex);
SHIM_DEFINE_SRCU(shim_srcu);
