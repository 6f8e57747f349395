#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# Issue 15 item 2: policy writes never lose or misplace a line. A refused
# domain header deselects the domain (the ACLs after it land nowhere);
# ports above 65535 and undefined profiles are refused; a non-manager's
# write fails with EPERM, never a short count; each malformed line gets a
# dmesg line naming it and why; a 2,000-line policy with malformed lines
# spread through it, loaded with tomoyo-loadpolicy (stdio, 4 KiB buffers)
# and with raw 8 KiB write()s as tomoyo-init does, has every valid line in
# force in its own domain and nothing else; so has one loaded by
# tomoyo-init itself from /etc/tomoyo.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/llsm.sh

TFS=/sys/kernel/security/tomoyo
W=/tmp/tw
rm -rf "$W"
mkdir -p "$W"

tap_run "helpers compile" build_helpers || tap_end
loaded lsm_shim || llsm_load lsm_shim
loaded tomoyo_lkm && rmmod tomoyo_lkm
tap_run "tomoyo_lkm loads" llsm_load tomoyo_lkm || tap_end

# block NAME: the lines of one domain in domain_policy.
block() {
	awk -v d="$1" '$0 == d { p = 1; next } /^</ { p = 0 } p && NF' \
		"$TFS/domain_policy"
}

# ---- A refused header forgets the selected domain. ----
# One write() per line, as the issue's reproducer; then all in one write().
dmesg_mark header
exec 3>"$TFS/domain_policy"
for l in '<kernel> /opt/hb/victim' 'use_profile 3' \
	'<kernel> ./not-a-domain' 'file read /etc/shadow'; do
	printf '%s\n' "$l" >&3 2>/dev/null
done
exec 3>&-
printf '%s\n' '<kernel> /opt/hb/victim' '<kernel> ./not-a-domain' \
	'file read /etc/passwd' '<kernel> /opt/hb/next' 'file read /etc/hostname' \
	>"$TFS/domain_policy"
tap_is "an ACL after a refused header is not added to the previous domain" \
	"use_profile 3" "$(block '<kernel> /opt/hb/victim')"
tap_is "the next valid header selects its domain again" \
	"use_profile 0
file read /etc/hostname" "$(block '<kernel> /opt/hb/next')"
log=$(dmesg_since header | grep 'tomoyo_lkm: refused line')
tap_diag "$log"
for l in '<kernel> ./not-a-domain' 'file read /etc/shadow'; do
	if grep -qF "'$l'" <<<"$log"; then
		tap_ok "dmesg names the refused line: $l"
	else
		tap_not_ok "dmesg names the refused line: $l"
	fi
done

# ---- Out-of-range numbers. ----
dmesg_mark range
printf '%s\n' '<kernel> /opt/hb/net' \
	'network inet stream connect 127.0.0.1 70000' \
	'network inet stream connect 127.0.0.1 65535' \
	'network inet stream connect 127.0.0.1 1-65536' >"$TFS/domain_policy"
tap_is "ports above 65535 are refused" \
	"use_profile 0
network inet stream connect 127.0.0.1 65535" "$(block '<kernel> /opt/hb/net')"
tap_diag "$(dmesg_since range | grep 'tomoyo_lkm: refused line')"

# ---- Managers: this shell and rawwrite are managers, others are not. ----
# A subshell writes the first entry: the loader exemption ends with it.
(printf '%s\n' '<kernel>' "$LLSM_BIN/rawwrite" /usr/sbin/tomoyo-loadpolicy \
	>"$TFS/manager")
tap_is "manager list" "<kernel>
$LLSM_BIN/rawwrite
/usr/sbin/tomoyo-loadpolicy" "$(cat "$TFS/manager")"
printf '%s\n' 'PROFILE_VERSION=20150505' \
	'1-CONFIG={ mode=learning grant_log=no reject_log=yes }' >"$TFS/profile"
dmesg_mark profile
printf '%s\n' '<kernel> /opt/hb/prof' 'use_profile 1' 'use_profile 200' \
	>"$TFS/domain_policy"
tap_is "use_profile of an undefined profile changes nothing once loaded" \
	"use_profile 1" "$(block '<kernel> /opt/hb/prof')"
tap_diag "$(dmesg_since profile | grep 'tomoyo_lkm: refused line')"

# A root process that is not a manager: EPERM for the whole write, even
# when its first line needs no manager (select).
cp "$LLSM_BIN/rawwrite" "$W/notmanager"
out=$(printf 'select <kernel>\nfile read /etc/shadow\n' |
	"$W/notmanager" "$TFS/domain_policy" 4096)
tap_is "a non-manager's write fails with EPERM (not a short count)" EPERM "$out"
# A manager program run with uid 1000 and euid 0: TOMOYO wants both 0.
out=$(printf '<kernel> /opt/hb/uid\n' |
	setpriv --ruid=1000 --euid=0 "$LLSM_BIN/rawwrite" "$TFS/domain_policy" 4096)
tap_is "a manager with uid 1000, euid 0 gets EPERM" EPERM "$out"
tap_is "and no domain was made" "" "$(grep -xF '<kernel> /opt/hb/uid' "$TFS/domain_policy")"
tap_is "and changes nothing" "use_profile 0" "$(block '<kernel>' | grep -v '^file read proc:')"

# ---- 2,000 lines with malformed ones spread through them. ----
# gen PREFIX: the policy on stdout, and in $W/PREFIX.want what must be in
# force afterwards ("domain<TAB>acl", sorted).
gen() {
	awk -v p="$1" -v want="$W/$1.want" 'BEGIN {
		n = 0; d = 0; cur = ""
		while (n < 2000) {
			if (n % 20 == 0) {
				d++
				if (d % 7 == 3) {
					print "<kernel> ./" p "/bad" d; cur = ""
				} else {
					cur = "<kernel> /opt/" p "/d" d; print cur
				}
				n++; continue
			}
			if (n % 37 == 5) {
				print "file reed /opt/" p "/bad" n; n++; continue
			}
			if (n % 53 == 7) {
				print "network inet stream connect 127.0.0.1 9" n "000"
				n++; continue
			}
			acl = "file read /opt/" p "/d" d "/f" n
			print acl
			if (cur != "")
				print cur "\t" acl | "sort >" want
			n++
		}
	}'
}
# have PREFIX: what domain_policy holds for the domains of PREFIX.
have() {
	awk -v p="<kernel> /opt/$1/" 'substr($0, 1, length(p)) == p { cur = $0; next }
		/^</ { cur = "" }
		cur != "" && /^file / { print cur "\t" $0 }' "$TFS/domain_policy" | sort
}
gen stdio >"$W/stdio.conf"
gen raw >"$W/raw.conf"
tap_diag "$(wc -l <"$W/stdio.conf") lines, $(wc -l <"$W/stdio.want") of them valid ACLs in valid domains"
tap_run "tomoyo-loadpolicy -d loads the 2,000-line policy" \
	tomoyo-loadpolicy -d <"$W/stdio.conf"
d=$(diff "$W/stdio.want" <(have stdio) | head -n 20)
tap_is "tomoyo-loadpolicy: every valid line in its domain, nothing else" "" "$d"
dmesg_mark raw
out=$("$LLSM_BIN/rawwrite" "$TFS/domain_policy" 8192 <"$W/raw.conf" | sort | uniq -c |
	awk '{ print $2 "x" $1 }' | paste -sd' ')
tap_diag "raw 8 KiB writes returned: $out"
d=$(diff "$W/raw.want" <(have raw) | head -n 20)
tap_is "raw 8 KiB writes: every valid line in its domain, nothing else" "" "$d"
# Refused: all but the valid headers and the lines in force.
bad=$(($(wc -l <"$W/raw.conf") - $(grep -c '^<kernel> /opt/' "$W/raw.conf") -
	$(wc -l <"$W/raw.want")))
got=$(dmesg_since raw | grep -c "tomoyo_lkm: refused line")
tap_is "dmesg has one refused-line message per refused raw line" "$bad" "$got"

# ---- tomoyo-init itself (raw 8 KiB writes) with the same kind of file. ----
rmmod tomoyo_lkm
conf=$(readlink -f /etc/tomoyo/domain_policy.conf)
if [ -x /usr/sbin/tomoyo-init ] && [ -f "$conf" ] && llsm_load tomoyo_lkm; then
	cp "$conf" "$W/domain_policy.conf.orig"
	gen init >"$conf"
	dmesg_mark init
	out=$(tomoyo-init 2>&1)
	tap_is "tomoyo-init loads a domain_policy.conf with bad lines" 0 "$?"
	tap_diag "$(tail -n 3 <<<"$out")"
	d=$(diff "$W/init.want" <(have init) | head -n 20)
	tap_is "tomoyo-init: every valid line in its domain, nothing else" "" "$d"
	bad=$(($(wc -l <"$W/init.want") + $(grep -c '^<kernel> /opt/' "$conf")))
	bad=$(($(wc -l <"$conf") - bad))
	got=$(dmesg_since init | grep -c "tomoyo_lkm: refused line '[^']*/init/")
	tap_diag "$got of $bad refused lines name /opt/init/ (the others are bad ports)"
	cp "$W/domain_policy.conf.orig" "$conf"
else
	tap_not_ok "tomoyo-init and /etc/tomoyo/domain_policy.conf are in the image"
fi
tap_run "rmmod tomoyo_lkm" rmmod tomoyo_lkm
tap_end
