#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host tests of make repo (scripts/make-repo): the signed apt repository
# read by apt through private lists (signature checked, a tampered index or
# another key refused, the .deb fetched is the one built), and the rpm
# repository read by Debian's dnf in an empty install root (metadata
# signature checked, dependencies resolved as far as they can be without
# Fedora's packages) and its rpms' signatures checked by rpm. Needs root
# (host packages).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
ver=$(cat "$top/VERSION")
dist=$d/dist

if "$top/packaging/build-packages" "$dist" >"$d/build.out" 2>&1 &&
	"$top/scripts/make-repo" "$dist" >"$d/repo.out" 2>&1; then
	ok "make packages, then make-repo writes $dist/repo"
else
	not_ok "make packages, then make-repo writes dist/repo"
	tail -n 15 "$d/build.out" "$d/repo.out" | sed 's/^/# /'
fi
repo=$dist/repo
for f in apt/InRelease apt/Release.gpg apt/Packages loadable-lsm.gpg loadable-lsm.asc \
	loadable-lsm.sources loadable-lsm.repo rpm/repodata/repomd.xml rpm/repodata/repomd.xml.asc; do
	check "repo/$f exists" test -s "$repo/$f"
done
check "the .sources snippet: deb822, flat, Signed-By the keyring" grep -qz \
	'Types: deb.*URIs: file://.*/apt.*Suites: \./.*Signed-By: /etc/apt/keyrings/loadable-lsm.gpg' \
	"$repo/loadable-lsm.sources"
check "the .repo snippet: gpgcheck and repo_gpgcheck on, the key's URL" grep -qz \
	'baseurl=file://.*/rpm.*gpgcheck=1.*repo_gpgcheck=1.*gpgkey=file://.*loadable-lsm.asc' \
	"$repo/loadable-lsm.repo"
check "the signing key is kept in the cache, not in the tree" bash -c \
	"! grep -rqs 'PRIVATE KEY' '$repo' && test -d \"\${LLSM_CACHE:-\$HOME/.cache/loadable-lsm}/repo-key\""

# apt, through private lists: the .sources snippet as shipped, with the
# keyring where it says.
aptroot=$d/apt
mkdir -p "$aptroot/lists/partial" "$aptroot/sources.list.d" "$aptroot/keyrings" "$aptroot/archives/partial"
: >"$aptroot/status"
cp "$repo/loadable-lsm.gpg" "$aptroot/keyrings/"
sed "s|/etc/apt/keyrings/|$aptroot/keyrings/|" "$repo/loadable-lsm.sources" \
	>"$aptroot/sources.list.d/loadable-lsm.sources"
apt_() {
	apt-get -o Dir::Etc::sourcelist=/dev/null -o "Dir::Etc::sourceparts=$aptroot/sources.list.d" \
		-o "Dir::State::Lists=$aptroot/lists" -o "Dir::State::status=$aptroot/status" \
		-o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache= \
		-o "Dir::Cache::archives=$aptroot/archives" -o APT::Sandbox::User=root "$@"
}
out=$(apt_ update 2>&1)
if [ $? = 0 ] && ! grep -qE '^(W|E):' <<<"$out"; then
	ok "apt-get update reads the repository, InRelease signature checked (no warning)"
else
	not_ok "apt-get update reads the repository, InRelease signature checked (no warning)"
	sed 's/^/# /' <<<"$out"
fi
check "apt offers loadable-lsm $ver from it" bash -c \
	"$(declare -f apt_); aptroot='$aptroot'; apt_ download --print-uris loadable-lsm loadable-lsm-dkms | grep -c \"_${ver}_all.deb\" | grep -qx 2"
check "apt-get download fetches the .deb built (hash checked by apt)" bash -c \
	"$(declare -f apt_); aptroot='$aptroot'; cd '$d' && apt_ -qq download loadable-lsm && cmp '$d/loadable-lsm_${ver}_all.deb' '$dist/loadable-lsm_${ver}_all.deb'"
# Another key: refused.
GNUPGHOME=$d/other-gpg bash -c "mkdir -m 0700 -p \$GNUPGHOME && gpg --batch -q --passphrase '' \
	--quick-gen-key other ed25519 sign 1d && gpg --batch --export other" >"$aptroot/keyrings/loadable-lsm.gpg" 2>/dev/null
rm -rf "$aptroot/lists"/*_*
out=$(apt_ update 2>&1)
if grep -qE 'NO_PUBKEY|not signed|EXPKEYSIG|is not signed' <<<"$out"; then
	ok "with another key in Signed-By: apt refuses the repository"
else
	not_ok "with another key in Signed-By: apt refuses the repository"
	sed 's/^/# /' <<<"$out"
fi
cp "$repo/loadable-lsm.gpg" "$aptroot/keyrings/"
cp -r "$repo/apt" "$d/apt-good"
echo "Description: tampered" >>"$repo/apt/Packages"
gzip -9nc "$repo/apt/Packages" >"$repo/apt/Packages.gz"
rm -rf "$aptroot/lists"/*_*
out=$(apt_ update 2>&1)
if grep -qiE 'hash sum mismatch|File has unexpected size' <<<"$out"; then
	ok "a tampered Packages index: apt refuses it"
else
	not_ok "a tampered Packages index: apt refuses it"
	sed 's/^/# /' <<<"$out"
fi
rm -rf "$repo/apt" && mv "$d/apt-good" "$repo/apt"

# rpm: the packages' signatures, with the key in an empty rpm database.
mkdir -p "$d/rpmdb"
rpm --dbpath "$d/rpmdb" --import "$repo/loadable-lsm.asc" >/dev/null 2>&1
for f in "$repo"/rpm/*.rpm; do
	check "rpm -K ${f##*/}: digests and signature OK" bash -c \
		"rpm --dbpath '$d/rpmdb' -K '$f' | grep -q 'digests signatures OK'"
done
check "repomd.xml's signature verifies with the published key" bash -c \
	"gpg --dearmor <'$repo/loadable-lsm.asc' >'$d/k.gpg' && gpgv --keyring '$d/k.gpg' '$repo/rpm/repodata/repomd.xml.asc' '$repo/rpm/repodata/repomd.xml'"

# dnf (Debian's), in an empty install root, with the .repo snippet's checks.
if ! command -v dnf >/dev/null; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends dnf >/dev/null 2>&1
fi
dnf_() {
	dnf -q -y --installroot="$d/dnfroot" --setopt=reposdir="$d/none" --setopt=cachedir="$d/dnfcache" \
		--releasever=1 --repofrompath="llsm,file://$1" --setopt=llsm.gpgcheck=1 \
		--setopt=llsm.repo_gpgcheck=1 --setopt="llsm.gpgkey=file://$repo/loadable-lsm.asc" "${@:2}"
}
out=$(dnf_ "$repo/rpm" repoquery --requires loadable-lsm-dkms 2>&1)
if grep -qx 'dkms >= 3.0' <<<"$out" && grep -qx '(kernel-devel-matched if kernel-core)' <<<"$out"; then
	ok "dnf reads the signed metadata and the rich dependencies of loadable-lsm-dkms"
else
	not_ok "dnf reads the signed metadata and the rich dependencies of loadable-lsm-dkms"
	sed 's/^/# /' <<<"$out"
fi
out=$(dnf_ "$repo/rpm" repoquery --requires loadable-lsm 2>&1)
if grep -q "^loadable-lsm-dkms = $ver-1" <<<"$out"; then
	ok "dnf: loadable-lsm requires loadable-lsm-dkms = $ver-1"
else
	not_ok "dnf: loadable-lsm requires loadable-lsm-dkms = $ver-1"
	sed 's/^/# /' <<<"$out"
fi
# Without Fedora's repositories the install cannot resolve dkms, kmod,
# systemd, ...: dnf must get that far (metadata and signatures accepted)
# and stop at exactly that.
out=$(dnf_ "$repo/rpm" install --downloadonly loadable-lsm 2>&1)
if grep -q 'nothing provides' <<<"$out" && ! grep -qiE 'gpg|signature|checksum' <<<"$out"; then
	ok "dnf install --downloadonly resolves up to Fedora's own packages (nothing provides ...), no signature error"
else
	not_ok "dnf install --downloadonly resolves up to Fedora's own packages, no signature error"
fi
sed 's/^/# dnf: /' <<<"$out" | head -n 6
cp -r "$repo/rpm" "$d/rpm-tampered"
sed -i 's/<revision>/<revision>9/' "$d/rpm-tampered/repodata/repomd.xml"
rm -rf "$d/dnfcache"
out=$(dnf_ "$d/rpm-tampered" repoquery --requires loadable-lsm 2>&1)
if grep -qiE 'gpg|signature' <<<"$out" && ! grep -q "^loadable-lsm-dkms" <<<"$out"; then
	ok "dnf refuses metadata whose signature does not match (repo_gpgcheck)"
else
	not_ok "dnf refuses metadata whose signature does not match (repo_gpgcheck)"
	sed 's/^/# /' <<<"$out"
fi

finish
