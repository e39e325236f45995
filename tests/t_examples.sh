#!/bin/sh
# Every example checks clean: exit 0 and no error.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
for f in examples/*.yaml; do
	expect_exit "$f checks clean" 0 "$ZPLAN" check "$f"
	expect_grep "$f: summary" "^0 errors, " "$TMP/out"
	expect_exit "$f checks clean as json" 0 "$ZPLAN" check --format json "$f"
	expect_eq "$f: json errors" 0 "$(jq .errors "$TMP/out")"
done
finish
