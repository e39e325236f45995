# zpool status -j (nested, OpenZFS 2.3) of every pool of an explicit model
# (zplan plan --format json), all ONLINE, as built: the input of zplan
# diff's cost guard (tests/t_diff.sh). Data vdevs mirrors, raidz or
# disks; log, cache and spare devices single disks.
def leaf($d; $cls; $st): ($d | split("/") | last) as $n |
	{($n): {name: $n, vdev_type: "disk", path: ($d + "-part1"),
		class: $cls, state: $st}};
(.disks | map({(.id): .dev}) | add) as $dev |
{output_version: {command: "zpool status", vers_major: 0, vers_minor: 1},
 pools: (.pools | map({(.name): {name, state: "ONLINE",
	vdevs: {(.name): {name, vdev_type: "root", class: "normal",
		state: "ONLINE", vdevs: ([.vdevs | to_entries[] |
			(.value | keys[0]) as $k | .key as $i |
			if $k == "disk" then leaf($dev[.value.disk]; "normal"; "ONLINE")
			else {("\($k)-\($i)"): {name: "\($k)-\($i)",
				vdev_type: (if $k == "mirror" then "mirror" else "raidz" end),
				class: "normal", state: "ONLINE",
				vdevs: ([.value[$k][] | leaf($dev[.]; "normal"; "ONLINE")] | add)}}
			end] | add)}},
	logs: ([.log[]? | strings | leaf($dev[.]; "log"; "ONLINE")] | add),
	l2cache: ([.cache[]? | leaf($dev[.]; "l2cache"; "ONLINE")] | add),
	spares: ([.spares[]? | leaf($dev[.]; "spare"; "AVAIL")] | add)}}) | add)}
