#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest job of the package tests, second boot: the disk packages-install.sh
# left, booted through systemd into the kernel it installed. The unit loaded
# the shim at boot; then remove, purge and reinstall the .deb, and install,
# upgrade and erase the .rpm.
. /mnt/host/guest-lib/tap.sh
. /mnt/host/guest-lib/pkg.sh
phase_time boot-to-job "$(now_s)"
kver=$(uname -r)
log=/mnt/host/out
tap_is "booted into the second kernel" "$KABI2" "$kver"

# 1. The unit ran at boot and did what modules.conf says.
tap_is "loadable-lsm.service is active after boot" active "$(systemctl is-active loadable-lsm.service 2>&1)"
tap_true "it runs before systemd-sysctl (so /etc/sysctl.d reaches the modules' knobs)" \
	bash -c "systemctl show -p Before --value loadable-lsm.service | grep -qw systemd-sysctl.service"
tap_true "and the boot has no ordering cycle" bash -c "! journalctl -b --no-pager | grep -qi 'ordering cycle'"
journalctl -b -u loadable-lsm.service --no-pager -o cat 2>&1 | tee "$log/unit.log" | sed 's/^/# unit: /'
tap_true "lsm_shim was loaded at boot" grep -q '^lsm_shim ' /proc/modules
tap_is "the shim is locked (lock yes)" 1 "$(cat /sys/kernel/security/lsm_shim/lock 2>&1)"
pol=$(sed -n 's/^tomoyo_policy //p' /etc/loadable-lsm/modules.conf)
tap_diag "built-in LSMs: $(cat /sys/kernel/security/lsm); cmdline: $(cat /proc/cmdline)"
if modinfo tomoyo_lkm >/dev/null 2>&1; then
	tap_true "tomoyo_lkm was loaded at boot" grep -q '^tomoyo_lkm ' /proc/modules
	if [ "$pol" = /etc/tomoyo ]; then
		tap_grep "the unit loaded the policy" "TOMOYO policy loaded from /etc/tomoyo" "$log/unit.log"
		tap_run "the policy saved before the upgrade is unchanged on disk" \
			sha256sum -c /var/lib/llsm-test/persist.sha256
		for f in profile manager exception_policy; do
			missing=$(grep -v '^#' "/etc/tomoyo/$f.conf" | grep . |
				grep -vxF -f "/sys/kernel/security/tomoyo/$f")
			if [ -z "$missing" ]; then
				tap_ok "every line of /etc/tomoyo/$f.conf is in force ($(grep -vc '^#' "/etc/tomoyo/$f.conf") lines)"
			else
				tap_not_ok "every line of /etc/tomoyo/$f.conf is in force"
				tap_diag "missing: $(head -n 5 <<<"$missing")"
			fi
		done
		# The domain the first boot added and saved with tomoyo-savepolicy.
		marker='<kernel> /usr/local/sbin/llsm-persist'
		tap_is "the saved domain is in force again, with its lines" \
			"$(domain_block "$marker" /etc/tomoyo/domain_policy.conf | sort)" \
			"$(domain_block "$marker" /sys/kernel/security/tomoyo/domain_policy | sort)"
		tap_is "and it is the one added before the upgrade" "use_profile 2|file read /etc/llsm-persist" \
			"$(domain_block "$marker" /sys/kernel/security/tomoyo/domain_policy |
				grep -vxF -e "$marker" -e 'use_group 0' | paste -sd'|')"
	else
		tap_not_ok "modules.conf names /etc/tomoyo as the policy (it says '$pol')"
	fi
	tap_true "yama_lkm was loaded at boot" grep -q '^yama_lkm ' /proc/modules
	tap_is "yama_lkm's scope from modules.conf (ptrace_scope=2) survived the upgrade and the reboot" 2 \
		"$(cat /proc/sys/kernel/yama_lkm/ptrace_scope 2>&1)"
else
	tap_skip "tomoyo_lkm loaded with the policy of /etc/tomoyo" "tomoyo_lkm is not in this version"
	tap_grep "the unit says it skipped tomoyo_lkm" "tomoyo_lkm is not installed for kernel $kver: skipped" "$log/unit.log"
fi

# An upgrade of the unit's package (dpkg -i over itself runs the preinst
# and prerm upgrade paths) must leave the unit active: the LSMs stay loaded.
tap_log "dpkg -i ./loadable-lsm_${CUR}_all.deb over itself (an upgrade)" "$log/dpkg-upgrade.log" \
	dpkg -i "$P/loadable-lsm_${CUR}_all.deb"
tap_is "loadable-lsm.service is still active after the upgrade" active \
	"$(systemctl is-active loadable-lsm.service 2>&1)"

# 2. Remove, then purge: nothing of the package is left.
t=$(now_s)
tap_log "apt remove loadable-lsm loadable-lsm-dkms" "$log/apt-remove.log" \
	apt-get remove -y loadable-lsm loadable-lsm-dkms
phase_time deb-remove "$(since "$t")"
gone_checks "after apt remove"
tap_true "apt remove keeps the configuration" test -f /etc/loadable-lsm/modules.conf
tap_log "apt purge loadable-lsm" "$log/apt-purge.log" apt-get purge -y loadable-lsm loadable-lsm-dkms
tap_true "apt purge removes /etc/loadable-lsm" test ! -e /etc/loadable-lsm
tap_true "apt purge removes the unit's enablement" \
	test ! -e /etc/systemd/system/sysinit.target.wants/loadable-lsm.service

# The image's kernel goes, so that the reinstall builds for one kernel only;
# its DKMS modules went with the package already.
old=$(for d in /lib/modules/*; do [ "${d##*/}" = "$kver" ] || echo "${d##*/}"; done)
# shellcheck disable=SC2046
tap_log "apt purge the first kernel ($(echo $old))" "$log/apt-oldkernel.log" \
	apt-get purge -y $(for k in $old; do echo "linux-image-$k linux-headers-$k"; done)

# 3. Reinstall after removal, as a fleet would: from the signed apt
# repository (make repo), after a tampered copy and another key are refused.
repo_install "$log"
tap_true "dkms status: $CUR installed for $kver after the reinstall" dkms_installed "$CUR" "$kver"
tap_true "the configuration is back" test -f /etc/loadable-lsm/modules.conf
apt-get purge -y loadable-lsm loadable-lsm-dkms >"$log/apt-purge2.log" 2>&1
gone_checks "after the second purge"

# 4. rpm: install the previous version, upgrade to the current one, erase.
# --nodeps: rpm's database knows nothing of what dpkg installed (dkms,
# kmod, systemd, gcc, make, /bin/sh) nor of kernel-devel.
rpms_prev=$(echo "$P"/loadable-lsm-*"$PREV"-*.noarch.rpm)
rpms_cur=$(echo "$P"/loadable-lsm-*"$CUR"-*.noarch.rpm)
t=$(now_s)
# shellcheck disable=SC2086
tap_log "rpm -i --nodeps loadable-lsm{,-dkms}-$PREV runs %post: dkms add, build, install" \
	"$log/rpm-i.log" rpm -i --nodeps $rpms_prev
phase_time rpm-install "$(since "$t")"
tap_true "rpm: $PREV installed for $kver" dkms_installed "$PREV" "$kver"
t=$(now_s)
# shellcheck disable=SC2086
tap_log "rpm -U --nodeps to $CUR" "$log/rpm-U.log" rpm -U --nodeps $rpms_cur
phase_time rpm-upgrade "$(since "$t")"
tap_true "rpm -U: $CUR installed for $kver" dkms_installed "$CUR" "$kver"
tap_true "rpm -U: the new version's module files are there" test -n "$(module_files)"
tap_true "rpm -U: the old version's DKMS tree is gone" test ! -e "/var/lib/dkms/$DKMS_NAME/$PREV"
dkms status 2>&1 | sed 's/^/# dkms status: /'
vm=$(modinfo -k "$kver" -F vermagic lsm_shim 2>&1)
tap_is "rpm -U: lsm_shim is built for $kver" "$kver" "${vm%% *}"
tap_log "rpm -e loadable-lsm loadable-lsm-dkms" "$log/rpm-e.log" rpm -e --nodeps loadable-lsm loadable-lsm-dkms
gone_checks "after rpm -e"
tap_end
