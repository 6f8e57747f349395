#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# llsm-append: lsm=landlock,lockdown,yama,integrity,apparmor,bpf,ipe,ima,evm
# tomoyo_lkm's tests in a boot without the built-in TOMOYO: the lsm= list
# above is Debian's default without tomoyo on every series (each kernel
# ignores the names it does not know: integrity on 6.12+, ipe/ima/evm on
# 6.1), as a Fedora or RHEL-like host would have it.
exec bash /mnt/host/guest-tests/40-tomoyo.sh
