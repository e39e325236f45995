#!/bin/sh
# zplan diff reads the text of zpool status as it reads -j: the -P twin of
# each tests/data/diff fixture (mkstatus.py) gives exactly that fixture's
# findings (but the state name UNAVAIL, which -j writes CANT_OPEN), the
# plain twin the same findings with devices by name; zfs-fuse's own output
# against the pool it built; the kind of input told from the input itself
# (a file, standard input); and every way the text can be wrong, located.
. "$(dirname "$0")/lib.sh"
# from the fixtures' own directory, so that findings name model.yaml alike
cd "$TOP/tests/data/diff" || exit 1
S=../status-text

for f in $S/*-P.txt; do
	name=$(basename "$f" -P.txt)
	case $name in openzfs-*) continue ;; esac
	case $name in clean-*) want=0 ;; *) want=1 ;; esac
	expect_exit "$name-P: exit $want" "$want" "$ZPLAN" diff model.yaml "$f"
	sed 's/CANT_OPEN/UNAVAIL/' "$name.expect" >"$TMP/want"
	if diff "$TMP/want" "$TMP/out" >"$TMP/diff"; then ok; else
		bad "$name-P: findings differ from the -j fixture's"; cat "$TMP/diff" >&2; fi
	expect_eq "$name-P: nothing on stderr" "" "$(cat "$TMP/err")"
done
for f in $S/*.txt; do
	name=$(basename "$f" .txt)
	case $name in *-P|openzfs-*|solaris-*|zfs-fuse-*) continue ;; esac
	case $name in clean-*) want=0 ;; *) want=1 ;; esac
	expect_exit "$name: exit $want" "$want" "$ZPLAN" diff model.yaml "$f"
	if diff "$S/$name.expect" "$TMP/out" >"$TMP/diff"; then ok; else
		bad "$name: output differs from $name.expect"; cat "$TMP/diff" >&2; fi
done
cd "$S" || exit 1
for f in zfs-fuse-*.txt; do
	name=${f%.txt}
	case $name in zfs-fuse-clean) want=0 ;; *) want=1 ;; esac
	expect_exit "$name: exit $want" "$want" "$ZPLAN" diff zfs-fuse.yaml "$f"
	if diff "$name.expect" "$TMP/out" >"$TMP/diff"; then ok; else
		bad "$name: output differs from $name.expect"; cat "$TMP/diff" >&2; fi
done
cd ../diff || exit 1

# the plain twins say the same as -j but name devices as zpool does
expect_eq "plain: the findings of -j" \
    "$(sed 's/ ([^)]*)//g' degraded.expect)" \
    "$(sed 's/ ([^)]*)//g' $S/degraded.expect)"
expect_grep "plain: a by-id device by its name" \
    '^model.yaml:29:14: warning: spare disk spare0 (wwn-0x5000c500a1b2c3d4) of pool tank is in use for e2-0 in mirror-0' \
    $S/spare-inuse.expect
# zfs-fuse: the offlined disk, the spare in use, the disk that is gone
expect_grep "zfs-fuse: offline" 'disk d1 (loop1) in mirror-0 of pool zpcap21543 is OFFLINE' $S/zfs-fuse-offline.expect
expect_grep "zfs-fuse: spare in use" 'spare disk d6 (loop6) of pool zpcap21543 is in use for loop3 in mirror-1' $S/zfs-fuse-spare-inuse.expect
expect_grep "zfs-fuse: attached" 'has 3 devices in zpool status, mirror-0 (loop0, loop1, loop7)' $S/zfs-fuse-attach.expect
expect_grep "zfs-fuse: gone" 'disk d2 (/dev/loop2) in mirror-1 of pool zpcap21543 is UNAVAIL (not present)' $S/zfs-fuse-unavail.expect

# standard input; leading blank lines; a DOS copy
"$ZPLAN" diff model.yaml - <$S/degraded-P.txt >"$TMP/out"
expect_eq "text on stdin" "$(sed 's/CANT_OPEN/UNAVAIL/' degraded.expect)" "$(cat "$TMP/out")"
{ printf '\n\n'; sed 's/$/\r/' $S/degraded-P.txt; } >"$TMP/dos.txt"
"$ZPLAN" diff model.yaml "$TMP/dos.txt" >"$TMP/out"
expect_eq "CR LF and blank lines first" "$(cat degraded.expect)" "$(cat "$TMP/out")"
# tabs expanded to spaces (a copy from a terminal)
expand $S/degraded-P.txt >"$TMP/sp.txt"
"$ZPLAN" diff model.yaml "$TMP/sp.txt" >"$TMP/out"
expect_eq "tabs as spaces" "$(cat degraded.expect)" "$(cat "$TMP/out")"
# every pool of the host: the other pool is extra
expect_exit "two pools" 1 "$ZPLAN" diff model.yaml $S/pool-extra-P.txt
expect_grep "two pools: backup is extra" 'pool backup is in zpool status but not in the model' "$TMP/out"
expect_exit "no pools" 1 sh -c "printf 'no pools available\n' | \"\$0\" diff model.yaml -" "$ZPLAN"
expect_grep "no pools: tank missing" 'pool tank is not in zpool status' "$TMP/out"

# bad text: exit 2, located, nothing compared
bad_text() {
	printf "$2" >"$TMP/bad.txt"
	expect_exit "$1: exit 2" 2 "$ZPLAN" diff model.yaml "$TMP/bad.txt"
	expect_grep "$1: located" "^$TMP/bad.txt:$3: error: $4" "$TMP/err"
	expect_eq "$1: nothing on stdout" "" "$(cat "$TMP/out")"
}
H='  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME        STATE     READ WRITE CKSUM\n\ttank        ONLINE       0     0     0\n'
bad_text "not status" 'NAME  SIZE\n' 1:1 'not zpool status output'
bad_text "-x" 'all pools are healthy\n' 1:1 'this is `zpool status -x`'
bad_text "state" "$H"'\t  mirror-0    ONLNE        0     0     0\n' 7:16 "mirror-0: expected the vdev's state"
bad_text "odd indent" "$H"'\t   sda        ONLINE       0     0     0\n' 7:5 'indented by 3 spaces'
bad_text "too deep" "$H"'\t      sda     ONLINE       0     0     0\n' 7:8 'indented deeper'
bad_text "count" "$H"'\t  sda         ONLINE       0     q     0\n' 7:35 'sda: expected a count'
bad_text "no kind" "$H"'\t  disks       ONLINE       0     0     0\n\t    sda       ONLINE       0     0     0\n' 7:4 'disks has vdevs below it'
bad_text "heading" "$H"'\tlogz\n' 7:2 'expected logs, cache, spares, special or dedup'
bad_text "cut short" '  pool: tank\n state: ONLINE\n' 1:9 'pool tank has no "config:"'
bad_text "unknown config" '  pool: tank\nconfig: The configuration cannot be determined.\n' 2:9 'zpool cannot tell the configuration of pool tank'
bad_text "empty" '\n' 1:1 'empty'
finish
