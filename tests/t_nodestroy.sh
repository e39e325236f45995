#!/bin/sh
# Scripts never destroy: every script zplan writes, for every example,
# every clean rule fixture and test model, and every fuzzing input that
# checks clean (when build/fuzz holds a corpus), is scanned for a forcing
# or destroying command and for any expansion the shell could see in a
# name: outside single quotes only the scripts' own zp_ variables and
# positional parameters may be expanded, and there is no backquote.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
n=0
# single-quoted text out (awk programs span lines), comments out
strip() {
	awk '{
		out = ""
		n = length($0)
		if (!q && !dq && $0 ~ /^[[:space:]]*#/) {
			print ""
			next
		}
		for (i = 1; i <= n; i++) {
			c = substr($0, i, 1)
			if (q) {
				if (c == "\047")
					q = 0
				continue
			}
			if (c == "\\") {
				out = out substr($0, i, 2)
				i++
			} else if (dq) {
				out = out c
				if (c == "\"")
					dq = 0
			} else if (c == "\047") {
				q = 1
			} else {
				out = out c
				if (c == "\"")
					dq = 1
			}
		}
		print out
	}'
}
# (small.yaml's devices are @DEV@/NAME, for the test's own directory)
sed 's|@DEV@|/dev/disk/by-id|g' tests/data/script/small.yaml >"$TMP/small.yaml"
for f in examples/*.yaml "$TMP/small.yaml"; do
	"$ZPLAN" script "$f" 2>/dev/null
done |
    strip | grep -e '\$' -e '`' | sort -u >"$TMP/skeleton"
# the skeleton itself: only the scripts' own zp_ names, positional
# parameters and ZPLAN_DRY_RUN are expanded, and nothing is backquoted
if grep -e '`' "$TMP/skeleton" ||
    sed -e 's/\$[({]*zp_[a-z_0-9]*//g' -e 's/\$[0-9#?@!*]//g' \
    -e 's/\${ZPLAN_DRY_RUN:-0}//g' -e 's/\$((//g' -e 's/\$(//g' \
    "$TMP/skeleton" | grep '\$'; then
	bad "the scripts' fixed code expands something else"
else ok; fi
scan() { # FILE: the scripts of one model
	"$ZPLAN" script "$1" >"$TMP/s.sh" 2>/dev/null || {
		bad "$1: checks clean but zplan script failed"; return; }
	n=$((n + 1))
	# commands: no force, no wiping, no destroying
	if grep -v '^[[:space:]]*#' "$TMP/s.sh" |
	    grep -E -w -e 'labelclear|wipefs|dd|destroy|mkfs|mkfs\.[a-z0-9]+|newfs' \
	    -e 'zpool (create|add|attach|replace)[^|]* -f' >"$TMP/bad"; then
		bad "$1: a destroying command"; head -3 "$TMP/bad" >&2
	else ok; fi
	# expansions: single-quoted text removed, comments dropped, every
	# line left that can expand or substitute must be a line of the
	# scripts' fixed code (the skeleton, from the examples)
	strip <"$TMP/s.sh" | grep -e '\$' -e '`' | sort -u >"$TMP/exp"
	comm -23 "$TMP/exp" "$TMP/skeleton" >"$TMP/new"
	if [ -s "$TMP/new" ]; then
		bad "$1: an expansion outside single quotes"; head -3 "$TMP/new" >&2
	else ok; fi
}
for f in examples/*.yaml tests/rules/*/pass-*.yaml tests/data/*.yaml \
    tests/data/script/*.yaml tests/malformed/*.yaml; do
	"$ZPLAN" check "$f" >/dev/null 2>&1 && scan "$f"
done
# the fuzzing corpus (when there is one) on the release build: the ASan
# build checks the same code on the fixed inputs above
if [ -d build/fuzz/corpus-fuzz_yaml ] && case $ZPLAN in */asan/*) false ;; esac; then
	for f in $(ls build/fuzz/corpus-fuzz_yaml | head -3000); do
		"$ZPLAN" check "build/fuzz/corpus-fuzz_yaml/$f" >/dev/null 2>&1 &&
		    scan "build/fuzz/corpus-fuzz_yaml/$f"
	done
fi
echo "t_nodestroy: scanned the scripts of $n models"
[ "$n" -ge 20 ] && ok || bad "only $n models checked clean to scan"
finish
