#!/bin/sh
# Data-driven rule fixtures: for every rule `zplan rules` lists,
# tests/rules/<id>/pass-*.yaml must give no finding of that rule, and each
# fail-*.yaml exactly the lines (of that rule) of fail-*.expect. A rule
# without both kinds of fixture fails the suite.
# A directory with a model.yaml holds a rule of zplan diff (drift-*): its
# pass-*.json and fail-*.json are `zpool status -j` outputs, each run as
# `zplan diff model.yaml FILE` instead of `zplan check FILE`.
. "$(dirname "$0")/lib.sh"
for id in $("$ZPLAN" rules | awk '{print $1}'); do
	dir=$TOP/tests/rules/$id
	if [ ! -d "$dir" ]; then
		bad "rule $id has no fixtures (tests/rules/$id/)"
		continue
	fi
	cd "$dir" || continue
	if [ -f model.yaml ]; then set -- diff model.yaml; else set -- check; fi
	np=0
	nf=0
	for f in pass-*; do
		[ -e "$f" ] || continue
		np=$((np + 1))
		"$ZPLAN" "$@" "$f" >"$TMP/out" 2>&1
		rc=$?
		if [ "$rc" -gt 1 ] && [ "$id" != syntax ]; then
			bad "$id/$f: exit $rc"
			head -3 "$TMP/out" >&2
			continue
		fi
		expect_nogrep "$id/$f: no finding" "\[$id\]\$" "$TMP/out"
	done
	for f in fail-*.yaml fail-*.json; do
		[ -e "$f" ] || continue
		nf=$((nf + 1))
		exp=${f%.*}.expect
		if [ ! -f "$exp" ]; then
			bad "$id/$f has no $exp"
			continue
		fi
		"$ZPLAN" "$@" "$f" 2>&1 | grep -F "[$id]" >"$TMP/got"
		if diff "$exp" "$TMP/got" >"$TMP/diff"; then ok; else
			bad "$id/$f: findings differ from $exp"
			cat "$TMP/diff" >&2
		fi
	done
	[ "$np" -gt 0 ] || bad "rule $id has no pass-* fixture"
	[ "$nf" -gt 0 ] || bad "rule $id has no fail-* fixture"
done
finish
