#!/bin/sh
# zplan report: one self-contained HTML page. Every reference example's
# report is rendered by headless Chromium: no console error, a screenshot
# that is not blank and draws a badge per finding, and a page whose text
# holds every finding, every pool and every host. Input text is escaped;
# -o writes the whole file or nothing; usage as every command's.
. "$(dirname "$0")/lib.sh"
cd "$TOP/tests/data" || exit 1

# the badge colours of docs/report.md
ERROR='#c0392b' WARNING='#d68910' NOTE='#5d6d7e'

# self_contained DESC FILE: nothing a browser would fetch or run
self_contained() {
	expect_nogrep "$1: no script" '<script' "$2"
	expect_nogrep "$1: no external reference" \
	    '\(src\|href\)="\(http\|//\|[a-z]*\.\(css\|js\|png\|svg\)\)\|url(\|@import\|<link' "$2"
}

# the page's text (what a reader sees), from the DOM Chromium built
text_of() { xmllint --html --xpath "string($2)" "$1" 2>/dev/null; }

for f in "$TOP"/examples/ref-*.yaml five-errors.yaml report-hostile.yaml; do
	n=$(basename "$f" .yaml)
	expect_exit "$n: report" 0 "$ZPLAN" report -o "$TMP/$n.html" "$f"
	self_contained "$n" "$TMP/$n.html"
	expect_grep "$n: one document" '^</html>$' "$TMP/$n.html"
done
expect_exit "report on stdout" 0 "$ZPLAN" report "$TOP/examples/ref-a-zs3-2.yaml"
if cmp -s "$TMP/out" "$TMP/ref-a-zs3-2.html"; then ok; else
	bad "report on stdout differs from -o's file"; fi

# escaping: no markup of the input survives as markup
H=$TMP/report-hostile.html
expect_nogrep "hostile: no tag from the input" \
    '<img\|<iframe\|<h1>owned\|<b>not\|<style>body' "$H"
expect_grep "hostile: the name as text" \
    '&lt;script&gt;document.title=&apos;owned&apos;&lt;/script&gt; &amp; &quot;q&quot;' "$H"

# a model with errors: every finding with its rule and the line it is at
F=$TMP/five-errors.html
expect_eq "errors: one row per finding" \
    "$("$ZPLAN" check five-errors.yaml | grep -c ': error: ')" \
    "$(grep -c '<tr class="f">' "$F")"
expect_grep "errors: the line slot-range points at, marked" \
    '<span class="hit"><span class="ln">14</span>  - {id: d3, enclosure: tray1, slot: 24, type: hdd}' "$F"
expect_grep "errors: no diagram, and why" 'Drawn once the model has no errors' "$F"
expect_grep "errors: no scripts, and why" 'writes no script for a model with errors' "$F"

# what the page says, against the model: reference A's script steps per
# host, mounts per port, and bars to scale
A=$TMP/ref-a-zs3-2.html
"$ZPLAN" plan --format json "$TOP/examples/ref-a-zs3-2.yaml" >"$TMP/a.json"
row() { grep "^<tr><td>$1</td><td><code>$1.sh</code>" "$A" | sed 's/<[^>]*>/ /g' | tr -s ' ' | sed 's/^ //; s/ $//'; }
want=$(jq -r '[.pools[] | select(.controller == "zs3-2a") | .name] as $p |
    [.filesystems[] | select((.name | split("/")[0]) as $n | $p | index($n))] as $f |
    "zs3-2a zs3-2a.sh \($p | length) \($f | length) \([$f[] | select(.share)] | length) 0 \(($p | length) + ($f | length) * 2)"' "$TMP/a.json")
expect_eq "A: zs3-2a's steps by kind" "$want" "$(row zs3-2a)"
expect_eq "A: client1 mounts every one of the $(jq '.mounts.list | length' "$TMP/a.json")" \
    "client1 client1.sh 0 0 0 240 240" "$(row client1)"
expect_eq "A: each active port carries 60 mounts" "60 60 60 60" \
    "$(sed -n '/id="mounts-ports"/,/<\/table>/p' "$A" | sed -n 's/.*<td class="num">\([0-9]*\)<.*/\1/p' | tr '\n' ' ' | sed 's/ $//')"
# the largest pool's bar is the full 260 px: usable + reserved + redundancy
expect_eq "A: pool1's bar spans the scale" 260 \
    "$(grep -m1 '<tr class="pool"><td>pool1' "$A" | grep -o 'width="[0-9]*" height="12"' | sed 's/[^0-9 ]//g' | awk '{ s += $1 } END { print s }')"
usable=$(jq '.pools[0].usable_bytes' <"$("$ZPLAN" capacity --format json "$TOP/examples/ref-a-zs3-2.yaml" >"$TMP/cap.json"; echo "$TMP/cap.json")")
raw=$(jq '.pools[0].raw_bytes' "$TMP/cap.json")
expect_eq "A: pool1's usable part to scale" \
    "$(awk -v u="$usable" -v r="$raw" 'BEGIN { printf "%d", u / r * 260 + 0.5 }')" \
    "$(grep -m1 '<tr class="pool"><td>pool1' "$A" | grep -o 'width="[0-9]*" height="12" fill="#4e79a7"' | sed 's/width="\([0-9]*\)".*/\1/')"

# every broken model of the test data gets its page (a model with
# errors) or a refusal (one that cannot be read): never a crash (the
# sanitizer build runs this too), never half a page
broken=0
for f in "$TOP"/tests/malformed/*.yaml "$TOP"/tests/malformed/*.json "$TOP"/tests/rules/*/fail-*.yaml; do
	[ -e "$f" ] || continue
	timeout 60 "$ZPLAN" report "$f" >"$TMP/b.html" 2>"$TMP/b.err"
	rc=$?
	if [ "$rc" -ne 0 ] && [ "$rc" -ne 2 ]; then
		broken=$((broken + 1)); printf '  %s: exit %s\n' "$f" "$rc" >&2
	elif [ "$rc" -eq 0 ] && [ "$(tail -n 1 "$TMP/b.html")" != "</html>" ]; then
		broken=$((broken + 1)); printf '  %s: half a page\n' "$f" >&2
	fi
done
expect_eq "broken models: a page or a refusal, each" 0 "$broken"

# refusals
expect_exit "unreadable model: exit 2" 2 "$ZPLAN" report -o "$TMP/x.html" no-such.yaml
expect_eq "unreadable model: nothing written" no "$([ -e "$TMP/x.html" ] && echo yes || echo no)"
expect_exit "unwritable -o: exit 2" 2 "$ZPLAN" report -o "$TMP/no/dir/x.html" warn.yaml
expect_grep "unwritable -o: says so" 'cannot write .*nothing written' "$TMP/err"
expect_exit "usage: two files" 2 "$ZPLAN" report warn.yaml warn.yaml
expect_eq "usage: nothing on stdout" "" "$(cat "$TMP/out")"
expect_exit "--policy on report" 0 "$ZPLAN" report --policy fill_percent=50 warn.yaml
expect_grep "--policy on report: applied" 'usable at 50% fill' "$TMP/out"

# the rest needs a real browser; the sanitizer build has checked the C
case $ZPLAN in */asan/*) finish; exit $? ;; esac
command -v chromium >/dev/null || { bad "chromium is not installed (make test installs it)"; finish; exit 1; }
PIXEL=$TMP/png_pixel
${CC:-cc} -O2 -o "$PIXEL" "$TOP/tests/png_pixel.c" -lz ||
    { bad "cannot build tests/png_pixel.c (zlib1g-dev)"; finish; exit 1; }

# chrome ARGS...: headless Chromium with a profile of its own
chrome() {
	timeout 120 chromium --headless --no-sandbox --disable-gpu \
	    --no-first-run --disable-extensions --hide-scrollbars \
	    --user-data-dir="$TMP/profile" --enable-logging=stderr --v=0 "$@"
}
# runs COLOUR: the runs of that colour down column X of a PNG H tall
runs() {
	"$PIXEL" "$1" $(awk -v x="$2" -v h="$3" 'BEGIN { for (y = 0; y < h; y++) print x, y }') |
	    awk -v c="$4" '$1 == c && !in_run { n++ } { in_run = ($1 == c) } END { print n + 0 }'
}

# the console catches what it should: a stand-in page with an error
printf '<!DOCTYPE html><title>t</title><script>console.error("stand-in")</script>\n' >"$TMP/bad.html"
chrome --dump-dom "file://$TMP/bad.html" >/dev/null 2>"$TMP/bad.err"
expect_grep "stand-in page: its console error is seen" ':CONSOLE' "$TMP/bad.err"

for f in "$TOP"/examples/ref-*.yaml five-errors.yaml report-hostile.yaml; do
	n=$(basename "$f" .yaml)
	P=$TMP/$n.html
	chrome --dump-dom "file://$P" >"$TMP/$n.dom" 2>"$TMP/$n.err"
	expect_nogrep "$n: no console message" ':CONSOLE' "$TMP/$n.err"
	expect_grep "$n: Chromium built the page" 'id="findings"' "$TMP/$n.dom"
	# every finding, pool and host is in the page's text
	"$ZPLAN" check --format json "$f" | jq -r '.diagnostics[] | "\(.rule)\t\(.message)"' >"$TMP/want"
	text_of "$TMP/$n.dom" '//table[@id="findings-table"]' >"$TMP/text"
	missing=0
	while IFS="$(printf '\t')" read -r rule msg; do
		grep -qF -- "$msg" "$TMP/text" && grep -qF -- "$rule" "$TMP/text" ||
		    { missing=$((missing + 1)); printf '  missing: %s\n' "$msg" >&2; }
	done <"$TMP/want"
	expect_eq "$n: every finding in the text" 0 "$missing"
	text_of "$TMP/$n.dom" '//body' >"$TMP/body"
	for p in $("$ZPLAN" plan --format json "$f" 2>/dev/null | jq -r '.pools[]?.name, .controllers[]?.id, .clients[]?.id'); do
		grep -qF -- "$p" "$TMP/body" || bad "$n: pool or host $p not in the page"
	done
	ok
	# a screenshot: not blank, and one badge per finding down the table (x 27: inside a badge, left of its word)
	W=1100 HT=2000
	chrome --window-size=$W,$HT --screenshot="$TMP/$n.png" "file://$P" >/dev/null 2>&1
	if [ -s "$TMP/$n.png" ]; then ok; else bad "$n: no screenshot"; continue; fi
	colours=$("$PIXEL" "$TMP/$n.png" $(awk 'BEGIN { for (x = 10; x < 1100; x += 97) for (y = 10; y < 2000; y += 89) print x, y }') | sort -u | wc -l)
	[ "$colours" -ge 6 ] && ok || bad "$n: screenshot nearly blank ($colours colours)"
	for s in error warning note; do
		want=$(jq -r --arg s "$s" '[.diagnostics[] | select(.severity == $s)] | length' "$TMP/want.json" 2>/dev/null)
		[ -n "$want" ] || want=$("$ZPLAN" check --format json "$f" | jq --arg s "$s" '[.diagnostics[] | select(.severity == $s)] | length')
		[ "$want" -le 12 ] || continue  # beyond the screenshot
		eval c=\$$(echo "$s" | tr a-z A-Z)
		got=$(runs "$TMP/$n.png" 27 $HT "$c")
		# the header's first badge (errors) sits in that column too
		[ "$s" = error ] && got=$((got - 1))
		expect_eq "$n: $want $s badges drawn in the findings" "$want" "$got"
	done
done
finish
