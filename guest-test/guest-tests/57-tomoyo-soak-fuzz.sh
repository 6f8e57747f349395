#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# tomoyo_lkm's soak, writer fuzzing and privilege tests, in the boot
# without the built-in TOMOYO that 45-tomoyo-lkm.sh uses.
#
# Soak: tomoyo_lkm, yama_lkm and test client A load and unload in random
# orders under loadgen (as 55-soak.sh); state counts back to baseline.
# Fuzz: fuzzw feeds domain_policy, exception_policy, profile, stat,
# query, .process_status and manager generated malformed input; a write
# refused before a whole line was taken changes none of the policy files,
# manager or stat; no answer to an absent question is taken (fuzzw.c).
# Privilege: uid 1000 (through a descriptor root opened) gets no line
# into any of them, and cannot open the 0600 files itself.
#
# LLSM_SOAK_CYCLES (default 20 here, 1,000 under make soak) and
# LLSM_FUZZ_WRITES (default 10,000, 100,000 under make soak) as in
# 55-soak.sh and 56-fuzz-writers.sh.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

if [ "${LLSM_CLIENT_CYCLES:-50}" -ge 200 ]; then
	cycles=${LLSM_SOAK_CYCLES:-1000}
	writes=${LLSM_FUZZ_WRITES:-100000}
else
	cycles=${LLSM_TOMOYO_SOAK_CYCLES:-20}
	writes=${LLSM_FUZZ_WRITES:-10000}
fi
uwrites=$((writes / 20))
t_start=$(now_s)
tfs=/sys/kernel/security/tomoyo
seeds=$LLSM_WORK/tomoyo-seeds
mkdir -p "$seeds"

clients=(tomoyo_lkm yama_lkm llsm_test_a)
soak_load() {
	case $1 in
	llsm_test_a) client_load a ;;
	*) llsm_load "$1" ;;
	esac
}
loaded lsm_shim || llsm_load lsm_shim
for m in "${clients[@]}"; do
	loaded "$m" && rmmod "$m"
done

# Soak.
base_objects=$(paste -sd' ' "$SHIMFS/objects")
load_start tsoak-load "$(nproc)" 3000
fails=0
for c in $(seq "$cycles"); do
	for m in $(shuf -e "${clients[@]}"); do
		soak_load "$m" || { fails=$((fails + 1)); tap_diag "cycle $c: load of $m failed"; }
	done
	[ -d "$tfs" ] || fails=$((fails + 1))
	for m in $(shuf -e "${clients[@]}"); do
		rmmod "$m" || { fails=$((fails + 1)); tap_diag "cycle $c: rmmod $m failed"; }
	done
done
load_stop
tap_is "$cycles soak cycles with tomoyo_lkm: every load and unload succeeded" 0 "$fails"
tap_is "the load saw no failure" 0 "$LOAD_RC"
tap_diag "$(load_output)"
tap_is "no client left and no hook attached" "|" "$(cat "$SHIMFS/lsm")|$(cat "$SHIMFS/hooks")"
tap_is "shim state counts back to baseline" "$base_objects" "$(paste -sd' ' "$SHIMFS/objects")"
phase_time tomoyo-soak "$(since "$t_start")"
tap_diag "tomoyo soak: $cycles cycles in $(since "$t_start")s"

# Fuzz and privilege, on a freshly loaded tomoyo_lkm.
t=$(now_s)
llsm_load tomoyo_lkm
printf '%s\n' "<kernel> /usr/bin/llsm-fuzz" "file read /etc/hostname" \
	"file write /tmp/\\*" "file execute /bin/true exec.argc=1" \
	"network inet stream connect 127.0.0.1 80" "misc env PATH" \
	"task manual_domain_transition <kernel> /x" "select <kernel>" \
	"delete file read /etc/hostname" "file ioctl /dev/null 0x5401" \
	"file mkdir /tmp/\\*/ 0755" "file read @group" "use_group 0" \
	"file read /tmp/\\{\\*\\}/\\@\\$" "select pid=1" >"$seeds/domain_policy"
printf '%s\n' "initialize_domain /sbin/modprobe from any" \
	"path_group G /tmp/\\*" "number_group N 0-10" \
	"address_group A 127.0.0.1-127.0.0.9" "keep_domain any from <kernel> /x" \
	"aggregator /usr/bin/\\* /usr/bin/any" "acl_group 0 file read /etc/hostname" \
	"deny_autobind 0-1023" "no_initialize_domain /bin/x from any" \
	"reset_domain /x from any" "delete path_group G /tmp/\\*" >"$seeds/exception_policy"
printf '%s\n' "PROFILE_VERSION=20150505" "1-COMMENT=test" \
	"1-CONFIG={ mode=disabled grant_log=no reject_log=yes }" \
	"1-CONFIG::file::read={ mode=disabled }" \
	"1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }" \
	"0-COMMENT=-----Disabled Mode-----" >"$seeds/profile"
printf '%s\n' "Memory used by audit log: 1000" "Memory used by query message: 500" \
	"Memory used by policy: 0" "# comment" >"$seeds/stat"
printf '%s\n' A1=1 A0=3 A4294967295=2 Q1-0 >"$seeds/query"
printf '%s\n' 1 "global-pid 1" 0 -1 99999 "$$" >"$seeds/process"
printf '%s\n' /usr/sbin/tomoyo-editpolicy "<kernel>" "delete /usr/sbin/x" \
	"/tmp/llsm/bin/\\*" "<kernel> /usr/sbin/tomoyo-queryd" >"$seeds/manager"
# A fuzzed "reset_domain" line (from the seed "reset_domain /x from any",
# say with "aggregator /usr/bin/\* /usr/bin/any") sends every later exec
# into a namespace no profile is defined in, which TOMOYO refuses: then
# nothing in this boot can exec, not even the reset below (seen once, in
# a run where the fuzzer made such a line). "no_reset_domain any from
# any" comes first in TOMOYO's transition order and keeps every exec in
# its namespace; the fuzzed lines are still parsed and stored.
guard="no_reset_domain any from any"
# A reload empties the policy when the fuzzed one has grown (fuzzw -x).
cat >"$LLSM_WORK/tomoyo-reset.sh" <<EOF
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
rmmod tomoyo_lkm && llsm_load tomoyo_lkm || exit 1
echo "$guard" >/sys/kernel/security/tomoyo/exception_policy || exit 1
[ "\${1:-}" = manager ] && echo "\$LLSM_BIN/fuzzw" >/sys/kernel/security/tomoyo/manager
exit 0
EOF
echo "$guard" >"$tfs/exception_policy"
reset=(-x "bash $LLSM_WORK/tomoyo-reset.sh")
state=()
for f in domain_policy exception_policy profile manager stat; do
	state+=(-S "$tfs/$f")
done

for f in domain_policy exception_policy profile stat; do
	fuzz "tomoyo $f: $writes writes, a refused one changes nothing" \
		-n "$writes" -f "$seeds/$f" "${state[@]}" "${reset[@]}" tomoyo "$tfs/$f"
done
fuzz "tomoyo query: no answer to an absent question is taken ($writes writes)" \
	-n "$writes" -f "$seeds/query" "${state[@]}" query "$tfs/query"
fuzz "tomoyo .process_status: reads back empty or 'PID PROFILE DOMAIN' ($writes writes)" \
	-n "$writes" -f "$seeds/process" "${state[@]}" process "$tfs/.process_status"
for f in domain_policy exception_policy profile stat query manager; do
	fuzz "tomoyo $f: uid 1000 gets no line in ($uwrites writes)" \
		-u -n "$uwrites" -f "$seeds/${f}" "${state[@]}" tomoyo "$tfs/$f"
done
for f in domain_policy exception_policy profile manager query .process_status audit; do
	if setpriv --reuid=1000 --regid=1000 --clear-groups cat "$tfs/$f" >/dev/null 2>&1; then
		tap_not_ok "uid 1000 cannot open $f (it discloses or changes policy)"
	else
		tap_ok "uid 1000 cannot open $f (it discloses or changes policy)"
	fi
done
# The manager file last: once it lists anyone, only they may write.
# fuzzw lists itself first so that it stays a manager.
echo "$LLSM_BIN/fuzzw" >"$tfs/manager"
fuzz "tomoyo manager: $writes writes, a refused one changes nothing" \
	-n "$writes" -f "$seeds/manager" "${state[@]}" \
	-x "bash $LLSM_WORK/tomoyo-reset.sh manager" tomoyo "$tfs/manager"
tap_run "tomoyo_lkm unloads after the fuzzing" rmmod tomoyo_lkm
rmmod lsm_shim
phase_time tomoyo-fuzz "$(since "$t")"
tap_diag "57-tomoyo-soak-fuzz.sh: $cycles soak cycles, $writes writes per file, $(since "$t_start")s"
tap_end
