# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Kernel series table and version resolution through private apt lists (sourced).
#
# A series names a kernel line; it resolves, at fetch time, to a Debian suite
# for the guest's userland, the apt release the kernel comes from, and exact
# package versions. "6.12-rt" is the same line's PREEMPT_RT flavour
# (linux-image-rt-amd64), on the same userland; "6.12-cloud" its cloud
# flavour (linux-image-cloud-amd64, no 9p: guest-test/run hands it the job
# on a disk); "6.12-selinux" is 6.12 with
# an image labelled for SELinux and booted SELinux-enforcing
# (guest-test/check-selinux); "6.12-debug" is Debian's 6.12 source rebuilt
# with sanitizers and Fedora's LSM set (guest-test/build-debug-kernel,
# make check-debug). The host's own apt sources are never touched: every query
# uses a private sources list and private lists under $LLSM_CACHE/apt/.

# series_sources SERIES: the apt source lines the series may draw from.
series_sources() {
	case "$1" in
	6.1)
		say "deb $LLSM_MIRROR bookworm main"
		say "deb $LLSM_MIRROR bookworm-updates main"
		say "deb $LLSM_SECURITY_MIRROR bookworm-security main"
		;;
	6.12 | 6.12-rt | 6.12-cloud | 6.12-selinux | 6.12-debug)
		say "deb $LLSM_MIRROR trixie main"
		say "deb $LLSM_MIRROR trixie-updates main"
		say "deb $LLSM_SECURITY_MIRROR trixie-security main"
		;;
	7)
		# The newest 7.x is either sid's kernel or trixie-backports'.
		say "deb $LLSM_MIRROR trixie main"
		say "deb $LLSM_MIRROR trixie-updates main"
		say "deb $LLSM_SECURITY_MIRROR trixie-security main"
		say "deb $LLSM_MIRROR trixie-backports main"
		say "deb $LLSM_MIRROR sid main"
		;;
	qemu)
		# Not a kernel series: where guest-test/build-qemu-root takes
		# a QEMU newer than the host's.
		say "deb $LLSM_MIRROR $LLSM_QEMU_SUITE main"
		say "deb $LLSM_MIRROR $LLSM_QEMU_SUITE-updates main"
		say "deb $LLSM_SECURITY_MIRROR $LLSM_QEMU_SUITE-security main"
		;;
	esac
}

# series_apt_opts SERIES: apt options selecting the series' private lists.
series_apt_opts() {
	local d="$LLSM_CACHE/apt/$1"
	printf '%s ' -o "Dir::Etc::sourcelist=$d/sources.list" \
		-o Dir::Etc::sourceparts=/nonexistent -o "Dir::State::Lists=$d/lists" \
		-o "Dir::State::status=$d/status" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o Acquire::Check-Valid-Until=false -o APT::Get::List-Cleanup=false
}

# series_apt_update SERIES: refresh the series' private package lists.
series_apt_update() {
	local d="$LLSM_CACHE/apt/$1"
	mkdir -p "$d/lists/partial"
	: >"$d/status"
	series_sources "$1" >"$d/sources.list"
	# shellcheck disable=SC2046
	apt-get $(series_apt_opts "$1") -qq update >"$d/update.log" 2>&1 ||
		die "apt-get update for series $1 failed (see $d/update.log)"
}

# apt_q SERIES ARGS...: apt-cache with the series' private lists.
apt_q() {
	local s=$1
	shift
	# shellcheck disable=SC2046
	apt-cache $(series_apt_opts "$s") "$@"
}

# newest_of SERIES PKG: the highest version of PKG in the series' lists,
# leaving out sid when the series' userland is another suite.
newest_of() {
	apt_q "$1" madison "$2" |
		awk -F' [|] ' -v skip="${SUITE_SKIP:-}" 'skip == "" || index($3, skip) == 0 {
			gsub(/ /, "", $2); print $2 }' |
		sort -V | tail -n 1
}

# series_resolve SERIES: write $LLSM_CACHE/series/SERIES.env with the suite,
# the kernel's release and the exact versions of everything the image key
# depends on.
series_resolve() {
	local s=$1 suite krel kver abi dep meta=linux-image-amd64
	series_apt_update "$s"
	case "$s" in
	6.1) suite=bookworm ;;
	6.12 | 6.12-selinux) suite=trixie ;;
	6.12-rt) suite=trixie meta=linux-image-rt-amd64 ;;
	6.12-cloud) suite=trixie meta=linux-image-cloud-amd64 ;;
	6.12-debug)
		series_resolve_debug "$s"
		return
		;;
	7)
		local bpo sid
		bpo=$(apt_q "$s" madison "$meta" | awk '/trixie-backports/ { print $3; exit }')
		sid=$(apt_q "$s" madison "$meta" | awk '/ sid\// { print $3; exit }')
		if [ -n "$bpo" ] && dpkg --compare-versions "$bpo" ge "$sid"; then
			suite=trixie krel=trixie-backports
		else
			suite=sid
		fi
		;;
	esac
	if [ -n "${krel:-}" ]; then
		kver=$(apt_q "$s" madison "$meta" | awk -v r="$krel" '$0 ~ r"/" { print $3; exit }')
	elif [ "$suite" = sid ]; then
		kver=$(apt_q "$s" madison "$meta" | awk '/ sid\// { print $3; exit }')
	else
		kver=$(newest_of "$s" "$meta")
	fi
	[ -n "$kver" ] || die "series $s: no $meta found"
	dep=$(apt_q "$s" show "$meta=$kver" 2>/dev/null |
		sed -n 's/^Depends: //p' | head -n 1)
	abi=$(printf '%s\n' "$dep" | tr ',' '\n' | sed -n 's/^ *linux-image-\([^ ]*\).*/\1/p' | head -n 1)
	[ -n "$abi" ] || die "series $s: cannot find the kernel ABI of $meta $kver"
	[ "$suite" = sid ] || SUITE_SKIP=" sid/"
	series_write_env "$s" "$suite" "${krel:-$suite}" "$kver" "$abi" \
		"$(newest_of "$s" "linux-image-$abi")" "$(newest_of "$s" "linux-headers-$abi")"
}

# series_resolve_debug SERIES: the env of the sanitizer kernel's series: the
# kernel is built here from Debian's source (guest-test/build-debug-kernel,
# cached), the userland is trixie's.
series_resolve_debug() {
	local s=$1 kdir
	kdir=$("$LLSM_TOP/guest-test/build-debug-kernel") || die "series $s: the debug kernel did not build"
	# shellcheck disable=SC1091
	. "$kdir/kernel.env"
	SUITE_SKIP=" sid/"
	series_write_env "$s" trixie local "$DEBUG_KERNEL_SOURCE" "$DEBUG_KERNEL_RELEASE" \
		"$DEBUG_KERNEL_SOURCE+llsm1" "$DEBUG_KERNEL_SOURCE+llsm1" "DEBUG_KERNEL_DIR=$kdir"
}

# series_write_env SERIES SUITE KERNEL_RELEASE META_VERSION ABI
# KERNEL_VERSION HEADERS_VERSION [LINE...]: write
# $LLSM_CACHE/series/SERIES.env, with the LINEs and the versions of the
# userland packages the image key depends on.
series_write_env() {
	local s=$1 out
	mkdir -p "$LLSM_CACHE/series"
	out="$LLSM_CACHE/series/$s.env"
	{
		say "SERIES=$s"
		say "SUITE=$2"
		say "KERNEL_RELEASE=$3"
		say "KERNEL_META_VERSION=$4"
		say "KERNEL_ABI=$5"
		say "KERNEL_VERSION=$6"
		say "HEADERS_VERSION=$7"
		shift 7
		[ $# = 0 ] || printf '%s\n' "$@"
		say "DKMS_VERSION=$(newest_of "$s" dkms)"
		say "KMOD_VERSION=$(newest_of "$s" kmod)"
		say "MAKE_VERSION=$(newest_of "$s" make)"
		say "LIBC_VERSION=$(newest_of "$s" libc6)"
	} >"$out.tmp.$$"
	mv "$out.tmp.$$" "$out"
}

# series_load SERIES: resolve the series and source the env. Only
# build-image calls it: the other programs are handed the image directory,
# which holds the facts it was built from (image_load).
series_load() {
	series_check "$1"
	series_resolve "$1"
	# shellcheck disable=SC1090
	. "$LLSM_CACHE/series/$1.env"
}

# image_load DIR: source the series facts an image was built from
# (DIR/series.env: SERIES, SUITE, KERNEL_ABI, ...), resolving nothing.
image_load() {
	[ -f "$1/series.env" ] && [ -f "$1/ready" ] ||
		die "$1 is not a guest image directory (no series.env or not ready)"
	# shellcheck disable=SC1091
	. "$1/series.env"
}

# image_of SERIES|DIR: print the image directory: DIR as given (an image
# a parent program already resolved and built), or build-image's for
# SERIES (which resolves the series once, here).
image_of() {
	case "$1" in
	*/*) (cd "$1" && pwd) || die "no image directory $1" ;;
	*) "$LLSM_TOP/guest-test/build-image" "$1" ;;
	esac
}
