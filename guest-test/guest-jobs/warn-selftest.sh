#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of the log scanner self-test: load the module that WARNs, then
# exit 0, so that only the host's kernel log scan can fail this run.
ko=$(ls /mnt/host/llsm_selftest_warn.ko* 2>/dev/null | head -n 1)
[ -n "$ko" ] || { echo "no llsm_selftest_warn module handed in"; exit 3; }
insmod "$ko"
echo "insmod rc=$?"
exit 0
