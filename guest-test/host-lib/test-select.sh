# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Which guest tests run in which boot of guest-test/check (sourced).
#
# A guest test (guest-test/guest-tests/NN-name.sh) says with header lines
# where it runs: "# llsm-append: ARGS" (a boot of its own with ARGS on the
# kernel command line), "# llsm-smoke: yes" (in the smoke set), "#
# llsm-needs-config: CONFIG_X..." (only on a kernel built with them).

# LLSM_KCONFIG: the kernel configuration of the series being checked (the
# image's /boot/config-*), read by test_fits; LLSM_GUEST_TESTS: the guest
# tests' directory.
LLSM_KCONFIG=${LLSM_KCONFIG:-/dev/null}
LLSM_GUEST_TESTS=${LLSM_GUEST_TESTS:-$LLSM_TOP/guest-test/guest-tests}

# test_fits TEST: true unless the test declares "# llsm-needs-config:
# CONFIG_X..." and one of them is not built into the series' kernel (the
# built-in TOMOYO's tests on a kernel built without TOMOYO, 6.12-debug).
test_fits() {
	local c
	for c in $(sed -n 's/^# llsm-needs-config: //p' "$LLSM_GUEST_TESTS/$1"); do
		grep -qx "$c=y" "$LLSM_KCONFIG" || return 1
	done
	return 0
}

# test_appends: the distinct "# llsm-append:" headers of the guest tests
# that fit the kernel, in the order their boots run (C-locale order, so
# "TOMOYO_..." boots before "lsm=..."; a boot that reads another's carry/
# must sort after it).
test_appends() {
	local t
	for t in "$LLSM_GUEST_TESTS"/*.sh; do
		test_fits "${t##*/}" || continue
		sed -n 's/^# llsm-append: //p' "$t" | head -n 1
	done | LC_ALL=C sort -u
}

# test_group APPEND [smoke|dkms]: the guest tests whose llsm-append header
# is APPEND ("" for none), in order; with "smoke", only the smoke set; with
# "dkms", only the two DKMS builds.
test_group() {
	local t a
	if [ "${2:-}" = dkms ]; then
		[ -z "$1" ] && printf '%s\n' 00-selftest-dkms.sh 05-project-dkms.sh
		return 0
	fi
	for t in "$LLSM_GUEST_TESTS"/*.sh; do
		a=$(sed -n 's/^# llsm-append: //p' "$t" | head -n 1)
		[ "$a" = "$1" ] || continue
		[ "${2:-}" = smoke ] && ! grep -q '^# llsm-smoke: yes' "$t" && continue
		test_fits "${t##*/}" || continue
		basename "$t"
	done
}

# tests_unfit: the guest tests test_fits leaves out, one a line.
tests_unfit() {
	local t
	for t in "$LLSM_GUEST_TESTS"/*.sh; do
		test_fits "${t##*/}" || basename "$t"
	done
}
