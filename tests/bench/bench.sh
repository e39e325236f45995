#!/bin/sh
# make bench: zplan against the bare libyaml parse (yaml_scan) on fleet
# models of 10,000, 100,000 and 1,000,000 disks, round-robin and explicit
# mounts. For each command: median wall time of RUNS runs, its ratio to
# yaml_scan on the same file, CPU time, peak RSS and RSS over the file's
# size; then how each command's time grows from one size to the next.
# Not a test: it prints figures (and keeps them in $W/results.txt).
set -eu
TOP=$(cd "$(dirname "$0")/../.." && pwd)
SHARED=${SHARED:-$TOP/../shared}
RUNS=${RUNS:-3}
SIZES=${SIZES:-10000 100000 1000000}
W=${BENCH_DIR:-$TOP/build/bench}
ZPLAN=$TOP/zplan
mkdir -p "$W"
cc -O2 -o "$W/yaml_scan" "$SHARED/bench/yaml_scan.c" -lyaml
cc -O2 -o "$W/runstat" "$TOP/tests/bench/runstat.c"

# median of column c of the lines on stdin
median() { sort -g -k "$1,$1" | awk -v c="$1" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)," \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
    "$(uname -sr); $(date -u +%Y-%m-%d); $("$ZPLAN" --version 2>/dev/null | head -1)"
echo "median of $RUNS runs; a run times yaml_scan, then each command on the same"
echo "file, and ratio is a command's time over that run's yaml_scan time (so"
echo "that a machine whose speed drifts compares like with like)"
echo
: >"$W/results.txt"
printf '%-8s %-11s %-9s %-16s %7s %6s %7s %8s %8s\n' disks mounts "file MB" command \
    "time s" ratio "cpu s" "RSS MB" RSS/file
# script -o writes into a new directory each run, removed at the end:
# created right after thousands of files were deleted, ext4 spends a
# second of system time skipping their recently freed inodes, which is
# not zplan's cost (docs/performance.md)
rm -rf "$W/out" "$W"/out.*
trap 'rm -rf "$W"/out.*' EXIT
cmds="check|capacity --format json|plan --format json|script"
for n in $SIZES; do
	for mode in round-robin explicit; do
		f=$W/fleet-$n-$mode.yaml
		[ -s "$f" ] || python3 "$SHARED/bench/gen_fleet.py" --disks "$n" --mounts "$mode" >"$f"
		size=$(wc -c <"$f")
		: >"$W/runs"
		i=0
		while [ "$i" -lt "$RUNS" ]; do
			# shellcheck disable=SC2046
			set -- $("$W/runstat" "$W/yaml_scan" "$f")
			base=$1
			echo "yaml_scan $1 $2 $3 1" >>"$W/runs"
			IFS='|'
			for cmd in $cmds; do
				IFS=' '
				[ "$cmd" = script ] && cmd="script -o $W/out.$n.$mode.$i"
				# shellcheck disable=SC2046,SC2086
				set -- $("$W/runstat" "$ZPLAN" $cmd "$f") || true
				echo "${cmd%% *} $1 $2 $3 $(awk -v t="$1" -v b="$base" 'BEGIN { print t / b }')" \
				    >>"$W/runs"
				IFS='|'
			done
			IFS=' '
			i=$((i + 1))
		done
		for name in yaml_scan check capacity plan script; do
			grep "^$name " "$W/runs" >"$W/one"
			t=$(median 2 <"$W/one")
			r=$(median 3 <"$W/one")
			c=$(median 4 <"$W/one")
			q=$(median 5 <"$W/one")
			echo "$n $mode $name $t $r $c $q" >>"$W/results.txt"
			awk -v n="$n" -v m="$mode" -v c="$name" -v t="$t" -v r="$r" -v cpu="$c" \
			    -v q="$q" -v s="$size" 'BEGIN {
				printf "%-8s %-11s %-9.1f %-16s %7.3f %6.2f %7.3f %8.1f %8.2f\n",
				    n, m, s / 1e6, c, t, q, cpu, r * 1024 / 1e6, r * 1024 / s }'
		done
	done
done
echo
echo "growth from each size to the next, same mounts: time, RSS, and the"
echo "growth of the ratio to yaml_scan (x1.0: the command grows as the parse"
echo "does; the parse itself is linear, 10x the bytes, 10x the instructions)"
awk '{ k = $2 " " $3; if (k in t) printf "  %-11s %-10s %8s -> %-8s time x%.1f, RSS x%.1f, ratio x%.2f\n",
	$2, $3, last[k], $1, $4 / t[k], $5 / r[k], $7 / q[k];
	t[k] = $4; r[k] = $5; q[k] = $7; last[k] = $1 }' "$W/results.txt"
