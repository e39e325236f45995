#!/bin/sh
# Runs every test of one build: tests/run.sh BUILD_DIR
# Criterion unit binaries in BUILD_DIR/tests/, then every tests/t_*.sh
# suite against BUILD_DIR/zplan. Counts go to BUILD_DIR/results.txt.
set -u
build=$1
TOP=$(cd "$(dirname "$0")/.." && pwd)
RESULTS=$TOP/$build/results.txt
ZPLAN=$TOP/$build/zplan
export TOP RESULTS ZPLAN
: >"$RESULTS"
status=0
for t in "$TOP/$build"/tests/test_*; do
	[ -x "$t" ] || continue
	name=$(basename "$t")
	out=$("$t" 2>&1)
	rc=$?
	line=$(printf '%s\n' "$out" | grep 'Synthesis:' | tail -1)
	n=$(printf '%s' "$line" | sed -n 's/.*Tested: \([0-9]*\).*/\1/p')
	p=$(printf '%s' "$line" | sed -n 's/.*Passing: \([0-9]*\).*/\1/p')
	if [ -z "$n" ] || [ "$rc" -ne 0 ]; then
		printf '%s\n' "$out" | grep -v '^\[----\]' | tail -20 >&2
		n=${n:-1}
		p=${p:-0}
		[ "$p" -lt "$n" ] || p=$((n - 1))
		status=1
	fi
	echo "$name $p $((n - p))" >>"$RESULTS"
	printf '%s: %d passed, %d failed\n' "$name" "$p" "$((n - p))"
done
for s in "$TOP"/tests/t_*.sh; do
	sh "$s" || status=1
done
exit $status
