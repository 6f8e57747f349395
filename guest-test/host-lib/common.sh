# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash disable=SC2034 # its variables are for the scripts that source it
# Shared settings and helpers for the guest harness scripts (sourced, not
# run), on top of scripts/lib.sh.

. "$(dirname "${BASH_SOURCE[0]}")/../../scripts/lib.sh"
# The series make check covers (every one, when no series is named), and
# the others the harness knows, run when named (make check KERNEL=6.12-rt;
# 6.12-selinux is the image of guest-test/check-selinux).
LLSM_SERIES_ALL="6.1 6.12 7"
LLSM_SERIES_MORE="6.12-rt 6.12-cloud 6.12-selinux 6.12-debug"
LLSM_SERIES_DEFAULT=6.12

# Host packages the harness needs; need_host_tools installs them when
# missing.
LLSM_HOST_PKGS="qemu-system-x86 qemu-utils mmdebstrap e2fsprogs dpkg-dev"

# series_check SERIES: fail unless SERIES is one the harness knows.
series_check() {
	case " $LLSM_SERIES_ALL $LLSM_SERIES_MORE " in
	*" $1 "*) ;;
	*) die "unknown kernel series '$1' (known: $LLSM_SERIES_ALL $LLSM_SERIES_MORE)" ;;
	esac
}

# prune_superseded DIR SERIES KEEP: remove the builds of SERIES in DIR
# (DIR/SERIES-KEY, KEY 16 hex digits) other than KEEP. Another series whose
# name starts with SERIES- (6.12-rt beside 6.12) is not one of them, and a
# build some program holds (image_hold) stays until a later prune.
prune_superseded() {
	local old key
	for old in "$1/$2"-*; do
		key=${old#"$1/$2"-}
		[[ $key =~ ^[0-9a-f]{16}$ ]] || continue
		[ "$old" = "$3" ] && continue
		if [ -e "$old/.in-use" ] && ! flock -n -x "$old/.in-use" true; then
			info "keeping the superseded ${old##*/}: a running guest uses it"
			continue
		fi
		rm -rf "$old"
	done
}

# image_hold DIR: hold a shared lock on the image DIR (DIR/.in-use) for as
# long as the calling shell and what it starts run, so that a newer image
# built meanwhile (by a dev-run beside a long check) does not remove it.
image_hold() {
	local fd
	exec {fd}>>"$1/.in-use"
	flock -s "$fd"
}

# repo_job JOBDIR GUESTJOB: a fresh job directory whose guest installs as a
# fleet does: the packages of this tree and a signed repository of them in
# JOBDIR/pkgs (make-repo, with the URL the guest sees), GUESTJOB as its
# job.sh, and the guest library.
repo_job() {
	rm -rf "$1"
	mkdir -p "$1"
	"$LLSM_TOP/packaging/build-packages" "$1/pkgs" >/dev/null
	REPO_URL=file:///mnt/host/pkgs/repo "$LLSM_TOP/scripts/make-repo" "$1/pkgs" >/dev/null
	cp "$2" "$1/job.sh"
	cp -r "$LLSM_TOP/guest-test/guest-lib" "$1/"
}

# tests_allow_taint TEST...: the taint letters that the named guest tests
# (files in guest-test/guest-tests) cause on purpose and declare with a line
# "# llsm-allow-taint: LETTERS"; for LLSM_ALLOW_TAINT.
tests_allow_taint() {
	local t
	for t in "$@"; do
		sed -n 's/^# llsm-allow-taint: //p' "$LLSM_TOP/guest-test/guest-tests/$t"
	done | tr -d ' \n'
}
