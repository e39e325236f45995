#!/bin/sh
# make bench: zplan against the bare libyaml parse (yaml_scan) on fleet
# models of 10,000, 100,000 and 1,000,000 disks, round-robin and explicit
# mounts. Prints median wall time of RUNS runs, the ratio to yaml_scan on
# the same file, and peak RSS. Not a test: it prints figures.
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

# median of the first column, and the RSS of that run
median() { sort -n | awk '{ t[NR] = $1; r[NR] = $2 } END { m = int((NR + 1) / 2); print t[m], r[m] }'; }
measure() { # LABEL CMD...
	i=0
	: >"$W/runs"
	while [ "$i" -lt "$RUNS" ]; do
		"$W/runstat" "$@" >>"$W/runs" || true
		i=$((i + 1))
	done
	median <"$W/runs"
}

printf '%-9s %-11s %-22s %8s %7s %9s %9s\n' disks mounts command "time s" ratio "RSS MiB" "RSS/file"
for n in $SIZES; do
	for mode in round-robin explicit; do
		f=$W/fleet-$n-$mode.yaml
		[ -s "$f" ] || python3 "$SHARED/bench/gen_fleet.py" --disks "$n" --mounts "$mode" >"$f"
		size=$(wc -c <"$f")
		set -- $(measure "$W/yaml_scan" "$f")
		base=$1
		printf '%-9s %-11s %-22s %8.3f %7s %9.1f %9.2f\n' "$n" "$mode" yaml_scan "$1" "1.00" \
		    "$(echo "$2 / 1024" | bc -l)" "$(echo "$2 * 1024 / $size" | bc -l)"
		for cmd in "check" "capacity --format json" "plan --format json" "script -o $W/out" \
		    "diagram -o $W/out.svg"; do
			name=${cmd%% -o*}
			"$ZPLAN" help "${cmd%% *}" >/dev/null 2>&1 || continue
			rm -rf "$W/out"
			# shellcheck disable=SC2086
			set -- $(measure "$ZPLAN" $cmd "$f")
			printf '%-9s %-11s %-22s %8.3f %7.2f %9.1f %9.2f\n' "$n" "$mode" "$name" "$1" \
			    "$(echo "$1 / $base" | bc -l)" "$(echo "$2 / 1024" | bc -l)" \
			    "$(echo "$2 * 1024 / $size" | bc -l)"
		done
	done
done
