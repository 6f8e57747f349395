# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 3: path1.parent.*, path2.* and path2.parent.* conditions.
td_setup() {
	mkdir -p "$C/d" "$C/e"
	chown 1000 "$C/e"
}
td_prepass() {
	rm -f "$C/d/"* "$C/e/"*
	echo x >"$C/d/src"
}
td_domain() {
	printf '%s\n' "$D" \
		"file create $C/d/\\* 0644 path1.parent.uid=task.uid" \
		"file create $C/e/\\* 0644 path1.parent.uid=task.uid" \
		"file rename $C/d/src $C/\\*/dst path2.parent.uid=0" \
		"file link $C/d/src $C/\\*/lnk path1.type=file path2.parent.perm=0755" \
		"file unlink $C/d/\\* path1.parent.uid=0 path1.uid=0"
}
td_workload() {
	op create-d creat "$C/d/new" 644
	op create-e creat "$C/e/new" 644
	op link-d link "$C/d/src" "$C/d/lnk"
	op link-e link "$C/d/src" "$C/e/lnk"
	op rename-e rename "$C/d/src" "$C/e/dst"
	op rename-d rename "$C/d/src" "$C/d/dst"
	op unlink-d unlink "$C/d/new"
}
