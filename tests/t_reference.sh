#!/bin/sh
# The reference examples under one change each: a broken model must draw
# exactly the one right error, at the line that was changed.
. "$(dirname "$0")/lib.sh"
A=$TOP/examples/ref-a-zs3-2.yaml

# errors only: "file:line:col: error: ... [id]"
errors() { "$ZPLAN" check "$1" | grep ': error: '; }
one_error() { # DESC FILE RULE LINE
	errors "$2" >"$TMP/errs"
	expect_eq "$1: one error" 1 "$(wc -l <"$TMP/errs" | tr -d ' ')"
	expect_grep "$1: rule $3 at line $4" "^[^:]*:$4:[0-9]*: error: .*\[$3\]\$" "$TMP/errs"
}

# one mirror of A with both halves in tray1 (its partner moves to tray2)
sed 's/- mirror: \[tray1-0, tray2-0\]/- mirror: [tray1-0, tray1-4]/; s/- mirror: \[tray1-4, tray5-0\]/- mirror: [tray2-0, tray5-0]/' \
    "$A" >"$TMP/iso.yaml"
line=$(grep -n 'mirror: \[tray1-0, tray1-4\]' "$TMP/iso.yaml" | cut -d: -f1)
one_error "A, mirror in one tray" "$TMP/iso.yaml" mirror-isolation "$line"
expect_grep "A, mirror in one tray: says how to fix" \
    'tray1-0 + tray1-4: both in enclosure tray1; pair tray1-4 with a disk of another enclosure' "$TMP/errs"

# the client's first port left at MTU 1500
sed 's/{id: p1, speed: 10GbE, mtu: 9000, address: 10.1.1.100/{id: p1, speed: 10GbE, mtu: 1500, address: 10.1.1.100/' \
    "$A" >"$TMP/mtu.yaml"
line=$(grep -n 'id: p1, speed: 10GbE, mtu: 1500' "$TMP/mtu.yaml" | cut -d: -f1)
one_error "A, client port at MTU 1500" "$TMP/mtu.yaml" mtu-mismatch "$line"

# pool1 without its spare
awk '/spares: \[tray5-4\]/ && !done { done = 1; next } { print }' "$A" >"$TMP/spare.yaml"
line=$(grep -n 'name: pool1$' "$TMP/spare.yaml" | cut -d: -f1)
one_error "A, a spare dropped" "$TMP/spare.yaml" spares-min "$line"

# one mount through a standby port: plan A (explicit mount list), then
# send its first mount through zs3-2a's standby net3
"$ZPLAN" plan "$A" >"$TMP/plan.yaml"
expect_exit "A, explicit plan checks clean" 0 "$ZPLAN" check "$TMP/plan.yaml"
awk '/via: zs3-2a\/net1/ && !done { sub("zs3-2a/net1", "zs3-2a/net3"); done = 1 } { print }' \
    "$TMP/plan.yaml" >"$TMP/standby.yaml"
line=$(grep -n 'via: zs3-2a/net3' "$TMP/standby.yaml" | head -1 | cut -d: -f1)
one_error "A, a mount through a standby port" "$TMP/standby.yaml" port-role "$line"

# B as explicit and as intents: same capacity, both clean
expect_exit "B checks clean" 0 "$ZPLAN" check "$TOP/examples/ref-b-zs11-2.yaml"
expect_exit "B as intents checks clean" 0 "$ZPLAN" check "$TOP/examples/ref-b-intents.yaml"
finish
