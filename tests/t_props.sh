#!/bin/sh
# The property catalogue as users meet it: zplan properties (text, json,
# one NAME) and docs/properties.md made from it; scripts writing ZFS's
# full names and sizes in bytes; names that smuggle options refused.
# Per-property accepted/refused values: tests/unit/test_props.c.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

# docs/properties.md is the text output after its fixed head
"$ZPLAN" properties >"$TMP/out" 2>"$TMP/err"
expect_eq "properties: exit 0" 0 $?
sed '1,/^```$/d; /^```$/,$d' "$TOP/docs/properties.md" >"$TMP/doc"
if diff "$TMP/doc" "$TMP/out" >"$TMP/diff"; then ok; else
	bad "docs/properties.md differs from zplan properties (make docs)"
	head -5 "$TMP/diff" >&2
fi
expect_grep "properties: counts" '^OpenZFS 2.4: [0-9]* properties, [0-9]* features' "$TMP/out"

# json: well formed (zplan reads its own output back as a model would
# not; check only that jansson-made JSON has every property once)
"$ZPLAN" properties --format json >"$TMP/json"
n_text=$(sed -n 's/^OpenZFS 2.4: \([0-9]*\) properties.*/\1/p' "$TMP/out")
n_json=$(grep -c '"space": "' "$TMP/json")
expect_eq "json: one entry per property" "$n_text" "$n_json"

# NAME: by its name or alias; a feature; a near miss is exit 2
expect_exit "NAME alias" 0 "$ZPLAN" properties recsize
expect_grep "NAME alias: full name" '^name: *recordsize$' "$TMP/out"
expect_grep "NAME: what it takes" '^takes: *512 to 16M, power of 2$' "$TMP/out"
expect_exit "NAME feature" 0 "$ZPLAN" properties feature@draid
expect_grep "NAME feature: guid" 'org.openzfs:draid' "$TMP/out"
expect_exit "NAME json" 0 "$ZPLAN" properties --format json quota
expect_grep "NAME json: quota" '"name": "quota"' "$TMP/out"
expect_exit "NAME unknown" 2 "$ZPLAN" properties compresion
expect_grep "NAME unknown: did you mean" 'did you mean compression' "$TMP/err"
expect_exit "two NAMEs" 2 "$ZPLAN" properties a b
if [ -w /dev/full ]; then
	expect_exit "full disk: exit 2" 2 sh -c '"$1" properties >/dev/full' sh "$ZPLAN"
	expect_grep "full disk: says so" 'cannot write standard output' "$TMP/err"
fi

# scripts write the full name for an alias, sizes in bytes
expect_exit "alias model checks" 0 "$ZPLAN" check props-alias.yaml
"$ZPLAN" script props-alias.yaml >"$TMP/sh" 2>"$TMP/err"
expect_grep "script: compress as compression" "-O 'compression=lz4'" "$TMP/sh"
expect_grep "script: recsize in bytes" "-O 'recordsize=1048576'" "$TMP/sh"
expect_grep "script: replace as autoreplace" "-o 'autoreplace=on'" "$TMP/sh"
expect_grep "script: ddtquota 10GB in bytes" "-o 'dedup_table_quota=10000000000'" "$TMP/sh"
expect_grep "script: reserv 2TB in bytes" "-o 'reservation=2000000000000'" "$TMP/sh"
expect_grep "script: user quota in bytes" "-o 'userquota@bob=1000000000000'" "$TMP/sh"
expect_nogrep "script: no alias left" "'compress=\\|'recsize=\\|'reserv=" "$TMP/sh"

# a name with '=' smuggles a second property: refused, nothing written
expect_exit "smuggle: check refuses" 1 "$ZPLAN" check props-smuggle.yaml
expect_grep "smuggle: located" "^props-smuggle.yaml:22:18: error: .*holds no '='.*\[property-unknown\]$" "$TMP/out"
expect_exit "smuggle: script refuses" 1 "$ZPLAN" script props-smuggle.yaml
expect_nogrep "smuggle: no script" "zfs create" "$TMP/out"

# refusals of OpenZFS's own test suite, each in a model of its own
model() { # OBJECT NAME VALUE
	cat <<EOM
zplan: 1
policy: {spares_per_pool: 0}
drive_types: {hdd: {media: hdd, size: 4TB}}
controllers: [{id: nas1}]
enclosures: [{id: e1, slots: 2}, {id: e2, slots: 2}]
disks: [{enclosure: e1, slots: 0, type: hdd}, {enclosure: e2, slots: 0, type: hdd}]
pools:
  - name: tank
    controller: nas1
    vdevs: [{mirror: [e1-0, e2-0]}]
EOM
	case $1 in
	root) printf '    properties: {"%s": "%s"}\n' "$2" "$3" ;;
	pool) printf '    options: {"%s": "%s"}\n' "$2" "$3" ;;
	fs) printf 'filesystems:\n  - name: tank/fs\n    properties: {"%s": "%s"}\n' "$2" "$3" ;;
	esac
}
n=0
while read -r obj name value; do
	case $obj in '#'* | '') continue ;; esac
	value=${value#\"}
	value=${value%\"}
	n=$((n + 1))
	model "$obj" "$name" "$value" >"$TMP/m.yaml"
	"$ZPLAN" check "$TMP/m.yaml" >"$TMP/out" 2>&1
	rc=$?
	if [ "$rc" -eq 1 ] && grep -q ' error: .*\[property-\(unknown\|invalid\)\]$' "$TMP/out"; then
		ok
	else
		bad "zfs-tests case $obj $name=$value: check exit $rc, no property error"
		head -3 "$TMP/out" >&2
	fi
done <props-zfstests.txt
[ "$n" -gt 90 ] || bad "props-zfstests.txt: only $n cases read"

# --disable property-invalid keeps property-unknown's findings
expect_exit "unknown alone" 1 "$ZPLAN" check --disable property-invalid props-smuggle.yaml
expect_grep "unknown alone: reported" '\[property-unknown\]$' "$TMP/out"
finish
