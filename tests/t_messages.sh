#!/bin/sh
# Messages that help (issue "first hour"): a fix a message proposes works;
# a mistake gives one error, not a cascade; text columns stay aligned.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests" || exit 1
R=rules/plan-infeasible M=rules/mirror-isolation

# plan-infeasible: every alternative it names plans (no plan-infeasible)
# plans FILE SED DESC: the model edited by SED plans
plans() {
	sed "$2" "$1" >"$TMP/alt.yaml"
	"$ZPLAN" check "$TMP/alt.yaml" >"$TMP/out" 2>&1
	expect_nogrep "$3 plans" 'plan-infeasible' "$TMP/out"
}
expect_grep "fewer names count 3 and hdd-8t" 'these would plan: `count: 3` or `type: hdd-8t`' \
    "$R/fail-alternatives.expect"
plans $R/fail-alternatives.yaml 's/count: 4, type: hdd-4t/count: 3, type: hdd-4t/' "count: 3"
plans $R/fail-alternatives.yaml 's/count: 4, type: hdd-4t/count: 4, type: hdd-8t/' "type: hdd-8t"
expect_grep "apart names width, layout, isolation" \
    'these would plan: `width: 3`, `layout: raidz2` or `mirror_isolation: none` in the policy' \
    "$R/fail-apart.expect"
plans $R/fail-apart.yaml 's/width: 4, count: 3/width: 3, count: 3/' "width: 3"
plans $R/fail-apart.yaml 's/layout: raidz1/layout: raidz2/' "layout: raidz2"
plans $R/fail-apart.yaml 's/spares_per_pool: 0}/spares_per_pool: 0, mirror_isolation: none}/' \
    "mirror_isolation: none"

# mirror-isolation: no move fixes a raidz2-12 over 4 enclosures; one
# finding for the vdev says what would, and each of those passes
"$ZPLAN" check $M/fail-no-move.yaml >"$TMP/out" 2>&1
expect_eq "no move: one finding per vdev" 2 "$(grep -c '\[mirror-isolation\]' "$TMP/out")"
expect_grep "no move: says so" 'so no move fixes it; use raidz2 vdevs at most 8 wide' "$TMP/out"
iso_passes() {
	sed "$1" $M/fail-no-move.yaml >"$TMP/iso.yaml"
	"$ZPLAN" check "$TMP/iso.yaml" >"$TMP/out" 2>&1
	expect_nogrep "$2: no mirror-isolation for tank" 'raidz. e0-0' "$TMP/out"
}
iso_passes 's/- raidz2: \[e0-0, e1-0, e2-0, e3-0, e0-1, e1-1, e2-1, e3-1, e0-2, e1-2, e2-2, e3-2\]/- raidz2: [e0-0, e1-0, e2-0, e3-0, e0-1, e1-1, e2-1, e3-1]/' \
    "raidz2 at most 8 wide"
iso_passes 's/- raidz2: \[e0-0/- raidz3: [e0-0/' "raidz3"
iso_passes 's/spares_per_pool: 0}/spares_per_pool: 0, mirror_isolation: none}/' \
    "mirror_isolation: none"

# one mistake, one error: `slot: 0-3` (for slots) in the starter
sed 's/^  - {enclosure: shelf2, slots: 0-3, type: hdd-4t}/  - {enclosure: shelf2, slot: 0-3, type: hdd-4t}/' \
    "$TOP/examples/starter.yaml" >"$TMP/typo.yaml"
expect_exit "slot typo: exit 1" 1 "$ZPLAN" check "$TMP/typo.yaml"
expect_eq "slot typo: one error" "1 error, 0 warnings" "$(tail -1 "$TMP/out")"
expect_grep "slot typo: did you mean slots" \
    ':89:31: error: `slot` takes one slot number, not the range "0-3"; did you mean `slots: 0-3`? \[schema\]' "$TMP/out"
expect_nogrep "slot typo: no ref-unknown for its disks" 'ref-unknown' "$TMP/out"
# a range that cannot be read, and one with an id: its disks are not
# unknown either
cat >"$TMP/bad-range.yaml" <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types:
  hdd: {media: hdd, size: 4TB}
enclosures:
  - {id: e1, slots: 8}
  - {id: e2, slots: 8}
disks:
  - {enclosure: e1, slots: 0-x, type: hdd}
  - {enclosure: e2, slots: 0-3, id: d, type: hdd}
pools:
  - name: p
    vdevs:
      - mirror: [e1-0, e2-0]
YAML
expect_exit "bad ranges: exit 1" 1 "$ZPLAN" check "$TMP/bad-range.yaml"
expect_eq "bad ranges: two errors, one each" "2 errors, 0 warnings" "$(tail -1 "$TMP/out")"
expect_nogrep "bad ranges: no ref-unknown" 'ref-unknown' "$TMP/out"
# a section that is not what it should be: its ids are not unknown
cat >"$TMP/types.yaml" <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, vdev_id: external}
drive_types:
  - {id: hdd, media: hdd, size: 4TB}
enclosures:
  - {id: e1, slots: 2}
  - {id: e2, slots: 2}
disks:
  - {enclosure: e1, slots: 0-1, type: hdd}
  - {enclosure: e2, slots: 0-1, type: hdd}
pools:
  - name: p
    vdevs:
      - mirror: [e1-0, e2-0]
      - mirror: [e1-1, e2-1]
YAML
expect_exit "drive_types as a list: exit 1" 1 "$ZPLAN" check "$TMP/types.yaml"
expect_eq "drive_types as a list: one error" "1 error, 0 warnings" "$(tail -1 "$TMP/out")"

# capacity: the columns line up whatever the widths of names and layouts
cat >"$TMP/wide.yaml" <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types:
  hdd: {media: hdd, size: 4TB}
  big: {media: hdd, size: 20TB}
controllers:
  - {id: a-controller-with-a-very-long-id-indeed}
  - {id: c2}
disks:
  - {id: d0, controller: c2, type: hdd}
  - {id: d1, controller: c2, type: hdd}
  - {id: d2, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d3, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d4, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d5, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d6, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d7, controller: a-controller-with-a-very-long-id-indeed, type: big}
  - {id: d8, controller: a-controller-with-a-very-long-id-indeed, type: big}
pools:
  - name: p
    controller: c2
    vdevs:
      - mirror: [d0, d1]
  - name: a-pool-whose-name-is-far-longer-than-twelve
    controller: a-controller-with-a-very-long-id-indeed
    vdevs:
      - raidz1: [d2, d3, d4]
      - raidz1: [d5, d6, d7, d8]
YAML
expect_exit "wide capacity" 0 "$ZPLAN" capacity "$TMP/wide.yaml"
# where each table's "TB" figures end, on every line that has them
expect_eq "columns aligned: one set of positions for every row" 1 \
    "$(grep ' TB ' "$TMP/out" | awk '{ s = ""; l = $0; o = 0; while ((i = index(l, " TB ")) > 0) { s = s " " (o + i); o += i + 3; l = substr(l, i + 4) } print s }' | sort -u | wc -l)"
expect_eq "headers over their columns" \
    "$(grep '^POOL' "$TMP/out" | awk '{ print index($0, "RAW") }')" \
    "$(grep '^CONTROLLER' "$TMP/out" | awk '{ print index($0, "RAW") }')"
expect_eq "DISKS right-aligned" \
    "$(grep '^POOL' "$TMP/out" | awk '{ print index($0, "DISKS") + 4 }')" \
    "$(grep '^a-pool' "$TMP/out" | awk '{ print index($0, " 7 ") + 1 }')"
finish
