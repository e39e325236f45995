#!/bin/sh
# Issue 13, the input side: hostile models and inputs end in a located
# error, never a crash, an uninitialised read, a wrong figure or a control
# character on the terminal or in a script. On the release build the
# crash cases also run under valgrind's memcheck (ASan checks the other).
. "$(dirname "$0")/lib.sh"

vg() { # CMD...: zplan under valgrind on the release build; status in $rc
	case $ZPLAN in
	*/release/*)
		if command -v valgrind >/dev/null; then
			valgrind --quiet --error-exitcode=99 "$ZPLAN" "$@"
		else echo "valgrind is not installed" >&2; return 99; fi ;;
	*) "$ZPLAN" "$@" ;;
	esac >"$TMP/out" 2>"$TMP/err"
	rc=$?
}

head_model() {
	cat <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {hdd: {media: hdd, size: 1TB}}
controllers: [{id: h, ports: [{id: n1, address: 10.0.0.1/24}]}]
clients: [{id: c, ports: [{id: p, address: 10.0.0.2/24}]}]
YAML
}

# --- item 1: a list of references with an item that is not a valid id ---
# (the first item, so nothing before it on the stack; then after a good
# one, so not a repeat of it)
i=0
for list in 'enclosures: [{id: e, slots: 4, controllers: [BAD]}]' \
    'enclosures: [{id: e, slots: 4, controllers: [h, BAD]}]' \
    'pools: [{name: tank, controller: h, vdevs: {layout: mirror, width: 2, count: 1, type: hdd}, from: [BAD]}]' \
    'pools: [{name: tank, controller: h, vdevs: {layout: mirror, width: 2, count: 1, type: hdd}, from: [e, BAD]}]' \
    'filesystems: [{template: "f{n}", pools: [BAD], per_pool: 2}]' \
    'filesystems: [{template: "f{n}", pools: [tank, BAD], per_pool: 2}]' \
    'mounts: [{clients: [BAD]}]' 'mounts: [{clients: [c, BAD]}]' \
    'mounts: [{controllers: [BAD]}]' 'mounts: [{controllers: [h, BAD]}]' \
    'mounts: [{pools: [BAD]}]' 'mounts: [{pools: [tank, BAD]}]'; do
	for bad_id in '"bad id!"' '[y]'; do
		i=$((i + 1))
		{ head_model
		  case $list in enclosures:*) ;; *)
			echo 'enclosures: [{id: e, slots: 4}]' ;; esac
		  echo 'disks: [{id: a, enclosure: e, slot: 0, type: hdd}, {id: b, enclosure: e, slot: 1, type: hdd}]'
		  case $list in pools:*) ;; *)
			echo 'pools: [{name: tank, controller: h, vdevs: [{mirror: [a, b]}]}]' ;; esac
		  echo "$list" | sed "s/BAD/$bad_id/"; } >"$TMP/ref$i.yaml"
		for cmd in check diagram; do
			vg $cmd "$TMP/ref$i.yaml"
			if [ "$rc" = 1 ] || [ "$rc" = 2 ]; then ok; else
				bad "ref$i ($list, $bad_id): zplan $cmd: exit $rc"
				head -5 "$TMP/err" >&2
			fi
			cat "$TMP/out" "$TMP/err" >"$TMP/both"
			expect_grep "ref$i: zplan $cmd: located schema error" \
			    'ref[0-9]*\.yaml:[0-9]*:[0-9]*: error: .*\[schema\]$' "$TMP/both"
		done
	done
done

# --- items 2, 4, 17: the new rules refuse their fixtures (exit 1) ---
for f in dev-invalid/fail-dev disk-too-small/fail-linux \
    disk-too-small/fail-keep mount-dir-invalid/fail-dirs \
    mount-duplicate/fail-normalised; do
	expect_exit "$f: refused" 1 "$ZPLAN" check "$TOP/tests/rules/$f.yaml"
	expect_grep "$f: its rule" "\[${f%%/*}\]\$" "$TMP/out"
done
# dev: "-f" never reaches a script
{ head_model; cat <<'YAML'
disks:
  - {id: a, controller: h, type: hdd, dev: "-f"}
  - {id: b, controller: h, type: hdd, dev: /dev/disk/by-id/b}
pools: [{name: tank, controller: h, vdevs: [{mirror: [a, b]}]}]
YAML
} >"$TMP/minus.yaml"
expect_exit "dev -f: no script" 1 "$ZPLAN" script "$TMP/minus.yaml"
expect_nogrep "dev -f: not in a script" "'-f'" "$TMP/out"

# --- items 12 and 19: control characters ---
ESC=$(printf '\033')
LS=$(printf '\342\200\250')       # U+2028
NEL=$(printf '\302\205')          # U+0085
BIDI=$(printf '\342\200\256')     # U+202E
raw_ctl() { # DESC FILE: no raw ESC, U+2028, U+0085, U+202E, CR or BEL in FILE
	if grep -q -e "$ESC" -e "$LS" -e "$NEL" -e "$BIDI" -e "$(printf '\r')" \
	    -e "$(printf '\007')" "$2"; then
		bad "$1: a raw control character"; cat -A "$2" | head -3 >&2
	else ok; fi
}
# 19: a control character in any string is a located schema error, in
# YAML and JSON, and no script is written; 12: the message escapes it
i=0
for spot in 'dev: "/dev/disk/by-id/a\e[31m"' 'dev: "/dev/disk/by-id/a\u2028b"' \
    'dev: "/dev/disk/by-id/a\x85b"' 'dev: "/dev/disk/by-id/a\tb"' \
    'dev: "/dev/disk/by-id/\u202Eb"'; do
	i=$((i + 1))
	{ head_model; printf '%s\n' 'disks:' \
	  "  - {id: a, controller: h, type: hdd, $spot}" \
	  '  - {id: b, controller: h, type: hdd, dev: /dev/disk/by-id/b}' \
	  'pools: [{name: tank, controller: h, vdevs: [{mirror: [a, b]}]}]'; } >"$TMP/ctl$i.yaml"
	expect_exit "ctl$i ($spot): check refuses" 1 "$ZPLAN" check "$TMP/ctl$i.yaml"
	expect_grep "ctl$i: located at the dev" "ctl$i.yaml:7:44: error: .*control character.*\[schema\]" "$TMP/out"
	raw_ctl "ctl$i: check's report" "$TMP/out"
	expect_exit "ctl$i: no script" 1 "$ZPLAN" script "$TMP/ctl$i.yaml"
	expect_eq "ctl$i: nothing on stdout" "" "$(cat "$TMP/out")"
done
# the other strings that reach a script or a report: property values,
# share and mount options, mount directories, labels, the model's name
for spot in 'filesystems: [{name: tank/a, properties: {"org.x:note": "a\eb"}}]' \
    'filesystems: [{name: tank/a, share: {nfs: "rw\u2028x"}}]' \
    'filesystems: [{name: tank/a, share: nfs}]
mounts: {options: {extra: "soft\nx"}}' \
    'filesystems: [{name: tank/a, share: nfs}]
mounts: {at: "/mnt/\x85/{fs}"}' \
    'name: "site\e]0;x\a"' 'switches: [{id: s, model: "a\u202Eb"}]'; do
	i=$((i + 1))
	{ head_model; printf '%s\n' 'disks:' \
	  '  - {id: a, controller: h, type: hdd}' '  - {id: b, controller: h, type: hdd}' \
	  'pools: [{name: tank, controller: h, vdevs: [{mirror: [a, b]}]}]'
	  printf '%s\n' "$spot"; } >"$TMP/ctl$i.yaml"
	expect_exit "ctl$i ($spot): check refuses" 1 "$ZPLAN" check "$TMP/ctl$i.yaml"
	expect_grep "ctl$i: schema error" "ctl$i.yaml:[0-9]*:[0-9]*: error: .*control character.*\[schema\]" "$TMP/out"
	raw_ctl "ctl$i: check's report" "$TMP/out"
	for fmt in json sarif; do
		"$ZPLAN" check --format $fmt "$TMP/ctl$i.yaml" >"$TMP/f" 2>&1
		raw_ctl "ctl$i: --format $fmt" "$TMP/f"
	done
done
# the same in JSON (jansson's \u escapes)
{ printf '{"zplan": 1, "drive_types": {"hdd": {"media": "hdd", "size": "1TB"}},\n'
  printf ' "controllers": [{"id": "h"}],\n'
  printf ' "disks": [{"id": "a", "controller": "h", "type": "hdd",\n'
  printf '   "dev": "/dev/disk/by-id/\\u001b[2Ja"}]}\n'; } >"$TMP/ctl.json"
expect_exit "JSON dev with ESC: refused" 1 "$ZPLAN" check "$TMP/ctl.json"
expect_grep "JSON dev with ESC: at its line" 'ctl.json:4:[0-9]*: error: .*control character (\\x1b at byte 17).*\[schema\]' "$TMP/out"
# 12: a key the loader does not know, holding a newline and an ESC, cannot
# forge a line of the report in any format
{ head_model; printf '"x\\nctlkey.yaml:1:1: note: forged [disk-unused]\\e[2J": 1\n'; } >"$TMP/ctlkey.yaml"
for fmt in text json sarif; do
	"$ZPLAN" check --format $fmt "$TMP/ctlkey.yaml" >"$TMP/f" 2>&1
	raw_ctl "unknown key, --format $fmt" "$TMP/f"
	expect_nogrep "unknown key, --format $fmt: no forged line" '^ctlkey.yaml:1:1' "$TMP/f"
done
# a file name with a control character
cp "$TMP/ctlkey.yaml" "$TMP/a${ESC}b.yaml"
"$ZPLAN" check "$TMP/a${ESC}b.yaml" >"$TMP/f" 2>&1
raw_ctl "file name with ESC" "$TMP/f"
# 12: diff's messages quote zpool status strings
jq '.pools.tank.vdevs["e1-2"].name = "e1-2\u001b[2J\nmodel.yaml:1:1: note: forged [drift-state]\u2028\u0085\u202e" |
    .pools.tank.vdevs["e1-2"].path = "/dev/x\u001b]0;title\u0007"' \
    "$TOP/tests/data/diff/vdev-extra.json" >"$TMP/hostile-status.json"
for fmt in text json sarif; do
	"$ZPLAN" diff --format $fmt "$TOP/tests/data/diff/model.yaml" \
	    "$TMP/hostile-status.json" >"$TMP/f" 2>&1
	raw_ctl "diff --format $fmt with hostile status strings" "$TMP/f"
	expect_nogrep "diff --format $fmt: no forged line" '^model.yaml:1:1' "$TMP/f"
	expect_grep "diff --format $fmt: still reports" 'drift-vdev-extra' "$TMP/f"
done

# --- item 14: reader errors at their line and column, not 1:1 ---
printf 'zplan: 1\nname: x\ndrive_types:\n  hdd: {media: hdd, size: 1TB, model: "ab\377c"}\n' >"$TMP/utf8.yaml"
printf 'zplan: 1\nname: x\ndrive_types:\n  hdd: {media: hdd, size: 1TB, model: ab\033c}\n' >"$TMP/ctlchar.yaml"
printf 'zplan: 1\n# caf\303\251 \303\251\377\n' >"$TMP/utf8b.yaml"
for c in utf8.yaml:4:42 ctlchar.yaml:4:41 utf8b.yaml:2:9; do
	f=${c%%:*}
	expect_exit "$f: syntax error" 2 "$ZPLAN" check "$TMP/$f"
	expect_grep "$f: at $c" "^$TMP/$c: error: .*\[syntax\]\$" "$TMP/out"
	"$ZPLAN" check - <"$TMP/$f" >"$TMP/out" 2>&1
	expect_grep "$f from stdin: at ${c#*:}" "^<stdin>:${c#*:}: error: .*\[syntax\]\$" "$TMP/out"
done

# --- item 13: sums past 2^64 are an error naming the pool ---
D=$TOP/tests/data/safety
expect_exit "overflow: check refuses" 1 "$ZPLAN" check "$D/overflow.yaml"
expect_grep "overflow: names tank" "overflow.yaml:15:12: error: pool tank: its disks' sizes sum past 2^64 bytes.*\[schema\]" "$TMP/out"
expect_grep "overflow: names t4 (controller h)" "overflow.yaml:18:12: error: pool t4: with it the pools of controller h sum past 2^64 bytes.*\[schema\]" "$TMP/out"
expect_exit "overflow: capacity computes nothing" 1 "$ZPLAN" capacity "$D/overflow.yaml"
expect_nogrep "overflow: no figure printed" 'TB' "$TMP/out"
expect_exit "overflow: capacity --format json computes nothing" 1 "$ZPLAN" capacity --format json "$D/overflow.yaml"
expect_eq "overflow: no JSON" "" "$(cat "$TMP/out")"

# --- item 16: a pool without controller where there are controllers ---
expect_exit "no controller: check refuses" 1 "$ZPLAN" check "$D/no-controller.yaml"
expect_grep "no controller: schema error at the pool" "no-controller.yaml:6:16: error: pool tank has no .controller.*\[schema\]" "$TMP/out"
expect_nogrep "no controller: none for t2 (its bad id is reported)" 'pool t2 has no' "$TMP/out"
expect_exit "no controller: no script" 1 "$ZPLAN" script "$D/no-controller.yaml"

# --- item 11: whatever import writes loads in check with no schema or
# syntax error, and holds no raw control character: 300 hostile lsblk
# documents (tests/data/safety/lsblk-gen.awk), each one also in full
# through stdin for the first few ---
awk -v N=300 -v SEED=13 -f "$D/lsblk-gen.awk" >"$TMP/gen.jsonl"
n=0 wrote=0 broke=0
while IFS= read -r doc; do
	n=$((n + 1))
	printf '%s\n' "$doc" >"$TMP/g.json"
	"$ZPLAN" import lsblk "$TMP/g.json" >"$TMP/g.yaml" 2>"$TMP/g.err"
	rc=$?
	if [ "$rc" -gt 2 ]; then
		broke=$((broke + 1)); bad "import of generated #$n: exit $rc"; continue
	fi
	[ "$rc" -eq 0 ] || continue
	wrote=$((wrote + 1))
	if grep -q -e "$ESC" -e "$LS" -e "$NEL" -e "$BIDI" -e "$(printf '\r')" "$TMP/g.yaml" "$TMP/g.err"; then
		broke=$((broke + 1)); bad "import of generated #$n: a raw control character"
		cp "$TMP/g.json" "$TMP/ctl-$n.json"
	fi
	"$ZPLAN" check "$TMP/g.yaml" >"$TMP/g.out" 2>&1
	if [ $? -gt 1 ] || grep -q '\[schema\]$\|\[syntax\]$' "$TMP/g.out"; then
		broke=$((broke + 1)); bad "import of generated #$n: its model does not load"
		grep '\[schema\]$\|\[syntax\]$' "$TMP/g.out" | head -2 >&2
		printf '%s\n' "$doc" | head -c 600 >&2; echo >&2
	fi
done <"$TMP/gen.jsonl"
echo "t_input_safety: $wrote of $n generated lsblk documents imported"
expect_eq "generated lsblk: every import loads (of $n)" 0 "$broke"
[ "$wrote" -ge 100 ] && ok || bad "generated lsblk: only $wrote of $n imported"

# --- item 18: every input is bounded (256 MiB), with one message ---
bounded() { # DESC CMD...: exit 2 and the bound's message, within 1 GiB
	desc=$1
	shift
	(
		case $ZPLAN in */release/*) ulimit -v 1048576 ;; esac
		exec timeout 120 "$@"
	) >"$TMP/out" 2>&1
	rc=$?
	expect_eq "$desc: exit 2" 2 "$rc"
	expect_grep "$desc: says the bound" 'larger than 256 MiB, the most zplan reads from one input' "$TMP/out"
}
M=$TOP/tests/data/diff/model.yaml
bounded "script /dev/zero" "$ZPLAN" script /dev/zero
bounded "import lsblk /dev/zero" "$ZPLAN" import lsblk /dev/zero
bounded "diff MODEL /dev/zero" "$ZPLAN" diff "$M" /dev/zero
for c in check script plan diagram capacity "import lsblk" "diff $M"; do
	# shellcheck disable=SC2086
	yes '{' | bounded "yes '{' | $c -" "$ZPLAN" $c -
done
# a YAML stream read as it comes (a named pipe), not slurped
mkfifo "$TMP/fifo"
{ printf 'zplan: 1\nextra: [\n'; yes '1, 2, 3, 4, 5, 6, 7, 8, 9, 10,'; } >"$TMP/fifo" 2>/dev/null &
writer=$!
bounded "check FIFO of an endless model" "$ZPLAN" check "$TMP/fifo"
kill "$writer" 2>/dev/null
wait "$writer" 2>/dev/null

finish
