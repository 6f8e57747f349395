# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Choice of QEMU accelerator (sourced).

# pick_accel: print "kvm" when /dev/kvm is usable for stock guest kernels,
# else "tcg". LLSM_ACCEL=kvm|tcg overrides. A /dev/kvm backed by PVM (a
# paravirtual KVM for PVM-aware guests only) hangs stock kernels at boot, and
# KVM without VMX/SVM in the host CPU is the same kind, so both mean TCG.
pick_accel() {
	case "${LLSM_ACCEL:-}" in
	kvm | tcg)
		say "$LLSM_ACCEL"
		return
		;;
	esac
	if [ -r /dev/kvm ] && [ -w /dev/kvm ] && [ ! -d /sys/module/kvm_pvm ] &&
		grep -qw -e vmx -e svm /proc/cpuinfo; then
		say kvm
	else
		say tcg
	fi
}

# accel_why: one line saying why pick_accel chose what it did.
accel_why() {
	if [ -n "${LLSM_ACCEL:-}" ]; then
		say "LLSM_ACCEL=$LLSM_ACCEL"
	elif [ ! -e /dev/kvm ]; then
		say "no /dev/kvm"
	elif [ -d /sys/module/kvm_pvm ]; then
		say "/dev/kvm is PVM, which cannot run stock kernels"
	elif ! grep -qw -e vmx -e svm /proc/cpuinfo; then
		say "host CPU has no VMX/SVM"
	else
		say "/dev/kvm usable"
	fi
}
