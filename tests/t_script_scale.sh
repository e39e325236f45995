#!/bin/sh
# Re-runs are linear (scripts.md item 13): a script run on a host where
# everything is in place already costs, in the shell, time linear in its
# filesystems, in the devices of a pool and in a client's mounts. Measured as the CPU time of
# the run and its children (under the stand-ins of tests/shims/) at N and
# 8N: linear costs about 8x; quadratic (each name matched against the
# whole list) about 64x. Fails above 20x.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/script_lib.sh"
N=${ZPLAN_SCALE_N:-2000}

# gen KIND N: a model with N filesystems (fs), a pool of N devices in
# mirrors (dev), or N filesystems a client mounts (mount), its devices
# under $TMP/dev; and the shim state of a host where all of it is in
# place; the script of the host (h1, or the client c1) in $TMP/h1.sh
gen() {
	awk -v kind="$1" -v n="$2" -v dev="$TMP/dev" '
	BEGIN {
		nd = kind == "dev" ? n : 2
		print "zplan: 1"
		print "policy: {spares_per_pool: 0, mirror_isolation: none}"
		print "drive_types: {h: {media: hdd, size: 1TB}}"
		print "controllers: [{id: h1, ports: [{id: net0, address: 10.9.0.1/24}]}]"
		print "disks:"
		for (i = 0; i < nd; i++)
			printf "  - {id: d%d, controller: h1, type: h, dev: %s/%d/%d}\n",
			    i, dev, i / 128, i % 128
		print "pools:\n  - name: tank\n    controller: h1\n    vdevs:"
		for (i = 0; i < nd; i += 2)
			printf "      - mirror: [d%d, d%d]\n", i, i + 1
		if (kind != "dev") {
			print "filesystems:"
			for (i = 0; i < n; i++)
				printf "  - {name: tank/fs%d%s}\n", i,
				    kind == "mount" ? ", share: nfs" : ""
		}
		if (kind == "mount") {
			print "clients: [{id: c1, ports: [{id: eth0, address: 10.9.0.2/24}]}]"
			print "mounts: {strategy: all}"
		}
	}' >"$TMP/m.yaml"
	fresh "$1$2"
	awk -v kind="$1" -v n="$2" -v dev="$TMP/dev" -v st="$SHIM_STATE" '
	BEGIN {
		nd = kind == "dev" ? n : 2
		for (i = 0; i < nd; i += 2)
			printf "data\tmirror\t%s/%d/%d\t%s/%d/%d\n", dev, i / 128,
			    i % 128, dev, (i + 1) / 128, (i + 1) % 128 \
			    >(st "/pools/tank")
		print "tank" >(st "/datasets")
		for (i = 0; kind != "dev" && i < n; i++)
			print "tank/fs" i >(st "/datasets")
		for (i = 0; kind == "mount" && i < n; i++)
			printf "10.9.0.1:/tank/fs%d\t/mnt/tank/fs%d\tvers=3\n", i, i \
			    >(st "/mounts")
	}'
	h=h1
	[ "$1" != mount ] || h=c1
	"$ZPLAN" script --host "$h" "$TMP/m.yaml" >"$TMP/h1.sh" ||
	    bad "$1 $2: zplan script failed"
}

# the devices: DEV/I/J is block device J of $TMP/blk (I a link to it), so
# that 128 * 128 paths take 256 links
mkdir -p "$TMP/blk" "$TMP/dev"
i=0
while [ $i -lt 128 ]; do
	mkblock "$TMP/blk/$i"
	ln -s "$TMP/blk" "$TMP/dev/$i"
	i=$((i + 1))
done

# cpu: a re-run; in $t the CPU seconds (user + system, children
# included) it took
cpu() {
	/usr/bin/time -f '%U %S' -o "$TMP/time" \
	    env PATH="$SHIMS:$PATH" sh "$TMP/h1.sh" >"$TMP/rout" 2>"$TMP/rerr"
	rc=$?
	t=$(awk '{ printf "%.2f", $1 + $2 }' "$TMP/time")
}

for kind in fs dev mount; do
	gen "$kind" "$N"
	cpu
	t1=$t
	expect_eq "$kind $N: re-run" 0 "$rc"
	expect_eq "$kind $N: re-run changes nothing" "" "$(changes)"
	gen "$kind" $((8 * N))
	cpu
	t8=$t
	expect_eq "$kind $((8 * N)): re-run" 0 "$rc"
	expect_eq "$kind $((8 * N)): re-run changes nothing" "" "$(changes)"
	echo "t_script_scale: $kind: $N: ${t1}s, $((8 * N)): ${t8}s"
	if awk -v a="$t1" -v b="$t8" 'BEGIN { exit !(b <= 20 * (a > 0.05 ? a : 0.05)) }'
	then ok; else
		bad "$kind: a re-run at 8x the size costs ${t8}s, over 20x the ${t1}s at 1x"
	fi
done
finish
