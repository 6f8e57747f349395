#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of the packaging: make packages' .deb and .rpm files (names,
# contents, maintainer scripts, lintian, rpmlint), dkms.conf's limits, the
# boot-time loader with stand-in modprobe/modinfo, and the Secure Boot hint.
# The guest side is guest-test/check-packages (make check-packages).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
ver=$(cat "$top/VERSION")
dist=$d/dist

# --- the packages
t0=$(date +%s.%N)
if "$top/packaging/build-packages" --lint "$dist" >"$d/build.out" 2>&1; then
	ok "make packages builds into dist/ ($(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s)"
else
	not_ok "make packages builds into dist/"
	sed 's/^/# /' "$d/build.out" | tail -n 20
fi
for f in "loadable-lsm-dkms_${ver}_all.deb" "loadable-lsm_${ver}_all.deb" \
	"loadable-lsm-dkms-$ver-1.noarch.rpm" "loadable-lsm-$ver-1.noarch.rpm"; do
	check "dist/$f exists" test -s "$dist/$f"
done
deb=$dist/loadable-lsm-dkms_${ver}_all.deb tdeb=$dist/loadable-lsm_${ver}_all.deb
rpmf=$dist/loadable-lsm-dkms-$ver-1.noarch.rpm trpm=$dist/loadable-lsm-$ver-1.noarch.rpm

if [ -f "$dist/lintian.txt" ] && ! grep -q '^[EW]: ' "$dist/lintian.txt"; then
	ok "lintian: no errors, no warnings"
else
	not_ok "lintian: no errors, no warnings"
	grep '^[EW]: ' "$dist/lintian.txt" | sed 's/^/# /' | head -n 20
fi
grep '^[EWI]: ' "$dist/lintian.txt" 2>/dev/null | sed 's/^/# lintian: /'
# Each warning rpmlint may give is filtered with its reason in
# rpm/loadable-lsm*.rpmlintrc: a new one fails here.
if grep -q ' 0 errors, 0 warnings' "$dist/rpmlint.txt" 2>/dev/null; then
	ok "rpmlint: no errors, no warnings (the filtered ones have their reasons in rpm/)"
else
	not_ok "rpmlint: no errors, no warnings"
	grep ': [EW]: ' "$dist/rpmlint.txt" 2>/dev/null | sed 's/^/# /' | head -n 20
fi

mkdir -p "$d/deb" "$d/debctl" "$d/tdeb" "$d/tdebctl"
dpkg-deb -x "$deb" "$d/deb" && dpkg-deb -e "$deb" "$d/debctl"
dpkg-deb -x "$tdeb" "$d/tdeb" && dpkg-deb -e "$tdeb" "$d/tdebctl"
conf=$d/deb/usr/src/loadable-lsm-$ver/dkms.conf
check ".deb: dkms.conf in /usr/src/loadable-lsm-$ver with PACKAGE_VERSION=\"$ver\"" \
	grep -qx "PACKAGE_VERSION=\"$ver\"" "$conf"
check ".deb: dkms.conf lists the repository's modules unchanged" \
	diff <(grep '^BUILT_MODULE\|^DEST_MODULE' "$top/dkms.conf") <(grep '^BUILT_MODULE\|^DEST_MODULE' "$conf")
check ".deb: the DKMS tree has the VERSION file modules/Kbuild reads ($ver)" \
	grep -qx "$ver" "$d/deb/usr/src/loadable-lsm-$ver/VERSION"
check ".deb: the module sources (modules/Kbuild, the shim)" \
	test -f "$d/deb/usr/src/loadable-lsm-$ver/modules/Kbuild" -a -f "$d/deb/usr/src/loadable-lsm-$ver/modules/shim/main.c"
check ".deb: no build products in the sources" \
	test -z "$(find "$d/deb/usr/src" -name '*.o' -o -name '*.ko' -o -name '*.cmd' -o -name hook_defs_gen.h)"
check ".deb: postinst runs the Secure Boot hint" grep -q '/usr/lib/loadable-lsm/secure-boot-hint' "$d/debctl/postinst"
check ".deb: postinst calls common.postinst" grep -q '/usr/lib/dkms/common.postinst' "$d/debctl/postinst"
check ".deb: prerm removes this version from DKMS" grep -q "dkms remove -m \$DKMS_NAME -v \$DKMS_VERSION --all" "$d/debctl/prerm"
check ".deb: depends on dkms with BUILD_EXCLUSIVE_CONFIG support" \
	bash -c "dpkg-deb -f '$deb' Depends | grep -q 'dkms (>= 3.0.3'"
# debhelper puts the unit where the release wants it: /lib on bookworm,
# /usr/lib on trixie (whose lintian calls /lib an error).
unitdir=lib/systemd/system
[ -e "$d/tdeb/usr/$unitdir/loadable-lsm.service" ] && unitdir=usr/$unitdir
check "loadable-lsm .deb: unit, loader, modules.conf (a conffile), man pages" test \
	-f "$d/tdeb/$unitdir/loadable-lsm.service" -a -x "$d/tdeb/usr/sbin/loadable-lsm-load" \
	-a -f "$d/tdeb/usr/share/man/man5/loadable-lsm-modules.conf.5.gz" \
	-a -f "$d/tdeb/usr/share/man/man8/loadable-lsm-load.8.gz"
is "loadable-lsm-dkms .deb: the modules' man pages, in section 4 (kernel interfaces)" \
	"audit_lkm.4.gz lsm_shim.4.gz tomoyo_lkm.4.gz yama_lkm.4.gz" \
	"$(cd "$d/deb/usr/share/man/man4" 2>/dev/null && ls | paste -sd' ')"
is "loadable-lsm-dkms .rpm: the same four in section 4" 4 \
	"$(rpm -qlp "$rpmf" 2>/dev/null | grep -c '^/usr/share/man/man4/[a-z_]*\.4\.gz$')"
is "loadable-lsm .deb: the loader says the package's version" "loadable-lsm-load $ver" \
	"$("$d/tdeb/usr/sbin/loadable-lsm-load" --version 2>&1)"
check ".deb: the README and tomoyo_lkm's differences from TOMOYO are in /usr/share/doc" bash -c \
	"ls '$d/deb/usr/share/doc/loadable-lsm-dkms/README.md'* '$d/deb/usr/share/doc/loadable-lsm-dkms/DIFFERENCES.md'*"
check "loadable-lsm .deb: README.Debian (headers, Secure Boot, first steps)" bash -c \
	"zcat -f '$d/tdeb/usr/share/doc/loadable-lsm/README.Debian'* | grep -q 'linux-headers-'"
check "loadable-lsm .deb: modules.conf is a conffile" grep -qx /etc/loadable-lsm/modules.conf "$d/tdebctl/conffiles"
check "loadable-lsm .deb: an upgrade never stops the unit (no stop in preinst or prerm upgrade)" \
	bash -c "! grep -qsE 'stop .?loadable-lsm.service' '$d/tdebctl/preinst' '$d/tdebctl/prerm'"
check "loadable-lsm .deb: the unit is installed disabled (no enable link, no enable call)" \
	bash -c "! test -e '$d/tdeb/etc/systemd' && grep -B2 'deb-systemd-helper enable' '$d/tdebctl/postinst' | grep -q was-enabled"

if command -v rpm >/dev/null; then
	rpm -qp --scripts "$rpmf" >"$d/rpm-scripts" 2>/dev/null
	check ".rpm: %post adds, builds and installs with dkms" \
		bash -c "grep -q 'dkms add' '$d/rpm-scripts' && grep -q 'dkms build' '$d/rpm-scripts' && grep -q 'dkms install.*--rpm_safe_upgrade' '$d/rpm-scripts'"
	check ".rpm: %post builds for the running and the newest installed kernel" \
		bash -c "grep -q 'sort -V | tail -n 1' '$d/rpm-scripts' && grep -q 'dkms build .*-k \"\$k\"' '$d/rpm-scripts'"
	check ".rpm: %preun removes on erase only (\$1 = 0)" grep -q '"$1" = 0' "$d/rpm-scripts"
	check ".rpm: Requires dkms and kernel-devel-matched" \
		bash -c "rpm -qp --requires '$rpmf' 2>/dev/null | grep -q '^dkms' && rpm -qp --requires '$rpmf' 2>/dev/null | grep -q 'kernel-devel-matched'"
	check ".rpm: dkms.conf with the version filled in" \
		bash -c "rpm2cpio '$rpmf' | (cd '$d' && mkdir -p rpmx && cd rpmx && cpio -idm --quiet) && grep -qx 'PACKAGE_VERSION=\"$ver\"' '$d/rpmx/usr/src/loadable-lsm-$ver/dkms.conf'"
	check ".rpm: the licence text (COPYING, GPL-2) is the package's %license" \
		bash -c "rpm -qp --licensefiles '$rpmf' 2>/dev/null | grep -q '/COPYING$'"
	check ".rpm: the README and tomoyo_lkm's differences from TOMOYO are %doc" \
		bash -c "rpm -qp --docfiles '$rpmf' 2>/dev/null | grep -q '/README.md$' && rpm -qp --docfiles '$rpmf' 2>/dev/null | grep -q '/DIFFERENCES.md$'"
	rpm -qp --scripts "$trpm" >"$d/trpm-scripts" 2>/dev/null
	check ".rpm: loadable-lsm's scriptlets are the systemd macros' (preset, disable on erase)" \
		bash -c "grep -q 'systemctl --no-reload preset loadable-lsm.service' '$d/trpm-scripts' && grep -q 'disable --now loadable-lsm.service' '$d/trpm-scripts'"
	check ".rpm: loadable-lsm ships unit, loader and a noreplace modules.conf" \
		bash -c "rpm -qp --configfiles '$trpm' 2>/dev/null | grep -qx /etc/loadable-lsm/modules.conf && rpm -qpl '$trpm' 2>/dev/null | grep -q 'systemd/system/loadable-lsm.service'"
fi

# --- one version, and a release tarball that both package formats build from
spec=$top/rpm/loadable-lsm.spec
is "the spec parses on its own and its Version is VERSION's" "$ver" \
	"$(rpmspec -q --qf '%{version}\n' "$spec" 2>&1 | head -n 1)"
is "debian/changelog's top entry is VERSION's" "$ver" \
	"$(cd "$top" && dpkg-parsechangelog -SVersion 2>&1)"
if tarball=$("$top/scripts/make-dist" "$d/rel" 2>"$d/dist.err"); then
	ok "make dist writes ${tarball##*/}"
	check "rpmbuild -ta builds both rpms from the release tarball" bash -c \
		"rpmbuild --define '_topdir $d/rpmta' -ta '$tarball' >'$d/rpmta.log' 2>&1 &&
		test -s '$d/rpmta/RPMS/noarch/loadable-lsm-dkms-$ver-1.noarch.rpm' &&
		test -s '$d/rpmta/RPMS/noarch/loadable-lsm-$ver-1.noarch.rpm' || { tail -n 5 '$d/rpmta.log'; false; }"
	mkdir -p "$d/untar"
	tar -C "$d/untar" -xzf "$tarball"
	check "make packages works in the unpacked tarball (outside git)" bash -c \
		"LLSM_CACHE='$d/cache' '$d/untar/loadable-lsm-$ver/packaging/build-packages' '$d/untar/dist' >'$d/untar.log' 2>&1 &&
		test -s '$d/untar/dist/loadable-lsm-dkms_${ver}_all.deb' || { tail -n 5 '$d/untar.log'; false; }"
else
	not_ok "make dist writes a tarball"
	sed 's/^/# /' "$d/dist.err"
fi

# --- dkms.conf's limits: only directives dkms 3.0.10 knows, and the regex
kre=$(sed -n 's/^BUILD_EXCLUSIVE_KERNEL="\(.*\)"$/\1/p' "$top/dkms.conf")
check "dkms.conf has no BUILD_EXCLUSIVE_KERNEL_MIN/MAX (dkms 3.0.10 ignores them)" \
	bash -c "! grep -q '^BUILD_EXCLUSIVE_KERNEL_M' '$top/dkms.conf'"
for k in 6.1.0-57-amd64 6.12.118+deb13-amd64 7.3.4+deb13-amd64 6.19.2-1-amd64; do
	check "BUILD_EXCLUSIVE_KERNEL accepts $k" bash -c "[[ '$k' =~ $kre ]]"
done
for k in 5.10.0-30-amd64 6.0.12-1-amd64 4.19.0-27-amd64; do
	check "BUILD_EXCLUSIVE_KERNEL refuses $k" bash -c "! [[ '$k' =~ $kre ]]"
done
for c in CONFIG_SECURITY CONFIG_SECURITYFS CONFIG_KPROBES; do
	check "BUILD_EXCLUSIVE_CONFIG requires $c" grep -q "^BUILD_EXCLUSIVE_CONFIG=\".*\\b$c\\b" "$top/dkms.conf"
done

# --- the loader, with stand-ins for modprobe, modinfo and tomoyo-loadpolicy
fake=$d/bin
mkdir -p "$fake" "$d/shimfs"
cat >"$fake/modinfo" <<'FAKE'
#!/bin/bash
# modinfo -k KVER NAME: installed unless listed in $FAKE_MISSING
for a; do m=$a; done
case " $FAKE_MISSING " in *" $m "*) exit 1 ;; esac
exit 0
FAKE
cat >"$fake/modprobe" <<'FAKE'
#!/bin/bash
echo "modprobe $*" >>"$FAKE_LOG"
case " $FAKE_FAIL " in *" $1 "*) echo "modprobe: ERROR: could not insert '$1': ${FAKE_ERR:-Operation not permitted}" >&2; exit 1 ;; esac
[ "$1" = lsm_shim ] && echo lsm_shim >"$LOADABLE_LSM_SHIMFS/lsm"
[ "$1" = tomoyo_lkm ] && mkdir -p "$LOADABLE_LSM_TOMOYOFS"
exit 0
FAKE
cat >"$fake/tomoyo-loadpolicy" <<'FAKE'
#!/bin/bash
echo "tomoyo-loadpolicy $1 $(head -n 1)" >>"$FAKE_LOG"
FAKE
chmod +x "$fake"/*
export LOADABLE_LSM_SHIMFS=$d/shimfs LOADABLE_LSM_TOMOYOFS=$d/tomoyofs FAKE_LOG=$d/fake.log
loader=$top/systemd/loadable-lsm-load
# load CONF: run the loader on CONF with the stand-ins; sets rc and out.
load() {
	printf '%s\n' "$@" >"$d/modules.conf"
	echo 0 >"$d/shimfs/lock"
	rm -rf "$d/tomoyofs"
	[ -z "${BUILTIN_TOMOYO:-}" ] || mkdir "$d/tomoyofs"
	: >"$FAKE_LOG"
	out=$(PATH="$fake:$PATH" "$loader" -c "$d/modules.conf" 2>&1)
	rc=$?
}
out=$("$loader" --bogus 2>&1)
is "loader: an unknown option is named (exit 2)" "2|1" "$?|$(grep -c "unknown option '--bogus'" <<<"$out")"
out=$("$loader" --help 2>&1)
is "loader: --help lists every option and the exit statuses" "0|5|1" \
	"$?|$(grep -cE -- '^  -(c|n|s|h|V), --' <<<"$out")|$(grep -c '^Exit status:' <<<"$out")"
check "loader: --dry-run accepts the shipped modules.conf" "$loader" --dry-run -c "$top/systemd/modules.conf"
load "load lsm_shim lock_after=2" "# a comment" "" "load yama_lkm" "lock yes"
is "loader: loads in file order with parameters, then locks (exit 0)" \
	"0|modprobe lsm_shim lock_after=2,modprobe yama_lkm,|1" "$rc|$(tr '\n' , <"$FAKE_LOG")|$(cat "$d/shimfs/lock")"
FAKE_MISSING="tomoyo_lkm" load "load lsm_shim" "optional tomoyo_lkm" "optional audit_lkm"
is "loader: an optional module that is not installed is skipped with a message" \
	"0|modprobe lsm_shim,modprobe audit_lkm,|1" "$rc|$(tr '\n' , <"$FAKE_LOG")|$(grep -c 'tomoyo_lkm is not installed.*skipped' <<<"$out")"
FAKE_MISSING="yama_lkm" load "load lsm_shim" "load yama_lkm" "load audit_lkm" "lock yes"
is "loader: a missing required module: exit 1, nothing after it, no lock" \
	"1|modprobe lsm_shim,|0" "$rc|$(tr '\n' , <"$FAKE_LOG")|$(cat "$d/shimfs/lock")"
FAKE_FAIL="lsm_shim" load "load lsm_shim"
is "loader: a failing modprobe: exit 1 and modprobe's message" "1|1" "$rc|$(grep -c 'modprobe lsm_shim failed: modprobe: ERROR' <<<"$out")"
FAKE_FAIL=lsm_shim FAKE_ERR="Key was rejected by service" load "load lsm_shim"
is "loader: 'Key was rejected by service' comes with the mokutil steps" "1|1" \
	"$rc|$(grep -c "mokutil --import /var/lib/dkms/mok.pub', reboot" <<<"$out")"
load "load lsm_shim" "lock maybe"
is "loader: a bad line: exit 2 naming file and line" "2|1" "$rc|$(grep -c 'modules.conf:2: .lock. is yes or no' <<<"$out")"
load "loadd lsm_shim"
is "loader: an unknown keyword: exit 2" "2|1" "$rc|$(grep -c "unknown keyword 'loadd'" <<<"$out")"
load "load lsm_shim foo"
is "loader: a parameter that is not NAME=VALUE: exit 2" 2 "$rc"
mkdir -p "$d/pol"
for f in profile manager exception_policy domain_policy stat; do echo "$f-line" >"$d/pol/$f.conf"; done
load "load lsm_shim" "load tomoyo_lkm" "tomoyo_policy $d/pol"
is "loader: TOMOYO's policy goes in with tomoyo-loadpolicy in tomoyo-init's order" \
	"0|modprobe lsm_shim,modprobe tomoyo_lkm,tomoyo-loadpolicy -p profile-line,tomoyo-loadpolicy -m manager-line,tomoyo-loadpolicy -e exception_policy-line,tomoyo-loadpolicy -d domain_policy-line,tomoyo-loadpolicy -s stat-line," \
	"$rc|$(tr '\n' , <"$FAKE_LOG")"
BUILTIN_TOMOYO=1 load "load lsm_shim" "optional tomoyo_lkm" "tomoyo_policy $d/pol" "lock yes"
is "loader: beside the built-in TOMOYO, an optional tomoyo_lkm is skipped with the reason (exit 0)" \
	"0|modprobe lsm_shim,|1|1" "$rc|$(tr '\n' , <"$FAKE_LOG")|$(cat "$d/shimfs/lock")|$(grep -c 'built-in TOMOYO is active.*lsm=' <<<"$out")"
BUILTIN_TOMOYO=1 load "load lsm_shim" "load tomoyo_lkm"
is "loader: beside the built-in TOMOYO, a required tomoyo_lkm fails (exit 1)" "1|1" \
	"$rc|$(grep -c 'tomoyo_lkm cannot load: the built-in TOMOYO is active' <<<"$out")"
rm "$d/pol/profile.conf"
load "load tomoyo_lkm" "tomoyo_policy $d/pol" "lock yes"
is "loader: no profile.conf: exit 4, no lock" "4|0|1" "$rc|$(cat "$d/shimfs/lock")|$(grep -c 'profile.conf is missing' <<<"$out")"
load "load lsm_shim" "lock yes"
echo 1 >"$d/shimfs/lock"
chmod 0444 "$d/shimfs/lock"
out=$(PATH="$fake:$PATH" "$loader" -c "$d/modules.conf" 2>&1)
is "loader: an already locked shim is reported, not an error" "0|1" "$?|$(grep -c 'already locked' <<<"$out")"
chmod 0644 "$d/shimfs/lock"

# --status: the plan against what is loaded (no modules are loaded on the
# host, so a "load" module is reported not loaded, and the exit is 1).
printf '%s\n' "load lsm_shim" "optional nosuch_lkm" "lock yes" >"$d/modules.conf"
echo 0.0.9 >"$d/shimfs/version"
out=$(PATH="$fake:$PATH" FAKE_MISSING=nosuch_lkm "$loader" --status -c "$d/modules.conf" 2>&1)
is "loader: --status shows shim, plan and state; exit 1 when a load module is not loaded" \
	"1|1|1|1|1" "$?|$(grep -c '^lsm_shim: loaded, version 0.0.9, locked' <<<"$out")|$(grep -c '^  load lsm_shim: not loaded$' <<<"$out")|$(grep -c '^  optional nosuch_lkm: not installed' <<<"$out")|$(grep -c '^  lock yes$' <<<"$out")"

# --- the Secure Boot hint, with stand-ins for modinfo and mokutil
hint=$top/packaging/secure-boot-hint
cat >"$fake/modinfo" <<'FAKE'
#!/bin/bash
case "$*" in
*"-F filename"*) echo /lib/modules/k/updates/dkms/lsm_shim.ko ;;
*"-F signer"*) echo "$FAKE_SIGNER" ;;
esac
FAKE
cat >"$fake/mokutil" <<'FAKE'
#!/bin/bash
case "$1" in
--sb-state) echo "SecureBoot $FAKE_SB" ;;
--test-key) echo "$2 is not enrolled" ;;
esac
FAKE
chmod +x "$fake"/*
out=$(FAKE_SIGNER="DKMS module signing key" FAKE_SB=enabled PATH="$fake:$PATH" "$hint" k)
is "hint: Secure Boot on, key not enrolled: the exact mokutil command" "1|1" \
	"$(grep -c 'signed by "DKMS module signing key"' <<<"$out")|$(grep -c '^  mokutil --import /var/lib/dkms/mok.pub' <<<"$out")"
out=$(FAKE_SIGNER="DKMS module signing key" FAKE_SB=disabled PATH="$fake:$PATH" "$hint" k)
is "hint: Secure Boot off: no enrolment text" 0 "$(grep -c mokutil <<<"$out")"
out=$(FAKE_SIGNER="" FAKE_SB=disabled PATH="$fake:$PATH" "$hint" k)
is "hint: unsigned modules: says so and why" 1 "$(grep -c 'modules for k are unsigned: ' <<<"$out")"

finish
