/* Unit tests for src/emit.c's scalars: a string written as YAML reads back
 * through the loader's own YAML reader as the same string, in block and
 * flow context, and plain only where a reader cannot take it for a number,
 * boolean or null; sizes read back to the same bytes. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/emit.h"
#include "zplan/load.h"
#include "zplan/units.h"

static const char *const tricky[] = {
	"lz4", "hdd-14t", "/dev/disk/by-id/wwn-0x5000c500a1b2c3d4",
	"pool1/share 01", "128K", "10.1.1.10/24", "32-port 100GbE",
	"", " lead", "trail ", "3", "4.2", "-1", "+5", "1e5", "0x1F", "0o17",
	"1_000", "1:30", "2001-12-14", ".inf", "-.INF", ".NaN", ".5",
	"on", "Off", "YES", "no", "y", "N", "true", "False", "null", "Null",
	"~", "=", "<<", "---", "...", "a: b", "a:b", "a #b", "a#b", "a,b",
	"[x]", "{x}", "-x", "- x", "?x", "'q'", "say \"hi\"", "back\\slash",
	"tab\there", "new\nline", "cr\rret", "bell\a", "del\x7f",
	"&anchor", "*alias", "!tag", "|", ">", "%x", "@x", "`x",
	"caf\xc3\xa9", "nel\xc2\x85x", "c1\xc2\x9fx", "ls\xe2\x80\xa8x",
	"ps\xe2\x80\xa9x", "\xef\xbb\xbf" "bom", "non\xef\xbf\xbe",
	"emoji \xf0\x9f\x98\x80", "rw,no_root_squash", "/mnt/{pool}/{fs}",
	"fd00::1/64", NULL
};

/* The scalar value of "k: <s>" (flow: "- {k: <s>}") as the loader's YAML
 * reader gives it back. */
static char *roundtrip(const char *s, int flow, int *plain)
{
	char *buf = NULL, *val = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	struct zp_evsrc *src;
	struct zp_event ev;
	int scalars = 0;

	cr_assert_not_null(f);
	fputs(flow ? "- {k: " : "k: ", f);
	zp_yaml_str(f, s);
	fputs(flow ? ", z: 1}\n" : "\nz: 1\n", f);
	fclose(f);
	src = zp_yaml_open(NULL, buf, len);
	while (src->next(src, &ev) && ev.type != ZP_EV_END) {
		cr_assert_neq(ev.type, ZP_EV_ERROR, "\"%s\" as %s: %s", s,
		    buf, src->msg);
		if (ev.type == ZP_EV_SCALAR && ++scalars == 2) {
			val = strndup(ev.text, ev.len);
			*plain = ev.plain;
		}
	}
	cr_assert_eq(ev.type, ZP_EV_END, "\"%s\" as %s: %s", s, buf, src->msg);
	cr_assert_eq(scalars, 4, "\"%s\" as %s: %d scalars", s, buf, scalars);
	src->close(src);
	free(buf);
	return val;
}

Test(yaml, roundtrip)
{
	size_t i;
	int flow;

	for (i = 0; tricky[i]; i++)
		for (flow = 0; flow < 2; flow++) {
			int plain = 0;
			char *back = roundtrip(tricky[i], flow, &plain);

			cr_assert_str_eq(back, tricky[i], "\"%s\" read back "
			    "as \"%s\"", tricky[i], back);
			cr_assert_eq(plain, zp_yaml_plain(tricky[i]),
			    "\"%s\": plain %d", tricky[i], plain);
			free(back);
		}
}

Test(yaml, plain_where_safe)
{
	static const char *const yes[] = {
		"lz4", "hdd-14t", "128K", "10.1.1.10/24", "32-port 100GbE",
		"/dev/disk/by-vdev/encl1-0", "pool1/share01", "caf\xc3\xa9",
		"14TB", "solaris", NULL
	};
	static const char *const no[] = {
		"", "3", "4.2", "1e5", "0x1F", "on", "Off", "yes", "NO", "true",
		"null", "~", " a", "a ", "a: b", "a #b", "a,b", "[x]", "-x",
		"2001-12-14", ".inf", "1:30", "...", "nel\xc2\x85x", "a\tb",
		NULL
	};
	size_t i;

	for (i = 0; yes[i]; i++)
		cr_assert(zp_yaml_plain(yes[i]), "\"%s\" quoted", yes[i]);
	for (i = 0; no[i]; i++)
		cr_assert_not(zp_yaml_plain(no[i]), "\"%s\" plain", no[i]);
}

static void size_back(uint64_t bytes, const char *want)
{
	char buf[32];
	uint64_t back = 0;
	const char *why = NULL;

	zp_size_str(bytes, buf, sizeof(buf));
	if (want)
		cr_assert_str_eq(buf, want);
	cr_assert_eq(zp_parse_size(buf, &back, &why), 0, "\"%s\": %s", buf,
	    why ? why : "");
	cr_assert_eq(back, bytes, "%llu written as %s reads %llu",
	    (unsigned long long)bytes, buf, (unsigned long long)back);
}

Test(size, exact)
{
	uint64_t s = 1;
	int i;

	size_back(0, "0");
	size_back(14000000000000ULL, "14TB");
	size_back(3840000000000ULL, "3840GB");
	size_back(256ULL << 30, "256GiB");
	size_back(2ULL << 30, "2GiB");
	size_back(4097, "4097");
	size_back(4096, "4KiB");
	size_back(1000, "1KB");
	size_back(INT64_MAX, NULL);
	for (i = 0; i < 2000; i++) {
		s = s * 6364136223846793005ULL + 1442695040888963407ULL;
		size_back((s >> 1) >> (s % 60), NULL);
	}
}
