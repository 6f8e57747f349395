#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test: the packages build and lint clean with Debian 13 (trixie)'s
# tools too, whose debhelper puts units in /usr/lib and whose lintian and
# rpmlint are stricter than bookworm's. Runs packaging/build-packages
# --suite trixie (a cached root made by packaging/build-root; building it
# takes a few minutes once). Needs root, like the guest tests.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
ver=$(cat "$top/VERSION")

t0=$(date +%s)
if "$top/packaging/build-packages" --suite trixie --lint "$d/dist" >"$d/build.out" 2>&1; then
	ok "make packages with trixie's tools ($(($(date +%s) - t0)) s, the root included)"
else
	not_ok "make packages with trixie's tools"
	sed 's/^/# /' "$d/build.out" | tail -n 20
fi
if dpkg-deb -c "$d/dist/loadable-lsm_${ver}_all.deb" 2>/dev/null |
	grep -q ' \./usr/lib/systemd/system/loadable-lsm\.service$'; then
	ok "trixie's debhelper puts the unit in /usr/lib/systemd/system"
else
	not_ok "trixie's debhelper puts the unit in /usr/lib/systemd/system"
	dpkg-deb -c "$d/dist/loadable-lsm_${ver}_all.deb" 2>&1 | grep -e service -e '^dpkg' | sed 's/^/# /'
fi
if [ -s "$d/dist/lintian.txt" ] && ! grep -q '^[EW]: ' "$d/dist/lintian.txt"; then
	ok "trixie's lintian (binary and source): no errors, no warnings"
else
	not_ok "trixie's lintian (binary and source): no errors, no warnings"
	grep '^[EW]: ' "$d/dist/lintian.txt" 2>/dev/null | sed 's/^/# /' | head -n 20
fi
grep '^[EWI]: ' "$d/dist/lintian.txt" 2>/dev/null | sed 's/^/# lintian: /'
# Each warning rpmlint may give is filtered with its reason in
# rpm/loadable-lsm*.rpmlintrc: a new one fails here.
if grep -q ' 0 errors, 0 warnings' "$d/dist/rpmlint.txt" 2>/dev/null; then
	ok "trixie's rpmlint: no errors, no warnings (the filtered ones have their reasons in rpm/)"
else
	not_ok "trixie's rpmlint: no errors, no warnings"
	grep ': [EW]: ' "$d/dist/rpmlint.txt" 2>/dev/null | sed 's/^/# /' | head -n 20
fi
finish
