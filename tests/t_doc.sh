#!/bin/sh
# Docs that cannot drift: every shell session in docs/walkthrough.md and
# README.md (fenced blocks of "$ command" lines and what they print, see
# tests/doc_blocks.awk) is run, and its output must be what the block
# shows ("..." stands for lines left out). README's command table and the
# man page's synopsis must name every command with the usage `zplan help`
# prints. A failure names the file, the line of the command and the
# difference, so that whoever changed the output can fix the doc.
. "$(dirname "$0")/lib.sh"
BIN=$TMP/bin
mkdir -p "$BIN" && ln -s "$ZPLAN" "$BIN/zplan"

# sessions DOC WORKDIR: runs DOC's sessions in WORKDIR, zplan on PATH
sessions() {
	doc=$1 work=$2 blocks=$TMP/blocks-$(basename "$1" .md)
	mkdir -p "$blocks"
	awk -v dir="$blocks" -f "$TOP/tests/doc_blocks.awk" "$TOP/$doc"
	n=1
	[ -f "$blocks/1.cmd" ] || bad "$doc: no shell session found"
	while [ -f "$blocks/$n.cmd" ]; do
		cmd=$(cat "$blocks/$n.cmd") line=$(cat "$blocks/$n.line")
		# `make demo` is the demo script with the binary under test
		# a here-document: its lines (N.in) are the standard input
		case $cmd in
		"make demo") cmd="sh examples/demo.sh zplan build/demo" ;;
		*"<<'EOF'") cmd=${cmd%"<<'EOF'"} ;;
		esac
		(cd "$work" && PATH=$BIN:$PATH sh -c "$cmd" <"$blocks/$n.in") \
		    >"$blocks/$n.act" 2>&1
		if awk -f "$TOP/tests/doc_match.awk" "$blocks/$n.exp" \
		    "$blocks/$n.act"; then ok; else
			bad "$doc:$line: \`$(cat "$blocks/$n.cmd")\` prints other lines than the block shows; make the block what it prints (- block, + output):"
			diff -u "$blocks/$n.exp" "$blocks/$n.act" | sed '1,2d' >&2
		fi
		n=$((n + 1))
	done
}

# the walkthrough: on a host whose lsblk output is the test data's
W=$TMP/walk
mkdir -p "$W"
cp "$TOP/tests/data/import/lsblk-2.31.json" "$W/lsblk.json"
sessions docs/walkthrough.md "$W"

# README: from a copy of the project's examples
R=$TMP/readme
mkdir -p "$R"
cp -R "$TOP/examples" "$R/"
sessions README.md "$R"

# README's command table and the man page's synopsis: every command, with
# the usage `zplan --help` gives
"$ZPLAN" --help | sed -n 's/^  zplan \([a-z]*\) \(.*\)$/\1 \2/p' | grep -v '^help ' >"$TMP/usage"
sed -n 's/^| `zplan \([a-z]*\) \(.*\)` | .*$/\1 \2/p' "$TOP/README.md" |
    sed 's/\\|/|/g' | grep -v '^help ' >"$TMP/table"
while read -r name usage; do
	row=$(awk -v n="$name" '$1 == n' "$TMP/table")
	if [ "$row" = "$name $usage" ]; then ok; else
		bad "README.md: the command table's row for $name is not \`zplan $name $usage\` (zplan --help); it is: ${row:-missing}"
	fi
	grep -q "^\.B zplan $name\$\|^\.B zplan $name " "$TOP/docs/zplan.1" && ok ||
	    bad "docs/zplan.1: the synopsis has no \`zplan $name\`"
done <"$TMP/usage"
while read -r name usage; do
	grep -q "^$name " "$TMP/usage" && ok ||
	    bad "README.md: the command table lists $name, which zplan --help does not"
done <"$TMP/table"
finish
