#!/bin/sh
# zplan script, the command: which files, for which hosts, with what
# header; --host, --only, -o DIR (whole files or none), --dry-run; refusal
# of a model with errors; every script of every example passes
# `shellcheck -s sh`, parses with sh -n and never forces. Running the
# scripts is t_script_run.sh's.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/script_lib.sh"
cd "$TOP" || exit 1

# files of DIR, sorted, on one line
files() {
	(cd "$1" && ls -A | tr '\n' ' ')
}

# every example: one script per controller with pools and per client with
# mounts, vdev_id.conf where a dev is not a by-vdev name; shellcheck
# finds nothing; sh parses; nothing forces or wipes
for f in examples/*.yaml; do
	n=$(basename "$f" .yaml)
	expect_exit "$n: script -o" 0 "$ZPLAN" script -o "$TMP/ex-$n" "$f"
	for s in "$TMP/ex-$n"/*.sh; do
		if shellcheck -s sh "$s" >"$TMP/sc" 2>&1; then ok; else
			bad "$n: shellcheck $(basename "$s")"
			head -20 "$TMP/sc" >&2
		fi
		if sh -n "$s" 2>"$TMP/sc"; then ok; else
			bad "$n: sh -n $(basename "$s")"
		fi
		# commands only: comments say what the scripts never do
		grep -v '^[[:space:]]*#' "$s" >"$TMP/code"
		expect_nogrep "$n: no -f" ' -f\b' "$TMP/code"
		expect_nogrep "$n: no labelclear, wipefs, dd" \
		    'labelclear\|wipefs\|\bdd\b' "$TMP/code"
		expect_grep "$n: set -eu" '^	set -eu$' "$s"
		expect_eq "$n: $(basename "$s") mode" 755 \
		    "$(stat -c %a "$s")"
	done
done
# every part alone and in pairs, and the dry-run scripts: shellcheck too
for f in examples/starter.yaml examples/ref-b-zs11-2.yaml; do
	for o in pools datasets shares mounts pools,datasets datasets,shares \
	    shares,mounts; do
		for d in "" --dry-run; do
			rm -rf "$TMP/part"
			"$ZPLAN" script $d --only "$o" -o "$TMP/part" "$f"
			for s in "$TMP/part"/*.sh; do
				if shellcheck -s sh "$s" >"$TMP/sc" 2>&1; then ok
				else
					bad "$f --only $o $d: shellcheck"
					head -20 "$TMP/sc" >&2
				fi
			done
		done
	done
done
expect_eq "A: files" "client1.sh vdev_id.conf.zs3-2a vdev_id.conf.zs3-2b zs3-2a.sh zs3-2b.sh " "$(files "$TMP/ex-ref-a-zs3-2")"
expect_eq "A: one channel per tray" 6 "$(grep -c '^channel ' "$TMP/ex-ref-a-zs3-2/vdev_id.conf.zs3-2b")"
expect_eq "B: files" "client1.sh client2.sh client3.sh client4.sh zs11-2a.sh zs11-2b.sh " \
    "$(files "$TMP/ex-ref-b-zs11-2")"
expect_eq "D: files (multipath devs get aliases)" "host1.sh vdev_id.conf.host1 " \
    "$(files "$TMP/ex-ref-d-md3460")"
expect_eq "starter: files" "nas1.sh vdev_id.conf.nas1 ws1.sh " "$(files "$TMP/ex-starter")"
expect_eq "vdev_id.conf mode" 644 "$(stat -c %a "$TMP/ex-starter/vdev_id.conf.nas1")"

# vdev_id.conf: an alias for each disk whose dev is a udev link
d=$TMP/ex-ref-d-md3460/vdev_id.conf.host1
expect_eq "D: 60 aliases" 60 "$(grep -c '^alias ' "$d")"
expect_grep "D: alias line" '^alias mpatha /dev/mapper/mpatha$' "$d"
expect_eq "starter: only the by-id disk" \
    "alias shelf2-11 /dev/disk/by-id/wwn-0x5000cca04e1a2b3c" \
    "$(grep '^alias' "$TMP/ex-starter/vdev_id.conf.nas1")"

# each device with the name zpool status -P gives a whole disk's
# partition (libzutil's zfs_append_partition), for the re-run check
expect_grep "by-id dev: -part1" "^    'i shelf2-11' 'd /dev/disk/by-id/wwn-0x5000cca04e1a2b3c' 'p /dev/disk/by-id/wwn-0x5000cca04e1a2b3c-part1'" "$TMP/ex-starter/nas1.sh"
expect_grep "by-vdev dev: -part1" "^    'i shelf1-0' 'd /dev/disk/by-vdev/shelf1-0' 'p /dev/disk/by-vdev/shelf1-0-part1'" "$TMP/ex-starter/nas1.sh"
expect_grep "mapper dev: 1" "^    'i mpatha' 'd /dev/mapper/mpatha' 'p /dev/mapper/mpatha1'" "$TMP/ex-ref-d-md3460/host1.sh"
expect_grep "by-vdev dev ending in a digit: -part1 still" "^    'i enc1-0' 'd /dev/disk/by-vdev/enc1-0' 'p /dev/disk/by-vdev/enc1-0-part1'" "$TMP/ex-ref-e-freenas/freenas.sh"

# the header: model, its SHA-256, zplan's version
s=$TMP/ex-ref-a-zs3-2/zs3-2a.sh
sum=$(sha256sum examples/ref-a-zs3-2.yaml | cut -d' ' -f1)
ver=$("$ZPLAN" --version | cut -d' ' -f2)
expect_eq "header: shebang" '#!/bin/sh' "$(head -1 "$s")"
expect_grep "header: model" '^# model:  examples/ref-a-zs3-2.yaml$' "$s"
expect_grep "header: sha256" "^# sha256: $sum\$" "$s"
expect_grep "header: version" "^# zplan:  $ver\$" "$s"
# standard input: the digest of what was read
"$ZPLAN" script --host zs3-2a - <examples/ref-a-zs3-2.yaml >"$TMP/stdin.sh"
expect_grep "stdin: sha256" "^# sha256: $sum\$" "$TMP/stdin.sh"
expect_grep "stdin: named" '^# model:  <stdin>$' "$TMP/stdin.sh"
expect_eq "stdin: same script" "$(sed 1,5d "$s")" "$(sed 1,5d "$TMP/stdin.sh")"

# standard output: every host under a banner, then vdev_id.conf; --host:
# that script alone
expect_exit "stdout: all hosts" 0 "$ZPLAN" script examples/starter.yaml
expect_eq "stdout: banners" "# ==== host: nas1 ====
# ==== host: ws1 ====
# ==== file: vdev_id.conf.nas1 ====" "$(grep '^# ====' "$TMP/out")"
expect_exit "--host" 0 "$ZPLAN" script --host zs3-2b examples/ref-a-zs3-2.yaml
if cmp -s "$TMP/out" "$TMP/ex-ref-a-zs3-2/zs3-2b.sh"; then ok; else
	bad "--host: not the script -o writes"; fi
expect_exit "--host unknown: usage" 2 "$ZPLAN" script --host zs9 examples/ref-a-zs3-2.yaml
expect_eq "--host unknown: nothing on stdout" "" "$(cat "$TMP/out")"
expect_grep "--host unknown: names the hosts" \
    'no host "zs9" to script; the hosts are zs3-2a, zs3-2b, client1' "$TMP/err"

# --only
expect_exit "--only pools" 0 "$ZPLAN" script --only pools --host nas1 examples/starter.yaml
expect_grep "--only pools: zpool create" 'zp_run zpool create' "$TMP/out"
expect_nogrep "--only pools: no zfs create" 'zfs create' "$TMP/out"
expect_nogrep "--only pools: no share" 'zfs set' "$TMP/out"
expect_exit "--only datasets" 0 "$ZPLAN" script --only datasets --host nas1 examples/starter.yaml
expect_grep "--only datasets: zfs create" "zp_run zfs create -o 'recordsize=131072'" "$TMP/out"
expect_grep "--only datasets: needs the pool" "^	zp_need_pool 'tank'" "$TMP/out"
expect_nogrep "--only datasets: no zpool create" 'zp_run zpool create' "$TMP/out"
expect_exit "--only shares" 0 "$ZPLAN" script --only shares --host nas1 examples/starter.yaml
expect_grep "--only shares: zfs set" "zp_run zfs set 'sharenfs=on' 'tank/home'" "$TMP/out"
expect_grep "--only shares: needs the filesystem" "^	zp_need_fs [0-9]* 'tank/home'" "$TMP/out"
expect_exit "--only mounts: clients only" 0 "$ZPLAN" script --only mounts -o "$TMP/om" examples/ref-a-zs3-2.yaml
expect_eq "--only mounts: files" "client1.sh " "$(files "$TMP/om")"
expect_exit "--only mounts, a controller: usage" 2 "$ZPLAN" script --only mounts --host zs3-2a examples/ref-a-zs3-2.yaml
expect_exit "--only vdev-id" 0 "$ZPLAN" script --only vdev-id examples/ref-d-md3460.yaml
if cmp -s "$TMP/out" "$TMP/ex-ref-d-md3460/vdev_id.conf.host1"; then ok; else
	bad "--only vdev-id: not vdev_id.conf as -o writes it"; fi
expect_exit "--only vdev-id, none needed" 0 "$ZPLAN" script --only vdev-id examples/ref-b-zs11-2.yaml
expect_eq "--only vdev-id, none needed: nothing" "" "$(cat "$TMP/out")"
expect_grep "--only vdev-id, none needed: says so" 'no Linux host needs a vdev_id.conf' "$TMP/err"
expect_exit "--only pools,datasets" 0 "$ZPLAN" script --only pools,datasets --host nas1 examples/starter.yaml
expect_grep "--only pools,datasets: both" 'zfs create' "$TMP/out"
expect_nogrep "--only pools,datasets: no need_pool" 'zp_need_pool' "$TMP/out"
expect_exit "--only unknown" 2 "$ZPLAN" script --only disks examples/starter.yaml
expect_grep "--only unknown: names the choices" 'pools, datasets, shares, mounts or vdev-id' "$TMP/err"
expect_exit "--only empty" 2 "$ZPLAN" script --only '' examples/starter.yaml
expect_exit "--only with an unknown part" 2 "$ZPLAN" script --only pools,disks examples/starter.yaml
expect_exit "-o without DIR" 2 "$ZPLAN" script examples/starter.yaml -o
expect_exit "no FILE" 2 "$ZPLAN" script
expect_exit "two FILEs" 2 "$ZPLAN" script examples/starter.yaml examples/starter.yaml

# --dry-run writes scripts that only print
"$ZPLAN" script --dry-run --host nas1 examples/starter.yaml >"$TMP/dry.sh"
expect_grep "--dry-run: fixed" '^zp_dry=1$' "$TMP/dry.sh"
expect_grep "--dry-run: said" 'Written with --dry-run' "$TMP/dry.sh"
expect_grep "no --dry-run: runs" '^zp_dry=0$' "$TMP/ex-starter/nas1.sh"

# a model with errors: exit 1, its findings, nothing written anywhere
expect_exit "errors: refused" 1 "$ZPLAN" script tests/data/five-errors.yaml
expect_eq "errors: nothing on stdout" "" "$(cat "$TMP/out")"
expect_grep "errors: findings" '\[disk-reuse\]$' "$TMP/err"
expect_grep "errors: says nothing written" 'the model has errors; nothing written' "$TMP/err"
expect_exit "errors, -o: refused" 1 "$ZPLAN" script -o "$TMP/no" tests/data/five-errors.yaml
if [ -e "$TMP/no" ]; then bad "errors, -o: $TMP/no was made"; else ok; fi
mkdir "$TMP/empty"
expect_exit "errors, -o existing: refused" 1 "$ZPLAN" script -o "$TMP/empty" tests/data/five-errors.yaml
expect_eq "errors, -o existing: no file, not even empty" "" "$(files "$TMP/empty")"
expect_exit "syntax error: exit 2" 2 "$ZPLAN" script -o "$TMP/no" tests/malformed/03-truncated-flow.yaml
if [ -e "$TMP/no" ]; then bad "syntax error: $TMP/no was made"; else ok; fi
expect_exit "missing file: exit 2" 2 "$ZPLAN" script no-such.yaml
# a name ZFS refuses is name-invalid: no script quotes its way past it
cat >"$TMP/quote.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0}
drive_types: {h: {media: hdd, size: 1TB}}
enclosures: [{id: e1, slots: 2}]
disks: [{enclosure: e1, slots: 0-1, type: h}]
pools: [{name: tank, vdevs: [{mirror: [e1-0, e1-1]}]}]
filesystems: [{name: "tank/it's here"}]
EOF
expect_exit "a quote in a filesystem name: refused" 1 "$ZPLAN" script "$TMP/quote.yaml"
expect_grep "a quote in a filesystem name: name-invalid" '\[name-invalid\]$' "$TMP/err"

# a pool whose disks are an intent: no script creates it without them
# (zplan script refuses, or the planner has chosen its disks)
cat >"$TMP/intent.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {h: {media: hdd, size: 1TB}}
enclosures: [{id: e1, slots: 4}]
disks: [{enclosure: e1, slots: 0-3, type: h}]
pools:
  - {name: tank, vdevs: {layout: mirror, width: 2, count: 1, type: h}}
EOF
"$ZPLAN" script --host localhost "$TMP/intent.yaml" >"$TMP/out" 2>"$TMP/err"
rc=$?
case $rc in
0) expect_grep "intent: planned, with its disks" "^	    mirror '/dev/disk/by-vdev/e1-" "$TMP/out" ;;
1)
	expect_eq "intent: refused, nothing written" "" "$(cat "$TMP/out")"
	expect_grep "intent: refused, said" 'pool tank has no disks to create it with, or some given as an intent' "$TMP/err"
	;;
*) bad "intent: exit $rc" ;;
esac

# -o DIR: made when missing; files appear whole or not at all
expect_exit "-o: new DIR" 0 "$ZPLAN" script -o "$TMP/new/" examples/starter.yaml
expect_eq "-o: new DIR files" "nas1.sh vdev_id.conf.nas1 ws1.sh " "$(files "$TMP/new")"
mkdir -p "$TMP/blocked/ws1.sh"
expect_exit "-o: a target is a directory" 2 "$ZPLAN" script -o "$TMP/blocked" examples/starter.yaml
expect_eq "-o: no file written, no temporary left" "ws1.sh " "$(files "$TMP/blocked")"
expect_grep "-o: says which" 'blocked/ws1.sh is a directory' "$TMP/err"
: >"$TMP/plain"
expect_exit "-o: DIR is a file" 2 "$ZPLAN" script -o "$TMP/plain" examples/starter.yaml
expect_exit "-o: parent missing" 2 "$ZPLAN" script -o "$TMP/no/such/dir" examples/starter.yaml
if [ -e "$TMP/no" ]; then bad "-o: parent missing: made"; else ok; fi
# a second run replaces the files whole
"$ZPLAN" script -o "$TMP/new" examples/starter.yaml
expect_eq "-o: rewrite leaves no temporary" "nas1.sh vdev_id.conf.nas1 ws1.sh " "$(files "$TMP/new")"
if [ -w /dev/full ]; then
	expect_exit "stdout: write error" 2 sh -c '"$1" script "$2" >/dev/full' \
	    sh "$ZPLAN" examples/starter.yaml
	expect_grep "stdout: write error said" 'cannot write to standard output' "$TMP/err"
fi

# a model without controllers: its pools go to host "localhost"
cat >"$TMP/local.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {h: {media: hdd, size: 1TB}}
enclosures: [{id: e1, slots: 2}]
disks: [{enclosure: e1, slots: 0-1, type: h}]
pools: [{name: tank, vdevs: [{mirror: [e1-0, e1-1]}]}]
filesystems: [{name: tank/a}]
EOF
expect_exit "no controllers" 0 "$ZPLAN" script -o "$TMP/local" "$TMP/local.yaml"
expect_eq "no controllers: localhost" "localhost.sh " "$(files "$TMP/local")"
expect_grep "no controllers: said" 'the pools of a model without controllers' "$TMP/local/localhost.sh"
# nothing to script: said, exit 0, nothing written
printf 'zplan: 1\nname: empty\n' >"$TMP/none.yaml"
expect_exit "nothing to script" 0 "$ZPLAN" script -o "$TMP/none" "$TMP/none.yaml"
expect_grep "nothing to script: said" 'nothing to script' "$TMP/err"
if [ -e "$TMP/none" ]; then bad "nothing to script: DIR made"; else ok; fi

# a controller and a client with one id: one script, pools then mounts
cat >"$TMP/both.yaml" <<'EOF'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types: {h: {media: hdd, size: 1TB}}
controllers: [{id: h1, ports: [{id: net0, address: 10.9.0.1/24}]}]
disks: [{id: d0, controller: h1, type: h}, {id: d1, controller: h1, type: h}]
pools: [{name: tank, controller: h1, vdevs: [{mirror: [d0, d1]}]}]
filesystems: [{name: tank/a, share: nfs}]
clients: [{id: h1, ports: [{id: eth0, address: 10.9.0.1/24}]}, {id: c2, ports: [{id: eth0, address: 10.9.0.2/24}]}]
mounts: {strategy: all}
EOF
expect_exit "controller and client h1" 0 "$ZPLAN" script -o "$TMP/both" "$TMP/both.yaml"
expect_eq "controller and client h1: files" "c2.sh h1.sh " "$(files "$TMP/both")"
expect_grep "h1: pools" 'zp_pool_1$' "$TMP/both/h1.sh"
expect_grep "h1: mounts" "^	if zp_want_mount [0-9]* '10.9.0.1:/tank/a' '/mnt/tank/a'" "$TMP/both/h1.sh"
if shellcheck -s sh "$TMP/both/h1.sh" >"$TMP/sc" 2>&1; then ok; else
	bad "h1: shellcheck"; head "$TMP/sc" >&2; fi

# the small model: every OS's script and the hostile names pass shellcheck
model "$DATA/small.yaml" "$TMP/dev" "$TMP/small.yaml"
expect_exit "small: script" 0 "$ZPLAN" script -o "$TMP/small" "$TMP/small.yaml"
# its devs are plain device nodes, no udev link an alias could follow
expect_eq "small: files (no vdev_id.conf)" "nas1.sh sol1.sh ws1.sh ws2.sh " "$(files "$TMP/small")"
for s in "$TMP/small"/*.sh; do
	if shellcheck -s sh "$s" >"$TMP/sc" 2>&1; then ok; else
		bad "small: shellcheck $(basename "$s")"; head -20 "$TMP/sc" >&2; fi
done
expect_grep "small: Solaris syntax" "zp_run mount -F nfs -o 'vers=3,rsize=65536,wsize=65536,proto=tcp,hard,forcedirectio'" "$TMP/small/sol1.sh"
expect_grep "small: FreeBSD syntax" "zp_run mount -t nfs -o 'nfsv3,rsize=65536,wsize=65536,tcp,hard'" "$TMP/small/ws2.sh"
expect_grep "small: Linux syntax" "zp_run mount -t nfs -o 'vers=3,rsize=65536,wsize=65536,proto=tcp,nconnect=4,hard'" "$TMP/small/ws1.sh"
expect_grep "small: Linux says forcedirectio is left out" '^	# forcedirectio left out: Linux' "$TMP/small/ws1.sh"
expect_grep "small: IPv6 server in brackets" "'\[fd00::1\]:/tank/a b/c'" "$TMP/small/ws1.sh"
expect_grep "small: export path is the mountpoint" "'10.0.0.1:/export/proj' '/mnt/tank/proj'" "$TMP/small/ws1.sh"
expect_grep "small: quote in a mount directory" "'/mnt/it'\\\\''s here'" "$TMP/small/ws1.sh"
expect_grep "small: fstab line" '^# 10.0.0.1:/back\\040up/x /mnt/it'"'"'s\\040here nfs defaults 0 0$' "$TMP/small/ws1.sh"
expect_grep "small: vfstab line" '^# 10.0.0.1:/export/proj - /mnt/tank/proj nfs - yes vers=3' "$TMP/small/sol1.sh"
expect_grep "small: FreeBSD fstab line" '^# 10.0.0.1:/tank/a\\040b/c /mnt/tank/a\\040b/c nfs rw,nfsv3' "$TMP/small/ws2.sh"

# IPv6 servers: nfs(5) reaches them by tcp6 only (proto=tcp there is
# "Address family not supported"); a group's proto tcp becomes tcp6
"$ZPLAN" script --host lx1 "$TOP/tests/rules/nfs-options/pass-ipv6.yaml" >"$TMP/v6.sh"
expect_grep "ipv6: proto tcp6 in the mount" "mount -t nfs -o 'proto=tcp6'" "$TMP/v6.sh"
expect_nogrep "ipv6: no proto=tcp" "proto=tcp'" "$TMP/v6.sh"
expect_grep "ipv6: the fstab line too" 'proto=tcp6 0 0$' "$TMP/v6.sh"

finish
