#!/bin/sh
# Every file of tests/malformed/ is a broken model: zplan check must exit
# 1 or 2 (as tests/malformed/README.md says for that file), print at least
# one located error (file:line:col: error: ... [rule]), not crash, and
# finish within 20 s and (release build) 1 GiB of address space.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/malformed" || exit 1
for f in *; do
	case $f in README.md) continue ;; esac
	want=$(awk -F'|' -v f="\`$f\`" '$2 ~ f { gsub(/ /, "", $4); print $4 }' README.md)
	(
		case $ZPLAN in */release/*) ulimit -v 1048576 ;; esac
		exec timeout 20 "$ZPLAN" check "$f"
	) >"$TMP/out" 2>"$TMP/err"
	rc=$?
	case $rc in
	1 | 2) ok ;;
	*) bad "$f: exit $rc (crash, hang or limit)"; cat "$TMP/err" >&2 ;;
	esac
	if [ -n "$want" ]; then expect_eq "$f: exit status" "$want" "$rc"
	else bad "$f: README.md gives no exit status for it"; fi
	expect_grep "$f: located error" \
	    "^$f:[0-9][0-9]*:[0-9][0-9]*: error: .* \[[a-z-]*\]\$" "$TMP/out"
done
# the same through standard input: the file is named <stdin>
"$ZPLAN" check - <17-typo-slot-in-enclosure.yaml >"$TMP/out" 2>&1
expect_grep "stdin: located" '^<stdin>:3:17: error: unknown key `slot`' \
    "$TMP/out"
finish
