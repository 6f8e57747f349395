#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tests/host/client-securityfs.sh: clients create their securityfs entries
# only through the shim.
#
# A module's init runs with the credentials of the task that loads it; under
# SELinux (Debian's policy) modprobe's kmod_t may not search securityfs, so
# a direct securityfs_create_dir() or _file() fails with -EACCES and no AVC
# record. lsm_shim_securityfs_create_dir() and _file() create the entry with
# the kernel's own credentials (modules/shim/sfs_create.c). This test fails
# when a client's C file calls the kernel's functions itself.
# Set CLIENTS_DIR to check another tree (the self-test below does).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"

# direct_calls DIR: "FILE:LINE: TEXT" of every call of the kernel's
# securityfs_create_* in a client (every module but the shim), comments
# left out.
direct_calls() {
	local f
	find "$1" -name '*.c' -not -path '*/shim/*' | sort | while read -r f; do
		sed -e 's://.*$::' "$f" | perl -0pe 's:/\*.*?\*/:"\n" x ($& =~ tr/\n//):gse' |
			grep -nE '(^|[^a-z_])securityfs_create_[a-z_]+[[:space:]]*\(' |
			sed "s|^|${f#"$1"/}:|"
	done
}

hits=$(direct_calls "${CLIENTS_DIR:-$top/modules}")
if [ -z "$hits" ]; then
	ok "no client calls securityfs_create_* itself (only lsm_shim_securityfs_create_*)"
else
	not_ok "no client calls securityfs_create_* itself (only lsm_shim_securityfs_create_*)"
	sed 's/^/# /' <<<"$hits"
fi

# The test's own proof: a client that calls the kernel directly is found,
# one that goes through the shim, or mentions the call in a comment, is not.
mkdir -p "$d/m/client" "$d/m/shim"
cat >"$d/m/client/fs.c" <<'C'
/* securityfs_create_dir("x") would fail under kmod_t */
static int f(void)
{
	d = lsm_shim_securityfs_create_dir("ok");
	e = securityfs_create_file("bad", 0600, d, NULL, &fops);
	return 0;
}
C
printf 'x = securityfs_create_dir("shim", NULL);\n' >"$d/m/shim/sfs.c"
is "the self-test client's direct call is found, nothing else" \
	"client/fs.c:5" "$(direct_calls "$d/m" | cut -d: -f1,2)"
finish
