#!/bin/sh
# Adds up the counts of the builds named: tests/summary.sh DIR...
TOP=$(cd "$(dirname "$0")/.." && pwd)
p=0
f=0
for b in "$@"; do
	while read -r _ a z; do
		p=$((p + a))
		f=$((f + z))
	done <"$TOP/$b/results.txt"
done
echo "total: $p passed, $f failed"
[ "$f" -eq 0 ]
