#!/bin/sh
# zplan import lsblk: both JSON forms util-linux has written (strings
# before 2.33, numbers and booleans since) give exactly the expected model
# and notes; the model loads and, with pools added, checks clean; bad input
# is a located error, exit 2, and nothing on standard output.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data/import" || exit 1

# exact output and notes: SAS HDDs with a WWN, SATA SSDs with and without
# one, NVMe with a WWN and without, a disk with neither (kernel name),
# partitions, lvm, mounted, swap, loop, rom, no medium, multipath, shared
# WWNs, cciss names, 4K sectors, virtio
for t in "lsblk-2.38 --controller nas1" "lsblk-2.31 --controller srv1" \
    "lsblk-edge"; do
	# shellcheck disable=SC2086 # words: the file, then its options
	set -- $t
	f=$1
	shift
	expect_exit "$f: exit 0" 0 "$ZPLAN" import lsblk "$@" "$f.json"
	if diff "$f.expect" "$TMP/out" >"$TMP/diff"; then ok; else
		bad "$f: model differs from $f.expect"; cat "$TMP/diff" >&2; fi
	if diff "$f.notes" "$TMP/err" >"$TMP/diff"; then ok; else
		bad "$f: notes differ from $f.notes"; cat "$TMP/diff" >&2; fi
	# what import writes, check reads without a schema error
	cp "$TMP/out" "$TMP/m.yaml"
	expect_exit "$f: the model checks" 0 "$ZPLAN" check "$TMP/m.yaml"
	expect_nogrep "$f: no error" ': error: ' "$TMP/out"
done

# the same disks in either form give the same model: the old form's
# string values read as the new form's numbers and booleans
sed -e 's/"size": "\([0-9]*\)"/"size": \1/' -e 's/"rota": "1"/"rota": true/' \
    -e 's/"rota": "0"/"rota": false/' lsblk-2.31.json >"$TMP/typed.json"
"$ZPLAN" import lsblk --controller srv1 "$TMP/typed.json" >"$TMP/typed" 2>/dev/null
expect_eq "strings and typed values: one model" "$(cat lsblk-2.31.expect)" \
    "$(cat "$TMP/typed")"

# with a pool of the imported disks, the model checks clean
cat lsblk-2.31.expect pools-2.31.yaml >"$TMP/pooled.yaml"
expect_exit "import + pools: check clean" 0 "$ZPLAN" check --strict "$TMP/pooled.yaml"
expect_eq "import + pools: no finding" "0 errors, 0 warnings" "$(cat "$TMP/out")"

# standard input; default controller host1
"$ZPLAN" import lsblk - <lsblk-2.38.json >"$TMP/out" 2>"$TMP/err"
expect_eq "stdin: same model, controller host1" \
    "$(sed 's/nas1/host1/g' lsblk-2.38.expect)" "$(cat "$TMP/out")"
expect_grep "stdin: notes name <stdin>" '^<stdin>:3:7: note: left out loop0' "$TMP/err"

# ids: unique, valid, at most 64 characters, cut on a letter or digit
expect_grep "colliding slugs get -2" '^  hdd-4tb-wdc-wd40efrx-68n32n0-2: ' lsblk-edge.expect
awk '/^  [a-z]/ { sub(":.*", "", $1); if (length($1) > 64 || $1 ~ /[-.]$/) print }' \
    lsblk-edge.expect >"$TMP/long"
expect_eq "drive type ids fit" "" "$(cat "$TMP/long")"

# strings YAML would misread are quoted as zplan plan quotes them: the
# model reads back with each value as lsblk gave it
printf '%s\n' '{"blockdevices": [{"name": "sda", "type": "disk", "size": 1000000000000, "rota": false, "model": "a: b # \"c\"\nd, [e]", "serial": "x\ny #z", "wwn": null, "tran": "sata", "hctl": "0:0:0:0"}, {"name": "sdb", "type": "disk", "size": 1000000000000, "rota": false, "model": "yes", "serial": "123", "wwn": "0x1", "tran": "sata"}]}' >"$TMP/q.json"
"$ZPLAN" import lsblk "$TMP/q.json" >"$TMP/q.yaml" 2>/dev/null
expect_exit "quoting: the model checks" 0 "$ZPLAN" check "$TMP/q.yaml"
"$ZPLAN" plan --format json "$TMP/q.yaml" >"$TMP/q2.json"
# (a control character, here the newline, is written as _: no string with
# one passes check)
expect_eq "quoting: models read back" 'a: b # "c"_d, [e]|yes' "$(jq -r '[.drive_types[].model] | join("|")' "$TMP/q2.json")"
expect_eq "quoting: dev as udev writes it" '/dev/disk/by-id/ata-a:_b_#__c__d___e__x_y_#z' \
    "$(jq -r '.disks[0].dev' "$TMP/q2.json")"

# by-id names as udev's 60-persistent-storage.rules makes them
expect_grep "wwn-" 'dev: /dev/disk/by-id/wwn-0x5000cca2a1b2c3d4}' lsblk-2.38.expect
expect_grep "ata-MODEL_SERIAL, blanks to _" \
    'dev: /dev/disk/by-id/ata-INTEL_SSDSC2KB480G8_PHYF8123004X480BGN}' lsblk-2.38.expect
expect_grep "nvme-WWID" 'dev: /dev/disk/by-id/nvme-eui.01000000000000005cd2e4a1b2c34d51}' lsblk-2.38.expect
expect_grep "nvme-MODEL_SERIAL" \
    'dev: /dev/disk/by-id/nvme-INTEL_SSDPE2KE016T8_PHLN9123005Q1P6AGN}' lsblk-2.38.expect
expect_grep "no by-id name: kernel name" 'id: sdg, .*dev: /dev/sdg}' lsblk-2.38.expect
expect_grep "virtio-SERIAL" 'dev: /dev/disk/by-id/virtio-ZPLANTEST01}' lsblk-edge.expect

# bad input: exit 2, a located error, nothing written
bad_input() {   # DESC EXPECTED-ERROR JSON
	printf '%s\n' "$3" >"$TMP/in.json"
	expect_exit "$1: exit 2" 2 "$ZPLAN" import lsblk "$TMP/in.json"
	expect_eq "$1: nothing on stdout" "" "$(cat "$TMP/out")"
	expect_grep "$1: located" "^$TMP/in.json:$2" "$TMP/err"
}
bad_input "syntax" '1:43: error: ' '{"blockdevices": [{"name": "sda", "size": }]}'
bad_input "size with a unit" '1:73: error: "size" is "3.6T", not a number of bytes: lsblk ran without -b' \
    '{"blockdevices": [{"name": "sda", "type": "disk", "rota": true, "size": "3.6T"}]}'
bad_input "no rota column" '1:19: error: disk sda has no "rota"' \
    '{"blockdevices": [{"name": "sda", "type": "disk", "size": 4000787030016}]}'
bad_input "no type column" '1:19: error: device sda has no "type"' \
    '{"blockdevices": [{"name": "sda", "size": 1, "rota": true}]}'
bad_input "list mode" '1:19: error: partition sda1 is not under its disk' \
    '{"blockdevices": [{"name": "sda1", "type": "part"},{"name": "sda", "type": "disk"}]}'
bad_input "not lsblk" '1:1: error: not lsblk --json output: no "blockdevices"' \
    '{"output_version": {"command": "zpool status"}, "pools": {}}'
bad_input "top is a list" '1:1: error: not lsblk --json output' '[1, 2]'
bad_input "device is a string" '1:19: error: a device must be an object' \
    '{"blockdevices": ["sda"]}'
bad_input "model is an object" '1:44: error: "model" must be a string or null, not an object' \
    '{"blockdevices": [{"name": "sda", "model": {}}]}'
bad_input "rota is 2" '1:43: error: "rota" must be true, false, "1" or "0", not "2"' \
    '{"blockdevices": [{"name": "sda", "rota": "2"}]}'
bad_input "children not a list" '1:47: error: "children" must be a list' \
    '{"blockdevices": [{"name": "sda", "children": 3}]}'
bad_input "no name" '1:19: error: a device without "name"' \
    '{"blockdevices": [{"type": "disk"}]}'
bad_input "duplicate key" '1:38: error: duplicate object key' \
    '{"blockdevices": [{"name": "a", "name": "b"}]}'
bad_input "nested too deep" '1:.*: error: devices nested deeper than 64 levels' \
    "{\"blockdevices\": [$(i=0; while [ $i -lt 70 ]; do printf '{"name": "d", "children": ['; i=$((i + 1)); done; i=0; while [ $i -lt 70 ]; do printf ']}'; i=$((i + 1)); done)]}"

# no free disk: a valid, empty model
printf '%s\n' '{"blockdevices": [{"name": "loop0", "type": "loop", "size": 1, "rota": false}]}' >"$TMP/none.json"
"$ZPLAN" import lsblk "$TMP/none.json" >"$TMP/none.yaml" 2>"$TMP/err"
expect_grep "no disk: says so" 'no free disk found' "$TMP/err"
expect_exit "no disk: the empty model checks" 0 "$ZPLAN" check "$TMP/none.yaml"

# usage
expect_exit "no source" 2 "$ZPLAN" import
expect_exit "unknown source" 2 "$ZPLAN" import blkid x.json
expect_grep "unknown source: says so" 'lsblk is the one source known' "$TMP/err"
expect_exit "no file" 2 "$ZPLAN" import lsblk
expect_exit "bad controller id" 2 "$ZPLAN" import lsblk --controller 'a b' lsblk-2.38.json
expect_exit "missing file" 2 "$ZPLAN" import lsblk no-such.json
expect_grep "missing file: says so" '^no-such.json: error: cannot read it' "$TMP/err"
expect_exit "directory" 2 "$ZPLAN" import lsblk .
expect_exit "help import" 0 "$ZPLAN" help import
expect_grep "help import: usage" '^usage: zplan import lsblk \[--controller ID\] FILE' "$TMP/out"
finish
