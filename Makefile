# SPDX-License-Identifier: GPL-2.0
# loadable-lsm: top-level entry points. See README.md.
#
#   make [KVER=...|KDIR=...]             build the modules against a kernel's
#                                        headers (default: the running one)
#   make check [KERNEL=6.1|6.12|7|all]   host tests + guest test matrix
#   make check-full                      every series in full
#   make soak  [KERNEL=...]              the same with the long cycle tests
#   make demo  [KERNEL=...] [BOOT=default]  the field engineer's path in a guest
#   make guest-image KERNEL=...          build or refresh a cached guest image
#   make lint                            checkpatch and shellcheck
#   make packages                        .deb and .rpm packages into dist/
#   make dist                            release tarball into dist/ (rpmbuild -ta takes it)
#   make repo                            signed apt and rpm repositories into dist/repo
#   make check-packages [KERNEL=...]     package life cycle in guests (slow)
#   make check-selinux                   the package and every client on an
#                                        SELinux-enforcing guest
#   make check-debug                     the guest suite under KASAN, lockdep,
#                                        UBSAN, kmemleak (builds a kernel)
#   make bench [KERNEL=...]              LSM overhead microbenchmarks in guests
#   make bench-profile [KERNEL=...]      their instructions by kernel function
#   make clean
#
# Kernel trees, guest images and results live in $(LLSM_CACHE)
# (default ~/.cache/loadable-lsm), never in this tree.

KERNEL ?= all
SERIES := $(if $(filter all,$(KERNEL)),,$(KERNEL))

.PHONY: all modules check check-full check-host check-packages check-selinux check-debug soak demo guest-image lint packages dist repo clean bench bench-profile

# A bare make builds the modules, as for any out-of-tree module; it never
# loads them (guests do that) and never starts the guest matrix.
all: modules

KVER ?= $(shell uname -r)
KDIR ?= /lib/modules/$(KVER)/build

modules:
	@test -d "$(KDIR)" || { echo "make: no kernel headers in $(KDIR): install" \
		"linux-headers-$(KVER), or set KDIR; guest-test/build-modules SERIES builds" \
		"against a guest series' headers instead" >&2; exit 2; }
	$(MAKE) -C modules KVER=$(KVER) KDIR=$(KDIR)

check:
	tests/run $(SERIES)

check-host:
	tests/run --host-only

check-selinux:
	guest-test/check-selinux

# Debian's 6.12 source rebuilt with KASAN, KFENCE, lockdep, UBSAN and
# kmemleak and Fedora's LSM set; the whole guest suite under it.
check-debug:
	guest-test/check-debug

# Every series in full (make check runs the default series in full and
# the smoke set on the others).
check-full:
	LLSM_MATRIX=full tests/run $(SERIES)

# The long forms of the cycle, soak and fuzz tests (make check runs 50
# and 10 cycles, a 25-cycle soak, 10,000 writes per file, 20 s of libFuzzer;
# a 1,000-cycle soak takes over an hour per boot under TCG).
soak:
	LLSM_CLIENT_CYCLES=200 LLSM_SHIM_CYCLES=50 LLSM_SOAK_CYCLES=1000 \
	LLSM_FUZZ_WRITES=100000 TLKM_FUZZ_SECONDS=300 LLSM_BOOT_TIMEOUT=21600 \
	tests/run $(SERIES)

demo:
	guest-test/demo $(if $(BOOT),--boot $(BOOT)) $(SERIES)

guest-image:
	@for s in $(if $(SERIES),$(SERIES),6.1 6.12 7); do guest-test/build-image $$s || exit 1; done

lint:
	scripts/lint

packages:
	packaging/build-packages --lint dist

# A signed apt repository and an rpm repository of the packages, with the
# .sources and .repo snippets, in dist/repo; the signing key is made once
# in $(LLSM_CACHE)/repo-key. REPO_URL=https://... names where it will be
# served (default: file:// of dist/repo).
repo: packages
	scripts/make-repo dist

# The release tarball of the committed tree: loadable-lsm-VERSION.tar.gz,
# with the spec that rpmbuild -ta builds from.
dist:
	scripts/make-dist dist
	@cat dist/lintian.txt dist/rpmlint.txt

check-packages:
	guest-test/check-packages $(SERIES)

# Not part of check: overhead of the shim and its clients, side by side
# with the built-in LSMs (guest-test/bench, docs/performance.md).
bench:
	guest-test/bench $(SERIES)

# Where the instructions of each hooked call go, by kernel function (a
# QEMU plugin counts the guest's instructions; guest-test/bench --profile).
bench-profile:
	guest-test/bench --profile $(SERIES)

clean:
	rm -rf dist build
