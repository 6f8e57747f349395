#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-smoke: yes
# Refusal: a shim built for another kernel does not load and changes
# nothing. The guest only has its own kernel's headers, so "another
# kernel" is made from this kernel's lsm_shim.ko: with another kernel's
# version magic options; without symbol versions (7.x), with another
# release; with symbol versions (6.1, 6.12), with another kernel's CRC for
# one of the symbols it imports (what a shim built on another series
# carries: the kernel refuses it on the CRC and ignores the release in the
# version magic when symbols are versioned). Each
# insmod must fail with the kernel's own message, leave lsm_shim unloaded,
# its securityfs directory absent, the LSM list and the taint mask as they
# were. (A wrong hook table symbol is 10-shim.sh's hook_table=jiffies.)
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

work=$LLSM_WORK/foreign
rm -rf "$work"
mkdir -p "$work"
loaded lsm_shim && rmmod lsm_shim
if [ -n "${LLSM_KO_DIR:-}" ]; then
	ko=$(ls "$LLSM_KO_DIR"/lsm_shim.ko* | head -n 1)
else
	ko=$(modinfo -n lsm_shim)
fi
case $ko in
*.xz) xz -dc "$ko" >"$work/orig.ko" ;;
*.zst) zstd -qdc "$ko" >"$work/orig.ko" ;;
*.gz) gzip -dc "$ko" >"$work/orig.ko" ;;
*) cp "$ko" "$work/orig.ko" ;;
esac
cp "$work/orig.ko" "$work/lsm_shim.ko"
cp "$work/orig.ko" "$work/crc.ko"
lsms=$(cat /sys/kernel/security/lsm)
taint=$(cat /proc/sys/kernel/tainted)

# refused NAME FILE PATTERN: insmod FILE fails, dmesg matches PATTERN, and
# nothing changed.
refused() {
	local name=$1 file=$2 pattern=$3 out log
	dmesg_mark "refusal-$name"
	if out=$(insmod "$file" 2>&1); then
		tap_not_ok "$name: insmod is refused"
		rmmod lsm_shim
	else
		tap_ok "$name: insmod is refused ($out)"
	fi
	log=$(dmesg_since "refusal-$name" | grep -v llsm-test-mark)
	if grep -qF "$pattern" <<<"$log"; then
		tap_ok "$name: the kernel says why"
	else
		tap_not_ok "$name: the kernel says why"
	fi
	tap_diag "$log"
	tap_is "$name: nothing changed (module, securityfs, LSM list, taint)" \
		"no no $lsms $taint" \
		"$(loaded lsm_shim && echo yes || echo no) $([ -e "$SHIMFS" ] && echo yes || echo no) $(cat /sys/kernel/security/lsm) $(cat /proc/sys/kernel/tainted)"
}

# Another kernel's version magic. With symbol versions the kernel compares
# only the options after the release (the CRCs speak for the release), so
# the copy names an option set this kernel was not built with.
magic=$(modinfo -F vermagic "$work/orig.ko")
other=${magic/mod_unload/mod_unlo_d}
if [ "$other" != "$magic" ] &&
	perl -0777 -pi -e "s/vermagic=\\Q$magic\\E/vermagic=$other/" "$work/lsm_shim.ko" &&
	[ "$(modinfo -F vermagic "$work/lsm_shim.ko")" = "$other" ]; then
	refused "version magic '$other'" "$work/lsm_shim.ko" "version magic '$other"
else
	tap_not_ok "a copy of lsm_shim.ko with version magic '$other'"
fi

# Without symbol versions (7.x) the release itself must match: another
# kernel's release, its first digit changed.
rel=$(uname -r)
if [ "${magic/modversions/}" = "$magic" ]; then
	other_rel=$(( ${rel%%.*} == 9 ? 8 : ${rel%%.*} + 1 ))${rel#"${rel%%.*}"}
	cp "$work/orig.ko" "$work/release.ko"
	if perl -0777 -pi -e "s/vermagic=\\Q$rel\\E /vermagic=$other_rel /" "$work/release.ko" &&
		[ "$(modinfo -F vermagic "$work/release.ko" | cut -d' ' -f1)" = "$other_rel" ]; then
		refused "release $other_rel" "$work/release.ko" "version magic '$other_rel "
	else
		tap_not_ok "a copy of lsm_shim.ko built for release $other_rel"
	fi
fi

# Another kernel's CRC for the first imported symbol.
sect=""
for s in __versions __version_ext_crcs; do
	objcopy -O binary --only-section="$s" "$work/crc.ko" "$work/sect.bin" 2>/dev/null &&
		[ -s "$work/sect.bin" ] && sect=$s && break
done
if [ -n "$sect" ]; then
	# The CRC is the entry's first 4 bytes (little endian); invert them.
	perl -0777 -pi -e 'substr($_, 0, 4) = ~substr($_, 0, 4)' "$work/sect.bin"
	if objcopy --update-section "$sect=$work/sect.bin" "$work/crc.ko" 2>"$work/objcopy.err"; then
		refused "symbol CRC of another kernel ($sect)" "$work/crc.ko" \
			"disagrees about version of symbol"
	else
		tap_not_ok "a copy of lsm_shim.ko with one symbol CRC changed"
		tap_diag "$(cat "$work/objcopy.err")"
	fi
else
	tap_ok "a copy of lsm_shim.ko with one symbol CRC changed # SKIP no symbol versions in this kernel's modules"
fi
rm -rf "$work"
tap_end
