#!/bin/sh
# zplan capacity end to end: the layouts measured on real OpenZFS
# (capacity.md section 6) byte for byte, reference system D's df figure,
# JSON fields, and refusal of a model with errors.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

figures() {
	"$ZPLAN" capacity --format json "$1" |
	    jq -r '.pools[0] | "\(.pool_size_bytes) \(.usable_bytes) \(.slop_bytes)"'
}
expect_eq "8 x mirror of 2 x 300 GB, ashift 12" \
    "2388001816576 2313913630720 56908316672" "$(figures cap-mirror.yaml)"
expect_eq "1 x raidz2 of 8 x 4 TB, ashift 12" \
    "31988916420608 22604681314304 125225140224" "$(figures cap-raidz2.yaml)"
expect_eq "2 x raidz1 of 5 x 960 GB, ashift 9" \
    "9586367004672 7520420626432 109991428096" "$(figures cap-raidz1.yaml)"
expect_eq "a mirror of unequal disks counts the smaller" \
    "$(figures cap-equal.yaml)" "$(figures cap-unequal.yaml)"

# D: 60 x 4 TB as 30 mirrors on ZFS on Linux 0.6 (legacy): df -h said 108T
"$ZPLAN" capacity --format json "$TOP/examples/ref-d-md3460.yaml" >"$TMP/d"
u=$(jq '.total.usable_bytes' "$TMP/d")
tib=$(( (u + (1 << 40) - 1) >> 40 ))
expect_eq "D usable rounds up to 108 TiB" 108 "$tib"
expect_eq "D layout" "30 x mirror-2" "$(jq -r '.pools[0].layout' "$TMP/d")"
expect_eq "D data disks" 60 "$(jq '.pools[0].data_disks' "$TMP/d")"
expect_eq "D raw" 240000000000000 "$(jq '.pools[0].raw_bytes' "$TMP/d")"

# JSON fields exactly as cli.md
expect_eq "pool fields" \
    '["cache_bytes","controller","data_disks","layout","log_bytes","name","pool_size_bytes","raw_bytes","slop_bytes","spares","usable_bytes"]' \
    "$(jq -c '.pools[0] | keys' "$TMP/d")"
expect_eq "controller fields" '["id","pool_size_bytes","raw_bytes","usable_bytes"]' \
    "$(jq -c '.controllers[0] | keys' "$TMP/d")"
expect_eq "total fields" '["pool_size_bytes","raw_bytes","usable_bytes"]' \
    "$(jq -c '.total | keys' "$TMP/d")"

# B: log, cache and spares reported, not counted; controllers add up
"$ZPLAN" capacity --format json "$TOP/examples/ref-b-zs11-2.yaml" >"$TMP/b"
expect_eq "B log bytes (8 x 200 GB)" 1600000000000 "$(jq '.pools[0].log_bytes' "$TMP/b")"
expect_eq "B cache bytes (8 x 7.68 TB)" 61440000000000 "$(jq '.pools[0].cache_bytes' "$TMP/b")"
expect_eq "B spares" 4 "$(jq '.pools[0].spares' "$TMP/b")"
expect_eq "B layout" "38 x mirror-2" "$(jq -r '.pools[0].layout' "$TMP/b")"
expect_eq "B total = sum of controllers" \
    "$(jq '[.controllers[].usable_bytes] | add' "$TMP/b")" "$(jq '.total.usable_bytes' "$TMP/b")"

# every example's capacity prints (text and JSON)
for f in "$TOP"/examples/*.yaml; do
	expect_exit "$(basename "$f"): capacity" 0 "$ZPLAN" capacity "$f"
	expect_grep "$(basename "$f"): total line" '^TOTAL ' "$TMP/out"
	expect_exit "$(basename "$f"): capacity json" 0 "$ZPLAN" capacity --format json "$f"
done

# a model with errors: exit 1, findings on stderr, nothing on stdout
expect_exit "errors: refused" 1 "$ZPLAN" capacity five-errors.yaml
expect_eq "errors: nothing on stdout" "" "$(cat "$TMP/out")"
expect_grep "errors: findings on stderr" '\[disk-reuse\]$' "$TMP/err"
expect_exit "syntax error: exit 2" 2 "$ZPLAN" capacity "$TOP/tests/malformed/03-truncated-flow.yaml"
expect_exit "bad format" 2 "$ZPLAN" capacity --format yaml cap-mirror.yaml
finish
