#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test of prune_superseded (guest-test/host-lib/common.sh): a new image
# of a series removes that series' older images and nothing else, not the
# images of a series whose name starts with it (6.12-rt, 6.12-selinux).
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"
# shellcheck source=../../guest-test/host-lib/common.sh
. "$top/guest-test/host-lib/common.sh"

i=$d/images
mkdir -p "$i/6.12-0123456789abcdef" "$i/6.12-fedcba9876543210" \
	"$i/6.12-rt-0123456789abcdef" "$i/6.12-selinux-0123456789abcdef" \
	"$i/6.1-0123456789abcdef" "$i/6.12-notakey"
prune_superseded "$i" 6.12 "$i/6.12-fedcba9876543210"
is "the older 6.12 image is gone, the new one stays" "6.12-fedcba9876543210" \
	"$(cd "$i" && printf '%s\n' 6.12-[0-9a-f]*)"
check "6.12-rt's image stays" test -d "$i/6.12-rt-0123456789abcdef"
check "6.12-selinux's image stays" test -d "$i/6.12-selinux-0123456789abcdef"
check "6.1's image stays" test -d "$i/6.1-0123456789abcdef"
check "a directory that is not SERIES-KEY stays" test -d "$i/6.12-notakey"
prune_superseded "$i" 6.12-rt "$i/6.12-rt-1111111111111111"
fails "a 6.12-rt build removes 6.12-rt's older image" test -d "$i/6.12-rt-0123456789abcdef"
check "and not 6.12's" test -d "$i/6.12-fedcba9876543210"

# An image a running guest holds (image_hold) is not removed; once free,
# the next prune removes it.
mkdir -p "$i/6.1-1111111111111111" "$i/6.1-2222222222222222"
(image_hold "$i/6.1-0123456789abcdef" && sleep 5) &
holder=$!
sleep 1
prune_superseded "$i" 6.1 "$i/6.1-2222222222222222" 2>/dev/null
check "a held 6.1 image stays" test -d "$i/6.1-0123456789abcdef"
fails "an unheld superseded 6.1 image goes" test -d "$i/6.1-1111111111111111"
kill "$holder" 2>/dev/null
wait "$holder" 2>/dev/null
sleep 0.5
prune_superseded "$i" 6.1 "$i/6.1-2222222222222222"
fails "once free, the next prune removes it" test -d "$i/6.1-0123456789abcdef"
finish
