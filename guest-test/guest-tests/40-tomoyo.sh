#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# tomoyo_lkm: a loadable TOMOYO 2.6 driven by Debian's tomoyo-tools.
# With the built-in TOMOYO active (default boot) the module must refuse to
# load and change nothing. Booted without it (lsm= list without tomoyo):
# securityfs interface, tomoyo-tools round trip, pstree, setprofile,
# editpolicy (readonly, under a pseudo-terminal), auditd, learning ->
# enforcing -> permissive on a service-like workload, malformed lines,
# the manager rule, rmmod, and load/policy/workload/unload cycles.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh
. /mnt/host/guest-lib/queryd.sh

TFS=/sys/kernel/security/tomoyo
W=/tmp/tlkm
PORT=7001
cycle_seconds=${TLKM_CYCLE_SECONDS:-300}
cycle_max=${TLKM_CYCLES:-100}
rm -rf "$W"
mkdir -p "$W/pol" "$W/save"

loaded lsm_shim || llsm_load lsm_shim || {
	tap_not_ok "lsm_shim loads"
	tap_end
}

# ---- Item 4: a default boot, the built-in TOMOYO owns the directory. ----
if [ -d "$TFS" ]; then
	tap_diag "built-in TOMOYO active ($(cat /sys/kernel/security/lsm))"
	before=$(stat -c '%n %a %i' "$TFS"/* | md5sum; cat "$TFS/version")
	lsm_before=$(cat "$SHIMFS/lsm")
	dmesg_mark refuse
	if llsm_load tomoyo_lkm 2>"$W/err" || loaded tomoyo_lkm; then
		tap_not_ok "tomoyo_lkm refuses to load beside the built-in TOMOYO"
	else
		tap_ok "tomoyo_lkm refuses to load beside the built-in TOMOYO"
	fi
	tap_diag "insmod: $(cat "$W/err")"
	log=$(dmesg_since refuse | grep tomoyo_lkm)
	if grep -q 'built-in TOMOYO is active' <<<"$log" && grep -q 'lsm=' <<<"$log"; then
		tap_ok "the refusal says why and how to proceed"
	else
		tap_not_ok "the refusal says why and how to proceed"
	fi
	tap_diag "$log"
	tap_is "the built-in TOMOYO's directory is unchanged" "$before" \
		"$(stat -c '%n %a %i' "$TFS"/* | md5sum; cat "$TFS/version")"
	tap_is "no client registered with the shim" "$lsm_before" "$(cat "$SHIMFS/lsm")"
	tap_end
fi

tools_ok=1
[ -x /usr/sbin/tomoyo-loadpolicy ] || tools_ok=0
tap_is "tomoyo-tools installed in this guest" 1 "$tools_ok"

# ---- Item 2 setup: activation, files and modes. ----
cred_base=$(objects cred)
tap_run "tomoyo_lkm loads (activation)" llsm_load tomoyo_lkm
modes=$(cd "$TFS" && stat -c '%n %a' .process_status audit domain_policy \
	exception_policy manager profile query self_domain stat version | paste -sd' ')
tap_is "securityfs files and modes as tomoyo-tools expect" \
	".process_status 600 audit 400 domain_policy 600 exception_policy 600 manager 600 profile 600 query 600 self_domain 666 stat 644 version 400" \
	"$modes"
tap_is "version is 2.6.0" "2.6.0" "$(cat "$TFS/version")"
tap_is "a process from before the load is in <kernel>" "<kernel>" \
	"$(echo $$ >"$W/pid"; exec 3<>"$TFS/.process_status"; echo $$ >&3; read -r _ _ d <&3; echo "$d")"
tap_is "an exec after the load enters a child domain" "<kernel> /usr/bin/cat" \
	"$(/usr/bin/cat "$TFS/self_domain")"
# execveat()/fexecve() as systemd runs systemd-executor: the program is
# named /proc/self/fd/N. As the kernel's own TOMOYO: since 6.14 the domain
# takes the file's own name; before, it is named "proc:/self/fd/N".
if [ "$(uname -r | awk -F'[.-]' '{ print $1 * 1000 + $2 }')" -ge 6014 ]; then
	tap_is "an exec through /proc/self/fd/N enters the file's own domain (6.14+)" \
		"<kernel> /usr/bin/cat" \
		"$(exec 9</usr/bin/cat; /proc/self/fd/9 "$TFS/self_domain")"
else
	tap_is "an exec through /proc/self/fd/N enters <kernel> proc:/self/fd/N (before 6.14)" \
		"<kernel> proc:/self/fd/9" \
		"$(exec 9</usr/bin/cat; /proc/self/fd/9 "$TFS/self_domain")"
fi

# ---- Item 5 (part 1): malformed lines, before the manager list is set. ----
exc_before=$(cat "$TFS/exception_policy")
# block NAME: the lines of one domain in domain_policy.
block() {
	awk -v d="$1" '$0 == d { p = 1; next } /^</ { p = 0 } p' "$TFS/domain_policy"
}
dom_before=$(block '<kernel>')
# refused FILE LINE [PREFIX]: write PREFIX and LINE to FILE in one write().
# As with the built-in TOMOYO the write takes the whole buffer; tomoyo_lkm
# also names the refused line in dmesg.
refused() {
	local mark=refused$RANDOM
	dmesg_mark "$mark"
	printf '%s%s\n' "${3:-}" "$2" >"$TFS/$1" || return 1
	dmesg_since "$mark" | grep -F "tomoyo_lkm: refused line '$2'"
}
for line in 'file read' 'path_group' \
	'aggregator /a' 'allow_read /etc/passwd' 'keep_domain any from' \
	'number_group N 5-3' 'acl_group 256 file read /x'; do
	tap_run "malformed exception line refused and logged: $line" \
		refused exception_policy "$line"
done
for line in 'file reed /tmp/x' 'use_profile 300' 'file read /tmp/\q' \
	'network inet stream send 127.0.0.1 80' 'file read/create /tmp/x 0644'; do
	tap_run "malformed domain line refused and logged: $line" \
		refused domain_policy "$line" '<kernel>
'
done
tap_run "malformed profile line refused and logged" \
	refused profile '0-CONFIG={ mode=enforce }'
tap_is "exception policy unchanged by refused lines" "$exc_before" "$(cat "$TFS/exception_policy")"
tap_is "domain policy unchanged by refused lines" "$dom_before" \
	"$(block '<kernel>')"
tap_diag "$(dmesg | grep 'tomoyo_lkm: refused line' | tail -n 3)"

# ---- Item 1: tomoyo-loadpolicy / tomoyo-savepolicy round trip. ----
# The profiles in full, as TOMOYO reads them back (and savepolicy saves).
cat >"$W/pol/profile.conf" <<'POL'
PROFILE_VERSION=20150505
0-COMMENT=-----Disabled Mode-----
0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
0-CONFIG={ mode=disabled grant_log=no reject_log=yes }
1-COMMENT=-----Learning Mode-----
1-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
1-CONFIG={ mode=learning grant_log=no reject_log=yes }
2-COMMENT=-----Permissive Mode-----
2-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
2-CONFIG={ mode=permissive grant_log=no reject_log=yes }
3-COMMENT=-----Enforcing Mode-----
3-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }
POL
cat >"$W/pol/exception_policy.conf" <<'POL'
initialize_domain /sbin/modprobe from any
initialize_domain /sbin/hotplug from any
initialize_domain /usr/sbin/tomoyo-loadpolicy from any
keep_domain any from <kernel> /usr/sbin/sshd
aggregator /usr/bin/gawk /usr/bin/awk
path_group TMPFILES /tmp/\*
number_group LOWPORTS 0-1023
address_group LOCAL 127.0.0.0-127.255.255.255
acl_group 0 file read proc:/meminfo
POL
cat >"$W/pol/domain_policy.conf" <<'POL'
<kernel> /tmp/tlkm/service.sh
use_profile 1
use_group 0

<kernel> /tmp/tlkm/policy-only
use_profile 0
use_group 0

file read /etc/hostname
file read/write @TMPFILES
network inet stream connect @LOCAL 7001
misc env PATH

POL
cat >"$W/pol/manager.conf" <<'POL'
/usr/sbin/tomoyo-loadpolicy
/usr/sbin/tomoyo-editpolicy
/usr/sbin/tomoyo-setprofile
/usr/sbin/tomoyo-setlevel
/usr/sbin/tomoyo-queryd
POL
tap_run "tomoyo-loadpolicy -p loads the profiles" tomoyo-loadpolicy -p <"$W/pol/profile.conf"
tap_run "tomoyo-loadpolicy -e loads the exception policy" tomoyo-loadpolicy -e <"$W/pol/exception_policy.conf"
tap_run "tomoyo-loadpolicy -d loads the domain policy" tomoyo-loadpolicy -d <"$W/pol/domain_policy.conf"
tap_run "tomoyo-loadpolicy -m loads the managers" tomoyo-loadpolicy -m <"$W/pol/manager.conf"
for f in profile exception_policy manager; do
	opt=-${f:0:1}
	tomoyo-savepolicy "$opt" >"$W/save/$f.conf" 2>"$W/err"
	d=$(diff <(grep -v '^$' "$W/pol/$f.conf" | sort) <(grep -v '^$' "$W/save/$f.conf" | sort))
	tap_is "tomoyo-savepolicy $opt gives back what was loaded (sorted)" "" "$d"
done
tomoyo-savepolicy -d >"$W/save/domain_policy.conf" 2>"$W/err"
d=$(diff <(grep -v '^$' "$W/pol/domain_policy.conf" | sort) \
	<(grep -v '^$' "$W/save/domain_policy.conf" | sort) | grep '^<')
tap_is "tomoyo-savepolicy -d holds every loaded domain line" "" "$d"
tap_diag "domains made by exec since the load:" \
	"$(grep '^<kernel> /' "$W/save/domain_policy.conf" | grep -v /tmp/tlkm | head -n 8)"
mkdir -p "$W/save/dir/policy"
if tomoyo-savepolicy "$W/save/dir" >"$W/err" 2>&1 &&
	[ -s "$W/save/dir/policy/current/exception_policy.conf" ]; then
	tap_ok "tomoyo-savepolicy DIR writes a policy snapshot"
else
	tap_not_ok "tomoyo-savepolicy DIR writes a policy snapshot"
	tap_diag "$(cat "$W/err")"
fi

# ---- Item 5 (part 2): the manager rule. ----
exc_before=$(cat "$TFS/exception_policy")
if echo 'path_group X /tmp/x' >"$TFS/exception_policy" 2>"$W/err"; then
	tap_not_ok "a root non-manager's write is refused"
else
	tap_ok "a root non-manager's write is refused"
fi
tap_diag "$(cat "$W/err")"
if setpriv --reuid=65534 --regid=65534 --clear-groups \
	sh -c "echo 'path_group X /tmp/x' >$TFS/exception_policy" 2>"$W/err"; then
	tap_not_ok "an unprivileged user's write is refused"
else
	tap_ok "an unprivileged user's write is refused"
fi
tap_diag "$(cat "$W/err")"
tap_is "the policy is unchanged by refused writes" "$exc_before" "$(cat "$TFS/exception_policy")"
dmesg_mark manager-malformed
echo 'file read /tmp/x' | tomoyo-loadpolicy -e 2>/dev/null
tap_diag "$(dmesg_since manager-malformed | grep 'refused line')"
tap_is "a manager's malformed line is refused too" "$exc_before" "$(cat "$TFS/exception_policy")"

# ---- Item 1: pstree, setprofile, editpolicy. ----
sleep 300 &
sleeper=$!
sleep 0.5
out=$(tomoyo-pstree 2>&1)
if grep -q "sleep.*($sleeper).*<kernel> /usr/bin/sleep" <<<"$out" ||
	grep -q "$sleeper.*/usr/bin/sleep" <<<"$out"; then
	tap_ok "tomoyo-pstree shows processes with their domains"
else
	tap_not_ok "tomoyo-pstree shows processes with their domains"
fi
tap_diag "$(grep -E "sleep|tomoyo-pstree|<kernel>$" <<<"$out" | head -n 5)"
kill "$sleeper"
tap_run "tomoyo-setprofile 2 '<kernel> /tmp/tlkm/policy-only'" \
	tomoyo-setprofile 2 '<kernel> /tmp/tlkm/policy-only'
tap_is "the domain now uses profile 2" "use_profile 2" \
	"$(grep -A1 -x '<kernel> /tmp/tlkm/policy-only' "$TFS/domain_policy" | tail -n 1)"
tomoyo-setprofile 0 '<kernel> /tmp/tlkm/policy-only' >/dev/null 2>&1
if command -v script >/dev/null; then
	(sleep 4; printf 'q') | timeout 30 script -qfec \
		"stty rows 40 cols 150; TERM=xterm tomoyo-editpolicy readonly" \
		"$W/editpolicy.log" >/dev/null 2>&1
	if grep -a -q '/tmp/tlkm/service.sh' "$W/editpolicy.log" &&
		grep -a -q '<kernel>' "$W/editpolicy.log"; then
		tap_ok "tomoyo-editpolicy readonly lists the domains (under script's pty)"
	else
		tap_not_ok "tomoyo-editpolicy readonly lists the domains (under script's pty)"
		tap_diag "$(tr -c '[:print:]\n' ' ' <"$W/editpolicy.log" | tail -c 600)"
	fi
else
	tap_not_ok "a pseudo-terminal driver (script) for tomoyo-editpolicy"
fi

# ---- Item 2: learning -> enforcing -> permissive on a workload. ----
cat >"$W/service.sh" <<'SVC'
#!/bin/bash
# A service-like workload: reads and writes files, execs programs and
# connects to a loopback port. $1 adds one deviation.
rc=0
read -r line <"/tmp/tlkm/data.txt" || rc=1
echo "$line" >/tmp/tlkm/out.txt || rc=1
/usr/bin/cat /tmp/tlkm/data.txt >/dev/null || rc=1
/usr/bin/ls /tmp/tlkm >/dev/null || rc=1
{ exec 3<>/dev/tcp/127.0.0.1/7001 && exec 3>&-; } || rc=1
case ${1:-} in
read) read -r line </tmp/tlkm/secret.txt || rc=1 ;;
exec) /usr/bin/id >/dev/null || rc=1 ;;
connect) { exec 3<>/dev/tcp/127.0.0.1/7002 && exec 3>&-; } || rc=1 ;;
esac
exit $rc
SVC
chmod 755 "$W/service.sh"
echo data >"$W/data.txt"
echo secret >"$W/secret.txt"
echo old >"$W/out.txt"
tomoyo_srv "$PORT" &
srv=$!
# A listener on the deviation's port too: permissive must really connect.
tomoyo_srv 7002 &
srv2=$!
sleep 0.5
cat "$TFS/audit" >/dev/null
for _ in 1 2 3; do
	"$W/service.sh" >/dev/null 2>&1
done
tap_is "the workload succeeds in learning mode" 0 "$("$W/service.sh" >/dev/null 2>&1; echo $?)"
svc_policy=$(block '<kernel> /tmp/tlkm/service.sh')
for want in 'file read /tmp/tlkm/data.txt' 'network inet stream connect 127.0.0.1 7001' \
	'file execute /usr/bin/cat exec.realpath="/usr/bin/cat" exec.argv[0]="/usr/bin/cat"' \
	'misc env PATH'; do
	if grep -qxF "$want" <<<"$svc_policy"; then
		tap_ok "learned: $want"
	else
		tap_not_ok "learned: $want"
	fi
done
if grep -q 'file write /tmp/tlkm/out.txt\|file .*write.* /tmp/tlkm/out.txt' <<<"$svc_policy"; then
	tap_ok "learned: the write of out.txt"
else
	tap_not_ok "learned: the write of out.txt"
fi
tap_diag "learned in <kernel> /tmp/tlkm/service.sh ($(grep -c . <<<"$svc_policy") lines):" \
	"$(grep -v '^use_\|^$' <<<"$svc_policy" | head -n 40)"
tap_run "tomoyo-setprofile -r 3 switches the workload to enforcing" \
	tomoyo-setprofile -r 3 '<kernel> /tmp/tlkm/service.sh'
cat "$TFS/audit" >/dev/null
tap_is "enforcing: the learned workload still succeeds" 0 "$("$W/service.sh" >"$W/err" 2>&1; echo $?)"
tap_diag "$(cat "$W/err")"
for dev in read exec connect; do
	out=$("$W/service.sh" "$dev" 2>&1)
	rc=$?
	if [ $rc != 0 ] && grep -q 'Operation not permitted\|Permission denied' <<<"$out"; then
		tap_ok "enforcing: deviation '$dev' fails with EPERM"
	else
		tap_not_ok "enforcing: deviation '$dev' fails with EPERM (rc=$rc)"
	fi
	tap_diag "$out"
done
audit=$(tr '\0' '\n' <"$TFS/audit")
for want in 'file read /tmp/tlkm/secret.txt' 'file execute /usr/bin/id' \
	'network inet stream connect 127.0.0.1 7002'; do
	if grep -B2 -F "$want" <<<"$audit" | grep -q 'mode=enforcing granted=no'; then
		tap_ok "audit has the enforcing denial: $want"
	else
		tap_not_ok "audit has the enforcing denial: $want"
	fi
done
tap_diag "$(grep -A2 'granted=no' <<<"$audit" | head -n 9)"
tomoyo-setprofile -r 2 '<kernel> /tmp/tlkm/service.sh' >/dev/null 2>&1
cat "$TFS/audit" >/dev/null
for dev in read exec connect; do
	tap_is "permissive: deviation '$dev' succeeds" 0 "$("$W/service.sh" "$dev" >/dev/null 2>&1; echo $?)"
done
audit=$(tr '\0' '\n' <"$TFS/audit")
tap_is "permissive: the deviations are logged" 3 \
	"$(grep -c -F -e 'file read /tmp/tlkm/secret.txt' -e 'file execute /usr/bin/id' \
		-e 'network inet stream connect 127.0.0.1 7002' <<<"$audit")"

# ---- Item 1: tomoyo-auditd collects the audit log. ----
mkdir -p /var/log/tomoyo
tomoyo-setprofile -r 3 '<kernel> /tmp/tlkm/service.sh' >/dev/null 2>&1
tomoyo-auditd >"$W/auditd.out" 2>&1 &
sleep 1
"$W/service.sh" read >/dev/null 2>&1
sleep 2
if grep -qs 'file read /tmp/tlkm/secret.txt' /var/log/tomoyo/reject_003.log; then
	tap_ok "tomoyo-auditd writes the denial to /var/log/tomoyo/reject_003.log"
else
	tap_not_ok "tomoyo-auditd writes the denial to /var/log/tomoyo/reject_003.log"
	tap_diag "$(cat "$W/auditd.out"; ls -l /var/log/tomoyo)"
fi
for p in $(pgrep -x tomoyo-auditd); do kill "$p"; done
# tomoyo-auditd's sorting rules on the header's path and exec fields: the
# denied read is known by its file's inode (path1={ ... ino=N ... }), the
# denied exec by exec={ realpath=... }. The first chunk that matches wins,
# so neither record reaches reject_003.log.
conf=/etc/tomoyo/tools/auditd.conf
if [ -f "$conf" ]; then
	cp "$conf" "$W/auditd.conf.orig"
	{
		printf '%s\n' "header.contains ino=$(stat -c %i "$W/secret.txt")" \
			'header.contains mode=enforcing' \
			'destination /var/log/tomoyo/secret.log' \
			'header.contains realpath="/usr/bin/id"' \
			'destination /var/log/tomoyo/exec-id.log'
		cat "$W/auditd.conf.orig"
	} >"$conf"
	# sorted: how many of the two records reject_003.log holds.
	sorted() {
		grep -c -e 'file read /tmp/tlkm/secret.txt' -e 'file execute /usr/bin/id' \
			/var/log/tomoyo/reject_003.log 2>/dev/null
	}
	n003=$(sorted)
	tomoyo-auditd >"$W/auditd.out" 2>&1 &
	sleep 1
	"$W/service.sh" read >/dev/null 2>&1
	"$W/service.sh" exec >/dev/null 2>&1
	sleep 2
	for p in $(pgrep -x tomoyo-auditd); do kill "$p"; done
	cp "$W/auditd.conf.orig" "$conf"
	if grep -qs 'file read /tmp/tlkm/secret.txt' /var/log/tomoyo/secret.log; then
		tap_ok "tomoyo-auditd: a rule on path1's inode sorts the denied read"
	else
		tap_not_ok "tomoyo-auditd: a rule on path1's inode sorts the denied read"
	fi
	if grep -qs 'file execute /usr/bin/id' /var/log/tomoyo/exec-id.log &&
		! grep -qs 'file read' /var/log/tomoyo/exec-id.log; then
		tap_ok "tomoyo-auditd: a rule on exec's realpath sorts the denied exec"
	else
		tap_not_ok "tomoyo-auditd: a rule on exec's realpath sorts the denied exec"
	fi
	tap_is "tomoyo-auditd: the sorted records are not in reject_003.log" "$n003" \
		"$(sorted)"
	tap_diag "$(head -c 600 /var/log/tomoyo/exec-id.log)"
else
	tap_not_ok "tomoyo-auditd's configuration $conf is in the image"
fi

# ---- The query listener (tomoyo-queryd's protocol), enforcing mode. ----
# query asks: a deviation waits for the listener's answer. Answers are
# policy changes: only a manager may give them, as in TOMOYO.
q=$LLSM_BIN/tomoyo_query
# query_case ANSWER [DELAY]: run a listener that answers ANSWER once (DELAY
# seconds late, with tomoyo-queryd's keepalives), then the 'read'
# deviation; prints the deviation's status, listener output in $W/q.
query_case() {
	# shellcheck disable=SC2086 # no DELAY: no argument.
	"$q" "$1" 1 20 ${2:-} >"$W/q" 2>&1 &
	local lpid=$! rc
	for _ in $(seq 50); do grep -q listening "$W/q" && break; sleep 0.1; done
	"$W/service.sh" read >/dev/null 2>&1
	rc=$?
	wait "$lpid"
	echo "$rc listener=$?"
}
tomoyo-setprofile -r 3 '<kernel> /tmp/tlkm/service.sh' >/dev/null 2>&1
tap_is "query: a non-manager's answer is refused (EPERM) and the request is denied" \
	"1 listener=3" "$(query_case 1)"
tap_diag "$(cat "$W/q")"
echo "$q" | tomoyo-loadpolicy -m
tap_is "query: the listener is a manager now" yes \
	"$(grep -qxF "$q" "$TFS/manager" && echo yes || echo no)"
tap_is "query: answer 1 (grant) lets the denied read through" "0 listener=0" "$(query_case 1)"
if grep -q '^Q[0-9]*-0$' "$W/q" && grep -q 'file read /tmp/tlkm/secret.txt' "$W/q"; then
	tap_ok "query: the question names the serial, the retry and the request"
else
	tap_not_ok "query: the question names the serial, the retry and the request"
fi
tap_diag "$(head -n 4 "$W/q")"
tap_is "query: answer 2 (reject) denies it" "1 listener=0" "$(query_case 2)"
tap_is "query: newline keepalives hold a question past 10 s (tomoyo-queryd)" \
	"0 listener=0" "$(query_case 1 13)"
tap_diag "$(grep -v '^[#<]' "$W/q" | tail -n 3)"
echo "delete $q" | tomoyo-loadpolicy -m

# ---- tomoyo-queryd itself (guest-lib/queryd.sh drives its screen). ----
# 'y' grants, 'n' refuses, 'a' adds the request's ACL line to the asking
# domain (queryd writes "select Q=<serial>" and the line) and retries: the
# read then passes, and passes again without a question.
if command -v script >/dev/null && command -v tomoyo-queryd >/dev/null; then
	mkdir -p "$W/qd"
	tomoyo-setprofile -r 3 '<kernel> /tmp/tlkm/service.sh' >/dev/null 2>&1
	# Not in $(...): queryd, its FIFO and QD_* stay in this shell.
	if qd_start "$W/qd"; then
		tap_ok "tomoyo-queryd runs and holds $TFS/query open"
	else
		tap_not_ok "tomoyo-queryd runs and holds $TFS/query open"
	fi
	want='file read /tmp/tlkm/secret.txt'
	for k in y n a; do
		qd_answer "$k" "$want" "$W/service.sh" read >/dev/null 2>&1
		rc=$?
		case $k in
		y) tap_is "tomoyo-queryd: 'y' grants the denied read" "0 yes" "$rc $QD_ASKED" ;;
		n) tap_is "tomoyo-queryd: 'n' refuses it" "1 yes" "$rc $QD_ASKED" ;;
		a) tap_is "tomoyo-queryd: 'a' adds the line and the retry passes" "0 yes" \
			"$rc $QD_ASKED" ;;
		esac
		tap_diag "answer $k: $QD_EXTRA other request(s) granted with 'y'"
	done
	if qd_text | grep -a -q -F "$want"; then
		tap_ok "tomoyo-queryd shows the request"
	else
		tap_not_ok "tomoyo-queryd shows the request"
	fi
	if qd_text | grep -a -q -F "Added '$want'"; then
		tap_ok "tomoyo-queryd reports the line it added"
	else
		tap_not_ok "tomoyo-queryd reports the line it added"
	fi
	tap_is "the added line is in the asking domain" yes \
		"$(block '<kernel> /tmp/tlkm/service.sh' | grep -qxF "$want" && echo yes || echo no)"
	qd_answer n "$want" "$W/service.sh" read >/dev/null 2>&1
	tap_is "after 'a': the read passes without a question" "0 no" "$? $QD_ASKED"
	qd_stop
	tap_diag "$(qd_text | grep -a -v -e '^[#8=D]' -e 'path1' | tail -n 12 | cut -c1-160)"
	printf '%s\n' '<kernel> /tmp/tlkm/service.sh' 'delete file read /tmp/tlkm/secret.txt' |
		tomoyo-loadpolicy -d
else
	tap_not_ok "script and tomoyo-queryd are in the image"
fi

# ---- Item 6: rmmod restores unrestricted behaviour. ----
tap_is "enforcing before rmmod: the deviation fails" 1 "$("$W/service.sh" exec >/dev/null 2>&1; echo $?)"
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_is "after rmmod: the deviation succeeds" 0 "$("$W/service.sh" exec >/dev/null 2>&1; echo $?)"
tap_is "after rmmod: $TFS is gone" no "$([ -e "$TFS" ] && echo yes || echo no)"
tap_is "after rmmod: no tomoyo_lkm cred state left in the shim" "$cred_base" "$(objects cred)"

# ---- tomoyo-init loads /etc/tomoyo (tomoyo-tools' own policy tree). ----
# tomoyo-init writes manager.conf first and the other files after it, as
# the built-in TOMOYO's loader before activation: it stays allowed to.
if [ -f /etc/tomoyo/exception_policy.conf ] && llsm_load tomoyo_lkm; then
	for f in exception_policy profile manager; do
		cp "$TFS/$f" "$W/$f.before"
	done
	out=$(tomoyo-init 2>&1)
	rc=$?
	tap_is "tomoyo-init loads /etc/tomoyo into tomoyo_lkm" 0 "$rc"
	tap_diag "$out"
	for f in exception_policy profile manager; do
		d=$(diff <(cat "/etc/tomoyo/$f.conf" "$W/$f.before" | grep -v '^$' | sort -u) \
			<(grep -v '^$' "$TFS/$f" | sort -u))
		tap_is "tomoyo-init: $f is what was there plus /etc/tomoyo/$f.conf (sorted)" "" "$d"
	done
	if echo 'path_group X /tmp/x' >"$TFS/exception_policy" 2>/dev/null; then
		tap_not_ok "after tomoyo-init exits, a root non-manager's write is refused"
	else
		tap_ok "after tomoyo-init exits, a root non-manager's write is refused"
	fi
	rmmod tomoyo_lkm
else
	tap_not_ok "tomoyo-init: /etc/tomoyo is in the image and tomoyo_lkm loads"
fi

# ---- Item 6: load, policy, workload, unload cycles under load. ----
load_start tomoyo-load 2 900
start=$(now_s)
n=0 fails=0
while [ $n -lt "$cycle_max" ]; do
	if ! llsm_load tomoyo_lkm; then fails=$((fails + 1)); break; fi
	{
		printf '%s\n' 'PROFILE_VERSION=20150505' '3-CONFIG={ mode=enforcing }' >"$TFS/profile"
		printf '%s\n' '<kernel> /tmp/tlkm/service.sh' 'use_profile 3' \
			'file read /tmp/tlkm/data.txt' >"$TFS/domain_policy"
	} 2>/dev/null || fails=$((fails + 1))
	# Enforcing with one ACL: the workload's shell cannot even load its
	# libraries in its domain. After rmmod it runs again.
	"$W/service.sh" >/dev/null 2>&1 && fails=$((fails + 1))
	rmmod tomoyo_lkm || { fails=$((fails + 1)); break; }
	"$W/service.sh" >/dev/null 2>&1 || fails=$((fails + 1))
	n=$((n + 1))
	[ "$(awk -v a="$start" -v b="$(now_s)" 'BEGIN { print (b - a > '"$cycle_seconds"') }')" = 1 ] && break
done
elapsed=$(since "$start")
load_stop
tap_is "$n load/policy/workload/unload cycles under load, no failure" 0 "$fails"
tap_diag "$n cycles in ${elapsed}s (limit $cycle_max cycles or ${cycle_seconds}s)"
phase_time tomoyo-cycles "$elapsed"
tap_is "the background load saw no failure" 0 "$LOAD_RC"
tap_diag "$(load_output)"
tap_is "no cred state left after the cycles" "$cred_base" "$(objects cred)"
kill "$srv" "$srv2" 2>/dev/null
tap_end
