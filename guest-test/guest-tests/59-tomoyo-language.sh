#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 3: TOMOYO 2.6 policy language that tomoyo_lkm once
# refused or read differently from the built-in TOMOYO. Each domain runs
# a copy of tomoyo_ops; every operation is first run with no TOMOYO (it
# succeeds), then in its domain:
# - several use_group lines per domain, and delete use_group;
# - path1.parent.* and path2.parent.* conditions (create, rename);
# - CONFIG::...={ use_default } and grant_log's default (yes);
# - acl_group in a namespace other than <kernel>, and <kernel>'s groups
#   not applying there;
# - exec transition preferences (keep, <domain>, child) and a domain
#   named after the "file execute" pattern that allowed the exec;
# - .process_status's "global-pid N" from inside a pid namespace;
# - a full audit log (max_audit_log) drops new records, not old ones, and
#   a disabled operation takes no place in it (grant_log=yes or not);
# - the manager rule: once activated, an emptied manager list lets no
#   root process write (as the built-in after activation).
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
H=/tmp/tlang
LIBS=('file read /etc/ld.so.cache' 'file read /usr/lib/x86_64-linux-gnu/\*')
rm -rf "$H"
mkdir -p "$H"

tap_run "helpers compile" build_helpers || tap_end
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
for p in ops ops4 ops5 opsp nsops; do
	cp "$LLSM_BIN/tomoyo_ops" "$H/$p"
done

# setup: fresh files and directories for one run.
setup() {
	rm -rf "$H/d" "$H/e" "$H/u"
	mkdir -p "$H/d" "$H/e" "$H/u"
	chmod 1777 "$H/d"
	chown 1000 "$H/e"
	for f in g0 g1 g2 n1; do echo "$f" >"$H/$f"; done
	touch "$H/d/r" "$H/e/r"
}

# run_all: one line per operation, "NAME RESULT".
run_all() {
	setup
	echo "use_group-1 $("$H/ops" read "$H/g1")"
	echo "use_group-2 $("$H/ops" read "$H/g2")"
	echo "use_group-unused $("$H/ops" read "$H/g0")"
	echo "parent-uid-match $("$H/opsp" create "$H/d/x")"
	echo "parent-uid-other $("$H/opsp" create "$H/e/x")"
	echo "path2-parent-1777 $("$H/opsp" rename "$H/d/r" "$H/d/s")"
	echo "path2-parent-0755 $("$H/opsp" rename "$H/e/r" "$H/e/s")"
	echo "use_default $("$H/ops5" create "$H/u/x")"
	echo "ns-acl_group $("$H/nsops" read "$H/n1")"
	echo "ns-kernel-group $("$H/nsops" read "$H/g1")"
}

without=$(run_all)
tap_is "without TOMOYO every operation succeeds" \
	"use_group-1 ok
use_group-2 ok
use_group-unused ok
parent-uid-match ok
parent-uid-other ok
path2-parent-1777 ok
path2-parent-0755 ok
use_default ok
ns-acl_group ok
ns-kernel-group ok" "$without"

tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'3-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=yes }' \
	'3-CONFIG::file::create={ mode=enforcing grant_log=no reject_log=yes }' \
	'3-CONFIG::file::rename={ mode=enforcing grant_log=no reject_log=yes }' \
	'4-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'4-CONFIG::file::open={ mode=enforcing }' \
	'5-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'5-CONFIG::file::create={ mode=enforcing grant_log=no reject_log=yes }' \
	'5-CONFIG::file::create={ use_default }' \
	"<$H/nsops> PROFILE_VERSION=20150505" \
	"<$H/nsops> 3-CONFIG={ mode=disabled grant_log=no reject_log=yes }" \
	"<$H/nsops> 3-CONFIG::file::open={ mode=enforcing grant_log=no reject_log=yes }" \
	>"$TFS/profile"
printf '%s\n' "acl_group 0 file read $H/g0" \
	"acl_group 1 file read $H/g1" \
	"acl_group 2 file read $H/g2" \
	"<$H/nsops> acl_group 1 file read $H/n1" \
	"reset_domain $H/nsops from any" >"$TFS/exception_policy"
{
	printf '%s\n' "<kernel> $H/ops" 'use_profile 3' 'use_group 1' \
		'use_group 2' "${LIBS[@]}"
	printf '%s\n' "<kernel> $H/ops4" 'use_profile 4' "${LIBS[@]}" \
		"file read $H/g1"
	printf '%s\n' "<kernel> $H/ops5" 'use_profile 5' "${LIBS[@]}"
	printf '%s\n' "<kernel> $H/opsp" 'use_profile 3' "${LIBS[@]}" \
		"file create $H/d/\\* 0644 path1.parent.uid=task.uid" \
		"file create $H/e/\\* 0644 path1.parent.uid=task.uid" \
		"file write $H/d/\\*" "file write $H/e/\\*" \
		"file rename $H/d/\\* $H/d/\\* path2.parent.perm=01777" \
		"file rename $H/e/\\* $H/e/\\* path2.parent.perm=01777"
	printf '%s\n' "<$H/nsops>" 'use_profile 3' 'use_group 1' "${LIBS[@]}"
} >"$TFS/domain_policy"
tap_diag "$(cat "$TFS/exception_policy")"
tap_diag "$(cat "$TFS/profile")"

with=$(run_all)
tap_is "each domain gets what the built-in TOMOYO gives it" \
	"use_group-1 ok
use_group-2 ok
use_group-unused EPERM
parent-uid-match ok
parent-uid-other EPERM
path2-parent-1777 ok
path2-parent-0755 EPERM
use_default ok
ns-acl_group ok
ns-kernel-group EPERM" "$with"

echo "<kernel> $H/ops
delete use_group 2" >"$TFS/domain_policy"
setup
tap_is "delete use_group: the group no longer applies" EPERM \
	"$("$H/ops" read "$H/g2")"
tap_is "delete use_group: the other group still does" ok \
	"$("$H/ops" read "$H/g1")"
tap_is "domain_policy lists the groups the domain uses" "use_group 1" \
	"$(awk -v d="<kernel> $H/ops" '$0 == d { p = 1; next } /^</ { p = 0 }
		p && /^use_group/' "$TFS/domain_policy")"

# grant_log defaults to yes in a CONFIG::... line that does not say.
timeout 2 cat "$TFS/audit" >/dev/null 2>&1
"$H/ops4" read "$H/g1" >/dev/null
audit=$(timeout 2 cat "$TFS/audit" 2>/dev/null | tr '\0' '\n')
if grep -A2 'granted=yes' <<<"$audit" | grep -qxF "file read $H/g1"; then
	tap_ok "grant_log defaults to yes: the granted read is logged"
else
	tap_not_ok "grant_log defaults to yes: the granted read is logged"
fi

# ---- Exec transition preferences and domains named by the pattern. ----
mkdir -p "$H/w"
for p in tk tp tc; do cp /usr/bin/cat "$H/$p"; done
cp /usr/bin/cat "$H/w/cat1"
printf '%s\n' '<kernel>' "file execute $H/tk keep" \
	"file execute $H/tp <kernel> $H/jail" "file execute $H/tc child" \
	"file execute $H/w/\\*" >"$TFS/domain_policy"
tap_is "file execute P keep: the exec stays in the domain" "<kernel>" \
	"$("$H/tk" "$TFS/self_domain")"
tap_is "file execute P <domain>: the exec enters that domain" \
	"<kernel> $H/jail" "$("$H/tp" "$TFS/self_domain")"
tap_is "file execute P child: the exec enters the child" \
	"<kernel> $H/tc" "$("$H/tc" "$TFS/self_domain")"
tap_is "an exec allowed by a pattern enters the domain named by it" \
	"<kernel> $H/w/\\*" "$("$H/w/cat1" "$TFS/self_domain")"
tap_diag "$(awk '$0 == "<kernel>" { p = 1; next } /^</ { p = 0 } p && NF' \
	"$TFS/domain_policy")"

# ---- global-pid is a pid of the initial pid namespace, as TOMOYO. ----
cp /usr/bin/sleep "$H/sl"
"$H/sl" 60 &
slp=$!
sleep 1
# shellcheck disable=SC2016 # expanded by the inner shell
got=$(unshare --pid --fork --mount-proc bash -c '
	exec 3<>"$1/.process_status"
	echo "global-pid $2" >&3
	cat <&3' - "$TFS" "$slp")
tap_is "global-pid from inside a pid namespace names the global task" \
	"$slp 0 <kernel> $H/sl" "$got"
kill "$slp" 2>/dev/null
wait "$slp" 2>/dev/null

# ---- A full audit log keeps its oldest records, as TOMOYO. ----
# <kernel>'s profile 0, disabled with grant_log=yes: as TOMOYO, a disabled
# operation (here each exec of ops from this shell) is neither checked nor
# logged, so it takes no place in the log.
printf '%s\n' '3-PREFERENCE={ max_audit_log=2 max_learning_entry=2048 }' \
	'0-CONFIG={ mode=disabled grant_log=yes reject_log=yes }' >"$TFS/profile"
timeout 2 cat "$TFS/audit" >/dev/null 2>&1
for f in a1 a2 a3 a4; do
	echo "$f" >"$H/$f"
	"$H/ops" read "$H/$f" >/dev/null
done
audit=$(timeout 2 cat "$TFS/audit" 2>/dev/null | tr '\0' '\n')
tap_is "max_audit_log=2: the first two refusals are kept, later ones dropped" \
	"file read $H/a1
file read $H/a2" "$(grep -E "^file read $H/a[0-9]\$" <<<"$audit")"
tap_diag "the whole audit log:" "$audit"

# ---- The manager rule (last: the policy stays closed afterwards). ----
# A subshell activates the policy and exits; rawwrite, the only manager,
# then deletes itself. As the built-in after activation, nobody may write.
("$LLSM_BIN/rawwrite" "$TFS/manager" 4096 <<<"$LLSM_BIN/rawwrite" >/dev/null)
tap_is "rawwrite is the only manager" "$LLSM_BIN/rawwrite" "$(cat "$TFS/manager")"
del="delete $LLSM_BIN/rawwrite"
tap_is "a manager empties the list" $((${#del} + 1)) \
	"$("$LLSM_BIN/rawwrite" "$TFS/manager" 4096 <<<"$del")"
tap_is "the list is empty" "" "$(cat "$TFS/manager")"
out=$(printf 'path_group X /x\n' | "$LLSM_BIN/rawwrite" "$TFS/exception_policy" 4096)
tap_is "after activation an empty manager list lets no root writer in" EPERM "$out"
tap_is "and nothing was added" "" "$(grep -F 'path_group X' "$TFS/exception_policy")"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
# Later tests in this boot load the shim with their own parameters.
tap_run "rmmod lsm_shim" rmmod lsm_shim
tap_end
