# tests/lib.sh: sourced by every tests/t_*.sh suite.
# Env: ZPLAN (binary under test), RESULTS (file the counts go to), TOP.
set -u
pass=0
fail=0
SUITE=$(basename "$0" .sh)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

ok() { pass=$((pass + 1)); }
bad() {
	fail=$((fail + 1))
	printf 'FAIL %s: %s\n' "$SUITE" "$*" >&2
}
# expect_eq DESC EXPECTED ACTUAL
expect_eq() {
	if [ "$2" = "$3" ]; then ok; else
		bad "$1"
		printf '  expected: %s\n  actual:   %s\n' "$2" "$3" >&2
	fi
}
# expect_exit DESC CODE CMD...: runs CMD (output to $TMP/out, $TMP/err)
expect_exit() {
	desc=$1 want=$2
	shift 2
	"$@" >"$TMP/out" 2>"$TMP/err"
	got=$?
	if [ "$got" = "$want" ]; then ok; else
		bad "$desc: exit $got, want $want"
		head -5 "$TMP/out" "$TMP/err" >&2
	fi
}
# expect_grep DESC PATTERN FILE
expect_grep() {
	if grep -q -e "$2" "$3"; then ok; else
		bad "$1: no line matches '$2' in $(basename "$3")"
		head -5 "$3" >&2
	fi
}
expect_nogrep() {
	if grep -q -e "$2" "$3"; then
		bad "$1: a line matches '$2'"
		grep -e "$2" "$3" | head -3 >&2
	else ok; fi
}
finish() {
	echo "$SUITE $pass $fail" >>"$RESULTS"
	printf '%s: %d passed, %d failed\n' "$SUITE" "$pass" "$fail"
	[ "$fail" -eq 0 ]
}
