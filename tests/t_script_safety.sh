#!/bin/sh
# What a script guarantees when things go wrong, run under the stand-ins
# of tests/shims/: a script cut short at any byte runs nothing
# (scripts.md item 9); an existing pool counts as planned only with the
# planned structure, not merely the planned devices (item 11); every
# zpool and zfs command that parses options ends them with -- before its
# operands (issue 13 item 2).
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/script_lib.sh"
cd "$TOP" || exit 1
T=$(printf '\t')

model "$DATA/small.yaml" "$TMP/sdev" "$TMP/small.yaml"
"$ZPLAN" script -o "$TMP/s" "$TMP/small.yaml" ||
    bad "small: zplan script failed"
S=$TMP/s/nas1.sh
D=$TMP/sdev

# ---- truncation: a script cut at any byte does nothing ----
# cut SCRIPT BYTES: runs the first BYTES of SCRIPT under the stand-ins;
# $cut_bad gets the offsets where anything ran or the run said it passed
cut_bad=
cut_at() {
	head -c "$2" "$1" >"$TMP/cut.sh"
	: >"$SHIM_LOG"
	PATH="$SHIMS:$PATH" sh "$TMP/cut.sh" >"$TMP/cout" 2>"$TMP/cerr"
	if [ -s "$SHIM_LOG" ] || [ -s "$TMP/cout" ] ||
	    grep -q 'preflight\|done:' "$TMP/cerr"; then
		cut_bad="$cut_bad $2"
		[ -n "${cut_shown:-}" ] || {
			cut_shown=1
			echo "cut at $2, after: $(tail -c 40 "$TMP/cut.sh")" >&2
			head -3 "$SHIM_LOG" "$TMP/cout" "$TMP/cerr" >&2
		}
	fi
}
# every line boundary, a point inside every STEP-th line, and every byte
# of the last line (its prefix "zp_main" alone is a valid command)
cuts() {
	awk -v size="$2" -v step="$3" '{
		n += length($0) + 1
		if (n < size) print n
		mid = n - int((length($0) + 1) / 2)
		if (NR % step == 0 && mid > 0 && mid < size) print mid
	}' "$1"
	last=$(tail -n 1 "$1" | wc -c)
	i=2
	while [ "$i" -lt "$last" ]; do
		echo $(($2 - i))
		i=$((i + 1))
	done
	echo 1
}
for h in nas1:4 ws1:1; do
	step=${h#*:}
	h=${h%:*}
	f=$TMP/s/$h.sh
	size=$(wc -c <"$f")
	fresh "cut$h"
	n=0
	cut_bad=
	for b in $(cuts "$f" "$size" "$step" | sort -n -u); do
		cut_at "$f" "$b"
		n=$((n + 1))
	done
	expect_eq "$h: cut at any of $n offsets, nothing runs" "" "$cut_bad"
done
# the whole script minus its last byte (the newline) is whole
fresh whole
head -c $(($(wc -c <"$S") - 1)) "$S" >"$TMP/whole.sh"
run "$TMP/whole.sh"
expect_eq "without its last newline: runs" 0 "$rc"
# cut in its last line: says so
fresh lastline
sed '$ s/zp-script-end$/zp-script-e/' "$S" >"$TMP/last.sh"
run "$TMP/last.sh"
expect_eq "cut in its last word: exit 2" 2 "$rc"
expect_grep "cut in its last word: said" 'incomplete (cut short?) and did nothing' "$TMP/rerr"
expect_eq "cut in its last word: nothing ran" "" "$(cat "$SHIM_LOG")"
# a truncated script with --dry-run: nothing either
sed '$ s/ zp-script-end$//' "$S" >"$TMP/last.sh"
run "$TMP/last.sh" --dry-run
expect_eq "cut before its last word, --dry-run given: exit 2" 2 "$rc"
expect_eq "cut before its last word: nothing ran" "" "$(cat "$SHIM_LOG")"

# ---- an existing pool counts as planned only with its structure ----
"$ZPLAN" script --only pools --host nas1 "$TMP/small.yaml" >"$TMP/pools.sh"
# as built by the script itself: kept
fresh built
run "$TMP/pools.sh"
cp "$SHIM_STATE/pools/tank" "$TMP/tank.built"
: >"$SHIM_LOG"
run "$TMP/pools.sh"
expect_eq "as built: kept" 0 "$rc"
expect_eq "as built: nothing changed" "" "$(changes)"
# shape STATE: tank's vdevs as zpool status will show them (lines of
# SECTION TYPE DEV..., tab-separated); then the pools script's run
shape() {
	fresh shape
	printf '%s\n' "$1" >"$SHIM_STATE/pools/tank"
	echo tank >"$SHIM_STATE/datasets"
	run "$TMP/pools.sh"
}
refused() { # DESC WHY: the run refused tank, saying WHY, and changed nothing
	expect_eq "$1: exit 1" 1 "$rc"
	expect_eq "$1: nothing changed" "" "$(changes)"
	expect_grep "$1: said" "pool tank exists but not as planned ($2)" \
	    "$TMP/rerr"
}
# the planned devices, every one a disk of its own (a stripe of 9)
stripe=
for d in a0 b0 a1 b1 l1 l2 l0 cache-a s0; do
	stripe="$stripe${stripe:+
}data${T}disk$T$D/$d"
done
shape "$stripe"
refused "a stripe of the planned devices" \
    "$D/a0 is in a single-disk vdev in it, in a mirror in the plan"
# the mirrors paired otherwise
shape "data${T}mirror$T$D/a0$T$D/a1
data${T}mirror$T$D/b0$T$D/b1
log${T}disk$T$D/l0
log${T}mirror$T$D/l1$T$D/l2
cache${T}disk$T$D/cache-a
spare${T}disk$T$D/s0"
refused "mirrors paired otherwise" \
    "$D/b0 and $D/a0 are in one vdev in the plan, in two in it"
# the spare as a cache device and the cache device as a spare
shape "$(sed -e "s|^cache${T}disk$T.*|cache${T}disk$T$D/s0|" \
    -e "s|^spare${T}disk$T.*|spare${T}disk$T$D/cache-a|" "$TMP/tank.built")"
refused "cache and spare swapped" \
    "$D/cache-a is a spare device in it, a cache device in the plan"
# a log mirror of three
shape "$(sed "s|^log${T}mirror$T.*|log${T}mirror$T$D/l1$T$D/l2$T$D/x9|" \
    "$TMP/tank.built")"
refused "a wider log mirror" "$D/x9p1 is in it but not in the plan"
# raidz1 instead of mirrors
shape "$(sed "s|^data${T}mirror|data${T}raidz1|" "$TMP/tank.built")"
refused "raidz1 for mirrors" \
    "$D/a0 is in a raidz1 in it, in a mirror in the plan"
# no spare
shape "$(grep -v '^spare' "$TMP/tank.built")"
refused "no spare" "$D/s0 is not in it"
# the members of each mirror in the other order: the same structure
shape "$(awk -F '\t' -v OFS='\t' '$2 == "mirror" { t = $3; $3 = $4; $4 = t }
    { print }' "$TMP/tank.built")"
expect_eq "members in another order: kept" 0 "$rc"
expect_grep "members in another order: said" 'pool tank exists with the planned structure; skipped' "$TMP/rerr"

# ---- -- ends the options of every zpool and zfs command ----
fresh dashdash
run "$S"
expect_eq "--: run" 0 "$rc"
# every call whose command parses options: -- before the first operand
# (zfs set, zfs list and zfs get have none from the model)
if grep -E '^(zpool (create|list|status)|zfs create) ' "$SHIM_LOG" |
    grep -v -e ' -- ' >"$TMP/nodash"; then
	bad "--: calls without --"
	head -5 "$TMP/nodash" >&2
else ok; fi
expect_grep "--: zpool create" "^zpool create -o ashift=12 -o autoreplace=on -O compression=lz4 -O atime=off -- tank " "$SHIM_LOG"
expect_grep "--: zfs create" "^zfs create -o recordsize=16384 -- 'tank/a b'\$" "$SHIM_LOG"
expect_grep "--: zfs set has none" "^zfs set sharenfs=on 'tank/a b'\$" "$SHIM_LOG"

finish
