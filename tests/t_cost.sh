#!/bin/sh
# Cost guard, not a timing test: counts the instructions (callgrind, which
# is repeatable) that loading, linking, the mount list and each rule's
# check take on a fleet of 26 sites (1,976 mirrors, 4,992 disks) and on one
# 10x as large (260 sites, 49,920 disks). A linear step costs about 10x;
# n log n a little more; anything quadratic about 100x. Fails above 13x.
. "$(dirname "$0")/lib.sh"
case $ZPLAN in
*/asan/*)
	echo "t_cost: runs on the release build only (valgrind and ASan do not mix)"
	exit 0 ;;
esac
command -v valgrind >/dev/null || { bad "valgrind is not installed"; finish; exit 1; }
awk -v SITES=26 -f "$TOP/tests/bench/fleet.awk" >"$TMP/x1.yaml"
awk -v SITES=260 -f "$TOP/tests/bench/fleet.awk" >"$TMP/x10.yaml"
for n in 1 10; do
	valgrind --tool=callgrind --callgrind-out-file="$TMP/cg$n" \
	    "$ZPLAN" check "$TMP/x$n.yaml" >"$TMP/out$n" 2>/dev/null
	expect_grep "x$n checks clean" '^0 errors' "$TMP/out$n"
	callgrind_annotate --inclusive=yes --threshold=100 "$TMP/cg$n" 2>/dev/null |
	    sed -n 's/^ *\([0-9,]*\) .*:\([a-z_0-9]*\) \[.*$/\2 \1/p' |
	    grep -E '^(check_[a-z_0-9]*|zp_load|zp_link|zp_mounts_build|zp_rules_run|zp_diags_finish) ' |
	    tr -d , | sort -u -k1,1 >"$TMP/ir$n"
done
n=$(wc -l <"$TMP/ir1")
[ "$n" -ge 10 ] && ok || bad "found only $n functions to weigh in callgrind's output"
join "$TMP/ir1" "$TMP/ir10" >"$TMP/both"
while read -r fn a b; do
	# ratio in tenths; tiny functions (< 20,000 instructions) are noise
	if [ "$b" -lt 20000 ]; then ok; continue; fi
	r=$(( b * 10 / (a > 0 ? a : 1) ))
	if [ "$r" -le 130 ]; then ok; else
		bad "$fn: $a -> $b instructions for 10x the model (x$((r / 10)).$((r % 10)))"
	fi
	printf '  %-32s %12s %12s  x%d.%d\n' "$fn" "$a" "$b" $((r / 10)) $((r % 10))
done <"$TMP/both"
finish
