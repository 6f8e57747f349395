# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side, sourced after tap.sh and llsm.sh: the side-by-side run of
# issue 5 item 3. The same policy and the same workload go through
# whichever TOMOYO owns /sys/kernel/security/tomoyo (the built-in one, or
# tomoyo_lkm), and sbs_run writes what it decided and learned:
#   learned.txt    every line of the workload's domains after learning
#                  mode, prefixed by the domain, sorted
#   decisions.txt  each step of the workload in enforcing and permissive
#                  mode, and its result (ok or the error)
#   denials.txt    the ACL lines of the rejections in the audit log, sorted
# A boot with the built-in TOMOYO writes them to /mnt/host/out/carry/, the
# harness hands them to the tomoyo_lkm boot, and that boot diffs the two.

SBS=/tmp/tsbs
SBS_TFS=/sys/kernel/security/tomoyo
SBS_DOMAIN='<kernel> /tmp/tsbs/service.sh'

# sbs_policy DIR: the policy files both TOMOYOs load.
sbs_policy() {
	mkdir -p "$1"
	cat >"$1/profile.conf" <<'POL'
PROFILE_VERSION=20150505
0-COMMENT=-----Disabled Mode-----
0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
0-CONFIG={ mode=disabled grant_log=no reject_log=yes }
1-COMMENT=-----Learning Mode-----
1-CONFIG={ mode=learning grant_log=no reject_log=yes }
2-COMMENT=-----Permissive Mode-----
2-CONFIG={ mode=permissive grant_log=no reject_log=yes }
3-COMMENT=-----Enforcing Mode-----
3-CONFIG={ mode=enforcing grant_log=no reject_log=yes }
POL
	cat >"$1/exception_policy.conf" <<'POL'
initialize_domain /tmp/tsbs/service.sh from any
aggregator /usr/bin/gawk /usr/bin/awk
path_group SBS_TMP /tmp/tsbs/tmp\$.txt
number_group SBS_PORTS 7100-7101
address_group SBS_LOCAL 127.0.0.1
acl_group 0 file read /etc/ld.so.cache
POL
	cat >"$1/domain_policy.conf" <<'POL'
<kernel> /tmp/tsbs/service.sh
use_profile 1
use_group 0

POL
	cat >"$1/manager.conf" <<'POL'
/usr/sbin/tomoyo-loadpolicy
/usr/sbin/tomoyo-editpolicy
/usr/sbin/tomoyo-setprofile
/usr/sbin/tomoyo-setlevel
/usr/sbin/tomoyo-queryd
POL
}

# sbs_service: the workload, a service-like script. With no argument it
# does its usual steps; with one it does that deviation. Each step runs in
# a subshell and prints "STEP ok" or "STEP <error text>".
sbs_service() {
	cat >"$SBS/service.sh" <<'SVC'
#!/bin/bash
cd /tmp/tsbs || exit 1
# No pipes: their names (pipe:[INODE]) differ between boots.
step() {
	local name=$1 err=
	shift
	if ("$@") >/dev/null 2>/tmp/tsbs/err.txt; then
		read -r err </tmp/tsbs/err.txt
		echo "$name ok"
	else
		read -r err </tmp/tsbs/err.txt
		err=${err##*: }
		echo "$name ${err:-failed}"
	fi
}
usual() {
	step read-data sh_read /tmp/tsbs/data.txt
	step write-out sh_write /tmp/tsbs/out.txt
	step create-tmp sh_write /tmp/tsbs/tmp1.txt
	step unlink-tmp /usr/bin/rm /tmp/tsbs/tmp1.txt
	step mkdir /usr/bin/mkdir /tmp/tsbs/dir
	step rmdir /usr/bin/rmdir /tmp/tsbs/dir
	step exec-cat /usr/bin/cat /tmp/tsbs/data.txt
	step exec-awk /usr/bin/awk 'BEGIN { exit 0 }'
	step connect-7101 sh_connect 7101
}
sh_read() { local l; read -r l <"$1"; }
sh_write() { echo data >"$1"; }
sh_connect() { exec 3<>"/dev/tcp/127.0.0.1/$1"; }
case ${1:-} in
'') usual ;;
read) step dev-read sh_read /tmp/tsbs/secret.txt ;;
write) step dev-write sh_write /tmp/tsbs/other.txt ;;
exec) step dev-exec /usr/bin/id ;;
connect) step dev-connect sh_connect 7102 ;;
mkdir) step dev-mkdir /usr/bin/mkdir /tmp/tsbs/dir2 ;;
esac
exit 0
SVC
	chmod 755 "$SBS/service.sh"
}

# sbs_do ARG...: run the workload from a clean, fixed environment.
sbs_do() {
	rm -rf /tmp/tsbs/dir /tmp/tsbs/dir2 /tmp/tsbs/other.txt /tmp/tsbs/tmp1.txt
	env -i PATH=/usr/bin:/bin HOME=/ LANG=C /tmp/tsbs/service.sh "$@" \
		</dev/null >/tmp/tsbs/run.out 2>&1
	cat /tmp/tsbs/run.out
}

# sbs_domains: the lines of every domain of the workload, "DOMAIN\tLINE".
sbs_domains() {
	awk -v d="$SBS_DOMAIN" '
		/^</ { cur = (index($0, d) == 1) ? $0 : ""; next }
		cur != "" && $0 != "" { print cur "\t" $0 }' "$SBS_TFS/domain_policy" |
		sort
}

# sbs_denials RAW: the ACL lines of the rejections in the audit log since
# the last read, each once, sorted (how often a hook asks is the
# implementation's business; what it refuses is not), of the workload's
# domains only. A record is a header line, the domain, then the ACL line
# (or "use_profile N" when a domain is made). RAW gets the records whole.
sbs_denials() {
	tr '\0' '\n' <"$SBS_TFS/audit" | tee -a "$1" |
		awk -v d="$SBS_DOMAIN" '/^#/ { n = 0; rej = /granted=no/; next }
			{ n++ } n == 1 { ours = index($0, d) == 1 }
			n == 2 && rej && ours { print }' | sort -u
}

# sbs_run OUTDIR [ACTIVATE]: load the policy with tomoyo-loadpolicy, run
# the command ACTIVATE if given, learn, enforce, permit, and write the results to
# OUTDIR. Needs the TOMOYO directory and the tomoyo_srv helper.
sbs_run() {
	local out=$1 activate=${2:-} srv srv2 dev
	rm -rf "$SBS" "$out"
	mkdir -p "$SBS" "$out"
	sbs_policy "$SBS/pol"
	sbs_service
	echo data >"$SBS/data.txt"
	echo secret >"$SBS/secret.txt"
	echo old >"$SBS/out.txt"
	tomoyo_srv 7101 &
	srv=$!
	tomoyo_srv 7102 &
	srv2=$!
	sleep 0.5
	tomoyo-loadpolicy -p <"$SBS/pol/profile.conf" &&
		tomoyo-loadpolicy -e <"$SBS/pol/exception_policy.conf" &&
		tomoyo-loadpolicy -d <"$SBS/pol/domain_policy.conf" &&
		tomoyo-loadpolicy -m <"$SBS/pol/manager.conf" ||
		echo "policy load failed" >>"$out/errors.txt"
	# The built-in TOMOYO enforces nothing until it is activated.
	[ -z "$activate" ] || "$activate" ||
		echo "activation failed" >>"$out/errors.txt"
	cat "$SBS_TFS/audit" >/dev/null
	for _ in 1 2 3; do sbs_do; done | sed 's/^/learning: /' >"$out/learning.txt"
	sbs_domains >"$out/learned.txt"
	cat "$SBS_TFS/audit" >/dev/null
	tomoyo-setprofile -r 3 "$SBS_DOMAIN" >/dev/null ||
		echo "setprofile 3 failed" >>"$out/errors.txt"
	{
		sbs_do
		for dev in read write exec connect mkdir; do sbs_do "$dev"; done
	} | sed 's/^/enforcing: /' >"$out/decisions.txt"
	sbs_denials "$out/audit-enforcing.txt" | sed 's/^/enforcing: /' >"$out/denials.txt"
	tomoyo-setprofile -r 2 "$SBS_DOMAIN" >/dev/null ||
		echo "setprofile 2 failed" >>"$out/errors.txt"
	{
		sbs_do
		for dev in read write exec connect mkdir; do sbs_do "$dev"; done
	} | sed 's/^/permissive: /' >>"$out/decisions.txt"
	sbs_denials "$out/audit-permissive.txt" | sed 's/^/permissive: /' >>"$out/denials.txt"
	tomoyo-setprofile -r 0 "$SBS_DOMAIN" >/dev/null
	kill "$srv" "$srv2" 2>/dev/null
	wait "$srv" "$srv2" 2>/dev/null
	cat /proc/version >"$out/kernel.txt"
	cat /sys/kernel/security/lsm >>"$out/kernel.txt"
	[ -s "$out/learned.txt" ] && [ -s "$out/decisions.txt" ] && [ ! -s "$out/errors.txt" ]
}
