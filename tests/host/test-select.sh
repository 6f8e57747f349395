#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of guest-test/host-lib/test-select.sh: which guest tests run in
# which boot, on a kernel with and without an option a test needs.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=../../scripts/lib.sh
. "$top/scripts/lib.sh"
# shellcheck source=../../guest-test/host-lib/test-select.sh
. "$top/guest-test/host-lib/test-select.sh"

g=$d/tests
mkdir -p "$g"
t() { # NAME HEADER-LINES...
	local f=$g/$1
	shift
	printf '#!/bin/bash\n' >"$f"
	[ $# = 0 ] || printf '# %s\n' "$@" >>"$f"
}
t 00-a.sh "llsm-smoke: yes"
t 10-b.sh
t 20-c.sh "llsm-append: lsm=x"
t 30-d.sh "llsm-needs-config: CONFIG_FOO" "llsm-append: lsm=x"
t 40-e.sh "llsm-needs-config: CONFIG_FOO CONFIG_BAR" "llsm-append: TOMOYO_y"
t 50-f.sh "llsm-needs-config: CONFIG_FOO"
printf 'CONFIG_FOO=y\nCONFIG_BAR=y\n' >"$d/with"
printf '# CONFIG_FOO is not set\nCONFIG_BAR=y\n' >"$d/without"
printf 'CONFIG_FOO=m\nCONFIG_BAR=y\n' >"$d/module"
list() { "$@" | paste -sd' '; }

LLSM_GUEST_TESTS=$g LLSM_KCONFIG=$d/with
is "with the option: boot 1" "00-a.sh 10-b.sh 50-f.sh" "$(list test_group "")"
is "with the option: the smoke set" "00-a.sh" "$(list test_group "" smoke)"
is "with the option: the extra boots, in C-locale order" "TOMOYO_y lsm=x" "$(list test_appends)"
is "with the option: the lsm=x boot" "20-c.sh 30-d.sh" "$(list test_group "lsm=x")"
is "with the option: nothing left out" "" "$(list tests_unfit)"

LLSM_KCONFIG=$d/without
is "without it: boot 1" "00-a.sh 10-b.sh" "$(list test_group "")"
is "without it: a boot whose tests all need it is gone" "lsm=x" "$(list test_appends)"
is "without it: the lsm=x boot" "20-c.sh" "$(list test_group "lsm=x")"
is "without it: what is left out" "30-d.sh 40-e.sh 50-f.sh" "$(list tests_unfit)"
LLSM_KCONFIG=$d/module
is "an option built as a module is not built in" "30-d.sh 40-e.sh 50-f.sh" "$(list tests_unfit)"
is "the dkms set is the two DKMS builds" "00-selftest-dkms.sh 05-project-dkms.sh" "$(list test_group "" dkms)"

# The real tests: on a kernel without TOMOYO (6.12-debug, Fedora-like),
# exactly the built-in TOMOYO's tests are left out.
LLSM_GUEST_TESTS=$top/guest-test/guest-tests
printf '# CONFIG_SECURITY_TOMOYO is not set\n' >"$d/notomoyo"
LLSM_KCONFIG=$d/notomoyo
is "no built-in TOMOYO: its tests are left out" \
	"46-tomoyo-builtin.sh 47-tomoyo-sbs.sh 62-tomoyo-systemd-learn.sh 63-tomoyo-systemd-enforce.sh 94-tomoyo-activate.sh" \
	"$(list tests_unfit)"
printf 'CONFIG_SECURITY_TOMOYO=y\n' >"$d/tomoyo"
LLSM_KCONFIG=$d/tomoyo
is "Debian's kernels: every test runs" "" "$(list tests_unfit)"
finish
