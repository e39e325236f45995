#!/bin/sh
# Every finding of the fuzzers (tests/fuzz/regressions/<harness>/, also
# their seeds) replayed through the commands its harness drives, on this
# build: no crash (exit above 2), no sanitizer report, and each harness's
# own promise:
#   fuzz_yaml, fuzz_json: check, plan, script and diagram end in 0, 1 or 2;
#   fuzz_import: import ends in 0 or 2, and a model it writes loads in
#     check with no syntax or schema error;
#   fuzz_diff: NAME.yaml (the model) and NAME.json (the status): diff ends
#     in 0, 1 or 2;
#   fuzz_diagram: diagram ends in 0, 1 or 2, and an SVG it writes is whole.
. "$(dirname "$0")/lib.sh"
R=$TOP/tests/fuzz/regressions
n=0
runs() { # DESC CMD...: exit status at most 2
	desc=$1
	shift
	"$@" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	n=$((n + 1))
	if [ "$rc" -le 2 ]; then ok; else
		bad "$desc: exit $rc"; head -5 "$TMP/err" >&2
	fi
}
for h in fuzz_yaml fuzz_json; do
	for f in "$R/$h"/*; do
		[ -f "$f" ] || continue
		for c in check plan script diagram; do
			runs "$h/$(basename "$f"): $c" "$ZPLAN" $c "$f"
		done
	done
done
for f in "$R"/fuzz_import/*; do
	[ -f "$f" ] || continue
	runs "fuzz_import/$(basename "$f")" "$ZPLAN" import lsblk "$f"
	if [ "$rc" -eq 0 ]; then
		cp "$TMP/out" "$TMP/m.yaml"
		"$ZPLAN" check "$TMP/m.yaml" >"$TMP/chk" 2>&1
		if [ $? -le 1 ] && ! grep -q '\[schema\]$\|\[syntax\]$' "$TMP/chk"; then ok; else
			bad "fuzz_import/$(basename "$f"): its model does not load"
			grep '\[schema\]$\|\[syntax\]$' "$TMP/chk" | head -3 >&2
		fi
	fi
done
for f in "$R"/fuzz_diff/*.yaml; do
	[ -f "$f" ] || continue
	runs "fuzz_diff/$(basename "$f")" "$ZPLAN" diff "$f" "${f%.yaml}.json"
done
for f in "$R"/fuzz_diagram/*; do
	[ -f "$f" ] || continue
	runs "fuzz_diagram/$(basename "$f")" "$ZPLAN" diagram "$f"
	if [ "$rc" -eq 0 ]; then
		if [ "$(tail -c 7 "$TMP/out")" = "</svg>" ]; then ok; else
			bad "fuzz_diagram/$(basename "$f"): SVG cut short"; fi
	fi
done
echo "t_fuzz_regress: $n runs over the fuzzers' findings"
[ "$n" -gt 0 ] && ok || bad "no fuzzing finding to replay"
finish
