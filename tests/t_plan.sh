#!/bin/sh
# zplan plan: the invariants of model.md on every example and test model
# (plan twice gives the same bytes, check finds the same after planning,
# YAML and JSON plans are one model), reference system B as intents
# (balanced, isolated, same capacity as B written out), shortfalls as one
# located error with the numbers, and the planner's rules: free disks only,
# cabling, `from`, raidz spread, default types, determinism.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
D=tests/data

# findings as "severity rule" lines, sorted: what must not change
findings() {
	"$ZPLAN" check --format json "$1" |
	    jq -r '.diagnostics[] | "\(.severity) \(.rule)"' | sort
}

for f in examples/*.yaml $D/plan-mixed.yaml $D/plan-quoting.yaml \
    $D/warn.yaml tests/rules/disk-unused/fail-unused.yaml; do
	n=$(basename "$f")
	expect_exit "$n: plan" 0 "$ZPLAN" plan "$f"
	cp "$TMP/out" "$TMP/p1.yaml"
	expect_exit "$n: plan of the plan" 0 "$ZPLAN" plan "$TMP/p1.yaml"
	if cmp -s "$TMP/p1.yaml" "$TMP/out"; then ok; else
		bad "$n: plan(plan(m)) differs from plan(m)"
		diff "$TMP/p1.yaml" "$TMP/out" | head -5 >&2
	fi
	expect_exit "$n: plan again" 0 "$ZPLAN" plan "$f"
	if cmp -s "$TMP/p1.yaml" "$TMP/out"; then ok; else
		bad "$n: two plans of one model differ"; fi
	expect_eq "$n: check(plan(m)) finds what check(m) finds" \
	    "$(findings "$f")" "$(findings "$TMP/p1.yaml")"
	expect_exit "$n: plan --format json" 0 "$ZPLAN" plan --format json "$f"
	cp "$TMP/out" "$TMP/p1.json"
	expect_exit "$n: json is json" 0 jq -e .zplan "$TMP/p1.json"
	expect_eq "$n: the JSON plan checks as the YAML plan" \
	    "$(findings "$TMP/p1.yaml")" "$(findings "$TMP/p1.json")"
	expect_exit "$n: plan of the JSON plan" 0 "$ZPLAN" plan "$TMP/p1.json"
	if cmp -s "$TMP/p1.yaml" "$TMP/out"; then ok; else
		bad "$n: the JSON plan plans to other YAML"
		diff "$TMP/p1.yaml" "$TMP/out" | head -5 >&2
	fi
	expect_exit "$n: json plan of the JSON plan" 0 \
	    "$ZPLAN" plan --format json "$TMP/p1.json"
	if cmp -s "$TMP/p1.json" "$TMP/out"; then ok; else
		bad "$n: JSON plan not stable"; fi
done
# the explicit form: no shorthand left
"$ZPLAN" plan examples/ref-b-zs11-2.yaml >"$TMP/b.yaml"
expect_nogrep "no slot ranges left" 'slots: [0-9]*-' "$TMP/b.yaml"
expect_nogrep "no templates left" 'template:' "$TMP/b.yaml"
expect_eq "every disk written out" 192 "$(grep -c '^  - {id: encl[0-9]*-' "$TMP/b.yaml")"
expect_eq "every filesystem written out" 32 "$(grep -c '^  - {name: pool' "$TMP/b.yaml")"
expect_eq "every mount written out" 32 "$(grep -c '^    - {client: ' "$TMP/b.yaml")"
expect_grep "mounts explicit" '^  strategy: explicit$' "$TMP/b.yaml"
expect_grep "policy in full" '^  l2arc_ram_percent: 25$' "$TMP/b.yaml"
expect_grep "policy disable written" '^  disable: \[\]$' "$TMP/b.yaml"
expect_grep "strings that look like numbers are quoted" 'vers: "3"' "$TMP/b.yaml"

# ---- reference system B as intents ----
B=examples/ref-b-intents.yaml
expect_exit "B intents check clean" 0 "$ZPLAN" check "$B"
expect_eq "B intents: no finding" "0 errors, 0 warnings" "$(tail -1 "$TMP/out")"
"$ZPLAN" plan --format json "$B" >"$TMP/bi.json"
# per pool and enclosure: HDDs (data + spares), log and cache SSDs
per_encl() {
	jq -r --arg pool "$1" --arg what "$2" '
	    (.disks | map({key: .id, value: .enclosure}) | from_entries) as $e
	    | .pools[] | select(.name == $pool)
	    | (if $what == "hdd" then ([.vdevs[].mirror[]] + .spares)
	       else .[$what] end)
	    | map($e[.]) | group_by(.) | map("\(.[0])=\(length)") | join(" ")' \
	    "$TMP/bi.json"
}
even10="encl1=10 encl2=10 encl3=10 encl4=10 encl5=10 encl6=10 encl7=10 encl8=10"
even1="encl1=1 encl2=1 encl3=1 encl4=1 encl5=1 encl6=1 encl7=1 encl8=1"
for p in pool1 pool2; do
	expect_eq "B $p: 10 HDDs from every enclosure" "$even10" "$(per_encl $p hdd)"
	expect_eq "B $p: 1 log SSD from every enclosure" "$even1" "$(per_encl $p log)"
	expect_eq "B $p: 1 cache SSD from every enclosure" "$even1" "$(per_encl $p cache)"
	expect_eq "B $p: 38 two-way mirrors" "38 2" "$(jq -r --arg p $p \
	    '.pools[] | select(.name == $p) | "\(.vdevs | length) \([.vdevs[].mirror | length] | unique | join(","))"' "$TMP/bi.json")"
	expect_eq "B $p: 4 spares" 4 "$(jq --arg p $p '.pools[] | select(.name == $p) | .spares | length' "$TMP/bi.json")"
done
expect_eq "B: no mirror with both halves in one enclosure" 0 "$(jq '
    (.disks | map({key: .id, value: .enclosure}) | from_entries) as $e
    | [.pools[].vdevs[].mirror | map($e[.]) | select(.[0] == .[1])] | length' "$TMP/bi.json")"
expect_eq "B: log SSDs are ssd-200g, cache ssd-7.68t" "ssd-200g ssd-7.68t" "$(jq -r '
    (.disks | map({key: .id, value: .type}) | from_entries) as $t
    | "\([.pools[].log[] | $t[.]] | unique | join(",")) \([.pools[].cache[] | $t[.]] | unique | join(","))"' "$TMP/bi.json")"
expect_eq "B: spares are the data disks' type" "hdd-14t" "$(jq -r '
    (.disks | map({key: .id, value: .type}) | from_entries) as $t
    | [.pools[].spares[] | $t[.]] | unique | join(",")' "$TMP/bi.json")"
expect_eq "B: every disk used once" "192 192" "$(jq -r '
    [.pools[] | ([.vdevs[].mirror[]] + .log + .cache + .spares)[]] | "\(length) \(unique | length)"' "$TMP/bi.json")"
# capacity: B as intents is B written out
cap() {
	"$ZPLAN" capacity --format json "$1" | jq -c '[(.pools[] |
	    [.name, .layout, .data_disks, .raw_bytes, .pool_size_bytes,
	    .usable_bytes, .log_bytes, .cache_bytes, .spares]), .total]'
}
expect_eq "B intents: capacity of B written out" \
    "$(cap examples/ref-b-zs11-2.yaml)" "$(cap "$B")"

# ---- shortfall: one located error with the numbers ----
expect_exit "shortfall: check fails" 1 "$ZPLAN" check $D/plan-short.yaml
expect_eq "shortfall: exactly one error" 1 "$(grep -c ': error: ' "$TMP/out")"
expect_grep "shortfall: located at the intent, needed and free" \
    '^tests/data/plan-short.yaml:26:12: error: pool3 needs 16 free hdd-300g disks in 2+ enclosures reachable from zs3-2a; 11 are free: make 5 more available or ask for fewer; these would plan: `count: 4` \[plan-infeasible\]$' \
    "$TMP/out"
expect_exit "shortfall: plan refuses" 1 "$ZPLAN" plan $D/plan-short.yaml
expect_eq "shortfall: nothing on stdout" "" "$(cat "$TMP/out")"
expect_grep "shortfall: the error on stderr" 'pool3 needs 16 free' "$TMP/err"
expect_exit "shortfall: capacity refuses" 1 "$ZPLAN" capacity $D/plan-short.yaml
expect_exit "shortfall: json path" 1 "$ZPLAN" check --format json $D/plan-short.yaml
expect_eq "shortfall: json rule and path" "plan-infeasible pools[1].vdevs 26 12" \
    "$(jq -r '.diagnostics[] | select(.severity == "error") | "\(.rule) \(.path) \(.line) \(.column)"' "$TMP/out")"
expect_exit "plan-infeasible cannot be disabled" 2 \
    "$ZPLAN" check --disable plan-infeasible $D/plan-short.yaml
expect_exit "plan-infeasible cannot be lowered" 2 \
    "$ZPLAN" check --policy severity.plan-infeasible=warning $D/plan-short.yaml
# spares of the same type count with the vdevs: still one error
sed 's/count: 8, type: hdd-300g}/count: 5, type: hdd-300g}\n    spares: {count: 2}/' \
    $D/plan-short.yaml >"$TMP/short2.yaml"
expect_exit "vdevs + spares short" 1 "$ZPLAN" check "$TMP/short2.yaml"
expect_eq "vdevs + spares short: one error" 1 "$(grep -c ': error: ' "$TMP/out")"
expect_grep "vdevs + spares short: both counted" \
    'pool3 needs 12 free hdd-300g disks reachable from zs3-2a (10 for vdevs in 2+ enclosures, 2 for spares); 11 are free: make 1 more' "$TMP/out"
# 4 mirrors + 3 spares take all 11: pool1's disks are not taken, nor
# tray3's; 5 mirrors do not fit (tray1 can be in only 5 of them, tray2 has 4)
sed 's/count: 8, type: hdd-300g}/count: 4, type: hdd-300g}\n    spares: {count: 3}/' \
    $D/plan-short.yaml >"$TMP/fits.yaml"
expect_exit "11 free disks: fits" 0 "$ZPLAN" plan --format json "$TMP/fits.yaml"
expect_eq "pool1's disks are not taken, nor tray3's (cabled to zs3-2b)" \
    "tray1-1 tray1-2 tray1-3 tray1-4 tray1-5 tray1-6 tray1-7 tray2-1 tray2-2 tray2-3 tray2-4" \
    "$(jq -r '[.pools[1] | (.vdevs[].mirror[], .spares[])] | sort | join(" ")' "$TMP/out")"
sed 's/count: 8, type: hdd-300g}/count: 5, type: hdd-300g}/' \
    $D/plan-short.yaml >"$TMP/apart.yaml"
expect_exit "5 mirrors from 7 + 4: apart short" 1 "$ZPLAN" check "$TMP/apart.yaml"
expect_grep "apart short: how many vdevs fit" \
    ':26:12: error: pool3 needs 10 free hdd-300g disks in 2+ enclosures reachable from zs3-2a; 11 are free, but with at most 1 member per enclosure they make only 4 of the 5 mirror-2 vdevs (mirror_isolation: enclosure)' \
    "$TMP/out"

# ---- the planner's rules on the mixed model ----
"$ZPLAN" plan --format json $D/plan-mixed.yaml >"$TMP/m.json"
encl_of() {
	jq -r --arg p "$1" --arg k "$2" '
	    (.disks | map({key: .id, value: (.enclosure // .controller)}) | from_entries) as $e
	    | .pools[] | select(.name == $p) | [.[$k] | .. | strings | $e[.]]
	    | group_by(.) | map("\(.[0])=\(length)") | join(" ")' "$TMP/m.json"
}
expect_eq "fixed keeps its disks; its spare where it has fewest" \
    '[["e1-0","e2-0"],["e1-1","e2-1"]] ["e3-0"]' \
    "$(jq -c '.pools[0] | [.vdevs | map(.mirror)], .spares' "$TMP/m.json" | tr '\n' ' ' | sed 's/ $//;s/^\[\(.*\)\] /\1 /')"
expect_eq "from: only e2 and e3 (e4 is not cabled to h1)" "e2=4 e3=3" \
    "$(jq -r '(.disks | map({key: .id, value: .enclosure}) | from_entries) as $e
    | .pools[] | select(.name == "narrow") | [(.vdevs[].mirror[]), .spares[]] | map($e[.])
    | group_by(.) | map("\(.[0])=\(length)") | join(" ")' "$TMP/m.json")"
expect_eq "raidz2 of 6 over 3 enclosures: 2 members each" "e1=2 e2=2 e3=2|e1=2 e2=2 e3=2" \
    "$(jq -r '(.disks | map({key: .id, value: .enclosure}) | from_entries) as $e
    | [.pools[] | select(.name == "tank") | .vdevs[].raidz2 | map($e[.])
    | group_by(.) | map("\(.[0])=\(length)") | join(" ")] | join("|")' "$TMP/m.json")"
expect_eq "default data type: the HDD type with most free disks" "hdd-4t" \
    "$(jq -r '(.disks | map({key: .id, value: .type}) | from_entries) as $t
    | [.pools[] | select(.name == "tank") | .vdevs[].raidz2[] | $t[.]] | unique | join(",")' "$TMP/m.json")"
expect_eq "mirrored log across enclosures" '[{"mirror":["e1-20","e2-20"]}]' \
    "$(jq -c '.pools[] | select(.name == "tank") | .log' "$TMP/m.json")"
expect_eq "cache from the controller's own disks" '["nv0","nv1"]' \
    "$(jq -c '.pools[] | select(.name == "tank") | .cache' "$TMP/m.json")"
expect_eq "spares {count: 0}: none" "null" \
    "$(jq -c '.pools[] | select(.name == "big") | .spares' "$TMP/m.json")"
expect_eq "every disk of a pool is used once" "41 41" "$(jq -r '
    [.pools[] | ((.vdevs // []) | map(.[])[]), .log // [] | .. | strings]
    + [.pools[] | (.cache // []), (.spares // []) | .[]]
    | "\(length) \(unique | length)"' "$TMP/m.json")"

# a spare goes where the pool has fewest disks, not where most are free
cat >"$TMP/spare.yaml" <<'EOF'
zplan: 1
drive_types: {hdd: {media: hdd, size: 4TB}}
enclosures: [{id: e1, slots: 12}, {id: e2, slots: 12}, {id: e3, slots: 12}]
disks:
  - {enclosure: e1, slots: 0-5, type: hdd}
  - {enclosure: e2, slots: 0-5, type: hdd}
  - {enclosure: e3, slots: 0-0, type: hdd}
pools:
  - name: tank
    vdevs: [{mirror: [e1-0, e2-0]}, {mirror: [e1-1, e2-1]}]
    spares: {count: 1}
EOF
expect_exit "spare where the pool has fewest" 0 "$ZPLAN" plan --format json "$TMP/spare.yaml"
expect_eq "spare where the pool has fewest: e3" '["e3-0"]' "$(jq -c '.pools[0].spares' "$TMP/out")"

# places in file order, whether cabled by name or by default (ties go to
# the first): e1 (every controller) before e2 (cabled to c1)
cat >"$TMP/order.yaml" <<'EOF'
zplan: 1
drive_types: {hdd: {media: hdd, size: 4TB}}
controllers: [{id: c1}]
enclosures: [{id: e1, slots: 4}, {id: e2, slots: 4, controllers: [c1]}]
disks: [{enclosure: e1, slots: 0-1, type: hdd}, {enclosure: e2, slots: 0-1, type: hdd}]
pools:
  - name: tank
    controller: c1
    vdevs: {layout: mirror, count: 1}
    spares: {count: 1}
EOF
expect_exit "file order" 0 "$ZPLAN" plan --format json "$TMP/order.yaml"
expect_eq "file order: e1 first" '[["e1-0","e2-0"],["e1-1"]]' \
    "$(jq -c '.pools[0] | [.vdevs[0].mirror, .spares]' "$TMP/out")"

# a pool that fails at its log gives back the disks its vdevs took: the
# next pool needs all of them
cat >"$TMP/undo.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0}
drive_types: {hdd: {media: hdd, size: 4TB}, ssd: {media: ssd, size: 400GB}}
enclosures: [{id: e1, slots: 8}, {id: e2, slots: 8}]
disks:
  - {enclosure: e1, slots: 0-1, type: hdd}
  - {enclosure: e2, slots: 0-1, type: hdd}
  - {enclosure: e1, slots: 6-7, type: ssd}
pools:
  - name: first
    vdevs: {layout: mirror, count: 1}
    log: {layout: mirror, count: 1, type: ssd}
  - name: second
    vdevs: {layout: mirror, count: 2}
EOF
expect_exit "undo" 1 "$ZPLAN" check "$TMP/undo.yaml"
expect_eq "undo: only the first pool fails" 1 "$(grep -c ': error: ' "$TMP/out")"
expect_grep "undo: at its log" ':12:10: error: first needs 2 free ssd disks in 2+ enclosures' "$TMP/out"

# isolation: 6 mirrors from one enclosure cannot be kept apart...
cat >"$TMP/one.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0}
drive_types: {hdd: {media: hdd, size: 4TB}}
enclosures: [{id: e1, slots: 12}, {id: e2, slots: 12}]
disks: [{enclosure: e1, slots: 0-11, type: hdd}, {enclosure: e2, slots: 0-1, type: hdd}]
pools:
  - name: tank
    vdevs: {layout: mirror, count: 6}
EOF
expect_exit "isolation short" 1 "$ZPLAN" check "$TMP/one.yaml"
expect_grep "isolation short: says why, in numbers" \
    ':8:12: error: tank needs 12 free hdd disks in 2+ enclosures; 14 are free, but with at most 1 member per enclosure they make only 2 of the 6 mirror-2 vdevs (mirror_isolation: enclosure)' \
    "$TMP/out"
# ... unless the policy, in the file or on the command line, says none
expect_exit "mirror_isolation none on the command line plans" 0 \
    "$ZPLAN" check --policy mirror_isolation=none "$TMP/one.yaml"
sed 's/spares_per_pool: 0}/spares_per_pool: 0, mirror_isolation: none}/' \
    "$TMP/one.yaml" >"$TMP/none.yaml"
expect_exit "mirror_isolation none in the file plans" 0 \
    "$ZPLAN" plan --format json "$TMP/none.yaml"
expect_eq "without isolation, still spread first" '["e1-0","e2-0"]' \
    "$(jq -c '.pools[0].vdevs[0].mirror' "$TMP/out")"

# a log or cache intent without type, where two SSD types are free
sed 's/log: {layout: mirror, count: 1, type: ssd-400g}/log: {count: 1}/; s/cache: {count: 2, type: nvme-1t}/cache: {count: 1}/' \
    $D/plan-mixed.yaml >"$TMP/notype.yaml"
expect_exit "log without type: ambiguous" 1 "$ZPLAN" check "$TMP/notype.yaml"
expect_grep "log without type: asks for one" \
    "error: tank's log intent gives no type, and the free SSD and NVMe disks reachable from h1 are of 2 types (ssd-400g, nvme-1t); add \`type:\` to choose \[plan-infeasible\]" \
    "$TMP/out"
expect_eq "log without type: one error" 1 "$(grep -c ': error: ' "$TMP/out")"

# unknown references: ref-unknown says it, the planner adds nothing
sed 's/type: ssd-400g}/type: ssd-40g}/' $D/plan-mixed.yaml >"$TMP/ref.yaml"
expect_exit "unknown type" 1 "$ZPLAN" check "$TMP/ref.yaml"
expect_grep "unknown type: ref-unknown" 'ssd-40g.*\[ref-unknown\]$' "$TMP/out"
expect_nogrep "unknown type: no plan-infeasible" 'plan-infeasible' "$TMP/out"

# intents that the loader refuses
printf 'zplan: 1\npools:\n  - name: p\n    vdevs: {layout: disk, width: 2}\n    cache: {count: 1, layout: mirror}\n' >"$TMP/bad.yaml"
expect_exit "bad intents" 1 "$ZPLAN" check "$TMP/bad.yaml"
expect_grep "disk layout with width" ':4:34: error: width 2 needs a layout such as mirror' "$TMP/out"
expect_grep "cache with layout" ':5:31: error: a cache intent takes count and type only' "$TMP/out"
expect_nogrep "intents are no longer noted" 'kept as written' "$TMP/out"
expect_nogrep "a misread intent is not planned" 'plan-infeasible' "$TMP/out"

# the command line
expect_exit "plan: bad format" 2 "$ZPLAN" plan --format xml "$B"
expect_exit "plan: no file" 2 "$ZPLAN" plan
expect_exit "plan: unreadable" 2 "$ZPLAN" plan no-such-file.yaml
expect_exit "plan: from stdin" 0 sh -c "\"$ZPLAN\" plan - <\"$B\""
"$ZPLAN" plan "$B" >"$TMP/b1.yaml"
expect_eq "plan: stdin gives the same plan" "" "$(diff "$TMP/b1.yaml" "$TMP/out")"
if [ -w /dev/full ]; then
	expect_exit "plan: a full disk is an error" 2 sh -c "\"$ZPLAN\" plan \"$B\" >/dev/full"
fi
finish
