# shellcheck shell=bash disable=SC2034
# SPDX-License-Identifier: GPL-2.0
# Guest-side helpers of the package tests (sourced after tap.sh). The host
# (guest-test/check-packages) hands in /mnt/host/pkgs/ with the current and
# the previous version's .deb and .rpm files, and /mnt/host/versions.

# shellcheck source=/dev/null
. /mnt/host/versions # CUR, PREV, KABI2
# domain_block, repo_add
. /mnt/host/guest-lib/field.sh
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

# tap_log NAME LOGFILE CMD...: tap_run with the whole output kept in LOGFILE
# (and its last lines as diagnostics when it fails).
tap_log() {
	local name=$1 log=$2 rc t
	shift 2
	t=$(now_s)
	tap_step "$name"
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

# repo_refused NAME LOGFILE: apt-get update fails on the loadable-lsm
# source as configured now, and apt offers no loadable-lsm afterwards.
repo_refused() {
	rm -rf /var/lib/apt/lists/*_*
	if apt-get update >"$2" 2>&1; then
		tap_not_ok "$1: apt-get update refuses it"
		tap_diag "$(tail -n 10 "$2")"
	elif grep -qE 'NO_PUBKEY|BADSIG|not signed|signatures were invalid|signature' "$2"; then
		tap_ok "$1: apt-get update refuses it"
		tap_diag "$(grep -m 2 -E '^(W|E):' "$2")"
	else
		tap_not_ok "$1: apt-get update refuses it for its signature"
		tap_diag "$(tail -n 10 "$2")"
	fi
	tap_is "$1: apt offers no loadable-lsm" "(none)" \
		"$(apt-cache policy loadable-lsm 2>/dev/null | awk '/Candidate:/ { print $2 }' | grep . || echo '(none)')"
	rm -rf /var/lib/apt/lists/*_*
}

# repo_install LOGDIR: install loadable-lsm as a fleet would, from the
# signed apt repository make-repo wrote (/mnt/host/pkgs/repo), with the
# .sources snippet and key it ships; first a copy whose InRelease was
# altered after signing and the repository under another key must be
# refused. The guest has no network: the image's Debian sources are set
# aside (and stay aside). Logs go to LOGDIR.
repo_install() {
	local t
	repo_add "$P/repo"
	# Refused first: a Release whose signed text was changed, then a key that
	# did not sign it. apt must not take either (nor offer the package).
	cp -r "$P/repo/apt" /srv/llsm-tampered
	sed -i 's/^Description: .*/Description: tampered/' /srv/llsm-tampered/InRelease
	rm -f /srv/llsm-tampered/Release /srv/llsm-tampered/Release.gpg
	sed 's|^URIs: .*|URIs: file:///srv/llsm-tampered|' "$P/repo/loadable-lsm.sources" \
		>/etc/apt/sources.list.d/loadable-lsm.sources
	repo_refused "a repository whose InRelease was altered after signing" "$1/apt-update-tampered.log"
	install -m 0644 "$P/repo/loadable-lsm.sources" /etc/apt/sources.list.d/
	cp /usr/share/keyrings/debian-archive-keyring.gpg /etc/apt/keyrings/loadable-lsm.gpg
	repo_refused "the repository with another key (Debian's) in its Signed-By" "$1/apt-update-otherkey.log"
	install -m 0644 "$P/repo/loadable-lsm.gpg" /etc/apt/keyrings/loadable-lsm.gpg
	tap_log "apt-get update reads the signed repository" "$1/apt-update.log" apt-get update
	tap_true "with no warning or error (signature verified)" bash -c "! grep -qE '^(W|E):' $1/apt-update.log"
	tap_is "apt's candidate for loadable-lsm is $CUR, from the repository" "$CUR file:" \
		"$(apt-cache policy loadable-lsm | awk '/Candidate:/ { c = $2 } /^ +[0-9]+ file:/ { f = "file:" } END { print c, f }')"
	t=$(now_s)
	tap_log "apt-get install loadable-lsm from the repository (loadable-lsm-dkms comes as its dependency)" \
		"$1/apt-reinstall.log" apt-get install -y loadable-lsm
	phase_time deb-reinstall "$(since "$t")"
	tap_true "apt installed no package it could not authenticate" \
		bash -c "! grep -qi 'cannot be authenticated' $1/apt-reinstall.log"
}
