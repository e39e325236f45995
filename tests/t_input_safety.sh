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

finish
