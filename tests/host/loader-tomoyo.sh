#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of "load tomoyo" in modules.conf (loadable-lsm-load): where
# the kernel runs its own TOMOYO, the loader checks and writes the policy,
# then activates it through the kernel's trigger; elsewhere it loads
# tomoyo_lkm. Stand-ins play the kernel: a directory for securityfs,
# unshare (the trigger's execution: it records its arguments and, when
# FAKE_ACTIVATE is set, "activates"), dmesg, modprobe and modinfo. The
# real thing is guest-test/guest-tests/64-tomoyo-activate*.sh.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
loader=${LOADER:-$top/systemd/loadable-lsm-load}

fake=$d/bin
mkdir -p "$fake" "$d/sbin" "$d/etc-tomoyo"
cat >"$fake/unshare" <<'FAKE'
#!/bin/bash
# unshare --mount --propagation private /bin/sh -c SCRIPT sh BIN T TDIR LSRC LDIR TRIG
shift 7
echo "unshare $*" >>"$FAKE_LOG"
bin=$1 t=$2 tdir=$3 lsrc=$4 ldir=$5 trig=$6
[ -x "$bin/mount" ] || { echo "no mount copy" >&2; exit 1; }
[ -x "$t/${trig##*/}" ] || { echo "no trigger copy" >&2; exit 1; }
case "$bin" in "$tdir"/* | "$ldir"/*) echo "the copies are hidden" >&2; exit 1 ;; esac
[ -n "$FAKE_ACTIVATE" ] && : >"$FAKE_ACTIVE"
exit 0
FAKE
cat >"$fake/dmesg" <<'FAKE'
#!/bin/bash
[ -e "$FAKE_ACTIVE" ] && echo "[    1.0] Mandatory Access Control activated."
exit 0
FAKE
cat >"$fake/modinfo" <<'FAKE'
#!/bin/bash
exit 0
FAKE
cat >"$fake/modprobe" <<'FAKE'
#!/bin/bash
echo "modprobe $*" >>"$FAKE_LOG"
[ "$1" = tomoyo_lkm ] && mkdir -p "$LOADABLE_LSM_TOMOYOFS"
exit 0
FAKE
cat >"$fake/tomoyo-loadpolicy" <<'FAKE'
#!/bin/bash
echo "tomoyo-loadpolicy $1" >>"$FAKE_LOG"
FAKE
chmod +x "$fake"/*
export FAKE_LOG=$d/fake.log FAKE_ACTIVE=$d/active FAKE_ACTIVATE=1
export LOADABLE_LSM_SHIMFS=$d/shimfs LOADABLE_LSM_TOMOYOFS=$d/tomoyofs \
	LOADABLE_LSM_LSMFILE=$d/lsm LOADABLE_LSM_CMDLINE=$d/cmdline \
	LOADABLE_LSM_KCONFIG=$d/config LOADABLE_LSM_RUNDIR=$d/run \
	LOADABLE_LSM_TOMOYO_ETC=$d/etc-tomoyo
# The loader the kernel would run is in $d/sbin, absent unless a test
# makes it; the trigger is elsewhere, in $d/run (where the loader keeps
# its state: the copies must go somewhere else).
echo "root=/dev/vda ro TOMOYO_loader=$d/sbin/tomoyo-init TOMOYO_trigger=$d/run/init" >"$d/cmdline"
printf '%s\n' 'CONFIG_SECURITY_TOMOYO=y' \
	'CONFIG_SECURITY_TOMOYO_POLICY_LOADER="/sbin/tomoyo-init"' \
	'CONFIG_SECURITY_TOMOYO_ACTIVATION_TRIGGER="/sbin/init"' >"$d/config"

# A policy as tomoyo-tools' init_policy writes it: four profiles, <kernel>
# on profile 0; one domain on profile 3 (enforcing).
pol=$d/pol
mkdir -p "$pol"
printf '%s\n' PROFILE_VERSION=20150505 '0-COMMENT=-----Disabled Mode-----' \
	'0-CONFIG={ mode=disabled grant_log=no reject_log=yes }' \
	'1-COMMENT=-----Learning Mode-----' '1-CONFIG={ mode=learning grant_log=no reject_log=yes }' \
	'2-COMMENT=-----Permissive Mode-----' '2-CONFIG={ mode=permissive grant_log=no reject_log=yes }' \
	'3-COMMENT=-----Enforcing Mode-----' '3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }' \
	>"$pol/profile.conf"
echo /usr/sbin/tomoyo-loadpolicy >"$pol/manager.conf"
echo 'initialize_domain /usr/local/bin/app from any' >"$pol/exception_policy.conf"
printf '%s\n' '<kernel>' 'use_profile 0' '' '<kernel> /usr/local/bin/app' 'use_profile 3' \
	'file read /etc/hostname' >"$pol/domain_policy.conf"
: >"$pol/stat.conf"

# fresh_kernel: securityfs as a booted kernel shows it, not activated.
fresh_kernel() {
	rm -rf "$d/tomoyofs" "$d/run" "$FAKE_ACTIVE"
	mkdir -p "$d/tomoyofs" "$d/run"
	echo PROFILE_VERSION=20150505 >"$d/tomoyofs/profile"
	printf '%s\n' '<kernel>' 'use_profile 0' 'use_group 0' '' >"$d/tomoyofs/domain_policy"
	: >"$d/tomoyofs/manager"
	: >"$d/tomoyofs/exception_policy"
	: >"$d/tomoyofs/stat"
}
# kernel_sum: the fake kernel's policy (the loader's probe writes empty lines).
kernel_sum() {
	cat "$d/tomoyofs"/* | grep -v '^$' | md5sum
}
# run CONF-LINE...: the loader on a modules.conf of these lines.
run() {
	printf '%s\n' "$@" >"$d/modules.conf"
	: >"$FAKE_LOG"
	out=$(PATH="$fake:$PATH" "$loader" -c "$d/modules.conf" 2>&1)
	rc=$?
}
log() { paste -sd, "$FAKE_LOG"; }

echo lockdown,capability,landlock,yama,apparmor,tomoyo,bpf >"$d/lsm"
fresh_kernel
run "load tomoyo" "tomoyo_policy $pol"
is "built-in TOMOYO not active: 'load tomoyo' activates it (exit 0)" "0|1" \
	"$rc|$(grep -c 'activated the built-in TOMOYO with the policy in' <<<"$out")"
is "  the policy files went into securityfs (profile, domain, exception, manager)" "1|1|1|1" \
	"$(grep -c '^3-CONFIG={ mode=enforcing' "$d/tomoyofs/profile")|$(grep -c '^<kernel> /usr/local/bin/app$' "$d/tomoyofs/domain_policy")|$(grep -c initialize_domain "$d/tomoyofs/exception_policy")|$(grep -c tomoyo-loadpolicy "$d/tomoyofs/manager")"
# The stand-in logs: unshare BIN T TDIR LSRC LDIR TRIG.
is "  the trigger ran once, with a stand-in for the missing loader; no tomoyo_lkm" \
	"1|$d/run $d/sbin $d/run/init|1|0" \
	"$(grep -c '^unshare' "$FAKE_LOG")|$(awk '{ print $4, $6, $7 }' "$FAKE_LOG")|$(awk '{ print ($5 != "") }' "$FAKE_LOG")|$(grep -c modprobe "$FAKE_LOG")"
sum=$(kernel_sum)
run "load tomoyo" "tomoyo_policy $pol"
is "a second run: already active, nothing written, no trigger (exit 0)" "0|1|$sum|" \
	"$rc|$(grep -c 'already active on this boot: nothing changed' <<<"$out")|$(kernel_sum)|$(log)"
rm -f "$d/run/tomoyo-activated"
run "load tomoyo" "tomoyo_policy $pol"
is "  also when only the kernel log tells (activated by another program)" "0|1|$sum|" \
	"$rc|$(grep -c 'already active' <<<"$out")|$(kernel_sum)|$(log)"

# Bad policies: refused before anything is written or executed.
refused() { # NAME GREP
	is "$1: exit 4, nothing written, nothing executed" "4|1|$sum|" \
		"$rc|$(grep -c -- "$2" <<<"$out")|$(kernel_sum)|$(log)"
}
cp -r "$pol" "$d/bad"
fresh_kernel
sum=$(kernel_sum)
rm "$d/bad/profile.conf"
run "load tomoyo" "tomoyo_policy $d/bad"
refused "no profile.conf" "profile.conf is missing: not activating"
cp "$pol/profile.conf" "$d/bad/"
printf '%s\n' '<kernel> /usr/bin/x' 'use_profile 7' >>"$d/bad/domain_policy.conf"
run "load tomoyo" "tomoyo_policy $d/bad"
refused "a domain on an undefined profile" 'domain "<kernel> /usr/bin/x" uses profile 7, which is not defined'
cp "$pol/domain_policy.conf" "$d/bad/"
sed -i 's/^use_profile 0$/use_profile 200/' "$d/bad/domain_policy.conf"
run "load tomoyo" "tomoyo_policy $d/bad"
refused "<kernel> itself on an undefined profile" 'domain "<kernel>" uses profile 200'
cp "$pol/domain_policy.conf" "$d/bad/"
sed -i 's/^PROFILE_VERSION=.*/PROFILE_VERSION=20100101/' "$d/bad/profile.conf"
run "load tomoyo" "tomoyo_policy $d/bad"
refused "an unknown profile version" 'PROFILE_VERSION=20100101, which the kernel does not know'
cp "$pol/profile.conf" "$d/bad/"
printf '%s\n' '<ns> /usr/bin/y' 'use_profile 0' >>"$d/bad/domain_policy.conf"
run "load tomoyo" "tomoyo_policy $d/bad"
refused "a domain of a namespace without profiles" 'domain "<ns> /usr/bin/y" uses profile 0'
echo '<ns> 0-COMMENT=ns' >>"$d/bad/profile.conf"
fresh_kernel
run "load tomoyo" "tomoyo_policy $d/bad"
is "  with the namespace's profile 0 defined, it activates" "0|1" "$rc|$(grep -c '^unshare' "$FAKE_LOG")"
fresh_kernel
sed -i 's/^use_profile 0$/use_profile 1/' "$d/tomoyofs/domain_policy"
sum=$(kernel_sum)
run "load tomoyo" "tomoyo_policy none"
refused "no policy and the kernel's <kernel> on an undefined profile" 'domain "<kernel>" uses profile 1'

# The kernel's tomoyo-init exists: it loads /etc/tomoyo as well.
fresh_kernel
sum=$(kernel_sum)
cp "$(type -P true)" "$d/sbin/tomoyo-init"
run "load tomoyo" "tomoyo_policy $pol"
refused "tomoyo-init would run, /etc/tomoyo has no profile.conf" "$d/etc-tomoyo/profile.conf is missing"
cp "$pol"/*.conf "$d/etc-tomoyo/"
sed -i "s/\$/ TOMOYO=ask/" "$d/cmdline"
run "load tomoyo" "tomoyo_policy $pol"
refused "tomoyo-init would run with TOMOYO= on the command line" "has TOMOYO=, with which"
sed -i 's/ TOMOYO=ask//' "$d/cmdline"
run "load tomoyo" "tomoyo_policy $pol"
is "tomoyo-init exists: activated, the trigger stands alone (no loader stand-in)" "0|1|1" \
	"$rc|$(grep -c "ran $d/sbin/tomoyo-init" <<<"$out")|$(grep -c "^unshare [^ ]* [^ ]* [^ ]*  $d/sbin $d/run/init\$" "$FAKE_LOG")"
rm "$d/sbin/tomoyo-init"

fresh_kernel
FAKE_ACTIVATE='' run "load tomoyo" "tomoyo_policy $pol"
is "the trigger did not activate TOMOYO: exit 4, said so" "4|1" \
	"$rc|$(grep -c 'did not activate when' <<<"$out")"
fresh_kernel
echo "CONFIG_SECURITY_TOMOYO_OMIT_USERSPACE_LOADER=y" >>"$d/config"
sum=$(kernel_sum)
run "load tomoyo" "tomoyo_policy $pol"
refused "a kernel built without the run-time loader" "OMIT_USERSPACE_LOADER=y"
sed -i '/OMIT_USERSPACE/d' "$d/config"

run "load tomoyo foo=1"
is "'load tomoyo' takes no parameters (exit 2)" "2|1" "$rc|$(grep -c "takes no parameters" <<<"$out")"
printf '%s\n' "load tomoyo" "tomoyo_policy $pol" >"$d/modules.conf"
out=$(PATH="$fake:$PATH" "$loader" -n -c "$d/modules.conf" 2>&1)
is "--dry-run: the activation plan" "0|1" "$?|$(grep -c "^activate the built-in TOMOYO unless it is active: write $pol/" <<<"$out")"
fresh_kernel
out=$(PATH="$fake:$PATH" "$loader" -s -c "$d/modules.conf" 2>&1)
rc=$?
is "--status: the built-in TOMOYO, not active yet" 1 "$(grep -c "^TOMOYO: the built-in one, not active yet" <<<"$out")"
is "--status: the plan's 'load tomoyo' is not met yet (exit 1)" "1|1" \
	"$rc|$(grep -c "^  load tomoyo: the built-in TOMOYO, not active$" <<<"$out")"
: >"$FAKE_ACTIVE"
out=$(PATH="$fake:$PATH" "$loader" -s -c "$d/modules.conf" 2>&1)
rc=$?
is "--status: the built-in TOMOYO, active" 1 "$(grep -c "^TOMOYO: the built-in one, active$" <<<"$out")"
is "--status: the plan's 'load tomoyo' is met (exit 0)" "0|1" \
	"$rc|$(grep -c "^  load tomoyo: the built-in TOMOYO, active$" <<<"$out")"

# No built-in TOMOYO on this boot: tomoyo_lkm and its policy, as before.
echo lockdown,capability,landlock,yama,apparmor,bpf >"$d/lsm"
rm -rf "$d/tomoyofs" "$FAKE_ACTIVE"
run "load tomoyo" "tomoyo_policy $pol"
is "no built-in TOMOYO: 'load tomoyo' loads tomoyo_lkm and the policy" \
	"0|modprobe tomoyo_lkm,tomoyo-loadpolicy -p,tomoyo-loadpolicy -m,tomoyo-loadpolicy -e,tomoyo-loadpolicy -d,tomoyo-loadpolicy -s" \
	"$rc|$(log)"
out=$(PATH="$fake:$PATH" "$loader" -n -c "$d/modules.conf" 2>&1)
is "  --dry-run says so" "modprobe tomoyo_lkm" "$(head -n 1 <<<"$out")"

finish
