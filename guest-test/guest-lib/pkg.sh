# shellcheck shell=bash disable=SC2034
# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers of the package tests (sourced after tap.sh). The host
# (guest-test/check-packages) hands in /mnt/host/pkgs/ with the current and
# the previous version's .deb and .rpm files, and /mnt/host/versions.

# shellcheck source=/dev/null
. /mnt/host/versions # CUR, PREV, KABI2
P=/mnt/host/pkgs
DKMS_NAME=loadable-lsm
export DEBIAN_FRONTEND=noninteractive

# built_modules [DKMS_CONF]: the module names dkms.conf lists
# (BUILT_MODULE_NAME[N]); the host hands in the repository's.
# shellcheck disable=SC2120
built_modules() {
	sed -n 's/^BUILT_MODULE_NAME\[[0-9]*\]="\{0,1\}\([^"]*\)"\{0,1\}/\1/p' \
		"${1:-/mnt/host/dkms.conf}"
}

# dkms_installed VERSION KERNEL: whether dkms says VERSION is installed there.
dkms_installed() {
	dkms status -m "$DKMS_NAME" -v "$1" -k "$2" 2>/dev/null | grep -q ': installed'
}

# module_files: every DKMS-installed file of the package's modules, any kernel.
module_files() {
	local m
	for m in $(built_modules); do
		find /lib/modules -path '*/updates/dkms/*' -name "$m.ko*" 2>/dev/null
	done
}

# domain_block HEADER FILE: the lines of one TOMOYO domain in a domain
# policy: HEADER and what follows it up to the next domain.
domain_block() {
	awk -v h="$1" '/^<[^>]*>/ { on = ($0 == h) } on && NF' "$2"
}

# tap_log NAME LOGFILE CMD...: tap_run with the whole output kept in LOGFILE
# (and its last lines as diagnostics when it fails).
tap_log() {
	local name=$1 log=$2 rc t
	shift 2
	t=$(now_s)
	"$@" >"$log" 2>&1
	rc=$?
	if [ $rc = 0 ]; then
		tap_ok "$name ($(since "$t") s)"
	else
		tap_not_ok "$name (exit $rc)"
		tap_diag "$(tail -n 25 "$log")"
	fi
	return $rc
}

# tap_grep NAME PATTERN FILE: FILE has a line matching PATTERN.
tap_grep() {
	if grep -q -- "$2" "$3"; then
		tap_ok "$1"
		tap_diag "$(grep -m 2 -- "$2" "$3")"
	else
		tap_not_ok "$1"
		tap_diag "no line matches '$2' in ${3##*/}"
	fi
}

# tap_true NAME CMD...: CMD succeeds, quietly.
tap_true() {
	local name=$1
	shift
	if "$@" >/dev/null 2>&1; then tap_ok "$name"; else tap_not_ok "$name"; fi
}

# tap_skip NAME REASON: a test that cannot run here, and why.
tap_skip() {
	TAP_N=$((TAP_N + 1))
	echo "ok $TAP_N - $1 # SKIP $2"
}

# gone_checks WHAT: no module file, no DKMS tree, no sources are left.
gone_checks() {
	local left
	left=$(module_files)
	if [ -z "$left" ]; then
		tap_ok "$1: no module file left under /lib/modules"
	else
		tap_not_ok "$1: no module file left under /lib/modules"
		tap_diag "$left"
	fi
	tap_true "$1: no DKMS tree /var/lib/dkms/$DKMS_NAME" test ! -e "/var/lib/dkms/$DKMS_NAME"
	left=$(ls -d /usr/src/$DKMS_NAME-* 2>/dev/null)
	if [ -z "$left" ]; then tap_ok "$1: no sources in /usr/src"; else
		tap_not_ok "$1: no sources in /usr/src"
		tap_diag "$left"
	fi
}
