#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Guest side of guest-test/bench: one boot's configurations, alternated.
#
# BENCH_BOOT=lkm      (booted without the built-in TOMOYO) base, shim,
#                     null (shim and a client whose one hook returns 0),
#                     audit_off, audit_on, base2 (= base), tlkm_enf,
#                     tlkm_off, yama_lkm; the
#                     time from installed to enforcing; the state store
# BENCH_BOOT=builtin  (default boot, built-in TOMOYO) builtin_off and
#                     builtin_enf with the same policy
# BENCH_MODE=profile (guest-test/bench --profile): instead of rounds, each
#                     configuration once, every benchmark BENCH_PROFILE_N
#                     times between two marks of the host-built static
#                     bench (/mnt/host/bench-static, run as $B/bench, the
#                     program the policy's domains name), whose windows the
#                     host's QEMU plugin counts; writes out/profile-index.txt
#                     ("config bench errors iterations", one line a window,
#                     in order) and the symbols: out/kallsyms.txt, and
#                     out/kallsyms-CONFIG.txt for the modules of each
# BENCH_ROUNDS rounds, each configuration once per round, the order reversed
# every other round; in each, every benchmark runs BENCH_PASSES passes of
# BENCH_MS milliseconds and the fastest pass counts.
# Writes out/bench-raw.txt ("round config bench ns errors iters") and
# out/bench-facts.txt ("key value") to /mnt/host/out.
set -u
H=/mnt/host
OUT=$H/out
B=/tmp/llsmb
TFS=/sys/kernel/security/tomoyo
SHIMFS=/sys/kernel/security/lsm_shim
boot=${BENCH_BOOT:-lkm}
rounds=${BENCH_ROUNDS:-10}
ms=${BENCH_MS:-60}
passes=${BENCH_PASSES:-3}
hold_n=${BENCH_HOLD:-100000}
kver=$(uname -r)
RAW=$OUT/bench-raw.txt
FACTS=$OUT/bench-facts.txt
: >"$RAW"
: >"$FACTS"

log() { echo "[$(cut -d' ' -f1 /proc/uptime)] $*"; }
fact() { echo "$1 $2" >>"$FACTS"; }
loaded() { grep -q "^$1 " /proc/modules; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# Keep the serial console quiet: audit records and module messages would
# otherwise be printed at 115200 baud in the middle of a measurement.
dmesg -n 1
mkdir -p "$B"

# policy DIR MODE: the policy both TOMOYOs enforce, profile 3 in MODE.
# A few hundred ACL lines with patterns and groups, of the kinds a service
# policy has; the lines the benchmark needs come last in its domain, so
# every check walks the rest first.
policy() {
	local d=$1 i
	mkdir -p "$d"
	cat >"$d/profile.conf" <<EOF
PROFILE_VERSION=20150505
0-COMMENT=-----Disabled Mode-----
0-PREFERENCE={ max_audit_log=1024 max_learning_entry=2048 }
0-CONFIG={ mode=disabled grant_log=no reject_log=yes }
1-CONFIG={ mode=learning grant_log=no reject_log=yes }
2-CONFIG={ mode=permissive grant_log=no reject_log=yes }
3-COMMENT=-----Enforcing Mode-----
3-CONFIG={ mode=$2 grant_log=no reject_log=yes }
EOF
	{
		echo "initialize_domain $B/bench from any"
		echo "aggregator /usr/bin/gawk /usr/bin/awk"
		for i in $(seq 1 20); do
			echo "path_group WEB_ROOT /srv/site$i/\\*.html"
			echo "path_group LOGS /var/log/app$i/\\*.log"
		done
		echo "path_group BENCH_DATA $B/data"
		echo "number_group WEB_PORTS 80"
		echo "number_group WEB_PORTS 443"
		echo "number_group WEB_PORTS 8000-8099"
		echo "address_group LOOPBACK 127.0.0.1"
		echo "address_group INTRANET 10.0.0.0-10.255.255.255"
		echo "acl_group 0 file read /etc/ld.so.cache"
		echo "acl_group 0 file read /usr/lib/x86_64-linux-gnu/\\*.so\\*"
		echo "acl_group 0 file read /usr/share/zoneinfo/\\{\\*\\}/\\*"
		echo "acl_group 0 file getattr /etc/\\*"
	} >"$d/exception_policy.conf"
	{
		echo "<kernel>"
		echo "use_profile 0"
		echo ""
		echo "<kernel> $B/bench"
		echo "use_profile 3"
		echo "use_group 0"
		for i in $(seq 1 40); do
			echo "file read /srv/site$i/\\{\\*\\}/\\*.css"
			echo "file write /var/cache/app$i/\\*.tmp"
			echo "file create /var/cache/app$i/\\*.tmp 0600"
			echo "file unlink /var/cache/app$i/\\*.tmp"
			echo "file getattr /srv/site$i/\\*"
			echo "file execute /usr/lib/app$i/bin/\\*"
			echo "network inet stream connect 10.0.$i.1 8000-8099"
		done
		echo "file read @WEB_ROOT"
		echo "file append @LOGS"
		echo "network inet stream connect @INTRANET @WEB_PORTS"
		echo "file read @BENCH_DATA"
		echo "file write @BENCH_DATA"
		echo "file getattr @BENCH_DATA"
		echo "file read proc:/\\\$/status"
		echo "file execute $B/true"
		echo "network inet stream bind @LOOPBACK 7300"
		echo "network inet stream listen @LOOPBACK 7300"
		echo "network inet stream connect @LOOPBACK 7300"
		echo ""
		echo "<kernel> $B/bench $B/true"
		echo "use_profile 3"
		# execve_env's environment: each name is checked in the new
		# domain (misc env), by both TOMOYOs.
		echo "misc env \\*"
		echo ""
	} >"$d/domain_policy.conf"
	printf '%s\n' /usr/sbin/tomoyo-loadpolicy >"$d/manager.conf"
}

# load_policy: the whole policy into whichever TOMOYO owns $TFS.
load_policy() {
	policy "$B/pol" enforcing
	tomoyo-loadpolicy -p <"$B/pol/profile.conf" &&
		tomoyo-loadpolicy -e <"$B/pol/exception_policy.conf" &&
		tomoyo-loadpolicy -d <"$B/pol/domain_policy.conf" &&
		tomoyo-loadpolicy -m <"$B/pol/manager.conf"
}

# tomoyo_mode MODE: profile 3 (the benchmark's) to MODE.
tomoyo_mode() {
	policy "$B/pol-$1" "$1"
	grep '^3-CONFIG' "$B/pol-$1/profile.conf" | tomoyo-loadpolicy -p
}

# want MODULE...: exactly these of the project's modules loaded.
want() {
	local m
	for m in llsm_test_null yama_lkm audit_lkm tomoyo_lkm lsm_shim; do
		case " $* " in *" $m "*) continue ;; esac
		loaded "$m" && { rmmod "$m" || log "rmmod $m failed"; }
	done
	for m in "$@"; do
		loaded "$m" && continue
		modprobe "$m" || log "modprobe $m failed"
		[ "$m" = tomoyo_lkm ] && { load_policy || log "policy load failed"; }
	done
	return 0
}

yama() { sysctl -qw "kernel.yama.ptrace_scope=$1"; }

# enter CONFIG: bring the guest into CONFIG from any other.
enter() {
	yama 1
	case $1 in
	base | base2 | builtin_enf | builtin_off) want ;;
	shim) want lsm_shim ;;
	null) want lsm_shim llsm_test_null ;;
	audit_off | audit_on) want lsm_shim audit_lkm ;;
	tlkm_enf | tlkm_off) want lsm_shim tomoyo_lkm ;;
	yama_lkm) want lsm_shim yama_lkm ;;
	esac
	case $1 in
	audit_off) echo none >/sys/kernel/security/audit_lkm/classes ;;
	audit_on) echo exec,write,file >/sys/kernel/security/audit_lkm/classes ;;
	tlkm_enf | builtin_enf) tomoyo_mode enforcing ;;
	tlkm_off | builtin_off) tomoyo_mode disabled ;;
	yama_lkm)
		yama 0
		sysctl -qw kernel.yama_lkm.ptrace_scope=1
		;;
	esac
}

# measure ROUND CONFIG: every benchmark once in CONFIG.
measure() {
	# shellcheck disable=SC2086 # one word per benchmark
	env -i "$B/bench" -d "$B" run "$passes" $iters | sed "s/^/$1 $2 /" >>"$RAW"
}

build() {
	local cc
	# Whatever C compiler the kernel headers pulled in (trixie's 7.x
	# headers bring only x86_64-linux-gnu-gcc-14).
	cc=$(ls /usr/bin/gcc /usr/bin/gcc-[0-9]* /usr/bin/x86_64-linux-gnu-gcc-[0-9]* \
		/usr/bin/cc 2>/dev/null | head -n 1)
	[ -n "$cc" ] || return 1
	mkdir -p "$B"
	"$cc" -O2 -Wall -static -o "$B/bench" "$H/guest-helpers/bench.c" &&
		"$cc" -O2 -Wall -static -o "$B/true" "$H/guest-helpers/bench_true.c" &&
		echo "a small file for the read benchmarks" >"$B/data"
}

# install_modules: what the package's postinst leaves, so modprobe works.
install_modules() {
	mkdir -p "/lib/modules/$kver/updates/llsm"
	cp "$H"/ko/*.ko "$H"/test-ko/llsm_test_a.ko "$H"/test-ko/llsm_test_null.ko \
		"/lib/modules/$kver/updates/llsm/"
	depmod -a "$kver"
}

# slab_bytes: bytes in slab caches plus vmalloc'd bytes.
slab_bytes() {
	local s v
	s=$(awk 'NR > 2 { t += $2 * $4 } END { printf "%d", t }' /proc/slabinfo)
	v=$(awk '$1 == "VmallocUsed:" { print $2 * 1024 }' /proc/meminfo)
	echo $((s + v))
}

# state_store: memory per tracked object after opening hold_n files, with
# and without a client that keeps state per open file.
state_store() {
	local f0 f1 m0 m1 k0 k1 u0 u1 snap=$B/snap.sh
	cat >"$snap" <<'EOF'
#!/bin/bash
sync; echo 2 >/proc/sys/vm/drop_caches; sleep 2
f=$(awk '$1 == "file" { print $2 }' /sys/kernel/security/lsm_shim/objects)
s=$(awk 'NR > 2 { t += $2 * $4 } END { printf "%d", t }' /proc/slabinfo)
v=$(awk '$1 == "VmallocUsed:" { print $2 * 1024 }' /proc/meminfo)
k=$(awk '$1 == "kmalloc-64" { print $2 * $4 }' /proc/slabinfo)
# Memory in use, page allocations included (a large kvmalloc of the hash
# table's buckets comes from the page allocator, not from a slab).
u=$(awk '/^(MemTotal):/ { t = $2 } /^(MemFree|Buffers|Cached):/ { t -= $2 }
	END { print t * 1024 }' /proc/meminfo)
echo "${f:-0} $((s + v)) $k $u"
EOF
	chmod 755 "$snap"
	want lsm_shim
	read -r f0 m0 k0 u0 < <("$B/bench" -d "$B" hold "$hold_n" "$snap")
	modprobe llsm_test_a
	read -r f1 m1 k1 u1 < <("$B/bench" -d "$B" hold "$hold_n" "$snap")
	fact state_objects_file "$f1"
	fact state_objects_file_before "$f0"
	fact state_mem_delta "$((m1 - m0))"
	fact state_kmalloc64_delta "$((k1 - k0))"
	fact state_used_delta "$((u1 - u0))"
	fact state_objects_all "$(paste -sd, <"$SHIMFS/objects" | tr ' ' '=')"
	log "state store: $f1 file entries, $((m1 - m0)) bytes more slab+vmalloc"
	rmmod llsm_test_a
}

# profile_pass LABEL LIST: each benchmark of LIST once between two marks,
# its index lines labelled LABEL.
profile_pass() {
	# shellcheck disable=SC2086 # one word per benchmark
	env -i "$B/bench" -d "$B" profile $2 | sed "s/^/$1 /" >>"$OUT/profile-index.txt"
}

# profile_all: every configuration once, each benchmark between two marks.
profile_all() {
	local c n=${BENCH_PROFILE_N:-2000} list
	list="getppid=$n open_close=$n open_rdwr=$n stat=$n read_small=$n"
	list="$list execve_static=$((n / 8)) execve_env=$((n / 8))"
	list="$list fork_exit_wait=$((n / 8)) connect_accept=$((n / 4))"
	list="$list socketpair_send=$n ptrace_attach=$((n / 4))"
	list="$list prctl_dumpable=$n proc_status=$((n / 2))"
	: >"$OUT/profile-index.txt"
	cat /proc/kallsyms >"$OUT/kallsyms.txt"
	# The host's build takes the guest's place: the policy's domains name
	# $B/bench, and the plugin's mark is this program's bench_mark().
	cp "$H/bench-static" "$B/bench"
	# A first pass that counts for nothing: a boot's first window once held
	# 900 more instructions per open than later ones (cause not found).
	profile_pass warmup "$list"
	for c in "${configs[@]}"; do
		enter "$c"
		grep '\[' /proc/kallsyms >"$OUT/kallsyms-$c.txt"
		profile_pass "$c" "$list"
		log "profiled $c"
	done
	want
}

t_job=$(now)
if [ "$boot" = builtin ]; then
	# The built-in TOMOYO: policy first, then the trigger activates it;
	# the uptime then is this boot's kernel start to enforcing.
	if [ ! -d "$TFS" ]; then
		log "the built-in TOMOYO is not active"
		exit 1
	fi
	load_policy || log "policy load failed"
	cp /bin/true "$B-activate"
	"$B-activate"
	fact boot_to_enforcing_s "$(cut -d' ' -f1 /proc/uptime)"
	dmesg | grep -q 'Mandatory Access Control activated' &&
		fact builtin_activated yes
	configs=(builtin_off builtin_enf)
else
	# base2 is base again, mid-round: base2/base is the noise floor.
	configs=(base shim null audit_off audit_on base2 tlkm_enf tlkm_off yama_lkm)
fi
fact kernel "$kver"
fact lsm "$(cat /sys/kernel/security/lsm)"
build || { log "build of the benchmark failed"; exit 1; }
# Until the kernel's random number generator is initialized, everything
# that takes randomness (an exec's address layout, a connection's port
# and sequence number) also mixes the entropy pool: the profile found
# 41,000 more instructions per connect_accept and 68,000 per exec in
# blake2s_compress_generic in a boot that measured before "crng init
# done" (the built-in boot never got there; the lkm boot got there during
# its first configurations). A read of /dev/random waits for it, and
# makes the kernel gather entropy from timer jitter meanwhile.
t=$(now)
head -c 1 /dev/random >/dev/null
fact crng_wait_s "$(since "$t")"
log "random number generator ready after $(since "$t") s"
if [ "$boot" = lkm ]; then
	t=$(now)
	install_modules
	log "modules installed, depmod took $(since "$t") s"
	# Package installed -> TOMOYO enforcing: modprobe and the policy load.
	t=$(now)
	modprobe tomoyo_lkm && load_policy && tomoyo_mode enforcing
	fact installed_to_enforcing_s "$(since "$t")"
	want
	[ "${BENCH_MODE:-}" = profile ] || state_store
fi
if [ "${BENCH_MODE:-}" = profile ]; then
	profile_all
	fact job_seconds "$(since "$t_job")"
	log "done"
	exit 0
fi

enter "${configs[0]}"
iters=$("$B/bench" -d "$B" calibrate "$ms" | awk '{ printf "%s=%s ", $1, $2 }')
fact iters "${iters// /,}"
log "iterations: $iters"
for r in $(seq 1 "$rounds"); do
	order=("${configs[@]}")
	[ $((r % 2)) = 0 ] && mapfile -t order < <(printf '%s\n' "${configs[@]}" | tac)
	for c in "${order[@]}"; do
		t=$(now)
		enter "$c"
		t2=$(now)
		measure "$r" "$c"
		log "round $r $c: enter $(since "$t") s, measure $(since "$t2") s"
	done
done
want
fact errors "$(awk '$5 > 0' "$RAW" | wc -l)"
fact job_seconds "$(since "$t_job")"
log "done"
