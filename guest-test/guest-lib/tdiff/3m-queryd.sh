# shellcheck shell=bash
# Issue 15 acceptance 2: tomoyo-queryd itself (guest-lib/queryd.sh drives it
# under script's pseudo-terminal) answers the enforcing denials of the
# case's domain: 'y' grants, 'n' refuses, 'a' adds the request's ACL line
# to the asking domain (queryd writes "select Q=<serial>" and the line)
# and retries, after which the read passes with no question. Other
# requests of the workload (a shell's getattr on its pipe) are granted.
# The screen goes to the case's .err file.
. /mnt/host/guest-lib/queryd.sh
td_setup() {
	echo secret >"$C/s"
	echo /usr/sbin/tomoyo-queryd >"$TFS/manager"
}
# The shell's getattr on its pipe is no question of this case.
td_domain() { printf '%s\n' "$D" 'file getattr pipe:[\$]'; }
td_finish() { echo 'delete /usr/sbin/tomoyo-queryd' >"$TFS/manager"; }
td_workload() {
	local k want="file read $C/s"
	if qd_start "$C"; then note queryd-listening yes; else note queryd-listening no; fi
	for k in y n a; do
		qd_answer "$k" "$want" op "answer-$k" read "$C/s" >"$C/op.out"
		cat "$C/op.out"
		note "answer-$k-asked" "$QD_ASKED"
		echo "answer $k: $QD_EXTRA other request(s) granted" >&2
	done
	note queryd-added "$(qd_text | grep -a -o "Added '$want'" | head -n 1)"
	qd_answer n "$want" op after-add read "$C/s" >"$C/op.out"
	cat "$C/op.out"
	note after-add-asked "$QD_ASKED"
	qd_stop
	qd_text | cut -c1-200 >&2
}
