# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side, sourced after tap.sh and llsm.sh: the differential
# conformance suite of issue 15 item 4. Each case in guest-lib/tdiff/*.sh is a
# policy and a workload; td_run_all runs every case through whichever
# TOMOYO owns /sys/kernel/security/tomoyo and writes, per case, one file of
# observations, "KIND<TAB>TEXT" lines:
#   load       each policy write and whether write() took it
#   ops        each operation of the workload and its result (ok, the
#              errno's name, or what the operation printed)
#   policy     the case's domains and their lines after each pass
#   exception  the case's exception policy lines as read back
#   profile    the case's profiles as read back (with a "<kernel> "
#              prefix when the TOMOYO prints one)
#   stat       the change of each stat counter during each pass
#   audit      each audit record of the case's domains: the decision
#              part of its header (profile, mode, granted), domain, ACL
#   auditx     the rest of the header (task, path1, exec, ...), with
#              times, pids and inode numbers masked (also in pipe names)
# A pass runs the workload with the case's domain set to one profile
# (MODES, default "3"); each TEXT starts with "mN:" for its pass.
# The built-in TOMOYO's boot writes the files to /mnt/host/out/carry/, the
# tomoyo_lkm boot diffs them with its own (guest-lib/tomoyo-diff-check.sh).
#
# A case file defines, as needed (each runs in the case's subshell):
#   MODES                 profiles of the passes ("1 3": learn, enforce)
#   PROFILES              profile numbers of its own, to read back
#   td_profile            prints its profile lines
#   td_exception          prints its exception policy lines
#   td_domain             prints its domain policy lines
#   td_setup, td_prepass  run as root outside the case's domains: once,
#                         and before each pass
#   td_workload           the operations, with op/op_as/note
#   td_finish             run as root after the last pass
# Variables: C (the case's directory, /tmp/td/NAME), B (its copy of tdop,
# whose domain is D = "<kernel> $B"), TFS.

TD=/tmp/td
TFS=/sys/kernel/security/tomoyo
TD_CASES=/mnt/host/guest-lib/tdiff

# td_build: the static tdop, the one program every case runs.
td_build() {
	local cc
	cc=$(ls /usr/bin/gcc /usr/bin/gcc-[0-9]* /usr/bin/x86_64-linux-gnu-gcc-[0-9]* \
		2>/dev/null | head -n 1)
	rm -rf "$TD"
	mkdir -p "$TD"
	"$cc" -static -O2 -Wall -o "$TD/tdop" /mnt/host/guest-helpers/tdop.c
}

# op NAME ARG...: run tdop ARG... in the case's domain, empty environment.
op() {
	local name=$1
	shift
	op_as "$B" "$name" "$@"
}

# op_as PROGRAM NAME ARG...: the same with another program (domain).
op_as() {
	local prog=$1 name=$2 out
	shift 2
	# exec -c: straight from this shell's domain, empty environment.
	out=$(cd "$C" && (exec -c "$prog" "$@") 2>&1 </dev/null | paste -sd' ' | cut -c1-300)
	printf 'ops\t%s: %s %s\n' "$TD_PASS" "$name" "$out"
}

# note NAME TEXT: an observation the workload makes itself.
note() {
	printf 'ops\t%s: %s %s\n' "$TD_PASS" "$1" "$2"
}

# td_write FILE: stdin in one write() to the policy file FILE.
td_write() {
	local text rc
	text=$(cat)
	[ -n "$text" ] || return 0
	if printf '%s\n' "$text" >"$TFS/$1" 2>/dev/null; then rc=ok; else rc=refused; fi
	printf 'load\t%s: %s\n' "$1" "$rc"
}

# td_domains: the case's domains ("<kernel> $C/..." and "<$C/...>"
# namespaces) and their lines, "DOMAIN<TAB>LINE", sorted.
td_domains() {
	awk -v k="<kernel> $C/" -v n="<$C/" '
		/^</ { cur = (index($0, k) == 1 || index($0, n) == 1) ? $0 : ""
			if (cur != "") print cur; next }
		cur != "" && NF { print cur "\t" $0 }' "$TFS/domain_policy" | sort
}

# td_stat: "NAME VALUE" for each counter of the stat file.
td_stat() {
	awk -F: '/^Policy (update|violation)/ { split($2, v, " "); print $1 "\t" v[1] }' \
		"$TFS/stat"
}

# td_audit: the audit records of the case's domains since the last read.
td_audit() {
	timeout 5 cat "$TFS/audit" 2>/dev/null | tr '\0' '\n' |
		awk -v k="<kernel> $C/" -v n="<$C/" -v p="$TD_PASS" '
		/^#/ { h = $0; line = 0; next }
		{ line++ }
		line == 1 { ours = index($0, k) == 1 || index($0, n) == 1; dom = $0; next }
		line == 2 && ours {
			d = h; sub(/^#[^#]*# /, "", d)
			match(d, /profile=[^ ]* mode=[^ ]* granted=[^ ]*/)
			dec = substr(d, RSTART, RLENGTH)
			x = substr(d, RSTART + RLENGTH)
			gsub(/(global-pid|pid|ppid|ino)=[0-9]+/, "&#", x)
			gsub(/=[0-9]+#/, "=N", x)
			gsub(/pipe:\[[0-9]+\]/, "pipe:[N]")
			print "audit\t" p ": " dec " ~ " dom " ~ " $0
			print "auditx\t" p ": " $0 " ~" x
		}' | sort -u
}

# td_pass PROFILE: one pass of the workload with D on PROFILE.
td_pass() {
	local s0 s1
	TD_PASS=m$1
	printf '%s\nuse_profile %s\n' "$D" "$1" >"$TFS/domain_policy"
	declare -F td_prepass >/dev/null && td_prepass >/dev/null 2>&1
	timeout 5 cat "$TFS/audit" >/dev/null 2>&1
	s0=$(td_stat)
	td_workload
	# Read before join runs: its first exec makes a domain (an update).
	s1=$(td_stat)
	join -t "$(printf '\t')" <(printf '%s\n' "$s0") <(printf '%s\n' "$s1") |
		awk -F'\t' -v p="$TD_PASS" '$3 != $2 { print "stat\t" p ": " $1 " +" $3 - $2 }'
	td_audit
	td_domains | sed "s/^/policy\t$TD_PASS: /"
}

# td_cleanup: remove what the case put into the policy.
td_cleanup() {
	local d
	declare -F td_exception >/dev/null &&
		td_exception | sed 's/^/delete /' >"$TFS/exception_policy" 2>/dev/null
	td_domains | grep -v "$(printf '\t')" | while IFS= read -r d; do
		printf 'delete %s\n' "$d" >"$TFS/domain_policy" 2>/dev/null
	done
}

# td_case FILE: one case, its observations on stdout.
td_case() (
	local name m p
	name=$(basename "$1" .sh)
	C=$TD/$name
	B=$C/tdop
	D="<kernel> $B"
	MODES=3
	PROFILES=
	mkdir -p "$C"
	cp "$TD/tdop" "$B"
	# shellcheck source=/dev/null
	. "$1"
	declare -F td_setup >/dev/null && td_setup >/dev/null 2>&1
	declare -F td_profile >/dev/null && td_profile | td_write profile
	declare -F td_exception >/dev/null && td_exception | td_write exception_policy
	declare -F td_domain >/dev/null && td_domain | td_write domain_policy
	grep -F "$C" "$TFS/exception_policy" | sed 's/^/exception\t/'
	for p in $PROFILES; do
		grep -E "^(<kernel> )?$p-" "$TFS/profile" | sed 's/^/profile\t/'
	done
	TD_PASS=load td_domains | sed 's/^/policy\tload: /'
	for m in $MODES; do
		td_pass "$m"
	done
	declare -F td_finish >/dev/null && td_finish >/dev/null 2>&1
	td_cleanup
)

# td_run_all OUTDIR: every case; OUTDIR/NAME.txt for each, OUTDIR/NAME.err
# for what it printed to stderr, and OUTDIR/summary: "N cases in S s".
td_run_all() {
	local out=$1 f t0 n=0
	t0=$(now_s)
	rm -rf "$out"
	mkdir -p "$out"
	td_build || return 1
	# The driver (this shell, in <kernel>) writes the policy directly.
	echo '<kernel>' >"$TFS/manager" 2>/dev/null ||
		echo '<kernel>' | tomoyo-loadpolicy -m
	for f in "$TD_CASES"/*.sh; do
		td_case "$f" >"$out/$(basename "$f" .sh).txt" 2>"$out/$(basename "$f" .sh).err"
		n=$((n + 1))
	done
	echo "$n cases in $(since "$t0") s" >"$out/summary"
}
