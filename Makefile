# SPDX-License-Identifier: GPL-2.0
# loadable-lsm: top-level entry points. See README.md.
#
#   make check [KERNEL=6.1|6.12|7|all]   host tests + guest test matrix
#   make demo  [KERNEL=...]              build, boot a guest, enable the LSMs live
#   make guest-image KERNEL=...          build or refresh a cached guest image
#   make lint                            checkpatch and shellcheck
#   make clean
#
# Kernel trees, guest images and results live in $(LLSM_CACHE)
# (default ~/.cache/loadable-lsm), never in this tree.

KERNEL ?= all
SERIES := $(if $(filter all,$(KERNEL)),,$(KERNEL))

.PHONY: all check check-host demo guest-image lint clean

all: check

check:
	tests/run $(SERIES)

check-host:
	tests/run --host-only

demo:
	guest-test/demo $(SERIES)

guest-image:
	@for s in $(if $(SERIES),$(SERIES),6.1 6.12 7); do guest-test/build-image $$s || exit 1; done

lint:
	scripts/lint

clean:
	rm -rf dist build
