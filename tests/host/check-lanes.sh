#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Host test of guest-test/check's two lanes (LLSM_LANES=2, make
# check-debug): the later boots start once boot 1 has handed out its
# modules and run beside it; boot 1 is still reported, with its own
# verdict; without LLSM_LANES the boots follow one another. A copy of the
# harness with fake build-image, build-modules and run stands in for
# guests: each fake boot logs when it starts and ends.
# shellcheck source=../lib/tap.sh source-path=SCRIPTDIR
. "$(dirname "$0")/../lib/tap.sh"

t=$d/top
mkdir -p "$t" "$d/cache"
cp -r "$top/guest-test" "$top/scripts" "$top/systemd" "$top/modules" "$top/VERSION" "$top/dkms.conf" "$t/"

img=$d/image
mkdir -p "$img/rootfs/boot"
printf 'SERIES=6.12\nKERNEL_ABI=6.12.0-fake\nKERNEL_VERSION=6.12.0-1\n' >"$img/series.env"
touch "$img/ready"
echo CONFIG_NET_9P=y >"$img/rootfs/boot/config-6.12.0-fake"

cat >"$t/guest-test/build-image" <<EOF
#!/bin/bash
echo "$img"
EOF
cat >"$t/guest-test/build-modules" <<'EOF'
#!/bin/bash
mkdir -p "$LLSM_CACHE/build/6.12/src/testmods"
touch "$LLSM_CACHE/build/6.12/src/testmods/llsm_test_a.ko"
EOF
# The fake run: boot 1 (the job without LLSM_KO_DIR) hands out its modules
# after a second and ends eight seconds later ($FAKE_BOOT1_RC its status);
# a later boot takes half a second; the WARN self-test fails on the
# scanner's word as a real one does.
cat >"$t/guest-test/run" <<'EOF'
#!/bin/bash
dir=${*: -1}
name=$(basename "$dir")
rm -rf "$dir/out"
mkdir -p "$dir/out"
echo "start $name $(date +%s.%N)" >>"$FAKE_DIR/boots.log"
echo 6.12.0-fake >"$dir/out/kernel"
echo 0 >"$dir/out/tainted"
echo 0 >"$dir/out/rc"
echo 1 >"$dir/out/boot-seconds"
rc=0
if grep -q warn "$dir/job.sh"; then
	echo 'WARNING: CPU: 0 at llsm_selftest_warn' >"$dir/out/kernel-problems.txt"
	echo 'taint: W' >>"$dir/out/kernel-problems.txt"
	rc=1
elif ! grep -q LLSM_KO_DIR "$dir/env.sh"; then
	sleep 1
	mkdir -p "$dir/out/ko"
	touch "$dir/out/ko/lsm_shim.ko" "$dir/out/llsm_selftest_warn.ko" "$dir/out/ko-ready"
	# Long enough for every later boot, check's own work between them
	# included, on a host whose cores two guests keep busy (8 s was not).
	sleep 20
	rc=${FAKE_BOOT1_RC:-0}
else
	sleep 0.5
fi
echo "ok 1 - $name ran" >"$dir/out/job.log"
echo "end $name $(date +%s.%N)" >>"$FAKE_DIR/boots.log"
exit $rc
EOF
chmod 755 "$t/guest-test/build-image" "$t/guest-test/build-modules" "$t/guest-test/run"

# fake_check [ENV...]: check on series 6.12 with the fakes; output in out.
fake_check() {
	rm -rf "$d/boots.log" "$d/cache/work"
	env "$@" FAKE_DIR="$d" LLSM_CACHE="$d/cache" LLSM_QEMU=host LLSM_KDEBUG="" \
		"$t/guest-test/check" 6.12 >"$d/out" 2>"$d/err"
}
# when EVENT NAME: the time the fake log gives for it.
when() {
	awk -v e="$1" -v n="$2" '$1 == e && $2 == n { print $3 }' "$d/boots.log"
}
# before A B: time A is earlier than time B.
before() {
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a < b) }'
}
boots() {
	grep -c '^start check' "$d/boots.log"
}

fake_check LLSM_LANES=2
rc=$?
out=$(cat "$d/out" "$d/err")
is "two lanes: check passes" 0 "$rc"
want=$(boots)
check "two lanes: more than one boot after boot 1" test "$want" -gt 2
check "two lanes: boot 2 starts after boot 1 handed out its modules" \
	before "$(when start check)" "$(when start check2)"
check "two lanes: boot 2 starts before boot 1 ends" before "$(when start check2)" "$(when end check)"
check "two lanes: the last boot ends before boot 1 ends" \
	before "$(when end "check$want")" "$(when end check)"
check "two lanes: boot 1's TAP is relayed" grep -q '^ok [0-9]* - 6.12: check ran' "$d/out"
check "two lanes: boot 1's verdict is reported" grep -q '^ok [0-9]* - 6.12: guest run passed' "$d/out"
check "two lanes: the WARN self-test still fails its run" \
	grep -q '^ok [0-9]* - 6.12: a run whose kernel WARNs fails' "$d/out"
tap_plan=$(grep -c '^\(not \)\{0,1\}ok ' "$d/out")
is "two lanes: the TAP numbers run 1 to N" "$tap_plan" \
	"$(grep '^\(not \)\{0,1\}ok ' "$d/out" | tail -n 1 | sed 's/^\(not \)\{0,1\}ok \([0-9]*\).*/\2/')"

fake_check LLSM_LANES=2 FAKE_BOOT1_RC=1
rc=$?
is "two lanes, boot 1 fails: check fails" 1 "$rc"
check "two lanes, boot 1 fails: its verdict says so" grep -q '^not ok [0-9]* - 6.12: guest run passed' "$d/out"

fake_check
rc=$?
is "one lane: check passes" 0 "$rc"
is "one lane: as many boots" "$want" "$(boots)"
check "one lane: boot 2 starts after boot 1 ends" before "$(when end check)" "$(when start check2)"
finish
