#!/bin/sh
# What zplan writes (cli.md, issue 13 items 8-10): a write error on
# standard output (a full disk, a closed pipe, a closed descriptor) is
# exit 2 with a message, for every command; -o writes regular files only
# (a device, a FIFO, a symbolic link is refused; -o - is standard
# output); -o DIR holds the complete old set of files or the complete new
# one, after a failed run (a file size limit), after SIGKILL at any
# moment, and a finished or failed run leaves no temporary beside it.
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
M=examples/ref-a-zs3-2.yaml
D=tests/data/diff

# ---- write errors on standard output, every command ----
# each command line, with an output larger than a pipe's buffer
set -- "check --format json $M" "check $M --strict" "capacity $M" \
    "capacity --format json $M" "plan $M" "plan --format json $M" \
    "rules" "rules --format json" "diagram $M" "script $M" \
    "diff $D/model.yaml $D/degraded.json" \
    "diff --format sarif $D/model.yaml $D/degraded.json" \
    "import lsblk tests/data/import/lsblk-2.38.json" "report $M" \
    "--version" "--help" "help script"
for c in "$@"; do
	# shellcheck disable=SC2086 # the words of the command line
	"$ZPLAN" $c >/dev/full 2>"$TMP/err"
	expect_eq "$c > /dev/full: exit 2" 2 "$?"
	expect_grep "$c > /dev/full: said" 'cannot write' "$TMP/err"
	# shellcheck disable=SC2086
	"$ZPLAN" $c >&- 2>"$TMP/err"
	expect_eq "$c >&-: exit 2" 2 "$?"
	# a pipe whose reader has gone: EPIPE, not a silent SIGPIPE
	# shellcheck disable=SC2086
	rc=$( { { sleep 1; "$ZPLAN" $c 2>"$TMP/err"; echo $? >&3; } | :; } 3>&1)
	expect_eq "$c | (closed): exit 2" 2 "$rc"
	expect_grep "$c | (closed): said" 'cannot write' "$TMP/err"
done
# the usual case still works, and writes all of it
"$ZPLAN" plan "$M" >"$TMP/plan" 2>/dev/null
expect_eq "plan > file: exit 0" 0 "$?"
expect_eq "plan > file: whole" "$("$ZPLAN" plan "$M" | wc -c)" "$(wc -c <"$TMP/plan")"

# ---- -o writes regular files only ----
# (a device node of our own, never the machine's /dev/null: a zplan
# with the fault would replace it)
mknod "$TMP/null" c 1 3 || bad "cannot make a device node (mknod needs root)"
mkfifo "$TMP/fifo"
ln -s "$TMP/target.svg" "$TMP/link.svg"
for p in "$TMP/null" "$TMP/fifo" "$TMP/link.svg" "$TMP"; do
	for c in diagram report; do
		expect_exit "$c -o $p: refused" 2 "$ZPLAN" "$c" -o "$p" "$M"
		expect_grep "$c -o $p: said" 'regular files only' "$TMP/err"
	done
done
expect_eq "diagram -o a device: the device is still a device" \
    "character special file" "$(stat -c %F "$TMP/null")"
expect_eq "diagram -o a FIFO: still a FIFO" fifo \
    "$(stat -c %F "$TMP/fifo" | sed 's/.*fifo.*/fifo/')"
expect_eq "diagram -o a link: nothing made through it" no \
    "$([ -e "$TMP/target.svg" ] && echo yes || echo no)"
expect_exit "diagram -o -: standard output" 0 "$ZPLAN" diagram -o - "$M"
expect_grep "diagram -o -: the SVG" '^<svg' "$TMP/out"
expect_exit "diagram -o FILE" 0 "$ZPLAN" diagram -o "$TMP/d.svg" "$M"
expect_exit "diagram -o FILE again (a regular file is replaced)" 0 \
    "$ZPLAN" diagram -o "$TMP/d.svg" "$M"
expect_eq "diagram -o FILE: no temporary beside it" "" \
    "$(ls -a "$TMP" | grep zplan || :)"
# script -o DIR: a file of the set that is not a regular file
mkdir "$TMP/o"
mkfifo "$TMP/o/zs3-2a.sh"
expect_exit "script -o DIR, a FIFO in the set: refused" 2 \
    "$ZPLAN" script -o "$TMP/o" "$M"
expect_grep "script -o DIR, a FIFO: said" 'zs3-2a.sh is a FIFO' "$TMP/err"
expect_eq "script -o DIR, a FIFO: nothing written" "zs3-2a.sh" "$(ls "$TMP/o")"
rm "$TMP/o/zs3-2a.sh"
ln -s /etc/passwd "$TMP/o/zs3-2a.sh"
expect_exit "script -o DIR, a link in the set: refused" 2 \
    "$ZPLAN" script -o "$TMP/o" "$M"
expect_eq "script -o DIR, a link: left alone" /etc/passwd \
    "$(readlink "$TMP/o/zs3-2a.sh")"
rm "$TMP/o/zs3-2a.sh"
ln -s "$TMP/o" "$TMP/olink"
expect_exit "script -o a link to a directory: refused" 2 \
    "$ZPLAN" script -o "$TMP/olink" "$M"
expect_exit "script -o a regular file: refused" 2 \
    "$ZPLAN" script -o "$TMP/plan" "$M"

# ---- -o DIR: the old set or the new one, never some of each ----
# sums DIR: the names and contents of DIR's files, one line each
sums() { (cd "$1" && find . -type f | sort | xargs sha256sum); }
# leftovers DIR: anything temporary beside DIR
leftovers() { ls -a "$(dirname "$1")" | grep '\.zplan-' || :; }
awk -v SITES=40 -f tests/bench/fleet.awk >"$TMP/old.yaml"
{ cat "$TMP/old.yaml"; echo "# the new model"; } >"$TMP/new.yaml"
mkdir "$TMP/sets"
"$ZPLAN" script -o "$TMP/sets/new" "$TMP/new.yaml" ||
    bad "the new set: zplan script failed"
sums "$TMP/sets/new" >"$TMP/new.sums"
fresh_old() {
	rm -rf "$TMP/sets/out"
	"$ZPLAN" script -o "$TMP/sets/out" "$TMP/old.yaml" ||
	    bad "the old set: zplan script failed"
	echo "not zplan's" >"$TMP/sets/out/README"
	sums "$TMP/sets/out" >"$TMP/old.sums"
}
fresh_old
expect_eq "fleet: 240 host scripts, 80 vdev_id.conf.HOST and README" 321 \
    "$(ls "$TMP/sets/out" | wc -l)"
# a run that fails while writing (a file size limit, 16 KiB, that the
# first 36 KB server script meets, the limit's signal ignored so that the
# write fails with EFBIG): exit 2, the old set as it was, nothing left
(trap '' XFSZ; ulimit -f 32; exec "$ZPLAN" script -o "$TMP/sets/out" \
    "$TMP/new.yaml") 2>"$TMP/err"
expect_eq "failed run: exit 2" 2 "$?"
expect_grep "failed run: said why" 'File too large; nothing written' "$TMP/err"
sums "$TMP/sets/out" >"$TMP/got.sums"
if cmp -s "$TMP/old.sums" "$TMP/got.sums"; then ok; else
	bad "failed run: the old set changed"; fi
expect_eq "failed run: no temporary left" "" "$(leftovers "$TMP/sets/out")"
# a finished run: the new set, the foreign file kept, nothing left
"$ZPLAN" script -o "$TMP/sets/out" "$TMP/new.yaml"
expect_eq "finished run: exit 0" 0 "$?"
sums "$TMP/sets/out" | grep -v ' ./README$' >"$TMP/got.sums"
if cmp -s "$TMP/new.sums" "$TMP/got.sums"; then ok; else
	bad "finished run: not the new set"; fi
expect_eq "finished run: the foreign file kept" "not zplan's" \
    "$(cat "$TMP/sets/out/README")"
expect_eq "finished run: no temporary left" "" "$(leftovers "$TMP/sets/out")"
# killed by the size limit's signal while writing: the old set
fresh_old
(ulimit -f 32; "$ZPLAN" script -o "$TMP/sets/out" "$TMP/new.yaml"
    echo $? >"$TMP/rc") 2>/dev/null
expect_eq "killed writing (SIGXFSZ): killed" 1 "$(($(cat "$TMP/rc") > 128))"
sums "$TMP/sets/out" >"$TMP/got.sums"
if cmp -s "$TMP/old.sums" "$TMP/got.sums"; then ok; else
	bad "killed writing: the old set changed"; fi
rm -rf "$TMP/sets/.out.zplan-"*
# SIGKILL at moments spread over a run: each time the whole old set or
# the whole new one
grep -v ' ./README$' "$TMP/old.sums" >"$TMP/old.zsums"
mixed=0 olds=0 news=0
for delay in 0.05 0.1 0.15 0.2 0.3 0.4 0.5 0.6 0.8 1 1.3; do
	fresh_old
	grep -v ' ./README$' "$TMP/old.sums" >"$TMP/old.zsums"
	"$ZPLAN" script -o "$TMP/sets/out" "$TMP/new.yaml" 2>/dev/null &
	pid=$!
	sleep "$delay"
	kill -9 "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	sums "$TMP/sets/out" | grep -v ' ./README$' >"$TMP/got.sums"
	if cmp -s "$TMP/got.sums" "$TMP/old.zsums"; then
		olds=$((olds + 1))
	elif cmp -s "$TMP/got.sums" "$TMP/new.sums"; then
		news=$((news + 1))
	else
		mixed=$((mixed + 1))
		bad "SIGKILL after ${delay}s: neither the old set nor the new"
	fi
	expect_eq "SIGKILL after ${delay}s: the foreign file kept" "not zplan's" \
	    "$(cat "$TMP/sets/out/README" 2>&1)"
	rm -rf "$TMP/sets/.out.zplan-"*
done
echo "t_output: SIGKILL: $olds times the old set, $news the new, $mixed mixed"
# a directory in DIR: refused before anything is written
fresh_old
mkdir "$TMP/sets/out/sub"
expect_exit "a directory in DIR: refused" 2 \
    "$ZPLAN" script -o "$TMP/sets/out" "$TMP/new.yaml"
expect_grep "a directory in DIR: said" 'sub is a directory' "$TMP/err"
expect_eq "a directory in DIR: no temporary left" "" \
    "$(leftovers "$TMP/sets/out")"

finish
