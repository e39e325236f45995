# fleet.awk: writes a fleet model of SITES sites, the shape of reference
# system B (and of shared/bench/gen_fleet.py): per site 2 controllers, 8
# enclosures of 20 HDD + 2 log + 2 cache SSD, 2 pools of 38 two-way mirrors
# with 8 log, 8 cache and 4 spares, 16 shared filesystems per pool, 4
# clients and a round-robin mount group. 192 disks and 76 mirrors a site.
# usage: awk -v SITES=N -f tests/bench/fleet.awk > fleet.yaml
BEGIN {
	print "zplan: 1\nname: fleet\npolicy: {spares_per_pool: 4}"
	print "drive_types:\n  hdd14t: {media: hdd, size: 14TB, rpm: 7200, bus: sas}"
	print "  ssd200g: {media: ssd, size: 200GB, bus: sas}"
	print "  ssd7t: {media: ssd, size: 7.68TB, bus: sas}"
	print "controllers:"
	for (s = 0; s < SITES; s++)
		for (h = 0; h < 2; h++) {
			c = "s" s substr("ab", h + 1, 1)
			printf "  - id: %s\n    memory: 2304GB\n    peer: s%d%s\n    ports:\n", c, s, substr("ba", h + 1, 1)
			for (p = 0; p < 4; p++)
				printf "      - {id: p%d, speed: 200GbE, mtu: 9000, address: 10.%d.%d.%d/16}\n", p, int(s / 250), s % 250, (10 + h) * 10 + p
			print "      - {id: mgmt, role: management}"
		}
	print "enclosures:"
	for (s = 0; s < SITES; s++)
		for (e = 0; e < 8; e++)
			printf "  - {id: s%de%d, slots: 24, controllers: [s%da, s%db]}\n", s, e, s, s
	print "disks:"
	for (s = 0; s < SITES; s++)
		for (e = 0; e < 8; e++)
			for (sl = 0; sl < 24; sl++)
				printf "  - {id: s%de%d-%d, enclosure: s%de%d, slot: %d, type: %s, dev: /dev/disk/by-id/wwn-0x5000c5%010x}\n", s, e, sl, s, e, sl, (sl < 20 ? "hdd14t" : (sl < 22 ? "ssd200g" : "ssd7t")), s * 192 + e * 24 + sl
	print "pools:"
	for (s = 0; s < SITES; s++)
		for (h = 0; h < 2; h++) {
			printf "  - name: s%d%spool\n    controller: s%d%s\n    vdevs:\n", s, substr("ab", h + 1, 1), s, substr("ab", h + 1, 1)
			n = 0
			for (sl = h * 10; sl < h * 10 + 10; sl++)
				for (e = 0; e < 8; e++) {
					ee[n] = e; ss[n] = sl; n++
				}
			for (i = 0; i < 76; i += 2)
				printf "      - mirror: [s%de%d-%d, s%de%d-%d]\n", s, ee[i], ss[i], s, ee[i + 1], ss[i + 1]
			printf "    log: ["
			for (e = 0; e < 8; e++) printf "%ss%de%d-%d", (e ? ", " : ""), s, e, 20 + h
			printf "]\n    cache: ["
			for (e = 0; e < 8; e++) printf "%ss%de%d-%d", (e ? ", " : ""), s, e, 22 + h
			printf "]\n    spares: ["
			for (i = 76; i < 80; i++) printf "%ss%de%d-%d", (i > 76 ? ", " : ""), s, ee[i], ss[i]
			print "]"
		}
	print "filesystems:"
	for (s = 0; s < SITES; s++)
		for (h = 0; h < 2; h++)
			for (f = 0; f < 16; f++)
				printf "  - {name: s%d%spool/share%d, properties: {recordsize: 128K, logbias: latency}, share: nfs}\n", s, substr("ab", h + 1, 1), f
	print "clients:"
	for (s = 0; s < SITES; s++)
		for (k = 0; k < 4; k++)
			printf "  - id: s%dc%d\n    ports:\n      - {id: eth0, mtu: 9000, address: 10.%d.%d.%d/16}\n", s, k, int(s / 250), s % 250, 200 + k
	print "mounts:"
	for (s = 0; s < SITES; s++)
		printf "  - {strategy: round-robin, controllers: [s%da, s%db], clients: [s%dc0, s%dc1, s%dc2, s%dc3], options: {vers: 3, rsize: 1048576, wsize: 1048576}}\n", s, s, s, s, s, s
}
