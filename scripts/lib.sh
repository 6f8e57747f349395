# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034 # its variables are for the scripts that source it
# Shell code shared by the packaging scripts, the repository tools and the
# guest harness (sourced, not run): where the project and its cache are,
# the Debian mirrors, messages, timings and host packages. The harness adds
# its own settings in guest-test/host-lib/common.sh; packaging never sources the
# harness.

LLSM_TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LLSM_CACHE=${LLSM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/loadable-lsm}
LLSM_MIRROR=${LLSM_MIRROR:-http://deb.debian.org/debian}
LLSM_SECURITY_MIRROR=${LLSM_SECURITY_MIRROR:-http://deb.debian.org/debian-security}

say() { printf '%s\n' "$*"; }
info() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

# now_s: seconds since the epoch with a fraction, for phase timings.
now_s() { date +%s.%N; }
# elapsed START: seconds since START, one decimal.
elapsed() { awk -v a="$1" -v b="$(now_s)" 'BEGIN { printf "%.1f", b - a }'; }

# need_host_tools PKG...: install the host packages PKG and those in
# $LLSM_HOST_PKGS with apt when any is missing.
need_host_tools() {
	local missing="" p
	for p in ${LLSM_HOST_PKGS:-} "$@"; do
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

# llsm_help FILE: FILE's leading comment, its usage, without the "#! ",
# SPDX and shellcheck lines.
llsm_help() {
	awk 'NR == 1 && /^#!/ { next }
		/^# (SPDX|shellcheck)/ { next }
		/^#/ { sub(/^# ?/, ""); print; next }
		{ exit }' "$1"
}

# Every program that sources this file answers -h and --help so.
case "${1:-}" in
-h | --help)
	llsm_help "$0"
	exit 0
	;;
esac
