#!/bin/sh
# zplan's scripts run for real under sh, against the stand-in zpool, zfs,
# mount and mkdir of tests/shims/ (first on PATH), which log every call
# and keep the state of a simulated system: a fresh run issues exactly the
# planned commands in order, a second run none; the preflight stops at a
# device in use, missing or not a block device, or a pool that exists
# with other devices, having changed nothing; dry runs change nothing;
# hostile names arrive intact; a step that fails stops the script and a
# re-run finishes the work.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/script_lib.sh"
cd "$TOP" || exit 1

# ---- reference system A, its disks explicit and stood in for ----
DEV=$TMP/adev
mkdir -p "$DEV"
awk -v dev="$DEV" '
/^  - \{enclosure: [^,]*, slots: [0-9]+-[0-9]+, type: [^}]*\}/ {
	split($0, f, /[{}:, ]+/)
	split(f[6], r, "-")
	for (s = r[1]; s <= r[2]; s++)
		printf "  - {id: %s-%d, enclosure: %s, slot: %d, type: %s, " \
		    "dev: %s/%s-%d}\n", f[4], s, f[4], s, f[8], dev, f[4], s
	next
}
{ print }' examples/ref-a-zs3-2.yaml >"$TMP/a.yaml"
for e in 1 2 3 4 5 6; do
	s=0
	while [ $s -lt 24 ]; do
		mkblock "$DEV/tray$e-$s"
		s=$((s + 1))
	done
done
expect_exit "A: script" 0 "$ZPLAN" script -o "$TMP/a" "$TMP/a.yaml"

# what A's YAML says controller $1 creates, read from the YAML itself
planned() {
	awk -v want="$1" -v dev="$DEV" '
	function devs(line, word,    s, n, i, ids, out) {
		s = line
		sub(/.*\[/, "", s)
		sub(/\].*/, "", s)
		n = split(s, ids, /, */)
		out = word
		for (i = 1; i <= n; i++)
			out = out " " dev "/" ids[i]
		return out
	}
	function flush() {
		if (name != "" && ctrl == want)
			print "zpool create -o ashift=12 -- " name vd " " lg " " sp
	}
	/^  - name: / { flush(); name = $3; vd = ""; lg = ""; sp = "" }
	/^    controller: / { ctrl = $2 }
	/^      - mirror: \[/ { vd = vd " " devs($0, "mirror") }
	/^    log: \[/ { lg = devs($0, "log") }
	/^    spares: \[/ { sp = devs($0, "spare") }
	END { flush() }' examples/ref-a-zs3-2.yaml
	n=$2
	while [ "$n" -le "$3" ]; do
		echo "zfs create -o recordsize=16384 -- pool$(((n - 1) / 30 + 1))/fs$n"
		n=$((n + 1))
	done
	n=$2
	while [ "$n" -le "$3" ]; do
		echo "zfs set sharenfs=on pool$(((n - 1) / 30 + 1))/fs$n"
		n=$((n + 1))
	done
}

fresh a
for h in zs3-2a:1:120 zs3-2b:121:240; do
	c=${h%%:*}
	range=${h#*:}
	planned "$c" "${range%:*}" "${range#*:}" >"$TMP/want.$c"
	: >"$SHIM_LOG"
	run "$TMP/a/$c.sh"
	expect_eq "A $c: fresh run" 0 "$rc"
	changes >"$TMP/got.$c"
	if diff "$TMP/want.$c" "$TMP/got.$c" >"$TMP/diff"; then ok; else
		bad "A $c: fresh run: not the planned commands in order"
		head -20 "$TMP/diff" >&2
	fi
	expect_eq "A $c: progress lines, one a step" 244 \
	    "$(grep -c "^$c: \[[0-9]*/244\] " "$TMP/rerr")"
	expect_eq "A $c: zpool create -n for each pool first" 4 \
	    "$(grep -c '^zpool create -n ' "$SHIM_LOG")"
	: >"$SHIM_LOG"
	run "$TMP/a/$c.sh"
	expect_eq "A $c: second run" 0 "$rc"
	expect_eq "A $c: second run changes nothing" "" "$(changes)"
	expect_eq "A $c: second run skips all 244" 244 \
	    "$(grep -c 'skipped$' "$TMP/rerr")"
done
# pools as built: log and spare in their sections, mirrors of two trays
expect_eq "A: pool1 as built" "data	mirror	$DEV/tray1-0	$DEV/tray2-0" \
    "$(head -1 "$SHIM_STATE/pools/pool1")"
expect_eq "A: pool1 log and spare" "log	disk	$DEV/tray5-20
spare	disk	$DEV/tray5-4" "$(tail -2 "$SHIM_STATE/pools/pool1")"

# the Solaris client mounts the 240 in the published order: round k, pool
# rank r, controller c gives fs(120c + 30r + k + 1), ports alternating
export SHIM_OS=solaris
run "$TMP/a/client1.sh"
expect_eq "A client1: fresh run" 0 "$rc"
k=0
while [ $k -lt 30 ]; do
	for r in 0 1 2 3; do
		for c in 0 1; do
			echo "fs$((120 * c + 30 * r + k + 1))"
		done
	done
	k=$((k + 1))
done >"$TMP/want.order"
grep '^mount -F ' "$SHIM_LOG" | sed 's|.*:/pool[0-9]*/\(fs[0-9]*\) .*|\1|' \
    >"$TMP/got.order"
if diff "$TMP/want.order" "$TMP/got.order" >"$TMP/diff"; then ok; else
	bad "A client1: mount order"; head "$TMP/diff" >&2; fi
expect_eq "A client1: 240 mounts" 240 "$(wc -l <"$TMP/got.order")"
expect_eq "A client1: first eight, each through its port" \
"mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.1.10:/pool1/fs1 /mnt/pool1/fs1
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.3.11:/pool5/fs121 /mnt/pool5/fs121
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.2.10:/pool2/fs31 /mnt/pool2/fs31
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.4.11:/pool6/fs151 /mnt/pool6/fs151
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.1.10:/pool3/fs61 /mnt/pool3/fs61
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.3.11:/pool7/fs181 /mnt/pool7/fs181
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.2.10:/pool4/fs91 /mnt/pool4/fs91
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.4.11:/pool8/fs211 /mnt/pool8/fs211" \
    "$(grep '^mount -F ' "$SHIM_LOG" | head -8)"
expect_eq "A client1: mkdir before each mount" \
    "mkdir -p /mnt/pool1/fs1
mount -F nfs -o vers=3,rsize=16384,wsize=16384,forcedirectio 10.1.1.10:/pool1/fs1 /mnt/pool1/fs1" \
    "$(changes | head -2)"
: >"$SHIM_LOG"
run "$TMP/a/client1.sh"
expect_eq "A client1: second run" 0 "$rc"
expect_eq "A client1: second run changes nothing" "" "$(changes)"
unset SHIM_OS

# ---- the preflight: every failure listed, nothing changed ----
S=$TMP/a/zs3-2a.sh
# a device already in another pool
fresh inuse
printf 'data\tmirror\t%s\t%s\n' "$DEV/tray1-3" "$DEV/tray6-23" \
    >"$SHIM_STATE/pools/old"
run "$S"
expect_eq "in use: exit 1" 1 "$rc"
expect_eq "in use: nothing created" "" "$(changes)"
expect_grep "in use: names the device and the pool" \
    "pool pool1: zpool create -n refuses it: .*$DEV/tray1-3 is part of active pool 'old'" "$TMP/rerr"
expect_grep "in use: nothing was changed" 'preflight: 1 problem(s); nothing was changed' "$TMP/rerr"
expect_nogrep "in use: no step begun" '\[1/244\]' "$TMP/rerr"
# a device holding a file system (what zpool create refuses without -f)
fresh fs
printf '%s\tcontains a filesystem of type ext4\n' "$DEV/tray3-7" \
    >"$SHIM_STATE/inuse"
run "$S"
expect_eq "holds a file system: exit 1" 1 "$rc"
expect_eq "holds a file system: nothing created" "" "$(changes)"
expect_grep "holds a file system: said" "$DEV/tray3-7 contains a filesystem" "$TMP/rerr"
# a missing device, and one that is not a block device, and the device in
# use above: all three listed
fresh missing
printf 'data\tdisk\t%s\n' "$DEV/tray1-3" >"$SHIM_STATE/pools/old"
mv "$DEV/tray2-6" "$TMP/tray2-6.away"
mv "$DEV/tray4-11" "$TMP/tray4-11.away"
: >"$DEV/tray4-11"
run "$S"
expect_eq "missing: exit 1" 1 "$rc"
expect_eq "missing: nothing created" "" "$(changes)"
expect_grep "missing: said" "pool pool4: $DEV/tray2-6 (disk tray2-6) does not exist" "$TMP/rerr"
expect_grep "not a block device: said" "pool pool4: $DEV/tray4-11 (disk tray4-11) is not a block device" "$TMP/rerr"
expect_grep "missing: the device in use too" "tray1-3 is part of active pool 'old'" "$TMP/rerr"
expect_grep "missing: all counted" 'preflight: 3 problem(s)' "$TMP/rerr"
expect_nogrep "missing: pool4 not tried with -n" '^zpool create -n .* pool4 ' "$SHIM_LOG"
rm "$DEV/tray4-11"
mv "$TMP/tray2-6.away" "$DEV/tray2-6"
mv "$TMP/tray4-11.away" "$DEV/tray4-11"
# a pool of that name with other devices
fresh other
printf 'data\tmirror\t%s\t%s\n' "$DEV/tray1-0" "$DEV/tray2-0" \
    >"$SHIM_STATE/pools/pool1"
echo pool1 >"$SHIM_STATE/datasets"
run "$S"
expect_eq "other devices: exit 1" 1 "$rc"
expect_eq "other devices: nothing created" "" "$(changes)"
expect_grep "other devices: said" "pool pool1 exists but not as planned ($DEV/tray1-1 is not in it)" "$TMP/rerr"
# no zpool on this machine: said, not a crash
fresh nozpool
PATH="$TMP/empty-bin:/usr/bin:/bin" sh "$S" >"$TMP/rout" 2>"$TMP/rerr"
expect_eq "no zpool: exit 1" 1 "$?"
expect_grep "no zpool: said" 'preflight: zpool not found; install OpenZFS' "$TMP/rerr"

# ---- re-runs: what exists is kept, the rest is done ----
model "$DATA/small.yaml" "$TMP/sdev" "$TMP/small.yaml"
"$ZPLAN" script -o "$TMP/small" "$TMP/small.yaml"
N=$TMP/small/nas1.sh
# the pools made by an earlier run (and shown by status -P as their whole
# disks' partitions, as on Linux): skipped, the rest created
fresh partial
"$ZPLAN" script --only pools --host nas1 "$TMP/small.yaml" >"$TMP/pools.sh"
run "$TMP/pools.sh"
expect_eq "pools only: run" 0 "$rc"
expect_eq "pools only: the three pools, nothing else" \
    "zpool zpool zpool" "$(changes | cut -d' ' -f1 | tr '\n' ' ' | sed 's/ $//')"
: >"$SHIM_LOG"
run "$N"
expect_eq "after pools only: run" 0 "$rc"
expect_eq "after pools only: no pool again" "" "$(changes | grep '^zpool' || :)"
expect_eq "after pools only: 5 filesystems and 4 shares" 9 "$(changes | wc -l)"
expect_grep "after pools only: said" 'pool back up exists with the planned structure; skipped' "$TMP/rerr"
# the same when status shows the devices as given
fresh plain
export SHIM_WHOLE=plain
run "$TMP/pools.sh"
: >"$SHIM_LOG"
run "$TMP/pools.sh"
expect_eq "devices shown as given: re-run" 0 "$rc"
expect_eq "devices shown as given: nothing created" "" "$(changes)"
unset SHIM_WHOLE
# --only datasets before the pools exist: the preflight says so
fresh nopool
"$ZPLAN" script --only datasets --host nas1 "$TMP/small.yaml" >"$TMP/ds.sh"
run "$TMP/ds.sh"
expect_eq "datasets without pools: exit 1" 1 "$rc"
expect_grep "datasets without pools: said" 'pool tank does not exist; create it first' "$TMP/rerr"
expect_eq "datasets without pools: nothing done" "" "$(changes)"
# a step that fails stops the script there, says what it has changed and
# what not, exit 3 (scripts.md item 10); a re-run finishes
fresh fail
SHIM_FAIL="zfs create -- 'tank/a b/c'" run "$N"
expect_eq "failing step: exit 3, not the preflight's 1" 3 "$rc"
expect_eq "failing step: stopped there" "zfs create -- 'tank/a b/c'" \
    "$(changes | tail -1)"
expect_nogrep "failing step: no done line" 'done:' "$TMP/rerr"
expect_eq "failing step: what changed and what not" \
    "nas1: step 5 of 12 failed: 3 of 3 pools created, 1 of 5 filesystems created, filesystem tank/a b/c failed: shim: zfs create -- 'tank/a b/c' fails (SHIM_FAIL), 0 of 4 shares set; fix it and run the script again" \
    "$(tail -1 "$TMP/rerr")"
expect_grep "failing step: the command's own message" "^shim: zfs create -- 'tank/a b/c' fails" "$TMP/rerr"
: >"$SHIM_LOG"
run "$N"
expect_eq "failing step: re-run" 0 "$rc"
expect_eq "failing step: re-run starts where it stopped" \
    "zfs create -- 'tank/a b/c'" "$(changes | head -1)"
expect_eq "failing step: re-run does the rest" 8 "$(changes | wc -l)"

# ---- dry runs: print the commands, change nothing ----
fresh dry
run "$S" --dry-run
expect_eq "--dry-run: exit 0" 0 "$rc"
expect_eq "--dry-run: nothing changed" "" "$(changes)"
expect_eq "--dry-run: zpool create -n for the pools" 4 "$(grep -c '^zpool create -n ' "$SHIM_LOG")"
if diff "$TMP/want.zs3-2a" "$TMP/rout" >"$TMP/diff"; then ok; else
	bad "--dry-run: prints other than the planned commands"; head "$TMP/diff" >&2; fi
expect_grep "--dry-run: progress says so" '(dry run) \[1/244\] create pool pool1' "$TMP/rerr"
ZPLAN_DRY_RUN=1 run "$S"
expect_eq "ZPLAN_DRY_RUN=1: exit 0" 0 "$rc"
expect_eq "ZPLAN_DRY_RUN=1: nothing changed" "" "$(changes)"
if cmp -s "$TMP/want.zs3-2a" "$TMP/rout"; then ok; else
	bad "ZPLAN_DRY_RUN=1: prints other than the planned commands"; fi
ZPLAN_DRY_RUN=0 run "$S" --bogus
expect_eq "unknown argument: exit 2" 2 "$rc"
expect_eq "unknown argument: nothing run" "" "$(changes)"
"$ZPLAN" script --dry-run --host zs3-2a "$TMP/a.yaml" >"$TMP/dry.sh"
run "$TMP/dry.sh"
expect_eq "written with --dry-run: nothing changed" "" "$(changes)"
if cmp -s "$TMP/want.zs3-2a" "$TMP/rout"; then ok; else
	bad "written with --dry-run: prints other than the planned commands"; fi
# a dry run's output is what sh would run: the same commands, quoted
fresh sdry
run "$TMP/small/nas1.sh" --dry-run
cp "$TMP/rout" "$TMP/small.dry"
fresh sreal
run "$TMP/small/nas1.sh"
expect_eq "small: run" 0 "$rc"
changes >"$TMP/small.real"
fresh sreplay
PATH="$SHIMS:$PATH" sh "$TMP/small.dry" >/dev/null 2>&1
changes >"$TMP/small.replay"
if cmp -s "$TMP/small.real" "$TMP/small.replay"; then ok; else
	bad "small: the dry run's commands, run by sh, differ from the real run"
	diff "$TMP/small.real" "$TMP/small.replay" | head >&2
fi

# ---- hostile names arrive intact ----
fresh names
run "$TMP/small/nas1.sh"
expect_eq "names: run" 0 "$rc"
T=$(printf '\t')
expect_grep "names: pool with a blank" '^back up$' "$SHIM_STATE/datasets"
expect_grep "names: filesystem with a blank" '^tank/a b/c$' "$SHIM_STATE/datasets"
expect_grep "names: a quote in a property value" "^tank/proj${T}org.zplan:note${T}it's here\$" "$SHIM_STATE/props"
expect_grep "names: share options" "^tank/a b/c${T}sharenfs${T}rw,no_root_squash\$" "$SHIM_STATE/props"
expect_grep "names: root properties from -O" "^tank${T}atime${T}off\$" "$SHIM_STATE/props"
expect_eq "names: explicit devices" \
    "data${T}mirror${T}$TMP/sdev/u_0${T}$TMP/sdev/u1" \
    "$(cat "$SHIM_STATE/pools/back up")"
expect_eq "names: a log mirror and a plain log disk (disk first, or it joins the mirror)" \
    "log${T}disk${T}$TMP/sdev/l0
log${T}mirror${T}$TMP/sdev/l1${T}$TMP/sdev/l2" \
    "$(grep '^log' "$SHIM_STATE/pools/tank")"
expect_eq "names: a pool of single disks" \
    "data${T}disk${T}$TMP/sdev/x0
data${T}disk${T}$TMP/sdev/x1" "$(cat "$SHIM_STATE/pools/scratch")"
expect_nogrep "names: the private filesystem is not shared" '^tank/private.sharenfs' "$SHIM_STATE/props"
: >"$SHIM_LOG"
run "$TMP/small/nas1.sh"
expect_eq "names: second run changes nothing" "" "$(changes)"
# each client OS: its syntax accepted by its mount, twice is once
for c in ws1:linux ws2:freebsd sol1:solaris; do
	h=${c%:*}
	fresh "m$h"
	SHIM_OS=${c#*:} run "$TMP/small/$h.sh"
	expect_eq "$h: run" 0 "$rc"
	SHIM_OS=${c#*:} run "$TMP/small/$h.sh"
	expect_eq "$h: re-run" 0 "$rc"
	expect_eq "$h: mounted once each" "$(grep -c '^	if zp_want_mount' "$TMP/small/$h.sh")" \
	    "$(wc -l <"$SHIM_STATE/mounts")"
done
expect_grep "ws1: a quote in a mount directory" "^10.0.0.1:/back up/x${T}/mnt/it's here${T}\$" "$TMP/state.mws1/mounts"
expect_grep "ws2: IPv6 source" "^\[fd00::1\]:/tank/a b${T}/mnt/tank/a b${T}nfsv3" "$TMP/state.mws2/mounts"
# the wrong OS's script is refused by that OS's mount
fresh wrongos
SHIM_OS=linux run "$TMP/small/sol1.sh"
expect_eq "a Solaris script on Linux: refused, the step failed" 3 "$rc"
# a directory with something else mounted on it: preflight, nothing done
fresh busy
printf '10.9.9.9:/other\t/mnt/tank/proj\tvers=4\n' >"$SHIM_STATE/mounts"
SHIM_OS=linux run "$TMP/small/ws1.sh"
expect_eq "busy directory: exit 1" 1 "$rc"
expect_eq "busy directory: nothing done" "" "$(changes)"
expect_grep "busy directory: said" '/mnt/tank/proj has another file system mounted on it' "$TMP/rerr"

# a filesystem with mountpoint=none cannot be mounted: the preflight says
cat >"$TMP/none.yaml" <<EOF
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {h: {media: hdd, size: 1TB}}
controllers: [{id: h1, ports: [{id: net0, address: 10.9.0.1/24}]}]
disks: [{id: d0, controller: h1, type: h}, {id: d1, controller: h1, type: h}]
pools: [{name: tank, controller: h1, vdevs: [{mirror: [d0, d1]}]}]
filesystems: [{name: tank/a, share: nfs, properties: {mountpoint: none}}]
clients: [{id: c1, ports: [{id: eth0, address: 10.9.0.2/24}]}]
mounts: {strategy: all}
EOF
"$ZPLAN" script --host c1 "$TMP/none.yaml" >"$TMP/none.sh"
fresh mpnone
run "$TMP/none.sh"
expect_eq "mountpoint=none: exit 1" 1 "$rc"
expect_grep "mountpoint=none: said" 'tank/a has mountpoint=none on its server' "$TMP/rerr"
expect_eq "mountpoint=none: nothing done" "" "$(changes)"

# the shims: no forbidden command was ever called, and they pass shellcheck
expect_eq "no wipefs, dd, share or other zpool subcommand called" "" \
    "$(cat "$TMP"/log.* | grep -E '^(wipefs|dd|share)|^zpool (labelclear|destroy)|^zfs destroy' || :)"
if shellcheck -s sh -x "$SHIMS"/zpool "$SHIMS"/zfs "$SHIMS"/mount \
    "$SHIMS"/mkdir "$SHIMS"/wipefs "$SHIMS"/dd "$SHIMS"/share \
    >"$TMP/sc" 2>&1; then ok; else
	bad "shims: shellcheck"; head -20 "$TMP/sc" >&2; fi

finish
