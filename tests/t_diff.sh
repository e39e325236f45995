#!/bin/sh
# zplan diff: each zpool status fixture of tests/data/diff (written as
# OpenZFS 2.3 writes them: mkstatus.py) against model.yaml gives exactly
# the lines of its .expect; nested, flat and --json-int forms agree; the
# formats, --host, the policy, partition names, and every way the inputs
# can be wrong (exit 2, nothing compared).
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data/diff" || exit 1

for f in *.json; do
	name=${f%.json}
	case $name in clean-*) want=0 ;; *) want=1 ;; esac
	expect_exit "$name: exit $want" "$want" "$ZPLAN" diff model.yaml "$f"
	if diff "$name.expect" "$TMP/out" >"$TMP/diff"; then ok; else
		bad "$name: output differs from $name.expect"; cat "$TMP/diff" >&2; fi
	expect_eq "$name: nothing on stderr" "" "$(cat "$TMP/err")"
done

# one pool in four forms: nested or flat, strings or integers (guids past
# 2^63), keyed by name or by guid
expect_grep "--json-int guids pass 2^63" '"pool_guid": 15889011345345657123,' clean-int.json
expect_grep "flat: vdevs carry a parent" '"parent": "mirror-0",' clean-flat.json
expect_grep "guid keys" '"15889011345345657123": {' clean-flat-int-guidkey.json
expect_eq "a spare in use: nested and flat agree" "$(cat spare-inuse.expect)" \
    "$(cat spare-inuse-flat.expect)"
for f in clean-*.json; do
	expect_eq "$f: clean" "0 errors, 0 warnings" "$(cat "${f%.json}.expect")"
done

# formats: the printer of check
"$ZPLAN" diff --format json model.yaml spare-inuse.json >"$TMP/j"
expect_eq "json: rules" "drift-state drift-spare-inuse" \
    "$(jq -r '[.diagnostics[].rule] | join(" ")' "$TMP/j")"
expect_eq "json: counts" "1 1" "$(jq -r '"\(.errors) \(.warnings)"' "$TMP/j")"
expect_eq "json: located at the member" "25 24 pools[0].vdevs[0].mirror[1]" \
    "$(jq -r '.diagnostics[0] | "\(.line) \(.column) \(.path)"' "$TMP/j")"
expect_eq "json: the spare's path" "pools[0].spares[0]" \
    "$(jq -r '.diagnostics[1].path' "$TMP/j")"
"$ZPLAN" diff --format sarif model.yaml vdev-type.json >"$TMP/s"
expect_eq "sarif: version" "2.1.0" "$(jq -r .version "$TMP/s")"
expect_eq "sarif: drift rules in the catalogue" 12 \
    "$(jq '[.runs[0].tool.driver.rules[].id | select(startswith("drift-"))] | length' "$TMP/s")"
expect_eq "sarif: results" "drift-vdev-type drift-vdev-missing" \
    "$(jq -r '[.runs[0].results[].ruleId] | join(" ")' "$TMP/s")"
expect_eq "sarif: ruleIndex matches" true \
    "$(jq '[.runs[0] as $r | $r.results[] | $r.tool.driver.rules[.ruleIndex].id == .ruleId] | all' "$TMP/s")"

# --host: only that controller's pools are expected
expect_exit "two heads: pool2 missing" 1 "$ZPLAN" diff two-heads.yaml clean-nested.json
expect_grep "two heads: pool2 missing" "pool pool2 is not in zpool status" "$TMP/out"
expect_exit "--host nas1: clean" 0 "$ZPLAN" diff --host nas1 two-heads.yaml clean-nested.json
expect_exit "--host nas2: tank compared, pool2 missing" 1 \
    "$ZPLAN" diff --host nas2 two-heads.yaml degraded.json
expect_grep "--host nas2: tank's drift" 'e2-0.*FAULTED' "$TMP/out"
expect_nogrep "--host nas2: tank is not extra" 'drift-pool-extra' "$TMP/out"
expect_exit "--host unknown" 2 "$ZPLAN" diff --host nas9 two-heads.yaml clean-nested.json

# the model's policy applies to drift rules as to any other
sed 's/^name: diff-test$/name: diff-test\npolicy: {disable: [drift-pool-extra], severity: {drift-state: warning}}/' \
    model.yaml >"$TMP/pol.yaml"
expect_exit "policy disable: no drift left" 0 "$ZPLAN" diff "$TMP/pol.yaml" pool-extra.json
expect_exit "policy severity" 1 "$ZPLAN" diff "$TMP/pol.yaml" degraded.json
expect_grep "policy severity: a warning" ': warning: disk e2-0 .*\[drift-state\]$' "$TMP/out"

# the model as JSON (zplan plan), or on standard input; the status on
# standard input
"$ZPLAN" plan --format json model.yaml >"$TMP/model.json"
"$ZPLAN" diff "$TMP/model.json" replaced.json >"$TMP/out"
expect_grep "JSON model: located in it" "^$TMP/model.json:[0-9]*:[0-9]*: error: disk e2-1 .*\[drift-device\]$" "$TMP/out"
"$ZPLAN" diff - replaced.json <model.yaml >"$TMP/out"
expect_eq "model on stdin" "$(sed 's/^model.yaml:/<stdin>:/' replaced.expect)" "$(cat "$TMP/out")"
"$ZPLAN" diff model.yaml - <replaced.json >"$TMP/out"
expect_eq "status on stdin" "$(cat replaced.expect)" "$(cat "$TMP/out")"

# whole disks show as partition 1: -part1, sdX1, nvme0n1p1; a model that
# names a partition matches it exactly; another partition is drift
cat >"$TMP/k.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types:
  ssd: {media: ssd, size: 1TB}
controllers: [{id: h}]
disks:
  - {id: a, controller: h, type: ssd, dev: /dev/sdb}
  - {id: b, controller: h, type: ssd, dev: /dev/nvme0n1}
  - {id: c, controller: h, type: ssd, dev: /dev/disk/by-id/wwn-0x5002538e40a1b2c3-part3}
  - {id: d, controller: h, type: ssd, dev: /dev/sdd}
pools:
  - {name: k, controller: h, vdevs: [{mirror: [a, b]}, {mirror: [c, d]}]}
EOF
status() {  # PATH-A PATH-B PATH-C PATH-D
	cat <<EOF
{"output_version": {"command": "zpool status", "vers_major": 0, "vers_minor": 1},
 "pools": {"k": {"name": "k", "state": "ONLINE", "vdevs": {"k": {"name": "k", "vdev_type": "root", "state": "ONLINE", "vdevs": {
  "mirror-0": {"name": "mirror-0", "vdev_type": "mirror", "class": "normal", "state": "ONLINE", "vdevs": {
   "a": {"name": "a", "vdev_type": "disk", "path": "$1", "class": "normal", "state": "ONLINE"},
   "b": {"name": "b", "vdev_type": "disk", "path": "$2", "class": "normal", "state": "ONLINE"}}},
  "mirror-1": {"name": "mirror-1", "vdev_type": "mirror", "class": "normal", "state": "ONLINE", "vdevs": {
   "c": {"name": "c", "vdev_type": "disk", "path": "$3", "class": "normal", "state": "ONLINE"},
   "d": {"name": "d", "vdev_type": "disk", "path": "$4", "class": "normal", "state": "ONLINE"}}}}}}}}}
EOF
}
status /dev/sdb1 /dev/nvme0n1p1 /dev/disk/by-id/wwn-0x5002538e40a1b2c3-part3 /dev/sdd >"$TMP/k1.json"
expect_exit "sdb1, nvme0n1p1, an exact partition, a whole device" 0 \
    "$ZPLAN" diff "$TMP/k.yaml" "$TMP/k1.json"
status /dev/sdb2 /dev/nvme0n1p1 /dev/disk/by-id/wwn-0x5002538e40a1b2c3-part1 /dev/sdd1 >"$TMP/k2.json"
expect_exit "sdb2 and -part1 of a partition are other devices" 1 \
    "$ZPLAN" diff "$TMP/k.yaml" "$TMP/k2.json"
expect_eq "sdb2 and -part1 of a partition: two drift-device" 2 \
    "$(grep -c '\[drift-device\]$' "$TMP/out")"

# vdevs matched by their devices, not their order: a model listing the
# mirrors the other way round is clean
sed -e 's/- mirror: \[e1-0, e2-0\]/- mirror: [TMP]/' -e 's/- mirror: \[e1-1, e2-1\]/- mirror: [e1-0, e2-0]/' \
    -e 's/- mirror: \[TMP\]/- mirror: [e2-1, e1-1]/' model.yaml >"$TMP/swapped.yaml"
expect_exit "vdevs and members in another order: clean" 0 "$ZPLAN" diff "$TMP/swapped.yaml" clean-flat.json

# the inputs wrong: exit 2, the reason located, nothing compared
fails() {   # DESC PATTERN ARGS...
	d=$1 p=$2
	shift 2
	expect_exit "$d: exit 2" 2 "$ZPLAN" diff "$@"
	expect_eq "$d: nothing on stdout" "" "$(cat "$TMP/out")"
	expect_grep "$d: says why" "$p" "$TMP/err"
}
fails "no such status" '^no-such.json: error: cannot read it: No such file' model.yaml no-such.json
fails "status is a directory" 'it is a directory' model.yaml .
printf '{"output_version": {"command": "zpool status"},\n "pools": {"tank": }}\n' >"$TMP/syn.json"
fails "status syntax error" "^$TMP/syn.json:2:20: error: " model.yaml "$TMP/syn.json"
fails "lsblk output as status" "^$TMP/lsblk.json:1:1: error: not zpool status output: no \"output_version\"" \
    model.yaml "$(cp "$TOP/tests/data/import/lsblk-2.38.json" "$TMP/lsblk.json"; echo "$TMP/lsblk.json")"
printf '{"output_version": {"command": "zpool list", "vers_major": 0, "vers_minor": 1}, "pools": {}}\n' >"$TMP/list.json"
fails "zpool list output" 'this is the output of "zpool list", not of zpool status' model.yaml "$TMP/list.json"
printf '{"output_version": {"command": "zpool status"}, "pools": {"tank": {"name": "tank", "vdevs": {\n "sda": {"name": "sda", "vdev_type": "disk", "parent": "mirror-9"}}}}}\n' >"$TMP/dangle.json"
fails "a parent that is not there" "^$TMP/dangle.json:2:9: error: vdev sda names parent mirror-9, which pool tank does not have" \
    model.yaml "$TMP/dangle.json"
printf '{"output_version": {"command": "zpool status"}, "pools": {"tank": {"vdevs": [1]}}}\n' >"$TMP/list2.json"
fails "vdevs is a list" ':1:77: error: "vdevs", "logs"' model.yaml "$TMP/list2.json"
printf '{"output_version": {"command": "zpool status"}, "pools": {"tank": {"vdevs": {"x": {"name": "x", "state": ["ONLINE"]}}}}}\n' >"$TMP/st.json"
fails "a state that is a list" ':1:106: error: "state" must be a string' model.yaml "$TMP/st.json"
{
	printf '{"output_version": {"command": "zpool status"}, "pools": {"tank": {"vdevs": '
	i=0; while [ $i -lt 20 ]; do printf '{"v%d": {"vdevs": ' $i; i=$((i + 1)); done
	printf '{}'
	i=0; while [ $i -lt 20 ]; do printf '}}'; i=$((i + 1)); done
	printf '}}}\n'
} >"$TMP/deep.json"
fails "vdevs nested too deep" 'error: vdevs nested deeper than 16 levels' model.yaml "$TMP/deep.json"
fails "model with errors" 'zplan diff: the model has errors; nothing compared' \
    "$TOP/tests/data/five-errors.yaml" clean-nested.json
expect_grep "model with errors: its errors printed" '\[disk-reuse\]$' "$TMP/err"
fails "model cannot be read" 'cannot read no-model.yaml' no-model.yaml clean-nested.json
expect_exit "one file only" 2 "$ZPLAN" diff model.yaml
expect_exit "both on stdin" 2 "$ZPLAN" diff - -
expect_exit "unknown format" 2 "$ZPLAN" diff --format yaml model.yaml clean-nested.json
expect_exit "help diff" 0 "$ZPLAN" help diff
expect_grep "help diff: usage" '^usage: zplan diff \[--format text|json|sarif\]' "$TMP/out"

# cost guard, as tests/t_cost.sh: instructions (callgrind) of reading the
# status and comparing, and of an import, for a fleet and one 4x as large;
# linear is about 4x, quadratic 16x; fails above 5x (release build only)
weigh() {   # OUT-FILE ZPLAN-ARGS...
	out=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$TMP/cg" "$ZPLAN" "$@" \
	    >/dev/null 2>&1
	callgrind_annotate --inclusive=yes --threshold=100 "$TMP/cg" 2>/dev/null |
	    sed -n 's/^ *\([0-9,]*\) .*:\([a-z_0-9]*\) \[.*$/\2 \1/p' |
	    grep -E '^(zs_read|zp_diff|zp_import_lsblk) ' | tr -d , |
	    sort -u -k1,1 >"$out"
}
case $ZPLAN in
*/asan/*) ;;
*)
	for n in 1 4; do
		awk -v SITES=$((16 * n)) -f "$TOP/tests/bench/fleet.awk" >"$TMP/f$n.yaml"
		"$ZPLAN" plan --format json "$TMP/f$n.yaml" |
		    jq -f "$TOP/tests/bench/status.jq" >"$TMP/f$n.json"
		expect_exit "fleet x$n: no drift" 0 "$ZPLAN" diff "$TMP/f$n.yaml" "$TMP/f$n.json"
		awk -v N=$((2000 * n)) 'BEGIN { printf "{\"blockdevices\": [";
		    for (i = 0; i < N; i++) printf "%s{\"name\": \"sd%d\", \"size\": %d, \"rota\": %s, \"type\": \"disk\", \"model\": \"M%d\", \"serial\": \"S%d\", \"wwn\": \"0x5000c500%08x\", \"tran\": \"sas\", \"hctl\": null, \"mountpoint\": null}", i ? "," : "", i, 4000787030016, i % 2 ? "true" : "false", i % 7, i, i;
		    print "]}" }' >"$TMP/l$n.json"
		weigh "$TMP/ir$n" diff "$TMP/f$n.yaml" "$TMP/f$n.json"
		weigh "$TMP/im$n" import lsblk "$TMP/l$n.json"
		cat "$TMP/im$n" >>"$TMP/ir$n"
	done
	expect_eq "cost: functions weighed" 3 "$(join "$TMP/ir1" "$TMP/ir4" | wc -l)"
	join "$TMP/ir1" "$TMP/ir4" | while read -r fn a b; do
		r=$(( b * 10 / (a > 0 ? a : 1) ))
		printf '  %-20s %12s %12s  x%d.%d\n' "$fn" "$a" "$b" $((r / 10)) $((r % 10))
		[ "$r" -le 50 ] || echo "$fn x$((r / 10)).$((r % 10))"
	done >"$TMP/cost"
	cat "$TMP/cost"
	expect_nogrep "cost: linear" '^[a-z]' "$TMP/cost" ;;
esac

# no leak, no invalid access (valgrind, release build only)
case $ZPLAN in
*/asan/*) ;;
*)
	if command -v valgrind >/dev/null; then
		for f in spare-inuse-flat.json vdev-type.json "$TMP/dangle.json"; do
			valgrind --quiet --leak-check=full --errors-for-leak-kinds=all \
			    --error-exitcode=99 "$ZPLAN" diff model.yaml "$f" >/dev/null 2>"$TMP/vg"
			if [ $? -eq 99 ]; then bad "valgrind: diff $f"; head "$TMP/vg" >&2; else ok; fi
		done
		valgrind --quiet --leak-check=full --errors-for-leak-kinds=all \
		    --error-exitcode=99 "$ZPLAN" import lsblk "$TOP/tests/data/import/lsblk-edge.json" \
		    >/dev/null 2>"$TMP/vg"
		if [ $? -eq 99 ]; then bad "valgrind: import"; head "$TMP/vg" >&2; else ok; fi
	fi ;;
esac
# vdevs named by guid (zpool status -j -g): the JSON has no parity, so a
# raidz is any raidz of the model (not drift); a root without vdev_type,
# keyed by the pool's name, is the root; a dedup vdev is called dedup
g=$TOP/tests/data/diff-guid
expect_exit "guid names: a raidz2 is no drift" 0 "$ZPLAN" diff "$g/model.yaml" "$g/raidz2-guid.json"
expect_eq "guid names: clean" "0 errors, 0 warnings" "$(tail -1 "$TMP/out")"
expect_exit "untyped root: no drift" 0 "$ZPLAN" diff "$g/model.yaml" "$g/root-untyped.json"
expect_nogrep "untyped root: no vdev of no type" 'of no type\|of no state' "$TMP/out"
expect_exit "dedup vdev: drift" 1 "$ZPLAN" diff "$g/model.yaml" "$g/dedup-extra.json"
expect_grep "dedup vdev: named dedup" 'pool tank has dedup vdev mirror-9 (nv0, nv1)' "$TMP/out"

finish
