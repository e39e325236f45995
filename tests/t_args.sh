#!/bin/sh
# The command line as GNU tools read it (cli.md): options before or after
# the operands, `--` ends them, `--name=value` and unambiguous prefixes; a
# usage error prints the usage on stderr and nothing on stdout, with "did
# you mean" for commands, options, policy keys and rule ids; --policy and
# --disable on capacity, plan and script.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

# usage_error DESC CMD...: exit 2, stdout empty, the usage on stderr
usage_error() {
	desc=$1
	shift
	expect_exit "$desc: exit 2" 2 "$@"
	expect_eq "$desc: nothing on stdout" "" "$(cat "$TMP/out")"
	expect_grep "$desc: usage on stderr" '^usage: zplan ' "$TMP/err"
}

# options after the operand, as before it
expect_exit "option after FILE" 1 "$ZPLAN" check warn.yaml --strict
expect_exit "format after FILE" 0 "$ZPLAN" check warn.yaml --format json
expect_eq "format after FILE: json" 1 "$(jq .warnings "$TMP/out")"
expect_exit "--format=json" 0 "$ZPLAN" check --format=json warn.yaml
expect_eq "--format=json: json" 1 "$(jq .warnings "$TMP/out")"
expect_exit "a prefix: --form" 0 "$ZPLAN" check --form json warn.yaml
expect_eq "--form json: json" 1 "$(jq .warnings "$TMP/out")"
expect_exit "-o after FILE" 0 "$ZPLAN" diagram warn.yaml -o "$TMP/w.svg"
expect_grep "-o after FILE: written" '<svg' "$TMP/w.svg"
expect_exit "-oFILE" 0 "$ZPLAN" diagram -o"$TMP/w2.svg" warn.yaml
expect_grep "-oFILE: written" '<svg' "$TMP/w2.svg"
# -- ends the options: --strict after it is a file name
cp warn.yaml "$TMP/--strict"
(cd "$TMP" && "$ZPLAN" check -- --strict) >"$TMP/out" 2>&1
expect_grep "-- ends options: --strict is the FILE" '^--strict:9:49: warning' \
    "$TMP/out"
expect_exit "-- then -: standard input" 0 sh -c "\"$ZPLAN\" check -- - <warn.yaml"
expect_grep "-- then -: read" '^<stdin>:9:49: warning' "$TMP/out"

# usage errors: nothing on stdout
usage_error "--disable misspelt" "$ZPLAN" check --disable spare-min warn.yaml
expect_grep "--disable misspelt: did you mean" \
    'unknown rule id "spare-min" (did you mean `spares-min`?)' "$TMP/err"
usage_error "--policy key misspelt" "$ZPLAN" check --policy spares_per_pol=0 warn.yaml
expect_grep "--policy key: did you mean" \
    'unknown policy key "spares_per_pol" (did you mean `spares_per_pool`?)' "$TMP/err"
usage_error "severity of a misspelt rule" "$ZPLAN" capacity \
    --policy severity.dev-unstabel=note warn.yaml
expect_grep "severity: did you mean" 'did you mean `dev-unstable`' "$TMP/err"
usage_error "option misspelt" "$ZPLAN" check --frmat json warn.yaml
expect_grep "option: did you mean" 'unknown option --frmat (did you mean --format?)' "$TMP/err"
usage_error "no value" "$ZPLAN" check warn.yaml --format
expect_grep "no value: says so" 'option --format needs a value' "$TMP/err"
usage_error "a flag given a value" "$ZPLAN" check --strict=yes warn.yaml
usage_error "two files" "$ZPLAN" capacity warn.yaml warn.yaml
for c in check capacity plan script diagram rules diff; do
	usage_error "$c --bogus" "$ZPLAN" "$c" --bogus warn.yaml
done
usage_error "import --bogus" "$ZPLAN" import lsblk --bogus x.json

# commands: did you mean
expect_exit "zplan chek" 2 "$ZPLAN" chek warn.yaml
expect_grep "zplan chek: did you mean" 'unknown command "chek"; did you mean `zplan check`?' "$TMP/err"
expect_eq "zplan chek: nothing on stdout" "" "$(cat "$TMP/out")"
expect_exit "zplan help capacty" 2 "$ZPLAN" help capacty
expect_grep "help capacty: did you mean" 'did you mean `zplan capacity`?' "$TMP/err"

# --help: the command's usage on stdout, exit 0
expect_exit "check --help" 0 "$ZPLAN" check --help
expect_grep "check --help: usage" '^usage: zplan check ' "$TMP/out"
expect_exit "script -h" 0 "$ZPLAN" script -h
expect_grep "script -h: usage" '^usage: zplan script ' "$TMP/out"

# --policy and --disable on capacity, plan and script (what-if questions)
expect_exit "capacity --policy fill_percent=50" 0 "$ZPLAN" capacity \
    --policy fill_percent=50 warn.yaml
expect_grep "capacity: at 50% fill" 'usable at 50% fill' "$TMP/out"
expect_exit "plan --policy spares_per_pool=3: refused" 1 "$ZPLAN" plan \
    warn.yaml --policy spares_per_pool=3
expect_grep "plan: the policy's finding" 'policy asks for 3' "$TMP/err"
expect_exit "plan --disable spares-min with it" 0 "$ZPLAN" plan \
    --policy spares_per_pool=3 --disable spares-min warn.yaml
expect_grep "plan: the policy written" 'spares_per_pool: 3' "$TMP/out"
sed 's/spares_per_pool: 0/spares_per_pool: 1/' warn.yaml >"$TMP/sp.yaml"
expect_exit "script: the model has an error" 1 "$ZPLAN" script "$TMP/sp.yaml"
expect_exit "script --policy spares_per_pool=0" 0 "$ZPLAN" script \
    --policy spares_per_pool=0 "$TMP/sp.yaml"
expect_grep "script: written" 'zpool create' "$TMP/out"
expect_exit "script --disable spares-min" 0 "$ZPLAN" script "$TMP/sp.yaml" \
    --disable spares-min
finish
