/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fuzz_prop.h - the property checked by the tomoyo_lkm fuzzer and replayed
 * by the unit tests over stored regression inputs.
 */
#ifndef _TESTS_FUZZ_TOMOYO_FUZZ_PROP_H
#define _TESTS_FUZZ_TOMOYO_FUZZ_PROP_H

#include <stddef.h>
#include <stdint.h>

const char *tlkm_fuzz_one(const uint8_t *data, size_t size);

#endif /* _TESTS_FUZZ_TOMOYO_FUZZ_PROP_H */
