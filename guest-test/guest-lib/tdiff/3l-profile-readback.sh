# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: the profile file as the built-in TOMOYO reads it back:
# every defined profile in full (COMMENT, PREFERENCE and CONFIG with every
# value, then each CONFIG::category::operation and CONFIG::category line),
# a line that sets nothing still defining its profile, a namespace's own
# PROFILE_VERSION line, and a saved profile written back unchanged.
PROFILES="43 44 45"
MODES="44 43"
td_setup() { echo x >"$C/f"; }
td_profile() {
	printf '%s\n' '43-CONFIG::file={ use_default }' \
		'44-COMMENT=read back in full' \
		'44-PREFERENCE={ max_audit_log=77 }' \
		'44-CONFIG={ mode=learning grant_log=no }' \
		'44-CONFIG::file::open={ mode=enforcing }' \
		'44-CONFIG::file::mkdir={ mode=enforcing reject_log=no }' \
		'44-CONFIG::file::mkdir={ use_default }' \
		'44-CONFIG::file={ mode=permissive reject_log=no }' \
		'44-CONFIG::misc::env={ grant_log=no }' \
		'45-CONFIG::network::inet_stream_connect={ mode=enforcing }' \
		'45-CONFIG::network::inet_stream_connect={ grant_log=no }' \
		"<$C/ns> 2-CONFIG={ mode=enforcing }"
}
td_domain() { printf '%s\n' "$D" "file getattr $C/f"; }
td_workload() {
	local before after
	op read read "$C/f"
	op mkdir mkdir "$C/d" 0755
	rmdir "$C/d" 2>/dev/null
	note ns-profile "$(grep -F "<$C/ns> " "$TFS/profile" | paste -sd'|')"
	# tomoyo-savepolicy saves this file; written back, it reads the same.
	# Written by this shell (a manager): a program it ran would not be.
	before=$(grep -E '^(<kernel> )?4[345]-' "$TFS/profile")
	if printf '%s\n' "${before//<kernel> /}" >"$TFS/profile"; then
		note rewrite ok
	else
		note rewrite refused
	fi
	after=$(grep -E '^(<kernel> )?4[345]-' "$TFS/profile")
	if [ "$before" = "$after" ]; then note reread same; else note reread changed; fi
}
