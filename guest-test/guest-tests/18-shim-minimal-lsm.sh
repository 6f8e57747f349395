#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=lockdown,capability,yama
# lsm_shim in a boot whose built-in LSMs have no cred blob and no BPF LSM
# (no apparmor, selinux, smack, landlock or bpf).
#
# 1. Without a cred blob the kernel never calls the cred_free hooks, so
#    per-cred state would never be freed: every fork and exec would leak an
#    entry, and a new cred at a freed one's address would inherit its state
#    (for tomoyo_lkm, a stale domain). The shim refuses such clients.
# 2. Without bpf, Linux 6.1 runs the CAP_SYS_ADMIN check on security.*
#    xattrs only when the LSMs answer 1 ("nobody handled this name"): a
#    client allowing every xattr change must not drop that check.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
tap_diag "lsm: $(cat /sys/kernel/security/lsm)"
tap_run "lsm_shim loads" llsm_load lsm_shim

# ---- 1. per-cred state without a cred blob ----
base=$(objects cred)
dmesg_mark credblob
if client_load a 2>/dev/null; then
	tap_not_ok "a client with per-cred state (llsm_test_a) is refused"
else
	tap_ok "a client with per-cred state (llsm_test_a) is refused"
fi
tap_logged "the refusal says why" credblob \
	"lsm_shim: llsm_test_a: refused: per-cred state needs a built-in LSM with a cred blob"
# Client A makes a cred entry on every open. Had it been accepted, the
# entries of freed creds would stay: not one per exec (a new cred at a
# freed one's address takes over its entry), but some 30 on 6.12 after
# 2,000 execs. Refused, it leaves none.
for _ in $(seq 2000); do /bin/cat /etc/hostname >/dev/null; done
after=$(objects cred)
tap_diag "cred entries: $base before, $after after 2000 execs"
if [ "$after" = "$base" ]; then
	tap_ok "2000 execs leave no cred entries behind"
else
	tap_not_ok "2000 execs leave no cred entries behind ($base -> $after)"
fi
loaded llsm_test_a && rmmod llsm_test_a
tap_is "cred entries are back at the baseline without client A" "$base" "$(objects cred)"

dmesg_mark tomoyo
if llsm_load tomoyo_lkm 2>/dev/null; then
	tap_not_ok "tomoyo_lkm (per-cred state) is refused without a cred blob"
else
	tap_ok "tomoyo_lkm (per-cred state) is refused without a cred blob"
fi
tap_logged "the refusal of tomoyo_lkm says why" tomoyo \
	"lsm_shim: tomoyo_lkm: refused: per-cred state needs a built-in LSM with a cred blob" 'lsm_shim|tomoyo'
for _ in $(seq 2000); do /bin/true; done
# Forks of this shell (in <kernel>, as it started before any load) must
# stay in <kernel>: no stale state at a reused cred address.
wrong=0
if [ -r "$TFS/self_domain" ]; then
	for _ in $(seq 300); do
		d=$(read -r d <"$TFS/self_domain"; echo "$d")
		[ "$d" = "<kernel>" ] || wrong=$((wrong + 1))
	done
fi
tap_is "no fork of a <kernel> shell lands in another domain" 0 "$wrong"
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_is "cred entries are back at the baseline" "$base" "$(objects cred)"

# ---- 2. security.* xattrs keep their capability check ----
xf=/var/tmp/llsm-xattr-file
rm -f "$xf"
echo data >"$xf"
chown 1000:1000 "$xf"
asuser() { setpriv --reuid=1000 --regid=1000 --clear-groups "$@"; }
tap_is "root may write security.llsm (the file system has them)" ok \
	"$(xattrw set "$xf" security.llsm root)"
tap_is "the owner may not, without a client" EPERM \
	"$(asuser xattrw set "$xf" security.llsm user)"
tap_is "nor remove it, without a client" EPERM \
	"$(asuser xattrw remove "$xf" security.llsm)"
tap_run "a client allowing every xattr change registers" \
	insmod "$LLSM_TEST_KO/llsm_test_hooks.ko" hook=inode_setxattr
tap_is "the owner still may not write security.llsm" EPERM \
	"$(asuser xattrw set "$xf" security.llsm user)"
tap_is "nor remove it" EPERM "$(asuser xattrw remove "$xf" security.llsm)"
tap_is "the owner may write user.llsm (the client allows it)" ok \
	"$(asuser xattrw set "$xf" user.llsm user)"
tap_is "root still may write security.llsm" ok \
	"$(xattrw set "$xf" security.llsm root2)"
tap_is "the client was asked" yes \
	"$([ "$(param llsm_test_hooks calls)" -gt 0 ] && echo yes)"
rmmod llsm_test_hooks
rm -f "$xf"
tap_run "lsm_shim unloads" rmmod lsm_shim
tap_end
