# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 1: a task whose domain is deleted stays confined.
# The programs the workload runs have their domains before the pass, so
# that its stat counts this case's policy updates only: which earlier
# boot or test first ran sleep differs between the two TOMOYOs' boots.
td_setup() {
	mkfifo "$C/fifo"
	echo s >"$C/secret"
	sleep 0
	timeout 5 bash -c :
}
td_domain() { printf '%s\n' "$D" "file read $C/fifo"; }
td_workload() {
	local pid
	(cd "$C" && exec -c "$B" waitread "$C/fifo" "$C/secret") >"$C/out" 2>&1 &
	pid=$!
	sleep 0.5
	printf 'delete %s\n' "$D" >"$TFS/domain_policy"
	note domain-deleted "$(grep -cxF "$D" "$TFS/domain_policy")"
	# No reader when the helper could not open the FIFO: do not hang.
	timeout 5 bash -c 'echo x >"$1"' - "$C/fifo"
	wait "$pid"
	note read-after-delete "$(cat "$C/out")"
}
