# shellcheck shell=bash
# shellcheck disable=SC2034 # MODES and PROFILES are read by tomoyo-diff.sh
# Issue 15 item 2: a 600-line policy with malformed lines spread through
# it, through tomoyo-loadpolicy (stdio, 4 KiB buffers): every valid line in
# its own domain, nothing else.
MODES=0
td_workload() { note loaded "$(cat "$C/rc" 2>/dev/null)"; }
td_setup() {
	awk -v c="$C" 'BEGIN {
		for (n = 0; n < 600; n++) {
			if (n % 20 == 0) {
				d++
				if (d % 7 == 3) print "<kernel> ./" c "/bad" d
				else print "<kernel> " c "/d" d
			} else if (n % 37 == 5) print "file reed " c "/bad" n
			else if (n % 53 == 7) print "network inet stream connect 127.0.0.1 9" n "000"
			else print "file read " c "/d" d "/f" n
		}
	}' >"$C/bulk.conf"
	tomoyo-loadpolicy -d <"$C/bulk.conf"
	echo "$?" >"$C/rc"
}
