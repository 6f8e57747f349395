# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
# Guest-side, sourced: drive tomoyo-queryd (tomoyo-tools' interactive
# query answerer, a curses program) under script's pseudo-terminal, for
# 40-tomoyo.sh (tomoyo_lkm) and the differential case tdiff/3m-queryd.sh
# (both TOMOYOs). Keys reach it through a FIFO that script copies to the
# terminal, and each key is typed only once its question is on the screen:
# a task sleeps in the query (its wchan) and queryd has drawn since (curses
# draws only what changed, so the prompt itself is not drawn again).

# qd_start DIR: start tomoyo-queryd with its screen in DIR/screen; fd 7
# types on its keyboard. Sets QD_DIR, QD_SCRIPT and QD_PID; fails unless
# queryd holds the query file open within 10 s.
qd_start() {
	QD_DIR=$1
	rm -f "$QD_DIR/keys"
	mkfifo "$QD_DIR/keys"
	: >"$QD_DIR/screen"
	timeout 600 script -qfec "stty rows 40 cols 200; TERM=xterm tomoyo-queryd" \
		"$QD_DIR/screen" <"$QD_DIR/keys" >/dev/null 2>&1 &
	QD_SCRIPT=$!
	exec 7>"$QD_DIR/keys"
	for _ in $(seq 100); do
		QD_PID=$(pgrep -x tomoyo-queryd) &&
			[ "$(readlink "/proc/$QD_PID/fd/"* | grep -c -x /sys/kernel/security/tomoyo/query)" = 1 ] &&
			return 0
		sleep 0.1
	done
	return 1
}

# qd_stop: end tomoyo-queryd (Ctrl-C) and script.
qd_stop() {
	[ -n "${QD_PID:-}" ] && kill -INT "$QD_PID" 2>/dev/null
	exec 7>&-
	wait "$QD_SCRIPT" 2>/dev/null
	QD_PID=
}

# qd_size: bytes drawn so far.
qd_size() { stat -c %s "$QD_DIR/screen"; }

# qd_key KEY: type KEY (a dead queryd must not kill the caller: SIGPIPE).
qd_key() { (printf '%s' "$1" >&7) 2>/dev/null; }

# qd_asking: some task waits for an answer.
qd_asking() {
	grep -l -s -E 'query|supervisor' /proc/[0-9]*/wchan >/dev/null
}

# qd_text: the whole screen as text (qd_since 0).
qd_text() { qd_since 0; }

# qd_until SECONDS CMD...: run CMD every 0.1 s until it succeeds, at most
# SECONDS.
qd_until() {
	local i n=$(($1 * 10))
	shift
	for ((i = 0; i < n; i++)); do
		"$@" && return 0
		sleep 0.1
	done
	return 1
}

# qd_grown FROM: queryd drew past byte FROM.
qd_grown() { [ "$(qd_size)" -gt "$1" ]; }

# qd_shows FROM TEXT: queryd drew TEXT after byte FROM.
qd_shows() { tail -c +$(($1 + 1)) "$QD_DIR/screen" | grep -a -q -F "$2"; }

# qd_ended PID: the process is gone.
qd_ended() { ! kill -0 "$1" 2>/dev/null; }

# qd_since FROM: what queryd drew after byte FROM, as text.
qd_since() {
	tail -c +$(($1 + 1)) "$QD_DIR/screen" |
		sed 's/\x1b\[[0-9;?]*[a-zA-Z]/\n/g; s/\x1b[()=>][0-9A-Za-z]\{0,1\}/\n/g' |
		tr -c '[:print:]\n' ' ' | grep -a -v '^ *$'
}

# qd_question FROM: a task waits in a query and queryd, done drawing, shows
# a question ("Allow?") after byte FROM.
qd_question() {
	local n
	qd_asking && qd_shows "$1" 'Allow?' || return 1
	n=$(qd_size)
	sleep 0.5
	[ "$(qd_size)" = "$n" ]
}

# qd_next FROM: the job ended or the next question is on the screen.
qd_next() { qd_ended "$QD_JOB" || qd_question "$1"; }

# shellcheck disable=SC2034 # QD_ASKED, QD_EXTRA and QD_FROM are for the callers
# qd_answer KEY LINE CMD...: run CMD in the background and answer the
# question about the ACL line LINE with KEY ('a': add the line as queryd
# offers it, then retry). The workload's other requests (a shell's ioctl
# or getattr on its files, which both TOMOYOs check too) are granted with
# 'y' and counted in QD_EXTRA (a key typed while nothing is asked does no
# harm: queryd drops pending input before each question). Returns CMD's
# exit status (killed when it runs 30 s past the last question: it waits
# for an answer to a question not seen); QD_ASKED is yes once LINE was
# asked; QD_FROM is the screen size before. CMD must be the program itself
# (not run through timeout or env), so that it runs in its own domain.
qd_answer() {
	local key=$1 want=$2 from i k
	shift 2
	QD_ASKED=no
	QD_EXTRA=0
	QD_FROM=$(qd_size)
	from=$QD_FROM
	"$@" &
	QD_JOB=$!
	for ((i = 0; i < 10; i++)); do
		# Neither within 30 s, or the job ended: no question left.
		qd_until 30 qd_next "$from" && ! qd_ended "$QD_JOB" || break
		k=y
		if [ "$QD_ASKED" = no ] && qd_since "$from" | sed 's/ *$//' | grep -a -q -F -x "$want"; then
			k=$key
			QD_ASKED=yes
		else
			QD_EXTRA=$((QD_EXTRA + 1))
		fi
		# The next question is what queryd draws after this key.
		from=$(qd_size)
		qd_key "$k"
		if [ "$k" = a ]; then
			qd_until 10 qd_shows "$from" 'Enter new entry>'
			qd_key "$(printf '\r')"
		fi
	done
	# A job still asking what was not seen is killed, not waited for.
	qd_until 30 qd_ended "$QD_JOB" || kill "$QD_JOB"
	wait "$QD_JOB"
}
