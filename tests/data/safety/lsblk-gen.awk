# Writes N hostile lsblk --json -b documents, one per line, from SEED:
# strings made of pieces that break YAML, comments and terminals (C0 and
# C1 controls, U+2028, U+2029, bidirectional controls, quotes, flow
# indicators, YAML words), odd sizes and sector sizes. awk -v N= -v SEED=
function pick(a, n) { return a[int(rand() * n) + 1] }
function str(    s, k, i) {
	k = int(rand() * 5)
	s = ""
	for (i = 0; i < k; i++)
		s = s pick(P, np) pick(W, nw)
	return "\"" s "\""
}
BEGIN {
	srand(SEED)
	np = split("\\u0085|\\u2028|\\u2029|\\u001b[2J|\\n|\\r|\\t|\\u0007|\\u007f|\\u009b|\\u202e|\\u2066|\\u200f|#|: | #|'|\\\"|\\\\|{|}|[|]|,|- |&a|*a|!t|%|@|`|yes|null|~|?|>|=| |é|\\u00a0|\\ufeff|/|..|$(id)", P, "|")
	nw = split("a|SN0|x y|0x5000c500a1b2c3d4|1|sata|nvme|0:0:0:0|-|_", W, "|")
	nz = split("0|1|4|1436|67108864|76562944|300000000000|4000787030016|9223372036854775807|18446744073709551615", Z, "|")
	ns = split("512|4096|513|2048|8192|0|null|\"4096\"", S, "|")
	nr = split("true|false|null|\"1\"|0", R, "|")
	for (d = 0; d < N; d++) {
		n = int(rand() * 4) + 1
		line = "{\"blockdevices\": ["
		for (j = 0; j < n; j++) {
			name = "sd" substr("abcdefgh", j + 1, 1)
			if (rand() < 0.2)
				name = "nvme" j "n1"
			line = line (j ? ", " : "") "{\"name\": \"" name "\", \"type\": \"disk\", " \
			    "\"size\": " pick(Z, nz) ", \"rota\": " pick(R, nr) ", " \
			    "\"model\": " str() ", \"serial\": " str() ", \"wwn\": " \
			    (rand() < 0.5 ? "null" : str()) ", \"tran\": " str() ", " \
			    "\"hctl\": " str() ", \"log-sec\": " pick(S, ns) ", " \
			    "\"mountpoint\": null}"
		}
		print line "]}"
	}
}
