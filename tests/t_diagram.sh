#!/bin/sh
# zplan diagram: every example's SVG is well-formed (xmllint) and renders
# (rsvg-convert); the PNG a real renderer makes of it has the right colour
# at known slots (read back by tests/png_pixel.c); labels, mount counts,
# escaping; refusal of a model with errors; -o writes a whole file or
# nothing; the cost is linear.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

for tool in xmllint rsvg-convert; do
	command -v "$tool" >/dev/null || { bad "$tool is not installed (make deps)"; finish; exit 1; }
done
PIXEL=$TMP/png_pixel
${CC:-cc} -O2 -o "$PIXEL" "$TOP/tests/png_pixel.c" -lz ||
    { bad "cannot build tests/png_pixel.c (zlib1g-dev)"; finish; exit 1; }

# the documented palette (docs/diagram.md), pools in file order
POOL1='#4e79a7' POOL2='#f28e2b' POOL3='#e15759' POOL5='#59a14f'
SPARE1='#b9cadc'        # pool1's colour at 40% on white
EMPTY='#e6e6e6' WHITE='#ffffff' BLACK='#000000'

# the names in a directory, one line
files() { (cd "$1" && find . -mindepth 1 | sed 's|^\./||' | sort | tr '\n' ' ' | sed 's/ $//'); }
# xp FILE XPATH: the string value
xp() { xmllint --xpath "string($2)" "$1" 2>/dev/null; }
# the rectangle and the label of the cell with element id ID
rect() { xp "$1" "//*[@id='$2']/*[local-name()='rect']/@$3"; }
label() { xp "$1" "//*[@id='$2']/*[local-name()='text'][contains(concat(' ',@class,' '),' l ')]"; }
# inside SVG PNG ID: the colour inside the cell, clear of border and text;
# edge: on the middle of its left border
inside() {
	x=$(rect "$1" "$3" x) y=$(rect "$1" "$3" y) h=$(rect "$1" "$3" height)
	"$PIXEL" "$2" $((x + 3)) $((y + h - 4))
}
edge() {
	x=$(rect "$1" "$3" x) y=$(rect "$1" "$3" y) h=$(rect "$1" "$3" height)
	"$PIXEL" "$2" "$x" $((y + h / 2))
}

# every example (and the test model) draws, is well-formed and renders
for f in "$TOP"/examples/*.yaml diagram.yaml; do
	n=$(basename "$f")
	expect_exit "$n: diagram" 0 "$ZPLAN" diagram "$f"
	cp "$TMP/out" "$TMP/$n.svg"
	if xmllint --noout "$TMP/$n.svg" 2>"$TMP/xerr"; then ok; else
		bad "$n: xmllint finds the SVG ill-formed"; head -5 "$TMP/xerr" >&2
	fi
	if rsvg-convert -o "$TMP/$n.png" "$TMP/$n.svg" 2>"$TMP/rerr" &&
	    [ -s "$TMP/$n.png" ]; then ok; else
		bad "$n: rsvg-convert cannot render it"; head -5 "$TMP/rerr" >&2
	fi
	expect_eq "$n: one cell per enclosure slot" \
	    "$("$ZPLAN" plan --format json "$f" | jq '[.enclosures[]?.slots] | add // 0')" \
	    "$(grep -c '<g id="slot-' "$TMP/$n.svg")"
done

# the planned model, as JSON, draws the same picture: intents are planned
# before drawing, and the JSON reader feeds the same model
for f in "$TOP"/examples/*.yaml; do
	n=$(basename "$f")
	"$ZPLAN" plan --format json "$f" | "$ZPLAN" diagram - >"$TMP/planned.svg"
	if cmp -s "$TMP/planned.svg" "$TMP/$n.svg"; then ok; else
		bad "$n: its plan, as JSON, draws differently"
	fi
done
expect_eq "intents drawn as planned: ref-b-intents has B's 192 disks in pools" 0 \
    "$(grep -c 'unused (in no pool)' "$TMP/ref-b-intents.yaml.svg")"

# reference A: slot colours as rendered
A=$TMP/ref-a-zs3-2.yaml.svg AP=$TMP/ref-a-zs3-2.yaml.png
expect_eq "A: tray1 slot 0 is pool1's" "$POOL1" "$(inside "$A" "$AP" slot-0-0)"
expect_eq "A: tray1 slot 6 is pool3's" "$POOL3" "$(inside "$A" "$AP" slot-0-6)"
expect_eq "A: tray1 slot 12 is pool5's" "$POOL5" "$(inside "$A" "$AP" slot-0-12)"
expect_eq "A: tray3 slot 0 is pool2's" "$POOL2" "$(inside "$A" "$AP" slot-2-0)"
# tray5-4 is pool1's spare: light fill, border in pool1's colour, "S"
expect_eq "A: spare tray5-4 filled light" "$SPARE1" "$(inside "$A" "$AP" slot-4-4)"
expect_eq "A: spare tray5-4 bordered in pool1's colour" "$POOL1" "$(edge "$A" "$AP" slot-4-4)"
expect_eq "A: spare labelled" S "$(label "$A" slot-4-4)"
# tray5-20 is pool1's log: pool1's fill, a black border, "L"
expect_eq "A: log tray5-20 filled as pool1" "$POOL1" "$(inside "$A" "$AP" slot-4-20)"
expect_eq "A: log tray5-20 bordered black" "$BLACK" "$(edge "$A" "$AP" slot-4-20)"
expect_eq "A: log labelled" L "$(label "$A" slot-4-20)"
# mirror partners share a label: pool1's mirror-3 is tray1-3 + tray2-3,
# mirror-4 tray1-4 + tray5-0
expect_eq "A: tray1-3 is m3" m3 "$(label "$A" slot-0-3)"
expect_eq "A: its partner tray2-3 is m3" m3 "$(label "$A" slot-1-3)"
expect_eq "A: tray1-4 and tray5-0 share m4" "m4 m4" \
    "$(label "$A" slot-0-4) $(label "$A" slot-4-0)"
expect_eq "A: tooltip names disk, slot, type, pool and vdev" \
    "tray1-3 (tray1 slot 3, hdd-300g): pool1 mirror-3" \
    "$(xp "$A" "//*[@id='slot-0-3']/*[local-name()='title']")"
# 12 slots a row: slot 12 starts the second row
expect_eq "A: slot 12 under slot 0" "$(rect "$A" slot-0-0 x)" "$(rect "$A" slot-0-12 x)"
expect_eq "A: slot 11 on slot 0's row" "$(rect "$A" slot-0-0 y)" "$(rect "$A" slot-0-11 y)"
# legend: every pool with its colour and controller
expect_eq "A: legend pools" "8" "$(grep -c '<g id="pool-' "$A")"
expect_eq "A: legend pool1" "$POOL1 pool1zs3-2a, 8 x mirror-2" \
    "$(xp "$A" "//*[@id='pool-0']/*[local-name()='rect']/@fill") $(xp "$A" "//*[@id='pool-0']/*[local-name()='text']")"
expect_eq "A: legend pool5" "$POOL5 pool5zs3-2b, 8 x mirror-2" \
    "$(xp "$A" "//*[@id='pool-4']/*[local-name()='rect']/@fill") $(xp "$A" "//*[@id='pool-4']/*[local-name()='text']")"
# network: each active port serves 60 of the 240 mounts; standby ports none
for p in cport-0-0 cport-0-1 cport-1-2 cport-1-3 kport-0-0 kport-0-3; do
	expect_eq "A: $p carries 60 mounts" "60 mounts" \
	    "$(xp "$A" "//*[@id='$p']/*[local-name()='text'][last()]")"
done
expect_eq "A: zs3-2a net3 is standby" standby \
    "$(xp "$A" "//*[@id='cport-0-2']/*[local-name()='text'][last()]")"
expect_eq "A: 12 cables to the switch (8 controller, 4 client ports)" 12 \
    "$(xp "$A" "count(//*[@id='cables']/*[local-name()='line'])")"
expect_eq "A: 4 of them standby" 4 \
    "$(xp "$A" "count(//*[@id='cables']/*[local-name()='line'][@class='ls'])")"
expect_eq "A: each cable its own point on the switch" 12 \
    "$(xmllint --xpath "//*[@id='cables']" "$A" | grep -o 'x2="[0-9]*" y2="[0-9]*"' | sort -u | grep -c .)"

# the test model: empty, unused, cache, raidz, single disk, internal disks,
# management port, text to escape
D=$TMP/diagram.yaml.svg DP=$TMP/diagram.yaml.png
expect_eq "jbod1 slot 11 (no disk) is grey" "$EMPTY" "$(inside "$D" "$DP" slot-0-11)"
expect_eq "jbod2 slot 7 (no disk) is grey" "$EMPTY" "$(inside "$D" "$DP" slot-1-7)"
expect_eq "jbod1-9 (in no pool) is white" "$WHITE" "$(inside "$D" "$DP" slot-0-9)"
expect_eq "empty and unused slots have no label" ":" \
    "$(label "$D" slot-0-11):$(label "$D" slot-0-9)"
expect_eq "cache jbod1-10 filled as tank" "$POOL1" "$(inside "$D" "$DP" slot-0-10)"
expect_eq "cache labelled" C "$(label "$D" slot-0-10)"
expect_eq "cache border dashed" "4 2" \
    "$(xp "$D" "//*[@id='slot-0-10']/*[local-name()='rect']/@stroke-dasharray")"
expect_eq "raidz2 members share z0" "z0 z0 z0" \
    "$(label "$D" slot-0-0) $(label "$D" slot-0-3) $(label "$D" slot-0-5)"
expect_eq "fast (pool 2) across enclosures" "$POOL2 m1 $POOL2 m1" \
    "$(inside "$D" "$DP" slot-0-7) $(label "$D" slot-0-7) $(inside "$D" "$DP" slot-1-1) $(label "$D" slot-1-1)"
expect_eq "single-disk vdev is d0, in scratch's colour" "d0 $POOL3" \
    "$(label "$D" slot-1-2) $(inside "$D" "$DP" slot-1-2)"
expect_eq "internal log mirror under head1" "L L $POOL1" \
    "$(label "$D" int-0-0) $(label "$D" int-0-1) $(inside "$D" "$DP" int-0-0)"
expect_eq "internal unused nv2 is white" "$WHITE" "$(inside "$D" "$DP" int-0-2)"
expect_eq "head1 eth0 carries the 4 mounts" "4 mounts" \
    "$(xp "$D" "//*[@id='cport-0-0']/*[local-name()='text'][last()]")"
expect_eq "management port" management \
    "$(xp "$D" "//*[@id='cport-0-2']/*[local-name()='text'][last()]")"
expect_eq "management cable" 1 \
    "$(xp "$D" "count(//*[@id='cables']/*[local-name()='line'][@class='lm'])")"
expect_eq "escaped title reads back" "lab <a> & \"b\" 'c'" \
    "$(xp "$D" "//*[local-name()='text'][@class='t']")"
expect_eq "escaped model reads back" "12 slots, J&J <12-bay>" \
    "$(xp "$D" "//*[@id='encl-0']/*[local-name()='text']/*")"
expect_grep "apostrophes escaped too" "&apos;c&apos;" "$D"
# a control character never passes the loader (schema error: nothing
# drawn); a character XML cannot hold (U+FFFE) is drawn as ?
printf 'zplan: 1\nname: "a\\x01b\\x1fd"\n' >"$TMP/ctl.yaml"
expect_exit "control characters: refused" 1 "$ZPLAN" diagram "$TMP/ctl.yaml"
expect_eq "control characters: nothing drawn" "" "$(cat "$TMP/out")"
printf 'zplan: 1\nname: "a\\uFFFEc"\n' >"$TMP/ctl.yaml"
expect_exit "U+FFFE: drawn" 0 "$ZPLAN" diagram "$TMP/ctl.yaml"
if xmllint --noout "$TMP/out" 2>/dev/null; then ok; else bad "U+FFFE: ill-formed SVG"; fi
expect_eq "U+FFFE becomes ?" "a?c" "$(xp "$TMP/out" "//*[local-name()='text'][@class='t']")"
expect_nogrep "no raw markup from the model" '<a>\|<12-bay>\|<X>\|& ' "$D"

# two disks in one slot and one past the last slot, with slot-conflict and
# slot-range lowered to warnings: the first disk is drawn, the rest counted
cat >"$TMP/conflict.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none,
  severity: {slot-conflict: warning, slot-range: warning}}
drive_types: {hdd: {media: hdd, size: 4TB}}
enclosures: [{id: e1, slots: 4}]
disks:
  - {id: a, enclosure: e1, slot: 1, type: hdd}
  - {id: b, enclosure: e1, slot: 1, type: hdd}
  - {id: c, enclosure: e1, slot: 9, type: hdd}
  - {id: d, enclosure: e1, slot: 2, type: hdd}
pools:
  - {name: p, vdevs: [{mirror: [a, d]}], spares: [b, c]}
EOF
expect_exit "conflict: drawn" 0 "$ZPLAN" diagram "$TMP/conflict.yaml"
expect_eq "conflict: slot 1 shows the first disk" "a (e1 slot 1, hdd): p mirror-0" \
    "$(xp "$TMP/out" "//*[@id='slot-0-1']/*[local-name()='title']")"
expect_grep "conflict: the others counted" "2 disks not drawn" "$TMP/out"

# stdout without -o, the same bytes as -o, from a file or standard input
expect_exit "-o into a missing directory: exit 2" 2 "$ZPLAN" diagram -o "$TMP/w/a.svg" "$TOP/examples/ref-a-zs3-2.yaml"
expect_grep "-o: says why" "cannot write .*w/a.svg" "$TMP/err"
mkdir "$TMP/w"
expect_exit "-o: exit 0" 0 "$ZPLAN" diagram -o "$TMP/w/a.svg" "$TOP/examples/ref-a-zs3-2.yaml"
expect_eq "-o: nothing on stdout" "" "$(cat "$TMP/out")"
if cmp -s "$TMP/w/a.svg" "$A"; then ok; else bad "-o: the file differs from standard output"; fi
expect_eq "-o: no temporary left" "a.svg" "$(files "$TMP/w")"
expect_eq "-o: an ordinary file's mode" "644" "$(umask 022; "$ZPLAN" diagram -o "$TMP/w/m.svg" diagram.yaml; stat -c %a "$TMP/w/m.svg")"
"$ZPLAN" diagram - <"$TOP/examples/ref-a-zs3-2.yaml" >"$TMP/stdin.svg"
if cmp -s "$TMP/stdin.svg" "$A"; then ok; else bad "standard input draws otherwise than the file"; fi
"$ZPLAN" diagram "$TOP/examples/ref-a-zs3-2.yaml" >"$TMP/again.svg"
if cmp -s "$TMP/again.svg" "$A"; then ok; else bad "two runs differ"; fi

# a model with errors: exit 1, findings on stderr, nothing written, an
# existing file left as it was
echo old >"$TMP/w/keep.svg"
expect_exit "errors: refused" 1 "$ZPLAN" diagram five-errors.yaml
expect_eq "errors: nothing on stdout" "" "$(cat "$TMP/out")"
expect_grep "errors: findings on stderr" '\[disk-reuse\]$' "$TMP/err"
expect_grep "errors: says nothing drawn" 'nothing drawn' "$TMP/err"
expect_exit "errors with -o: refused" 1 "$ZPLAN" diagram -o "$TMP/w/keep.svg" five-errors.yaml
expect_eq "errors with -o: the old file stands" old "$(cat "$TMP/w/keep.svg")"
expect_exit "errors with -o: refused" 1 "$ZPLAN" diagram -o "$TMP/w/new.svg" five-errors.yaml
if [ -e "$TMP/w/new.svg" ]; then bad "errors with -o: a file was written"; else ok; fi
expect_eq "errors: no temporary left" "a.svg keep.svg m.svg" "$(files "$TMP/w")"
expect_exit "-o onto a directory: exit 2" 2 "$ZPLAN" diagram -o "$TMP/w" diagram.yaml
expect_eq "-o onto a directory: no temporary left" "a.svg keep.svg m.svg" "$(files "$TMP/w")"
expect_exit "syntax error: exit 2" 2 "$ZPLAN" diagram "$TOP/tests/malformed/03-truncated-flow.yaml"
expect_exit "no file: usage" 2 "$ZPLAN" diagram
expect_grep "no file: usage line" '^usage: zplan diagram \[-o OUT.svg\] FILE' "$TMP/err"
expect_exit "-o without a name" 2 "$ZPLAN" diagram diagram.yaml -o
expect_exit "unknown option" 2 "$ZPLAN" diagram --format json diagram.yaml
expect_grep "unknown option named" 'unknown option --format' "$TMP/err"
# a write that fails half way (a file size limit, its signal ignored so
# that write() reports EFBIG): exit 2, no file, no temporary
expect_exit "-o over the size limit: exit 2" 2 sh -c "trap '' XFSZ; ulimit -f 40; '$ZPLAN' diagram -o '$TMP/w/big.svg' '$TOP/examples/ref-a-zs3-2.yaml'"
expect_grep "-o over the size limit: says so" 'cannot write .*big.svg' "$TMP/err"
expect_eq "-o over the size limit: nothing written" "a.svg keep.svg m.svg" "$(files "$TMP/w")"
if [ -w /dev/full ]; then
	expect_exit "a full disk: exit 2" 2 sh -c "'$ZPLAN' diagram diagram.yaml >/dev/full"
	expect_grep "a full disk: says so" 'cannot write' "$TMP/err"
fi

# layout and first_slot (diagram-layout.yaml): j1 is 3 rows of 4 bays
# numbered 1..12, drawn as its front shows them; j2 one row of 24
L=$TMP/layout.svg
expect_exit "layout: diagram" 0 "$ZPLAN" diagram -o "$L" diagram-layout.yaml
expect_eq "layout: j1's first bay is numbered 1" 1 \
    "$(xp "$L" "//*[@id='slot-0-0']/*[local-name()='text'][1]")"
expect_eq "layout: j1's last bay is numbered 12" 12 \
    "$(xp "$L" "//*[@id='slot-0-11']/*[local-name()='text'][1]")"
expect_eq "layout: tooltip names bay 12" "j1-12 (j1 slot 12, hdd): p1 mirror-1" \
    "$(xp "$L" "//*[@id='slot-0-11']/*[local-name()='title']")"
expect_eq "layout: j1 has 4 columns: bay 5 under bay 1" \
    "$(rect "$L" slot-0-0 x)" "$(rect "$L" slot-0-4 x)"
expect_eq "layout: bay 4 on bay 1's row" "$(rect "$L" slot-0-0 y)" \
    "$(rect "$L" slot-0-3 y)"
expect_eq "layout: j1 is 3 rows: bay 9 starts the third" \
    "$(($(rect "$L" slot-0-0 y) + 60))" "$(rect "$L" slot-0-8 y)"
expect_eq "layout: j2 is one row of 24" "$(rect "$L" slot-1-0 y)" \
    "$(rect "$L" slot-1-23 y)"
expect_grep "layout: the title says the front's arrangement" \
    'front 3 x 4' "$L"
if rsvg-convert -o "$TMP/layout.png" "$L" && [ -s "$TMP/layout.png" ]; then
	ok
	expect_eq "layout: j1-12 drawn in p1's colour" "$POOL1" \
	    "$(inside "$L" "$TMP/layout.png" slot-0-11)"
else bad "layout: rsvg-convert cannot render it"; fi
expect_eq "layout: the page is wide enough for j2" "" \
    "$(awk -v w="$(xp "$L" "/*/@width")" -v x="$(rect "$L" slot-1-23 x)" 'BEGIN { if (x + 38 > w) print "too narrow" }')"

# cost: 4x the fleet costs about 4x the instructions (callgrind; release
# build only, as t_cost.sh)
case $ZPLAN in
*/asan/*) ;;
*)
	awk -v SITES=10 -f "$TOP/tests/bench/fleet.awk" >"$TMP/x1.yaml"
	awk -v SITES=40 -f "$TOP/tests/bench/fleet.awk" >"$TMP/x4.yaml"
	for n in 1 4; do
		valgrind --tool=callgrind --callgrind-out-file="$TMP/cg$n" \
		    "$ZPLAN" diagram -o "$TMP/x$n.svg" "$TMP/x$n.yaml" 2>/dev/null
		callgrind_annotate --inclusive=yes --threshold=100 "$TMP/cg$n" 2>/dev/null |
		    sed -n 's/^ *\([0-9,]*\) .*:zp_diagram_svg \[.*$/\1/p' | tr -d , | head -1 >"$TMP/ir$n"
	done
	a=$(cat "$TMP/ir1") b=$(cat "$TMP/ir4")
	if [ -n "$a" ] && [ -n "$b" ] && [ $((b * 10 / a)) -le 50 ]; then ok; else
		bad "diagram: ${a:-?} -> ${b:-?} instructions for 4x the fleet"
	fi
	printf '  zp_diagram_svg %12s %12s\n' "$a" "$b"
	if xmllint --noout "$TMP/x4.svg"; then ok; else bad "fleet SVG ill-formed"; fi
	# the -o path under memcheck (t_valgrind.sh runs the stdout path)
	valgrind --quiet --leak-check=full --show-leak-kinds=all \
	    --errors-for-leak-kinds=all --error-exitcode=99 \
	    "$ZPLAN" diagram -o "$TMP/v.svg" diagram.yaml 2>"$TMP/verr"
	if [ $? -eq 0 ] && cmp -s "$TMP/v.svg" "$D"; then ok; else
		bad "valgrind: diagram -o"; head -20 "$TMP/verr" >&2
	fi
	;;
esac
finish
