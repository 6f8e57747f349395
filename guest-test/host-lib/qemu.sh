# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Which QEMU runs the guests, and in which TCG mode (sourced).
#
# Multi-threaded TCG needs a QEMU that keeps a vCPU off code that another
# vCPU is patching: bookworm's QEMU 7.2 does not (a 7.3 kernel died of a
# stray int3 while text_poke_bp() patched a static key at boot).
# LLSM_QEMU_MTTCG_MIN is the oldest QEMU this project has booted 30 times
# per series with thread=multi without a fault (README, "Guest speed").
# When the host's QEMU is older, the guests run on the QEMU of a small
# cached root of $LLSM_QEMU_SUITE (guest-test/build-qemu-root), started
# through that root's own dynamic loader: it sees the host's paths as they
# are, so there is no chroot and nothing to mount or unmount.

LLSM_QEMU_SUITE=${LLSM_QEMU_SUITE:-trixie}
LLSM_QEMU_MTTCG_MIN=${LLSM_QEMU_MTTCG_MIN:-10.0}
# The kernel series that passed 30 boots in a row under multi-threaded TCG
# on such a QEMU (README, "Guest speed"). 7.3 did not: boot 17 of 26 hung
# for good after "smpboot: Total of 2 processors activated" (QEMU 10.0.13),
# so series 7 stays single-threaded. 6.12-rt does too: flipping a static
# key of the kernel's own (sched_schedstats) under a fork/exec load oopsed
# its PREEMPT_RT kernel after about 600 flips under multi-threaded TCG
# ("Oops: int3" at a jump label being patched, no module loaded), and
# 1,000 flips passed single-threaded. 6.12-selinux boots 6.12's kernel;
# 6.12-debug its source with sanitizers, whose races want two real vCPUs.
LLSM_MTTCG_SERIES=${LLSM_MTTCG_SERIES-6.1 6.12 6.12-selinux 6.12-debug}

# qemu_version CMD...: the version a QEMU command prints (e.g. 10.0.13).
qemu_version() {
	"$@" --version 2>/dev/null |
		sed -n '1s/^QEMU emulator version \([0-9][0-9.]*\).*/\1/p'
}

# qemu_root_cmd ROOT: the command that starts ROOT's qemu-system-x86_64 on
# this host, one word a line (its loader, its libraries and firmware).
# That QEMU also loads modules from the module directory compiled into it,
# which is the host's own: modules of the host's QEMU there (a host with
# qemu-system-gui installed) make it abort ("Only modules from the same
# build can be loaded"). As root, it runs in a private mount namespace in
# which that directory shows the root's modules.
qemu_root_cmd() {
	local r=$1 m=/usr/lib/x86_64-linux-gnu/qemu
	# shellcheck disable=SC2016 # the inner shell expands them
	if [ -d "$m" ] && [ -d "$r$m" ] && [ "$(id -u)" = 0 ]; then
		printf '%s\n' unshare -m --propagation private sh -c \
			'mount --bind "$0" "$1" && shift && exec "$@"' "$r$m" "$m"
	fi
	printf '%s\n' "$r/usr/lib64/ld-linux-x86-64.so.2" --library-path \
		"$r/usr/lib/x86_64-linux-gnu" "$r/usr/bin/qemu-system-x86_64" \
		-L "$r/usr/share/qemu" -L "$r/usr/share/seabios" -L "$r/usr/lib/ipxe/qemu"
}

# qemu_select: set QEMU (an array: the command that starts
# qemu-system-x86_64), QEMU_VERSION and QEMU_FROM ("host" or the root's
# directory), and export QEMU_MODULE_DIR for a root's QEMU. LLSM_QEMU=host
# takes the host's QEMU whatever its version, LLSM_QEMU=root the cached
# root's; the default takes the host's when it is at least
# LLSM_QEMU_MTTCG_MIN. A root is resolved once, by the first program that
# needs it: it exports LLSM_QEMU_ROOT, and the programs it starts take that
# root as it is. Returns 1 (with a message) when no QEMU can be had.
# shellcheck disable=SC2034 # QEMU_* are for the caller
qemu_select() {
	local host_v root want=${LLSM_QEMU:-auto}
	host_v=$(qemu_version qemu-system-x86_64)
	case "$want" in
	host | root | auto) ;;
	*)
		echo "LLSM_QEMU=$want: use host, root or auto" >&2
		return 1
		;;
	esac
	if [ "$want" = host ] || { [ "$want" = auto ] && [ -n "$host_v" ] &&
		dpkg --compare-versions "$host_v" ge "$LLSM_QEMU_MTTCG_MIN"; }; then
		[ -n "$host_v" ] || { echo "no qemu-system-x86_64 on this host" >&2; return 1; }
		QEMU=(qemu-system-x86_64) QEMU_VERSION=$host_v QEMU_FROM=host
	else
		if [ -n "${LLSM_QEMU_ROOT:-}" ] && [ -x "$LLSM_QEMU_ROOT/usr/bin/qemu-system-x86_64" ]; then
			root=$LLSM_QEMU_ROOT
		else
			root=$("$LLSM_TOP/guest-test/build-qemu-root") || return 1
			export LLSM_QEMU_ROOT=$root
		fi
		mapfile -t QEMU < <(qemu_root_cmd "$root")
		export QEMU_MODULE_DIR="$root/usr/lib/x86_64-linux-gnu/qemu"
		QEMU_VERSION=$(qemu_version "${QEMU[@]}")
		QEMU_FROM=$root
		[ -n "$QEMU_VERSION" ] || {
			echo "the QEMU in $root does not start" >&2
			return 1
		}
	fi
}

# tcg_thread [SERIES]: print the TCG mode for SERIES on the QEMU that
# qemu_select chose: LLSM_TCG_THREAD (single or multi) when set, else
# multi for a series named in LLSM_MTTCG_SERIES on a QEMU of at least
# LLSM_QEMU_MTTCG_MIN, and single otherwise (an older QEMU, another series,
# or a kernel nobody named). Returns 1 (with a message) for a bad setting.
tcg_thread() {
	case "${LLSM_TCG_THREAD:-}" in
	single | multi) say "$LLSM_TCG_THREAD" ;;
	"")
		if [ -n "${1:-}" ] && case " $LLSM_MTTCG_SERIES " in *" $1 "*) true ;; *) false ;; esac &&
			dpkg --compare-versions "$QEMU_VERSION" ge "$LLSM_QEMU_MTTCG_MIN"; then
			say multi
		else
			say single
		fi
		;;
	*)
		echo "LLSM_TCG_THREAD=$LLSM_TCG_THREAD: use single or multi" >&2
		return 1
		;;
	esac
}

# qemu_describe: one line naming the QEMU qemu_select chose.
qemu_describe() {
	if [ "$QEMU_FROM" = host ]; then
		say "QEMU $QEMU_VERSION (host)"
	else
		say "QEMU $QEMU_VERSION ($LLSM_QEMU_SUITE root in the cache)"
	fi
}
