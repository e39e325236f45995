#!/bin/sh
# zplan's scripts run for real, on zfs-fuse (a real ZFS in user space,
# what `platform: legacy` models), on loop devices over sparse files:
# the pools and filesystems they create are the model's, with exactly
# the usable bytes `zplan capacity` counts; run again they change
# nothing; a device holding another pool's label is refused by the real
# `zpool create -n` with nothing changed; a step that fails stops the
# script, which says what it changed and what not (exit 3); a script cut
# short does nothing. Helpers: tests/zfs_real_lib.sh.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/zfs_real_lib.sh"
cd "$TOP" || exit 1
zr_start
for d in a0 a1 a2 a3 l0 s0 b0 b1 b2 c0 x0; do
	zr_disk "$d"
done
zr_model tests/data/zfs-real/legacy.yaml >"$TMP/m.yaml"
"$ZPLAN" script --host zr1 "$TMP/m.yaml" >"$TMP/zr1.sh" ||
    bad "zplan script failed"

# ---- a script cut short does nothing, on the real thing ----
size=$(wc -c <"$TMP/zr1.sh")
for b in $((size / 4)) $((size / 2)) $((size * 3 / 4)) $((size - 20)) \
    $((size - 2)); do
	head -c "$b" "$TMP/zr1.sh" >"$TMP/cut.sh"
	zr_run "$TMP/cut.sh"
	expect_eq "cut at $b of $size bytes: no pool" "" "$(zr_pools)"
	expect_eq "cut at $b: no dataset" "" "$(zr_datasets)"
done

# ---- create: the model's pools, with the usable bytes capacity says ----
zr_run "$TMP/zr1.sh"
expect_eq "create: exit 0" 0 "$rc"
expect_grep "create: done" 'done: 5 change(s) made, 0 in place already' "$TMP/rerr"
expect_eq "create: the pools" "zpr1
zpr2" "$(zr_pools | sort)"
expect_eq "create: the datasets" "zpr1
zpr1/home
zpr1/home/alice
zpr2
zpr2/scratch" "$(zr_datasets | sort)"
expect_eq "create: zpr1 as planned" \
    "mirror $ZR/by-vdev/a0 $ZR/by-vdev/a1 mirror $ZR/by-vdev/a2 $ZR/by-vdev/a3 logs $ZR/by-vdev/l0 spares $ZR/by-vdev/s0" \
    "$(zpool status zpr1 | awk '/^config:/ { c = 1; next } /^errors:/ { c = 0 }
	c && /^\t  / { sub(/-[0-9]+$/, "", $1); printf "%s%s", s, $1; s = " " }
	c && /^\t(logs|spares|cache)/ { printf " %s", $1 }')"
expect_eq "create: zpr2 a raidz1 and a cache" \
    "raidz1 $ZR/by-vdev/b0 $ZR/by-vdev/b1 $ZR/by-vdev/b2 cache $ZR/by-vdev/c0" \
    "$(zpool status zpr2 | awk '/^config:/ { c = 1; next } /^errors:/ { c = 0 }
	c && /^\t  / { sub(/-[0-9]+$/, "", $1); printf "%s%s", s, $1; s = " " }
	c && /^\t(logs|spares|cache)/ { printf " %s", $1 }')"
expect_eq "create: zpr1/home recordsize" 16384 \
    "$(zfs get -H -p -o value recordsize zpr1/home)"
expect_eq "create: zpr2/scratch quota" 104857600 \
    "$(zfs get -H -p -o value quota zpr2/scratch)"
expect_eq "create: mounted where the model says" "$ZR/mnt/zpr1/home/alice" \
    "$(zfs get -H -o value mountpoint zpr1/home/alice)"
"$ZPLAN" capacity --format json "$TMP/m.yaml" >"$TMP/cap.json"
for p in zpr1 zpr2; do
	want=$(jq ".pools[] | select(.name == \"$p\") | .usable_bytes" \
	    "$TMP/cap.json")
	got=$(zfs get -H -p -o value used,available "$p" |
	    awk '{ s += $1 } END { printf "%.0f", s }')
	expect_eq "capacity: $p USED+AVAIL is usable_bytes, to the byte" \
	    "$want" "$got"
done

# ---- run again: nothing changes ----
zpool status zpr1 zpr2 >"$TMP/before"
zr_run "$TMP/zr1.sh"
expect_eq "re-run: exit 0" 0 "$rc"
expect_grep "re-run: all in place" 'done: 0 change(s) made, 5 in place already' "$TMP/rerr"
zpool status zpr1 zpr2 >"$TMP/after"
if cmp -s "$TMP/before" "$TMP/after"; then ok; else
	bad "re-run: the pools changed"; fi
zr_run "$TMP/zr1.sh" --dry-run
expect_eq "dry run: exit 0" 0 "$rc"
expect_eq "dry run: nothing to do" "" "$(cat "$TMP/rout")"

# ---- a device with another pool's label: the real zpool create -n ----
zpool create -o ashift=12 -o cachefile=none zpr-other "$ZR/by-vdev/x0" ||
    bad "cannot make the other pool"
zpool export zpr-other || bad "cannot export the other pool"
zr_model /dev/stdin >"$TMP/label.yaml" <<'EOF'
zplan: 1
policy: {platform: legacy, partitioning: none, spares_per_pool: 0, mirror_isolation: none}
drive_types: {hdd: {media: hdd, size: 268435456}}
controllers: [{id: zr1}]
disks: [{id: x0, controller: zr1, type: hdd, dev: "@DEV@/x0"}]
pools:
  - {name: zpr3, controller: zr1, vdevs: [{disk: x0}], options: {cachefile: none},
     properties: {mountpoint: "@MNT@/zpr3"}}
EOF
"$ZPLAN" script --host zr1 "$TMP/label.yaml" >"$TMP/label.sh" ||
    bad "label: zplan script failed"
zr_datasets >"$TMP/ds.before"
zr_run "$TMP/label.sh"
expect_eq "label: exit 1" 1 "$rc"
expect_grep "label: zpool create -n refuses it" \
    "pool zpr3: zpool create -n refuses it: .*$ZR/by-vdev/x0 is part of exported pool 'zpr-other'" \
    "$TMP/rerr"
expect_grep "label: nothing changed" 'preflight: 1 problem(s); nothing was changed' "$TMP/rerr"
zr_datasets >"$TMP/ds.after"
if cmp -s "$TMP/ds.before" "$TMP/ds.after"; then ok; else
	bad "label: the datasets changed"; fi
expect_eq "label: no pool zpr3" "" "$(zpool list -H -o name zpr3 2>/dev/null)"

# ---- a step that fails: what changed and what not, exit 3 ----
# zpr1/q/r reserves more than zpr1/q's quota allows: zfs create fails
# ("out of space") after zpr1/q was made
{
	cat tests/data/zfs-real/legacy.yaml
	echo "  - {name: zpr1/q, properties: {quota: 1M}}"
	echo "  - {name: zpr1/q/r, properties: {refreservation: 10M}}"
	echo "  - {name: zpr1/z}"
} | zr_model /dev/stdin >"$TMP/fail.yaml"
"$ZPLAN" script --host zr1 "$TMP/fail.yaml" >"$TMP/fail.sh" ||
    bad "fail: zplan script failed"
zr_run "$TMP/fail.sh"
expect_eq "failed step: exit 3" 3 "$rc"
expect_eq "failed step: said what changed and what not" \
    "zr1: step 7 of 8 failed: 0 of 2 pools created (2 in place already), 1 of 6 filesystems created (3 in place already), filesystem zpr1/q/r failed: cannot create 'zpr1/q/r': out of space; fix it and run the script again" \
    "$(tail -1 "$TMP/rerr")"
zr_datasets >"$TMP/ds.fail"
expect_grep "failed step: zpr1/q made" '^zpr1/q$' "$TMP/ds.fail"
expect_nogrep "failed step: stopped there (no zpr1/z)" '^zpr1/z$' "$TMP/ds.fail"

finish
