# doc_match.awk EXPECTED ACTUAL: exit 0 when ACTUAL has the lines of
# EXPECTED in order, where a line "..." in EXPECTED matches any run of
# lines (none included).
function m(i, j,    k) {
	while (i <= ne && e[i] != "...") {
		if (j > na || e[i] != a[j])
			return 0
		i++
		j++
	}
	if (i > ne)
		return j > na
	i++
	if (i > ne)
		return 1
	for (k = j; k <= na + 1; k++)
		if (m(i, k))
			return 1
	return 0
}
FNR == NR { e[++ne] = $0; next }
{ a[++na] = $0 }
END { exit m(1, 1) ? 0 : 1 }
