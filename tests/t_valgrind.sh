#!/bin/sh
# No leak and no invalid access, by valgrind's memcheck, on every command
# over every example (and over a model with errors, whose paths differ).
. "$(dirname "$0")/lib.sh"
case $ZPLAN in
*/asan/*)
	echo "t_valgrind: runs on the release build only (ASan checks the other)"
	exit 0 ;;
esac
command -v valgrind >/dev/null || { bad "valgrind is not installed"; finish; exit 1; }
vg() {
	valgrind --quiet --leak-check=full --show-leak-kinds=all \
	    --errors-for-leak-kinds=all --error-exitcode=99 "$@"
}
for f in "$TOP"/examples/*.yaml "$TOP"/tests/data/five-errors.yaml \
    "$TOP"/tests/data/slot.json; do
	name=$(basename "$f")
	for cmd in "check" "check --format sarif" "capacity --format json" \
	    $(for c in plan script diagram; do "$ZPLAN" help "$c" >/dev/null 2>&1 && echo "$c"; done); do
		# shellcheck disable=SC2086
		vg "$ZPLAN" $cmd "$f" >"$TMP/out" 2>"$TMP/err"
		rc=$?
		if [ "$rc" -eq 99 ]; then
			bad "$name: zplan $cmd: valgrind found errors"
			head -20 "$TMP/err" >&2
		else ok; fi
	done
done
vg "$ZPLAN" check "$TOP/tests/malformed/14-alias-bomb.yaml" >/dev/null 2>"$TMP/err"
[ $? -ne 99 ] && ok || { bad "alias bomb: valgrind found errors"; head "$TMP/err" >&2; }
finish
