#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of the package tests, first boot (the image's kernel, fast
# path, booted without the built-in TOMOYO): install the previous version's
# .debs without a signing key, run them (tomoyo_lkm with a policy saved by
# tomoyo-savepolicy, yama_lkm at the scope modules.conf sets), upgrade to
# the current version with openssl (the saved policy and modules.conf must
# survive), load every module, enable the unit, then install a second
# kernel with its headers and let DKMS build for it. The host boots that
# kernel next, on the same disk, through systemd (packages-reboot.sh),
# which checks that the policy and the scope came back.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/pkg.sh
phase_time boot-to-job "$(now_s)"
kver=$(uname -r)
log=/mnt/host/out
tap_diag "kernel $kver; dkms $(dpkg-query -W -f='${Version}' dkms); packages $PREV -> $CUR; second kernel $KABI2"
# The active built-in LSMs (the host left TOMOYO out with lsm=, so that
# tomoyo_lkm can load; the second boot has the same list).
tap_diag "built-in LSMs: $(cat /sys/kernel/security/lsm)"

# 1. The previous version, with no key and no openssl: installs, unsigned.
rm -f /var/lib/dkms/mok.key /var/lib/dkms/mok.pub
mv /usr/bin/openssl /usr/bin/openssl.hidden
t=$(now_s)
tap_log "apt install ./loadable-lsm{-dkms,}_${PREV}_all.deb (no openssl, no key)" "$log/apt-prev.log" \
	apt-get install -y "$P/loadable-lsm-dkms_${PREV}_all.deb" "$P/loadable-lsm_${PREV}_all.deb"
phase_time deb-install-prev "$(since "$t")"
mv /usr/bin/openssl.hidden /usr/bin/openssl
tap_true "dkms status: $PREV installed for $kver" dkms_installed "$PREV" "$kver"
tap_grep "without a key the install says why the modules are unsigned" \
	"modules for $kver are unsigned: openssl is not installed" "$log/apt-prev.log"
signer=$(modinfo -F signer lsm_shim 2>/dev/null)
tap_is "lsm_shim is unsigned" "" "$signer"
if grep -q 'mokutil --import' "$log/apt-prev.log"; then
	tap_not_ok "no Secure Boot enrolment text when Secure Boot is off"
else
	tap_ok "no Secure Boot enrolment text when Secure Boot is off"
fi

# 1b. The previous version at work, with what an administrator keeps:
# modules.conf (yama_lkm's scope, the lock) and a TOMOYO policy with one
# more domain, saved with tomoyo-savepolicy. The upgrade and the reboot
# must keep both; packages-reboot.sh checks that they are in force again.
conf=/etc/loadable-lsm/modules.conf
cat >"$conf" <<CONF
# written by the package test
load lsm_shim
load tomoyo_lkm
load yama_lkm ptrace_scope=2
tomoyo_policy /etc/tomoyo
lock yes
CONF
# Locking now would keep the old modules in: this boot loads without it.
grep -v '^lock' "$conf" >/tmp/modules-nolock.conf
tap_run "loadable-lsm-load ($PREV, without lock) loads the shim, tomoyo_lkm with /etc/tomoyo, yama_lkm" \
	loadable-lsm-load -c /tmp/modules-nolock.conf
tap_is "yama_lkm started at ptrace_scope=2 from modules.conf" 2 \
	"$(cat /proc/sys/kernel/yama_lkm/ptrace_scope 2>&1)"
marker='<kernel> /usr/local/sbin/llsm-persist'
printf '%s\n' "$marker" 'use_profile 2' 'file read /etc/llsm-persist' | tomoyo-loadpolicy -d
tap_true "the new domain is in tomoyo_lkm's policy" grep -qxF "$marker" /sys/kernel/security/tomoyo/domain_policy
tap_run "tomoyo-savepolicy saves tomoyo_lkm's policy to /etc/tomoyo" tomoyo-savepolicy
tap_is "the saved domain_policy.conf holds the new domain and its lines" \
	"$marker|use_profile 2|file read /etc/llsm-persist" \
	"$(domain_block "$marker" /etc/tomoyo/domain_policy.conf | grep -v '^use_group 0$' | paste -sd'|')"
mkdir -p /var/lib/llsm-test
sha256sum /etc/tomoyo/{profile,manager,exception_policy,domain_policy}.conf "$conf" \
	>/var/lib/llsm-test/persist.sha256
tap_run "rmmod yama_lkm tomoyo_lkm lsm_shim ($PREV)" rmmod yama_lkm tomoyo_lkm lsm_shim

# 2. Upgrade to the current version, with openssl: DKMS makes its key and signs.
t=$(now_s)
tap_log "apt install (upgrade) ./loadable-lsm-dkms_${CUR}_all.deb ./loadable-lsm_${CUR}_all.deb" \
	"$log/apt-cur.log" apt-get install -y "$P/loadable-lsm-dkms_${CUR}_all.deb" "$P/loadable-lsm_${CUR}_all.deb"
phase_time deb-upgrade "$(since "$t")"
tap_true "dkms status: $CUR installed for $kver" dkms_installed "$CUR" "$kver"
tap_true "the previous version's DKMS tree and sources are gone" \
	test ! -e "/var/lib/dkms/$DKMS_NAME/$PREV" -a ! -e "/usr/src/$DKMS_NAME-$PREV"
dkms status 2>&1 | sed 's/^/# dkms status: /'
tap_run "the saved TOMOYO policy and modules.conf are unchanged by the upgrade" \
	sha256sum -c /var/lib/llsm-test/persist.sha256
signer=$(modinfo -F signer lsm_shim 2>/dev/null)
subject=$(openssl x509 -inform DER -in /var/lib/dkms/mok.pub -noout -subject 2>/dev/null)
if [ -n "$signer" ] && [[ $subject == *"$signer"* ]]; then
	tap_ok "with openssl, DKMS signed lsm_shim with its MOK key (signer '$signer')"
else
	tap_not_ok "with openssl, DKMS signed lsm_shim with its MOK key"
	tap_diag "signer '$signer', certificate subject '$subject'"
fi
tap_grep "the post-install message names the signer" "modules for $kver are signed by" "$log/apt-cur.log"

# 3. Every module dkms.conf lists loads, and unloads.
mods=$(built_modules "/usr/src/$DKMS_NAME-$CUR/dkms.conf")
tap_diag "modules in dkms.conf: $(echo $mods)"
loaded=""
for m in $mods; do
	if [ "$m" = tomoyo_lkm ] && [ -d /sys/kernel/security/tomoyo ]; then
		tap_skip "modprobe tomoyo_lkm" "the built-in TOMOYO is active on this boot (tested in the second boot)"
		continue
	fi
	tap_run "modprobe $m" modprobe "$m" && loaded="$m $loaded"
done
for m in $loaded; do
	tap_run "rmmod $m" rmmod "$m"
done

# 4. The unit comes disabled; the loader reads the configuration kept
# through the upgrade.
tap_is "loadable-lsm.service is installed disabled" disabled \
	"$(systemctl is-enabled loadable-lsm.service 2>&1)"
loadable-lsm-load --dry-run >"$log/dry-run.txt" 2>&1
tap_is "loadable-lsm-load --dry-run accepts the kept modules.conf" 0 $?
tap_grep "loadable-lsm-load --dry-run plans yama_lkm at scope 2" \
	'^modprobe yama_lkm ptrace_scope=2$' "$log/dry-run.txt"
tap_true "man pages installed" test -e /usr/share/man/man8/loadable-lsm-load.8.gz \
	-a -e /usr/share/man/man5/loadable-lsm-modules.conf.5.gz -a -e /usr/share/man/man4/lsm_shim.4.gz
tap_run "systemctl enable loadable-lsm.service" systemctl enable loadable-lsm.service

# 5. A second kernel with its headers: the kernel's hooks make DKMS build for it.
t=$(now_s)
tap_log "apt install linux-image-$KABI2 linux-headers-$KABI2 (offline, $(ls /mnt/host/kernel | wc -l) .debs)" \
	"$log/apt-kernel.log" apt-get install -y /mnt/host/kernel/*.deb
phase_time kernel-install "$(since "$t")"
tap_true "DKMS built and installed $CUR for the new kernel $KABI2 on its own" dkms_installed "$CUR" "$KABI2"
tap_diag "$(grep -i -m 3 'dkms\|autoinstall' "$log/apt-kernel.log")"
vm=$(modinfo -k "$KABI2" -F vermagic lsm_shim 2>&1)
tap_is "lsm_shim for $KABI2 has its vermagic" "$KABI2" "${vm%% *}"
mkdir -p "$log/boot"
if cp "/boot/vmlinuz-$KABI2" "$log/boot/vmlinuz" && cp "/boot/initrd.img-$KABI2" "$log/boot/initrd.img"; then
	tap_ok "kernel and initrd of $KABI2 handed to the host for the next boot"
else
	tap_not_ok "kernel and initrd of $KABI2 handed to the host for the next boot"
fi
sync
tap_end
