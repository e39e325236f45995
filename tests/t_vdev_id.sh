#!/bin/sh
# vdev_id.conf (scripts.md item 8): each Linux host's file makes the
# /dev/disk/by-vdev/ names its script uses, as OpenZFS's vdev_id reads
# the file (tests/vdev_id_lookup.sh), case by case; and for every example,
# every device path in every server script is made by that host's
# vdev_id.conf, is an explicit stable name, or check warns about it.
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/vdev_id_lookup.sh"

# name CONF PCI PHY BAY DM LINKS: expect_eq on vdevid_name
name() {
	desc=$1
	want=$2
	shift 2
	expect_eq "$desc" "$want" "$(vdevid_name "$@")"
}

cat >"$TMP/a.yaml" <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types:
  hdd: {media: hdd, size: 4TB}
controllers:
  - id: nas1
    hbas:
      - {id: hba0, pci: "0000:85:00.0"}
      - {id: hba1, pci: "0001:86:00.0"}
  - id: nas2
    hbas: [{id: h0, pci: "0000:3b:00.0"}]
enclosures:
  - id: jbod1
    slots: 24
    paths:
      - {controller: nas1, hba: hba0, port: 0}
      - {controller: nas1, hba: hba1, port: 0}
  - id: chassis
    slots: 45
    first_slot: 1
    paths:
      - {controller: nas1, hba: hba0, port: 1}
      - {controller: nas1, hba: hba1, port: 1}
  - id: tray
    slots: 12
    paths: [{controller: nas2, hba: h0, port: 2}]
disks:
  - {enclosure: jbod1, slots: 0-23, type: hdd}
  - {enclosure: chassis, slots: 1-45, type: hdd}
  - {enclosure: tray, slots: 0-10, type: hdd}
  - {id: spare9, enclosure: tray, slot: 11, type: hdd, wwn: "0x5000C500A1B2C3D4"}
  - {id: in0, controller: nas2, type: hdd, wwn: "eui.0025388b71b0a2c1"}
  - {id: os0, controller: nas2, type: hdd, dev: /dev/disk/by-id/ata-SSD_S1}
  - {id: os1, controller: nas2, type: hdd, dev: /dev/sdb}
pools:
  - name: big
    controller: nas1
    vdevs:
      - raidz2: [jbod1-0, jbod1-1, jbod1-2, jbod1-23, chassis-1, chassis-45]
  - name: small
    controller: nas2
    vdevs:
      - mirror: [tray-0, tray-10]
      - mirror: [in0, os0]
      - mirror: [os1, tray-5]
    spares: [spare9]
YAML
expect_exit "case model: check" 0 "$ZPLAN" check "$TMP/a.yaml"
expect_nogrep "case model: every name is made" 'dev-unresolvable' "$TMP/out"
expect_exit "case model: script" 0 "$ZPLAN" script -o "$TMP/a" "$TMP/a.yaml"
c1=$TMP/a/vdev_id.conf.nas1
c2=$TMP/a/vdev_id.conf.nas2
expect_grep "nas1: multipath (two paths per enclosure)" '^multipath yes$' "$c1"
expect_grep "nas2: one path: not multipath" '^multipath no$' "$c2"
expect_grep "topology sas_direct" '^topology sas_direct$' "$c1"
expect_grep "PCI address without its domain" '^channel 86:00.0 ' "$c1"
# multipath: the dm device is named through whichever path vdev_id picks
name "jbod1 bay 0 through hba0" jbod1-0 "$c1" 0000:85:00.0 0 0 1 ""
name "jbod1 bay 23 through hba1 (phy 3 of port 0)" jbod1-23 "$c1" 0001:86:00.0 3 23 1 ""
name "multipath mode: a plain path device gets no name" "" "$c1" 0000:85:00.0 0 5 0 ""
# bays numbered from 1: the kernel's bay 0 is slot 1
name "chassis: bay 0 is chassis-1" chassis-1 "$c1" 0000:85:00.0 4 0 1 ""
name "chassis: bay 44 is chassis-45" chassis-45 "$c1" 0001:86:00.0 7 44 1 ""
name "jbod1 is not renumbered" jbod1-1 "$c1" 0000:85:00.0 1 1 1 ""
name "an HBA port no channel names" "" "$c1" 0000:85:00.0 8 0 1 ""
name "another host's HBA" "" "$c1" 0000:3b:00.0 8 0 1 ""
# a single path: channel and bay
name "tray bay 10 on port 2" tray-10 "$c2" 0000:3b:00.0 8 10 0 ""
name "tray: port 1 is no channel" "" "$c2" 0000:3b:00.0 4 10 0 ""
# aliases: to the wwn's by-id link (lowercase, as udev makes it), whatever
# path the disk is on; an NVMe eui; a udev link given as dev
name "spare9 by its wwn link" spare9 "$c2" 0000:3b:00.0 8 11 0 \
    "/dev/disk/by-path/pci-0000:3b:00.0-sas-phy8-lun-0 /dev/disk/by-id/wwn-0x5000c500a1b2c3d4"
name "alias beats the channel" spare9 "$c2" - 0 0 0 "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4"
name "NVMe by its eui link" in0 "$c2" - 0 0 0 "/dev/disk/by-id/nvme-eui.0025388b71b0a2c1"
name "a by-id dev aliased" os0 "$c2" - 0 0 0 "/dev/disk/by-id/ata-SSD_S1"
expect_nogrep "no alias to a kernel name (udev never links /dev/sdb)" '/dev/sdb' "$c2"
expect_eq "nas2: aliases" 3 "$(grep -c '^alias ' "$c2")"
expect_eq "nas1: no alias needed" 0 "$(grep -c '^alias ' "$c1")"
# the first slot line names the slot source: `slot bay` comes first
expect_eq "slot bay first" "slot bay" "$(grep -m1 '^slot' "$c1")"

# cases vdev_id cannot name, each warned about, and the file says why
cat >"$TMP/b.yaml" <<'YAML'
zplan: 1
policy: {spares_per_pool: 0, mirror_isolation: none}
drive_types:
  hdd: {media: hdd, size: 4TB}
controllers:
  - id: nas1
    hbas: [{id: hba0, pci: "0000:85:00.0"}, {id: hba1, pci: "0000:86:00.0"}]
enclosures:
  - id: s1
    slots: 4
    paths: [{controller: nas1, hba: hba0, port: 0}, {controller: nas1, hba: hba1, port: 0}]
  - id: s2
    slots: 4
    paths: [{controller: nas1, hba: hba0, port: 1}, {controller: nas1, hba: hba1, port: 1}]
  - id: s3
    slots: 4
    paths: [{controller: nas1, hba: hba0, port: 1}, {controller: nas1, hba: hba1, port: 1}]
  - id: s4
    slots: 4
    paths: [{controller: nas1, hba: hba0, port: 2}]
disks:
  - {enclosure: s1, slots: 0-1, type: hdd}
  - {enclosure: s2, slots: 0-1, type: hdd}
  - {enclosure: s3, slots: 0-1, type: hdd}
  - {enclosure: s4, slots: 0-1, type: hdd}
pools:
  - name: tank
    controller: nas1
    vdevs:
      - mirror: [s1-0, s1-1]
      - mirror: [s2-0, s3-0]
      - mirror: [s4-0, s4-1]
YAML
"$ZPLAN" check "$TMP/b.yaml" >"$TMP/b.out"
expect_grep "daisy chain warned" 'disk s2-0 of s2, used by nas1.*shares an HBA port' "$TMP/b.out"
expect_grep "single path in multipath mode warned" '2 disks of s4 .*one path from this host' "$TMP/b.out"
"$ZPLAN" script --only vdev-id "$TMP/b.yaml" >"$TMP/b.conf"
name "daisy-chained: no usable name" "" "$TMP/b.conf" 0000:85:00.0 4 0 1 ""
name "single path in multipath mode: none" "" "$TMP/b.conf" 0000:85:00.0 8 0 1 ""
name "s1 still named" s1-1 "$TMP/b.conf" 0000:86:00.0 0 1 1 ""
expect_grep "the file says why s2 has no channel" '^# s2: no channel' "$TMP/b.conf"

# policy vdev_id: external: no file
"$ZPLAN" script --only vdev-id --policy vdev_id=external "$TMP/a.yaml" >"$TMP/out" 2>"$TMP/err"
expect_eq "external: no file" "" "$(cat "$TMP/out")"
expect_grep "external: said" 'policy vdev_id is external' "$TMP/err"

# ---- every example: each device path a server script uses exists ----
# For each server script, the disks of its pools' device lines: a by-vdev
# name must be what vdev_id makes of that disk as the model cables it
# (each path it has from the host; a device-mapper device where it has
# two), a FreeBSD or illumos name must be the one that OS makes from the
# disk's serial or wwn; any other explicit dev is the model's own stable
# name (and with policy vdev_id: external, so is a by-vdev one). Every
# disk that fails is one that check warns about: the counts
# of dev-unresolvable for the host add up to it.
# host_devs SCRIPT: "id dev" of each device line of the pools' preflight
host_devs() {
	sed -n "s/^ *'i \([^']*\)' 'd \(\/dev\/[^']*\)'.*/\1 \2/p" "$1"
}
# warned CHECK_OUTPUT HOST: how many disks dev-unresolvable names for HOST
warned() {
	grep "used by $2's pools.*\[dev-unresolvable\]" "$1" |
	    sed -n -e 's/^[^ ]*: warning: \([0-9][0-9]*\) .*/\1/p' \
	    -e 's/^[^ ]*: warning: \(internal \)\{0,1\}disk .*/1/p' |
	    awk '{ n += $1 } END { print n + 0 }'
}
judge_disk() {   # HOST OS ID DEV: prints nothing when the name exists
	h=$1 os=$2 id=$3 dev=$4
	line=$(awk -F'\t' -v id="$id" '$1 == id' "$TMP/ex/disks")
	encl=$(printf '%s' "$line" | cut -f2)
	slot=$(printf '%s' "$line" | cut -f3)
	wwn=$(printf '%s' "$line" | cut -f4)
	serial=$(printf '%s' "$line" | cut -f5)
	case $os:$dev in
	linux:/dev/disk/by-vdev/*)
		# policy vdev_id: external: the host's own file makes them
		[ "$external" = no ] || return ;;
	freebsd:/dev/diskid/DISK-*)
		[ "$dev" = "/dev/diskid/DISK-$serial" ] || echo "$id"
		return ;;
	illumos:/dev/dsk/c0t*d0)
		w=$(printf '%s' "${wwn#0x}" | tr a-f A-F)
		[ "$dev" = "/dev/dsk/c0t${w}d0" ] || echo "$id"
		return ;;
	freebsd:/dev/label/* | freebsd:/dev/disk/* | illumos:/dev/dsk/* | \
	    illumos:/dev/disk/*)
		echo "$id"
		return ;;
	*) return ;;
	esac
	links=
	case $wwn in
	0x*) links=/dev/disk/by-id/wwn-$wwn ;;
	eui.*) links=/dev/disk/by-id/nvme-$wwn ;;
	esac
	awk -F'\t' -v e="$encl" -v h="$h" '$1 == e && $3 == h' "$TMP/ex/paths" >"$TMP/ex/p"
	np=$(wc -l <"$TMP/ex/p")
	dm=0
	[ "$np" -lt 2 ] || dm=1
	if [ "$np" = 0 ]; then
		[ "$(vdevid_name "$TMP/ex/conf" - 0 0 0 "$links")" = "${dev##*/}" ] || echo "$id"
		return
	fi
	while IFS="$(printf '\t')" read -r _ first _ pci port; do
		bay=$((slot - first))
		got=$(vdevid_name "$TMP/ex/conf" "$pci" $((port * 4)) "$bay" "$dm" "$links")
		if [ "$got" != "${dev##*/}" ]; then
			echo "$id"
			return
		fi
	done <"$TMP/ex/p"
}
for f in "$TOP"/examples/*.yaml; do
	ex=$(basename "$f" .yaml)
	rm -rf "$TMP/ex"
	mkdir -p "$TMP/ex"
	"$ZPLAN" check "$f" >"$TMP/ex/check" 2>&1
	"$ZPLAN" plan --format json "$f" >"$TMP/ex/plan.json" 2>/dev/null ||
	    { bad "$ex: plan failed"; continue; }
	"$ZPLAN" script -o "$TMP/ex/s" "$f" >/dev/null 2>&1 ||
	    { bad "$ex: script failed"; continue; }
	jq -r '.disks[]? | [.id, (.enclosure // "-"), (.slot // -1),
	    (.wwn // "-"), (.serial // "-")] | @tsv' "$TMP/ex/plan.json" >"$TMP/ex/disks"
	jq -r '(.controllers // []) as $cs | (.enclosures // [])[] | .id as $e |
	    (.first_slot // 0) as $f | (.paths // [])[] | . as $p |
	    ($cs[] | select(.id == $p.controller) | (.hbas // [])[] |
	    select(.id == $p.hba) | .pci) as $pci |
	    [$e, $f, $p.controller, $pci, $p.port] | @tsv' \
	    "$TMP/ex/plan.json" >"$TMP/ex/paths"
	jq -r '(.controllers // [])[] | [.id, (.os // "linux")] | @tsv' \
	    "$TMP/ex/plan.json" >"$TMP/ex/hosts"
	external=no
	[ "$(jq -r .policy.vdev_id "$TMP/ex/plan.json")" != external ] ||
	    external=yes
	[ -s "$TMP/ex/hosts" ] || printf 'localhost\tlinux\n' >"$TMP/ex/hosts"
	while IFS="$(printf '\t')" read -r h os; do
		s=$TMP/ex/s/$h.sh
		[ -f "$s" ] || continue
		conf=$TMP/ex/s/vdev_id.conf.$h
		if [ -f "$conf" ]; then cp "$conf" "$TMP/ex/conf"; else : >"$TMP/ex/conf"; fi
		host_devs "$s" >"$TMP/ex/devs"
		if [ ! -s "$TMP/ex/devs" ]; then
			bad "$ex: $h: no device line found in its script"
			continue
		fi
		: >"$TMP/ex/failing"
		while read -r id dev; do
			judge_disk "$h" "$os" "$id" "$dev" >>"$TMP/ex/failing"
		done <"$TMP/ex/devs"
		expect_eq "$ex: $h: disks whose name nothing makes = those check warns about" \
		    "$(wc -l <"$TMP/ex/failing" | tr -d ' ')" "$(warned "$TMP/ex/check" "$h")"
	done <"$TMP/ex/hosts"
done

finish
