# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: every argv and envp string of an exec is read: misc env
# and exec.envp see LD_PRELOAD behind 300 arguments or a 70,000-byte one.
td_domain() {
	printf '%s\n' "$D" \
		"file execute $C/child exec.envp[\"LD_PRELOAD\"]=NULL" \
		"<kernel> $B $C/child" 'use_profile 3' 'misc env A' \
		'file read /sys/kernel/security/tomoyo/self_domain' \
		'file read securityfs:/tomoyo/self_domain'
}
td_setup() { cp "$B" "$C/child"; }
td_workload() {
	op exec-plain exec "$C/child" child domain -- A=1
	op exec-preload exec "$C/child" child domain -- A=1 LD_PRELOAD=/x.so
	op exec-env-B exec "$C/child" child domain -- B=1
	op big-300-args bigexec "$C/child" 300 10 -- A=1
	op big-300-args-preload bigexec "$C/child" 300 10 -- LD_PRELOAD=/x.so
	op big-70k-arg-preload bigexec "$C/child" 1 70000 -- LD_PRELOAD=/x.so
	op big-300-args-envB bigexec "$C/child" 300 10 -- B=1
}
