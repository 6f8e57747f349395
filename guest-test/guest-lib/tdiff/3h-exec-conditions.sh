# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: exec.argv[N]!= and exec.envp["X"]!= for absent
# entries, exec.argc/envc, exec.realpath.
td_setup() { cp "$B" "$C/child"; }
td_domain() {
	printf '%s\n' "$D" \
		"file execute $C/child exec.argv[3]!=\"x\" exec.envp[\"FOO\"]!=\"bar\" exec.argc=2-3" \
		"file execute $C/child exec.realpath=\"$C/child\" exec.envc=5" \
		"<kernel> $B $C/child" 'use_profile 0'
}
td_workload() {
	op argc2 exec "$C/child" child domain
	op argc3 exec "$C/child" child domain y
	op argc4-x exec "$C/child" child domain y x
	op foo-bar exec "$C/child" child domain -- FOO=bar
	op foo-baz exec "$C/child" child domain -- FOO=baz
	op argc5-envc5 exec "$C/child" child domain a b c -- A=1 B=1 C=1 D=1 E=1
	op argc5-envc4 exec "$C/child" child domain a b c -- A=1 B=1 C=1 D=1
}
