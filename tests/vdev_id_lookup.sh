# tests/vdev_id_lookup.sh: sourced. vdevid_name CONF PCI PHY BAY DM LINKS
# prints the /dev/disk/by-vdev/ name that OpenZFS's udev helper vdev_id
# gives a disk under CONF (nothing when it gives none). A stand-in written
# for these tests from the documented lookup (vdev_id.conf(5) and what
# udev/vdev_id reads), not a copy of it; OpenZFS's own script is not
# packaged where the tests run. The disk: PCI, the HBA's address as
# lspci -D prints it (or - when it is on no HBA), PHY the HBA phy it hangs
# off, BAY its bay_identifier, DM 1 when it is a device-mapper multipath
# device (PCI and PHY then of the path vdev_id picks), LINKS its udev links
# separated by blanks.
#
# The lookup, in vdev_id's order:
# 1. an `alias NAME LINK` line whose LINK is one of the links, whole or
#    its base name (the first link, then the first such line, wins);
# 2. else, for topology sas_direct (the default): in multipath mode
#    (`multipath yes`) only a DM device is named; the port is PHY divided
#    by phys_per_port (default 4); every `channel` line whose PCI equals
#    the address without its domain and whose port equals it contributes
#    its name (two matches make an unusable name); the slot is BAY when
#    the first `slot` line says `bay` (the default), renumbered by the
#    first `slot BAY MAPPED [CHANNEL]` line for that channel or for none;
#    the name is channel and slot, the slot zero-padded to zpad_slot.
vdevid_name() {
	awk -v pci="$2" -v phy="$3" -v bay="$4" -v dm="$5" -v links="$6" '
	{ line[NR] = $0; nf[NR] = NF; for (i = 1; i <= NF; i++) w[NR, i] = $i }
	END {
		nl = split(links, L, " ")
		for (k = 1; k <= nl; k++) {
			b = L[k]; sub(/.*\//, "", b)
			for (r = 1; r <= NR; r++)
				if (w[r, 1] == "alias" && (w[r, 3] == L[k] || w[r, 3] == b)) {
					print w[r, 2]; exit 0
				}
		}
		topo = "sas_direct"; ppp = 4; mp = ""; slotkind = ""; zpad = ""
		for (r = NR; r >= 1; r--) {
			if (w[r, 1] == "topology") topo = w[r, 2]
			if (w[r, 1] == "phys_per_port") ppp = w[r, 2]
			if (w[r, 1] == "multipath") mp = w[r, 2]
			if (w[r, 1] == "slot") slotkind = w[r, 2]
			if (w[r, 1] == "zpad_slot") zpad = w[r, 2]
		}
		if (slotkind == "") slotkind = "bay"
		if (topo != "sas_direct" || pci == "-") exit 0
		if (mp == "yes" && dm != 1) exit 0
		n = split(pci, P, ":")
		key = P[2] ":" P[3]
		port = int(phy / ppp)
		chan = ""; hits = 0
		for (r = 1; r <= NR; r++)
			if (w[r, 1] == "channel" && w[r, 2] == key && w[r, 3] == port) {
				chan = chan w[r, 4]; hits++
			}
		if (hits != 1 || slotkind != "bay") {
			if (hits > 1) print "(ambiguous)"
			exit 0
		}
		slot = bay
		for (r = 1; r <= NR; r++)
			if (w[r, 1] == "slot" && w[r, 2] == bay &&
			    (nf[r] < 4 || w[r, 4] == chan)) {
				slot = w[r, 3]; break
			}
		printf "%s%0" zpad "d\n", chan, slot
	}' "$1"
}
