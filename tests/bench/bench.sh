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

# the run of median wall time: "wall rss cpu"
median() { sort -n | awk '{ l[NR] = $0 } END { print l[int((NR + 1) / 2)] }'; }
measure() { # CMD...
	i=0
	: >"$W/runs"
	while [ "$i" -lt "$RUNS" ]; do
		"$W/runstat" "$@" >>"$W/runs" || true
		i=$((i + 1))
	done
	median <"$W/runs"
}

echo "machine: $(nproc) cores, $(awk '/MemTotal/ { printf "%.0f GiB", $2 / 1048576 }' /proc/meminfo)," \
    "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -1)," \
    "$(uname -sr); $(date -u +%Y-%m-%d); $("$ZPLAN" --version 2>/dev/null | head -1)"
echo "median of $RUNS runs; ratio = time / yaml_scan's time on the same file"
echo
: >"$W/results.txt"
printf '%-8s %-11s %-9s %-16s %7s %6s %7s %8s %8s\n' disks mounts "file MB" command \
    "time s" ratio "cpu s" "RSS MB" RSS/file
for n in $SIZES; do
	for mode in round-robin explicit; do
		f=$W/fleet-$n-$mode.yaml
		[ -s "$f" ] || python3 "$SHARED/bench/gen_fleet.py" --disks "$n" --mounts "$mode" >"$f"
		size=$(wc -c <"$f")
		base=
		for cmd in yaml_scan "check" "capacity --format json" "plan --format json" \
		    "script -o $W/out"; do
			rm -rf "$W/out"
			if [ "$cmd" = yaml_scan ]; then
				set -- $(measure "$W/yaml_scan" "$f")
			else
				# shellcheck disable=SC2086
				set -- $(measure "$ZPLAN" $cmd "$f")
			fi
			rm -rf "$W/out"
			base=${base:-$1}
			name=${cmd%% -*}
			echo "$n $mode $name $1 $2 $3" >>"$W/results.txt"
			awk -v n="$n" -v m="$mode" -v c="$name" -v t="$1" -v r="$2" -v cpu="$3" \
			    -v b="$base" -v s="$size" 'BEGIN {
				printf "%-8s %-11s %-9.1f %-16s %7.3f %6.2f %7.3f %8.1f %8.2f\n",
				    n, m, s / 1e6, c, t, t / b, cpu, r * 1024 / 1e6, r * 1024 / s }'
		done
	done
done
echo
echo "growth of time (and RSS) from each size to the next, same mounts:"
awk '{ k = $2 " " $3; if (k in t) printf "  %-11s %-10s %8s -> %-8s time x%.1f, RSS x%.1f\n",
	$2, $3, last[k], $1, $4 / t[k], $5 / r[k]; t[k] = $4; r[k] = $5; last[k] = $1 }' \
    "$W/results.txt"
