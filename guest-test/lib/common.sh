# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Shared settings and helpers for the guest harness scripts (sourced, not run).

LLSM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
LLSM_CACHE=${LLSM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/loadable-lsm}
LLSM_MIRROR=${LLSM_MIRROR:-http://deb.debian.org/debian}
LLSM_SECURITY_MIRROR=${LLSM_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
LLSM_SERIES_ALL="6.1 6.12 7"
# shellcheck disable=SC2034 # read by the scripts that source this file
LLSM_SERIES_DEFAULT=6.12

say() { printf '%s\n' "$*"; }
info() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# now_s: seconds since the epoch with a fraction, for phase timings.
now_s() { date +%s.%N; }
# elapsed START: seconds since START, one decimal.
elapsed() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.1f", b - a }'; }

# Host packages the harness needs; installed with apt when missing.
LLSM_HOST_PKGS="qemu-system-x86 qemu-utils mmdebstrap e2fsprogs dpkg-dev"

# need_host_tools: install the harness's host packages when any is missing.
need_host_tools() {
	local missing="" p
	for p in $LLSM_HOST_PKGS "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	[ "$(id -u)" = 0 ] || die "missing host packages:$missing (run as root or install them)"
	info "installing host packages:$missing"
	apt-get update -qq >/dev/null || die "apt-get update failed"
	# shellcheck disable=SC2086
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
		$missing >/dev/null || die "apt-get install$missing failed"
}

# series_check SERIES: fail unless SERIES is one the harness knows.
series_check() {
	case " $LLSM_SERIES_ALL " in
	*" $1 "*) ;;
	*) die "unknown kernel series '$1' (known: $LLSM_SERIES_ALL)" ;;
	esac
}

# tests_allow_taint TEST...: the taint letters that the named guest tests
# (files in guest-test/tests) cause on purpose and declare with a line
# "# llsm-allow-taint: LETTERS"; for LLSM_ALLOW_TAINT.
tests_allow_taint() {
	local t
	for t in "$@"; do
		sed -n 's/^# llsm-allow-taint: //p' "$LLSM_TOP/guest-test/tests/$t"
	done | tr -d ' \n'
}
