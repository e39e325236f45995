#!/bin/sh
# The command line and the loader as a user meets them: exact diagnostics
# with line and column, exit codes, formats, policy from file and flags.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

# the five problems of the foundation issue, each located, exact lines
expect_exit "five errors: exit 1" 1 "$ZPLAN" check five-errors.yaml
if diff five-errors.expect "$TMP/out" >"$TMP/diff"; then ok; else
	bad "five errors: output differs"; cat "$TMP/diff" >&2; fi

# JSON models are located too, from a file and from standard input
expect_exit "json: exit 1" 1 "$ZPLAN" check slot.json
expect_grep "json: located" '^slot.json:8:48: error: disk d1 is in slot 24 of tray1' "$TMP/out"
"$ZPLAN" check - <slot.json >"$TMP/out"
expect_grep "json on stdin: located" '^<stdin>:8:48: error: .*\[slot-range\]$' "$TMP/out"

# shorthand: a quoted slot list makes tray1-0..3 and tray1-6; a template
# with {n:03} from start 7 makes p1/fs007..009
expect_exit "expand: exit 1" 1 "$ZPLAN" check expand.yaml
expect_grep "range: slot 6 expanded" '1 hdd unused in tray1 (tray1-6)' "$TMP/out"
expect_grep "template: fs008 made" 'filesystem p1/fs008 is defined again at line 20' "$TMP/out"

# exit status 2: the command cannot run
expect_exit "missing file" 2 "$ZPLAN" check no-such-file.yaml
expect_grep "missing file: says so" 'cannot read no-such-file.yaml: No such file' "$TMP/out"
expect_exit "directory" 2 "$ZPLAN" check .
expect_grep "directory: says so" 'it is a directory' "$TMP/out"
expect_exit "no file" 2 "$ZPLAN" check
expect_grep "no file: usage" '^usage: zplan check' "$TMP/err"
expect_exit "unknown option" 2 "$ZPLAN" check --bogus warn.yaml
expect_exit "unknown format" 2 "$ZPLAN" check --format xml warn.yaml
expect_exit "unknown command" 2 "$ZPLAN" frobnicate
expect_exit "no command" 2 "$ZPLAN"
if [ "$(id -u)" -ne 0 ]; then
	cp warn.yaml "$TMP/unreadable.yaml"
	chmod 000 "$TMP/unreadable.yaml"
	expect_exit "unreadable file" 2 "$ZPLAN" check "$TMP/unreadable.yaml"
fi

# warnings pass unless --strict; policy from flags and from the file
expect_exit "warning only: exit 0" 0 "$ZPLAN" check warn.yaml
expect_grep "warning printed" '^warn.yaml:9:49: warning: disk d0 uses /dev/sdb' "$TMP/out"
expect_exit "--strict fails on a warning" 1 "$ZPLAN" check --strict warn.yaml
expect_exit "--disable" 0 "$ZPLAN" check --strict --disable dev-unstable warn.yaml
expect_nogrep "--disable drops it" 'dev-unstable' "$TMP/out"
expect_exit "--policy severity" 1 "$ZPLAN" check --policy severity.dev-unstable=error warn.yaml
expect_grep "--policy severity: now an error" 'error: disk d0 uses /dev/sdb' "$TMP/out"
expect_exit "--policy disable" 0 "$ZPLAN" check --strict --policy disable=dev-unstable,disk-unused warn.yaml
expect_exit "--disable unknown" 2 "$ZPLAN" check --disable dev-unstabel warn.yaml
expect_grep "--disable unknown: did you mean" 'did you mean `dev-unstable`' "$TMP/err"
expect_exit "--disable schema refused" 2 "$ZPLAN" check --disable schema warn.yaml
expect_exit "--policy bad value" 2 "$ZPLAN" check --policy spares_per_pool=many warn.yaml
expect_exit "--policy no =" 2 "$ZPLAN" check --policy spares_per_pool warn.yaml
sed 's/^policy: {/policy: {severity: {dev-unstable: error}, /' warn.yaml >"$TMP/sev.yaml"
expect_exit "policy.severity in the file" 1 "$ZPLAN" check "$TMP/sev.yaml"
sed 's/^policy: {/policy: {disable: [dev-unstable], /' warn.yaml >"$TMP/dis.yaml"
expect_exit "policy.disable in the file" 0 "$ZPLAN" check --strict "$TMP/dis.yaml"
sed 's/^policy: {/policy: {disable: [dev-unstabel], /' warn.yaml >"$TMP/dis2.yaml"
expect_exit "policy.disable unknown id" 1 "$ZPLAN" check "$TMP/dis2.yaml"
expect_grep "policy.disable unknown id: located" ':3:20: error: unknown rule id "dev-unstabel"' "$TMP/out"
expect_exit "the flag overrides the file" 0 "$ZPLAN" check --policy severity.dev-unstable=warning "$TMP/sev.yaml"

# JSON output: the fields of cli.md
"$ZPLAN" check --format json five-errors.yaml >"$TMP/j"
expect_eq "json keys" '["diagnostics","errors","file","warnings"]' "$(jq -c 'keys' "$TMP/j")"
expect_eq "json diagnostic keys" '["column","line","message","path","rule","severity"]' \
    "$(jq -c '.diagnostics[0] | keys' "$TMP/j")"
expect_eq "json errors" 6 "$(jq .errors "$TMP/j")"
expect_eq "json first" 'id-duplicate 12 10 disks[1]' \
    "$(jq -r '.diagnostics[0] | "\(.rule) \(.line) \(.column) \(.path)"' "$TMP/j")"
expect_eq "json path of the pool name" 'pools[1].name' \
    "$(jq -r '.diagnostics[] | select(.rule == "name-invalid") | .path' "$TMP/j")"

# SARIF 2.1.0: the schema's required fields, rules from the catalogue
"$ZPLAN" check --format sarif five-errors.yaml >"$TMP/s"
expect_eq "sarif version" '2.1.0' "$(jq -r .version "$TMP/s")"
expect_eq "sarif one run" 1 "$(jq '.runs | length' "$TMP/s")"
expect_eq "sarif tool" zplan "$(jq -r '.runs[0].tool.driver.name' "$TMP/s")"
expect_eq "sarif rules = catalogue" "$("$ZPLAN" rules | wc -l)" \
    "$(jq '.runs[0].tool.driver.rules | length' "$TMP/s")"
expect_eq "sarif results have message.text" 6 \
    "$(jq '[.runs[0].results[] | select(.message.text and .ruleId and .locations[0].physicalLocation.region.startLine)] | length' "$TMP/s")"
expect_eq "sarif ruleIndex matches ruleId" true \
    "$(jq '[.runs[0] as $r | $r.results[] | $r.tool.driver.rules[.ruleIndex].id == .ruleId] | all' "$TMP/s")"

# diagnostics come sorted by line, column, id
"$ZPLAN" check five-errors.yaml | grep -v '^[0-9]' | cut -d: -f2,3 >"$TMP/locs"
sort -t: -k1,1n -k2,2n "$TMP/locs" >"$TMP/sorted"
if cmp -s "$TMP/locs" "$TMP/sorted"; then ok; else bad "diagnostics not sorted"; fi

# the catalogue: ids exactly as rules.md, in its order (plan-infeasible,
# the planner's, is an addition: docs/planning.md)
expect_eq "rules ids" 'syntax schema plan-infeasible id-duplicate ref-unknown slot-range slot-conflict disk-reuse name-invalid dev-duplicate disk-unused dev-unstable' \
    "$("$ZPLAN" rules --format json | jq -r '[.[].id] | join(" ")' | cut -d' ' -f1-12)"
expect_exit "rules json" 0 "$ZPLAN" rules --format json
expect_eq "rules json fields" '["id","severity","summary"]' "$(jq -c '.[0] | keys' "$TMP/out")"
expect_exit "--version" 0 "$ZPLAN" --version
expect_grep "--version says" '^zplan [0-9]' "$TMP/out"
expect_exit "help check" 0 "$ZPLAN" help check
expect_grep "help check: usage" 'zplan check \[--format' "$TMP/out"
finish
