#!/bin/sh
# Hostile input: names built to break a shell, huge strings, overflowing
# numbers, devices and closed streams as input. Each must end in exit 1
# or 2 with a located error, within 20 s and (release build) 1 GiB of
# address space, and never crash.
. "$(dirname "$0")/lib.sh"

run() { # FILE...: runs zplan check bounded; exit status in $rc
	(
		case $ZPLAN in */release/*) ulimit -v 1048576 ;; esac
		exec timeout 20 "$ZPLAN" check "$@"
	) >"$TMP/out" 2>"$TMP/err"
	rc=$?
}
expect_refused() { # DESC RULE
	case $rc in
	1 | 2) ok ;;
	*) bad "$1: exit $rc (want 1 or 2)"; head -3 "$TMP/err" >&2 ;;
	esac
	expect_grep "$1: located $2 error" ":[0-9][0-9]*:[0-9][0-9]*: error: .*\[$2\]\$" "$TMP/out"
}

base() { # the start of a clean model with one pool "tank" of one mirror
	cat <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {hdd: {media: hdd, size: 1TB}}
controllers: [{id: h}]
disks:
  - {id: a, controller: h, type: hdd}
  - {id: b, controller: h, type: hdd}
YAML
}

# names that would break a shell: each refused by name-invalid
i=0
for name in 'tank/a;rm -rf /' 'tank/$(reboot)' 'tank/`id`' 'tank/a"b' \
    'tank/x|y' 'tank/a&b' 'tank/a>b' 'tank/a\nb' 'tank/*' 'tank/é' \
    "tank/it's" 'tank/a/../b'; do
	i=$((i + 1))
	{ base; printf 'pools: [{name: tank, controller: h, vdevs: [{mirror: [a, b]}]}]\n'
	  # single-quoted YAML: only ' needs doubling
	  q=$(printf '%s' "$name" | sed "s/'/''/g")
	  printf "filesystems:\n  - name: '%s'\n" "$q"; } >"$TMP/n$i.yaml"
	run "$TMP/n$i.yaml"
	expect_refused "filesystem name $name" name-invalid
done
for name in '-f' 'tank;reboot' 'mirror0' '$(id)' "it's"; do
	i=$((i + 1))
	{ base; printf 'pools: [{name: "%s", controller: h, vdevs: [{mirror: [a, b]}]}]\n' "$name"; } >"$TMP/n$i.yaml"
	run "$TMP/n$i.yaml"
	expect_refused "pool name $name" name-invalid
done
# a newline inside a name (a YAML escape): the reader refuses a control
# character in any string
{ base; printf 'pools: [{name: "tank\\nreboot", controller: h, vdevs: [{mirror: [a, b]}]}]\n'; } >"$TMP/nl.yaml"
run "$TMP/nl.yaml"
expect_refused "pool name with a newline" schema
# a dev path with shell metacharacters is only ever quoted, but an id is
# checked at the door
{ base; printf '  - {id: "c;d", controller: h, type: hdd}\n'; } >"$TMP/id.yaml"
run "$TMP/id.yaml"
expect_refused "id with ;" schema

# a 10 MB string
{ base; printf 'name: "'; head -c 10485760 /dev/zero | tr '\0' a; printf '"\n'
  printf 'pools: [{name: "'; head -c 10485760 /dev/zero | tr '\0' b; printf '", controller: h, vdevs: [{mirror: [a, b]}]}]\n'; } >"$TMP/big.yaml"
run "$TMP/big.yaml"
expect_refused "10 MB pool name" name-invalid

# numbers past every limit
{ base; printf 'pools: [{name: tank, controller: h, vdevs: {layout: mirror, count: 99999999999999999999}}]\n'; } >"$TMP/o1.yaml"
run "$TMP/o1.yaml"
expect_refused "count past 2^64" schema
{ base; printf 'filesystems: [{template: "f{n}", pools: [tank], per_pool: 4294967297}]\n'; } >"$TMP/o2.yaml"
run "$TMP/o2.yaml"
expect_refused "per_pool past 2^32" schema
{ base; printf 'enclosures: [{id: e, slots: 4294967296}]\n'; } >"$TMP/o3.yaml"
run "$TMP/o3.yaml"
expect_refused "slots past 2^32" schema
{ base | sed 's/size: 1TB/size: 18446744073709551617/'; } >"$TMP/o4.yaml"
run "$TMP/o4.yaml"
expect_refused "size past 2^64" schema
{ base | sed 's/size: 1TB/size: 8.5EiB/'; } >"$TMP/o5.yaml"
run "$TMP/o5.yaml"
expect_refused "size with an unknown unit EiB" schema
{ base; printf 'clients: [{id: c, ports: [{id: p, mtu: -1}]}]\n'; } >"$TMP/o6.yaml"
run "$TMP/o6.yaml"
expect_refused "negative mtu" schema
# many ranges: the expansion budget, not memory, stops them
{ printf 'zplan: 1\nenclosures:\n'
  j=0; while [ $j -lt 64 ]; do printf '  - {id: e%d, slots: 1024}\n' $j; j=$((j + 1)); done
  printf 'drive_types: {hdd: {media: hdd, size: 1TB}}\ndisks:\n'
  j=0; while [ $j -lt 2000 ]; do printf '  - {enclosure: e%d, slots: 0-1023, type: hdd}\n' $((j % 64)); j=$((j + 1)); done; } >"$TMP/bomb.yaml"
run "$TMP/bomb.yaml"
expect_refused "2,000 slot ranges of 1,024 (2 million disks from 90 KB)" schema
expect_grep "range bomb: says the budget" 'would create 1024 objects, more than this file may expand to' "$TMP/out"

# devices, directories and closed streams as input: exit 2, said plainly
run /dev/zero
expect_eq "/dev/zero: exit 2" 2 "$rc"
expect_grep "/dev/zero: syntax error" '\[syntax\]$' "$TMP/out"
run /dev/null
expect_eq "/dev/null (empty): exit 2" 2 "$rc"
run "$TMP"
expect_eq "a directory: exit 2" 2 "$rc"
timeout 20 "$ZPLAN" check - <&- >"$TMP/out" 2>&1
expect_eq "closed standard input: exit 2" 2 "$?"
expect_grep "closed standard input: says so" 'cannot read' "$TMP/out"
ln -s "$TMP/nowhere" "$TMP/dangling.yaml"
run "$TMP/dangling.yaml"
expect_eq "dangling link: exit 2" 2 "$rc"
finish
