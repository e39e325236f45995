/* Unit tests for src/units.c: the scalar kinds of the model format. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "zplan/units.h"

#define KI	1024ULL
#define MI	(KI * KI)
#define GI	(MI * KI)
#define TI	(GI * KI)
#define PI	(TI * KI)

/* Parses s as a size; fails the test when it is refused. */
static uint64_t
size_of(const char *s)
{
	const char *why = NULL;
	uint64_t v = 0;

	cr_assert_eq(zp_parse_size(s, &v, &why), 0, "\"%s\" refused: %s", s,
	    why ? why : "(no reason)");
	return v;
}

/* Asserts s is refused with a message containing part. */
static void
size_bad(const char *s, const char *part)
{
	const char *why = NULL;
	uint64_t v = 12345;

	cr_assert_eq(zp_parse_size(s, &v, &why), -1, "\"%s\" accepted as %llu",
	    s, (unsigned long long)v);
	cr_assert_not_null(why, "\"%s\": no message", s);
	cr_assert_not_null(strstr(why, part), "\"%s\": message \"%s\" lacks "
	    "\"%s\"", s, why, part);
	cr_assert_eq(v, 12345, "\"%s\": output written on failure", s);
}

/* House style for every message: lowercase start, no full stop. */
static void
style_ok(const char *why)
{
	size_t n = strlen(why);

	cr_assert(n > 0);
	cr_assert(!(why[0] >= 'A' && why[0] <= 'Z'), "capital: %s", why);
	cr_assert_neq(why[n - 1], '.', "full stop: %s", why);
}

Test(size, bare_bytes)
{
	cr_assert_eq(size_of("0"), 0);
	cr_assert_eq(size_of("4096"), 4096);
	cr_assert_eq(size_of("512B"), 512);
	cr_assert_eq(size_of("512b"), 512);
	cr_assert_eq(size_of("512 B"), 512);
	cr_assert_eq(size_of("007"), 7);
}

Test(size, decimal_units)
{
	cr_assert_eq(size_of("1KB"), 1000ULL);
	cr_assert_eq(size_of("1MB"), 1000000ULL);
	cr_assert_eq(size_of("300GB"), 300000000000ULL);
	cr_assert_eq(size_of("14TB"), 14000000000000ULL);
	cr_assert_eq(size_of("2PB"), 2000000000000000ULL);
}

Test(size, binary_units)
{
	cr_assert_eq(size_of("1KiB"), KI);
	cr_assert_eq(size_of("1MiB"), MI);
	cr_assert_eq(size_of("256GiB"), 256 * GI);
	cr_assert_eq(size_of("3TiB"), 3 * TI);
	cr_assert_eq(size_of("2PiB"), 2 * PI);
}

Test(size, zfs_letters_are_binary)
{
	cr_assert_eq(size_of("16K"), 16 * KI);
	cr_assert_eq(size_of("1M"), MI);
	cr_assert_eq(size_of("4G"), 4 * GI);
	cr_assert_eq(size_of("2T"), 2 * TI);
	cr_assert_eq(size_of("1P"), PI);
}

Test(size, case_insensitive)
{
	cr_assert_eq(size_of("1kb"), 1000);
	cr_assert_eq(size_of("1Kb"), 1000);
	cr_assert_eq(size_of("1kB"), 1000);
	cr_assert_eq(size_of("1kib"), KI);
	cr_assert_eq(size_of("1KIB"), KI);
	cr_assert_eq(size_of("1kIb"), KI);
	cr_assert_eq(size_of("16k"), 16 * KI);
	cr_assert_eq(size_of("2gib"), 2 * GI);
	cr_assert_eq(size_of("2tb"), 2000000000000ULL);
}

Test(size, one_blank_before_unit)
{
	cr_assert_eq(size_of("300 GB"), 300000000000ULL);
	cr_assert_eq(size_of("1.5 KiB"), 1536);
	size_bad("300  GB", "blank");
	size_bad("300 ", "no unit");
	size_bad("300\tGB", "unknown size unit");
	size_bad(" 300GB", "digit");
	size_bad("300GB ", "unknown size unit");
}

Test(size, decimals_exact)
{
	cr_assert_eq(size_of("3.84TB"), 3840000000000ULL);
	cr_assert_eq(size_of("1.5KiB"), 1536);
	cr_assert_eq(size_of("0.5K"), 512);
	cr_assert_eq(size_of("1.2TB"), 1200000000000ULL);
	cr_assert_eq(size_of("0.1KB"), 100);
	cr_assert_eq(size_of("1.000GB"), 1000000000ULL);
	/* 0.1 is not exact in binary floating point: 0.1 * 10^15 must be. */
	cr_assert_eq(size_of("0.1PB"), 100000000000000ULL);
	cr_assert_eq(size_of("7.3PiB"), 8219069319951155ULL);
}

Test(size, fractional_bytes_round_down)
{
	cr_assert_eq(size_of("1.9999K"), 2047);		/* 2047.8976 */
	cr_assert_eq(size_of("0.0001K"), 0);		/* 0.1024 */
	cr_assert_eq(size_of("0.001KiB"), 1);		/* 1.024 */
	cr_assert_eq(size_of("1.0015KB"), 1001);	/* 1001.5 */
	/* Many digits: 2^50 - 1 bytes, not 2^50. */
	cr_assert_eq(size_of("0.99999999999999999999999999P"), PI - 1);
}

Test(size, limit_2_63)
{
	cr_assert_eq(size_of("9223372036854775807"), (uint64_t)INT64_MAX);
	size_bad("9223372036854775808", "too large");
	size_bad("18446744073709551616", "too large");
	size_bad("99999999999999999999999999", "too large");
	/* 8191 PiB + (2^50 - 1) bytes is exactly 2^63 - 1. */
	cr_assert_eq(size_of("8191.999999999999999999PiB"),
	    (uint64_t)INT64_MAX);
	cr_assert_eq(size_of("9223372036854775.807KB"), (uint64_t)INT64_MAX);
	size_bad("9223372036854775.808KB", "too large");
	cr_assert_eq(size_of("8191P"), 8191 * PI);
	size_bad("8192P", "too large");
	size_bad("8192PiB", "too large");
	size_bad("9999999PB", "too large");
	size_bad("9223.372036854775808PB", "too large");
	cr_assert_eq(size_of("9223.372036854775807PB"), (uint64_t)INT64_MAX);
}

Test(size, unknown_units)
{
	size_bad("8EiB", "unknown size unit");
	size_bad("1E", "unknown size unit");
	size_bad("1EB", "unknown size unit");
	size_bad("10XB", "unknown size unit");
	size_bad("10 bytes", "unknown size unit");
	size_bad("1KiBB", "unknown size unit");
	size_bad("1iB", "unknown size unit");
	size_bad("1Ki", "unknown size unit");
	size_bad("12x", "unknown size unit");
	size_bad("1.2.3GB", "unknown size unit");
	size_bad("1,5GB", "unknown size unit");
}

Test(size, junk_empty_negative)
{
	size_bad("", "empty");
	size_bad("-1", "negative");
	size_bad("-1GB", "negative");
	size_bad("GB", "digit");
	size_bad("+1GB", "digit");
	size_bad(".5K", "digit");
	size_bad("1.K", "decimal point");
	size_bad("1.5", "whole number");
	size_bad("1.5B", "whole number");
	size_bad("1.5 b", "whole number");
}

Test(size, messages_follow_house_style)
{
	static const char *const bad[] = {
		"", "-1", "x", "1.", "1 ", "1  K", "1Q", "1.5", "9999999PB",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *why = NULL;
		uint64_t v;

		cr_assert_eq(zp_parse_size(bad[i], &v, &why), -1);
		style_ok(why);
	}
}

Test(uint, accepts_up_to_max)
{
	const char *why = NULL;
	uint64_t v = 0;

	cr_assert_eq(zp_parse_uint("0", 10, &v, &why), 0);
	cr_assert_eq(v, 0);
	cr_assert_eq(zp_parse_uint("10", 10, &v, &why), 0);
	cr_assert_eq(v, 10);
	cr_assert_eq(zp_parse_uint("9000", 65535, &v, &why), 0);
	cr_assert_eq(v, 9000);
	cr_assert_eq(zp_parse_uint("18446744073709551615", UINT64_MAX, &v,
	    &why), 0);
	cr_assert_eq(v, UINT64_MAX);
}

Test(uint, refuses)
{
	static const struct { const char *s; uint64_t max; } bad[] = {
		{ "11", 10 }, { "1", 0 }, { "", 10 }, { "-1", 10 },
		{ "1.0", 10 }, { "1 ", 10 }, { " 1", 10 }, { "0x10", 100 },
		{ "18446744073709551616", UINT64_MAX }, { "abc", 10 },
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *why = NULL;
		uint64_t v = 7;

		cr_assert_eq(zp_parse_uint(bad[i].s, bad[i].max, &v, &why), -1,
		    "\"%s\" accepted", bad[i].s);
		cr_assert_eq(v, 7);
		style_ok(why);
	}
}

Test(bool, words)
{
	static const struct { const char *s; bool v; } ok[] = {
		{ "true", true }, { "TRUE", true }, { "yes", true },
		{ "Yes", true }, { "on", true }, { "ON", true },
		{ "false", false }, { "False", false }, { "no", false },
		{ "NO", false }, { "off", false }, { "Off", false },
	};

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		const char *why = NULL;
		bool v = !ok[i].v;

		cr_assert_eq(zp_parse_bool(ok[i].s, &v, &why), 0, "%s", ok[i].s);
		cr_assert_eq(v, ok[i].v, "%s", ok[i].s);
	}
}

Test(bool, refuses)
{
	static const char *const bad[] = {
		"", "1", "0", "y", "n", "tru", "truee", "o", "of", " on",
	};

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		const char *why = NULL;
		bool v;

		cr_assert_eq(zp_parse_bool(bad[i], &v, &why), -1, "\"%s\"",
		    bad[i]);
		style_ok(why);
		cr_assert_not_null(strstr(why, "true/false"));
	}
}

Test(id, valid)
{
	const char *why = NULL;
	char max[65];

	memset(max, 'a', 64);
	max[64] = '\0';
	cr_assert(zp_id_valid("zs3-2a", &why));
	cr_assert(zp_id_valid("tray1", &why));
	cr_assert(zp_id_valid("0", &why));
	cr_assert(zp_id_valid("a_b.c:d-e", &why));
	cr_assert(zp_id_valid(max, &why), "64 characters refused");
}

Test(id, invalid)
{
	static const char *const bad[] = {
		"", "-a", "_a", ".a", ":a", "a b", "a/b", "a@b", "caf\xc3\xa9",
	};
	char long_id[66];
	const char *why = NULL;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		cr_assert_not(zp_id_valid(bad[i], &why), "\"%s\"", bad[i]);
		style_ok(why);
	}
	memset(long_id, 'a', 65);
	long_id[65] = '\0';
	cr_assert_not(zp_id_valid(long_id, &why), "65 characters accepted");
	cr_assert_not_null(strstr(why, "64"));
}

static size_t
range_ok(const char *s, uint32_t max, struct zp_span *sp, size_t cap)
{
	const char *why = NULL;
	size_t n = 99;

	cr_assert_eq(zp_parse_range(s, max, sp, cap, &n, &why), 0,
	    "\"%s\" refused: %s", s, why ? why : "");
	return n;
}

static void
range_bad(const char *s, uint32_t max, size_t cap, const char *part)
{
	struct zp_span sp[8];
	const char *why = NULL;
	size_t n = 99;

	cr_assert_eq(zp_parse_range(s, max, sp, cap, &n, &why), -1,
	    "\"%s\" accepted", s);
	cr_assert_not_null(why);
	style_ok(why);
	cr_assert_not_null(strstr(why, part), "\"%s\": \"%s\" lacks \"%s\"",
	    s, why, part);
}

Test(range, single)
{
	struct zp_span sp[4];

	cr_assert_eq(range_ok("7", 23, sp, 4), 1);
	cr_assert_eq(sp[0].lo, 7);
	cr_assert_eq(sp[0].hi, 7);
	cr_assert_eq(range_ok("0", 0, sp, 4), 1);
	cr_assert_eq(sp[0].hi, 0);
}

Test(range, span)
{
	struct zp_span sp[4];

	cr_assert_eq(range_ok("0-23", 23, sp, 4), 1);
	cr_assert_eq(sp[0].lo, 0);
	cr_assert_eq(sp[0].hi, 23);
	cr_assert_eq(range_ok("5-5", 23, sp, 4), 1);
	cr_assert_eq(sp[0].lo, 5);
	cr_assert_eq(sp[0].hi, 5);
}

Test(range, list)
{
	struct zp_span sp[4];

	cr_assert_eq(range_ok("0-19,22,23", 23, sp, 4), 3);
	cr_assert_eq(sp[0].lo, 0);
	cr_assert_eq(sp[0].hi, 19);
	cr_assert_eq(sp[1].lo, 22);
	cr_assert_eq(sp[1].hi, 22);
	cr_assert_eq(sp[2].lo, 23);
	cr_assert_eq(sp[2].hi, 23);
	cr_assert_eq(range_ok("1 , 3-4,\t6", 23, sp, 4), 3);
	cr_assert_eq(sp[1].lo, 3);
	cr_assert_eq(sp[1].hi, 4);
	cr_assert_eq(sp[2].lo, 6);
}

Test(range, exactly_cap_spans)
{
	struct zp_span sp[3];

	cr_assert_eq(range_ok("1,3,5", 23, sp, 3), 3);
	cr_assert_eq(sp[2].lo, 5);
}

Test(range, refuses)
{
	range_bad("5-2", 23, 8, "reversed");
	range_bad("24", 23, 8, "larger than the last slot");
	range_bad("0-24", 23, 8, "larger than the last slot");
	range_bad("4294967296", UINT32_MAX, 8, "larger than the last slot");
	range_bad("1,3,5,7", 23, 3, "too many");
	range_bad("1", 23, 0, "too many");
	range_bad("", 23, 8, "empty");
	range_bad("  ", 23, 8, "empty");
	range_bad("a", 23, 8, "slot number");
	range_bad("-1", 23, 8, "slot number");
	range_bad("1-", 23, 8, "slot number");
	range_bad("1,", 23, 8, "slot number");
	range_bad(",1", 23, 8, "slot number");
	range_bad("1,,2", 23, 8, "slot number");
	range_bad("1-2-3", 23, 8, "unexpected");
	range_bad("1 2", 23, 8, "unexpected");
	range_bad("1;2", 23, 8, "unexpected");
	range_bad("0x1", 23, 8, "unexpected");
}

static struct zp_addr
addr_of(const char *s)
{
	struct zp_addr a;
	const char *why = NULL;

	memset(&a, 0xee, sizeof(a));
	cr_assert_eq(zp_parse_addr(s, &a, &why), 0, "\"%s\" refused: %s", s,
	    why ? why : "");
	return a;
}

static void
addr_bad(const char *s, const char *part)
{
	struct zp_addr a;
	const char *why = NULL;

	cr_assert_eq(zp_parse_addr(s, &a, &why), -1, "\"%s\" accepted", s);
	cr_assert_not_null(why);
	style_ok(why);
	cr_assert_not_null(strstr(why, part), "\"%s\": \"%s\" lacks \"%s\"",
	    s, why, part);
}

Test(addr, ipv4)
{
	static const uint8_t want[4] = { 10, 1, 1, 10 };
	struct zp_addr a = addr_of("10.1.1.10/24");

	cr_assert_eq(a.family, 4);
	cr_assert_eq(a.prefix, 24);
	cr_assert_arr_eq(a.bytes, want, 4);
	cr_assert_eq(addr_of("0.0.0.0/0").prefix, 0);
	cr_assert_eq(addr_of("192.168.1.1/32").prefix, 32);
	cr_assert_eq(addr_of("10.1.1.10/024").prefix, 24);
}

Test(addr, ipv6)
{
	static const uint8_t want[16] = { 0xfd, 0, 0, 0, 0, 0, 0, 0,
	    0, 0, 0, 0, 0, 0, 0, 1 };
	struct zp_addr a = addr_of("fd00::1/64");

	cr_assert_eq(a.family, 6);
	cr_assert_eq(a.prefix, 64);
	cr_assert_arr_eq(a.bytes, want, 16);
	cr_assert_eq(addr_of("::/0").prefix, 0);
	cr_assert_eq(addr_of("2001:db8::1/128").prefix, 128);
	cr_assert_eq(addr_of("::ffff:10.1.1.1/120").family, 6);
}

Test(addr, bad_prefix)
{
	addr_bad("10.1.1.10/33", "/0 to /32");
	addr_bad("10.1.1.10/-1", "/0 to /32");
	addr_bad("10.1.1.10/", "/0 to /32");
	addr_bad("10.1.1.10/24x", "/0 to /32");
	addr_bad("10.1.1.10/24 ", "/0 to /32");
	addr_bad("10.1.1.10/24/8", "/0 to /32");
	addr_bad("10.1.1.10/99999999999999999999", "/0 to /32");
	addr_bad("fd00::1/129", "/0 to /128");
	addr_bad("fd00::1/x", "/0 to /128");
}

Test(addr, missing_prefix)
{
	addr_bad("10.1.1.10", "without prefix");
	addr_bad("fd00::1", "without prefix");
}

Test(addr, junk)
{
	addr_bad("", "empty");
	addr_bad("/24", "not an IPv4 or IPv6");
	addr_bad("10.1.1/24", "not an IPv4 address");
	addr_bad("10.1.1.256/24", "not an IPv4 address");
	addr_bad("10.1.1.1.1/24", "not an IPv4 address");
	addr_bad(" 10.1.1.1/24", "not an IPv4 address");
	addr_bad("host.example/24", "not an IPv4 address");
	addr_bad("fd00::1::2/64", "not an IPv6 address");
	addr_bad("fd00:::1/64", "not an IPv6 address");
	addr_bad("gggg::1/64", "not an IPv6 address");
	addr_bad("fe80::1%eth0/64", "not an IPv6 address");
}

Test(addr, same_subnet)
{
	struct zp_addr a = addr_of("10.1.1.10/24");
	struct zp_addr b = addr_of("10.1.1.100/24");
	struct zp_addr c = addr_of("10.1.2.10/24");
	struct zp_addr d = addr_of("10.1.1.100/16");
	struct zp_addr e = addr_of("10.1.1.10/25");
	struct zp_addr f = addr_of("10.1.1.200/25");
	struct zp_addr g = addr_of("10.1.2.1/23");
	struct zp_addr h = addr_of("10.1.3.254/23");

	cr_assert(zp_addr_same_subnet(&a, &b));
	cr_assert(zp_addr_same_subnet(&b, &a));
	cr_assert(zp_addr_same_subnet(&a, &a));
	cr_assert_not(zp_addr_same_subnet(&a, &c), "different network");
	cr_assert_not(zp_addr_same_subnet(&a, &d), "different prefix");
	/* /25 splits at .128: .10 and .200 are apart. */
	cr_assert_not(zp_addr_same_subnet(&e, &f));
	cr_assert(zp_addr_same_subnet(&g, &h), "/23 spans 10.1.2-3");
}

Test(addr, same_subnet_v6_and_families)
{
	struct zp_addr a = addr_of("fd00:1::1/64");
	struct zp_addr b = addr_of("fd00:1::ffff:2/64");
	struct zp_addr c = addr_of("fd00:2::1/64");
	struct zp_addr d = addr_of("fd00:1::1/60");
	struct zp_addr e = addr_of("fd00:1::1/0");
	struct zp_addr f = addr_of("::1/0");
	struct zp_addr g = addr_of("10.0.0.1/0");
	struct zp_addr h = addr_of("::a00:1/0");

	cr_assert(zp_addr_same_subnet(&a, &b));
	cr_assert_not(zp_addr_same_subnet(&a, &c));
	cr_assert_not(zp_addr_same_subnet(&a, &d));
	cr_assert(zp_addr_same_subnet(&e, &f), "/0 holds every address");
	cr_assert_not(zp_addr_same_subnet(&g, &h), "different family");
	cr_assert_not(zp_addr_same_subnet(&h, &g), "different family");
}

static void
subnet_is(const char *in, const char *want)
{
	struct zp_addr a = addr_of(in);
	char buf[64];

	memset(buf, 'x', sizeof(buf));
	zp_addr_subnet_str(&a, buf, sizeof(buf));
	cr_assert_str_eq(buf, want, "%s", in);
}

Test(addr, subnet_str)
{
	subnet_is("10.1.1.10/24", "10.1.1.0/24");
	subnet_is("10.1.1.200/25", "10.1.1.128/25");
	subnet_is("10.1.1.10/32", "10.1.1.10/32");
	subnet_is("10.1.1.10/0", "0.0.0.0/0");
	subnet_is("172.16.200.7/12", "172.16.0.0/12");
	subnet_is("10.1.3.7/23", "10.1.2.0/23");
	subnet_is("10.1.1.7/31", "10.1.1.6/31");
	subnet_is("fd00::1/64", "fd00::/64");
	subnet_is("2001:db8:1234:5678::1/52", "2001:db8:1234:5000::/52");
	subnet_is("fd00::1/128", "fd00::1/128");
	subnet_is("fd00::1/0", "::/0");
}

static void
fmt_is(uint64_t bytes, bool dec, const char *want)
{
	char buf[32];

	memset(buf, 'x', sizeof(buf));
	zp_fmt_size(bytes, dec, buf, sizeof(buf));
	cr_assert_str_eq(buf, want, "%llu bytes (%s)",
	    (unsigned long long)bytes, dec ? "dec" : "bin");
}

Test(fmt, examples)
{
	fmt_is(300000000000ULL, true, "300 GB");
	fmt_is(300000000000ULL, false, "279.4 GiB");
	fmt_is(3840000000000ULL, true, "3.8 TB");
	fmt_is(3840000000000ULL, false, "3.5 TiB");
	fmt_is(256 * GI, false, "256 GiB");
	fmt_is(16 * KI, false, "16.0 KiB");
}

Test(fmt, bytes)
{
	fmt_is(0, true, "0 B");
	fmt_is(0, false, "0 B");
	fmt_is(999, true, "999 B");
	fmt_is(1023, false, "1023 B");
	fmt_is(1000, true, "1.0 KB");
	fmt_is(1024, false, "1.0 KiB");
}

Test(fmt, every_unit)
{
	fmt_is(1500ULL, true, "1.5 KB");
	fmt_is(1500000ULL, true, "1.5 MB");
	fmt_is(1500000000ULL, true, "1.5 GB");
	fmt_is(1500000000000ULL, true, "1.5 TB");
	fmt_is(1500000000000000ULL, true, "1.5 PB");
	fmt_is(KI + KI / 2, false, "1.5 KiB");
	fmt_is(MI + MI / 2, false, "1.5 MiB");
	fmt_is(GI + GI / 2, false, "1.5 GiB");
	fmt_is(TI + TI / 2, false, "1.5 TiB");
	fmt_is(PI + PI / 2, false, "1.5 PiB");
}

Test(fmt, one_decimal_below_100)
{
	fmt_is(99400000000ULL, true, "99.4 GB");
	fmt_is(99940000000ULL, true, "99.9 GB");
	fmt_is(20 * GI, false, "20.0 GiB");
	fmt_is(1049ULL, true, "1.0 KB");
	fmt_is(1050ULL, true, "1.1 KB");		/* rounds half up */
}

Test(fmt, whole_figures_from_100_drop_the_decimal)
{
	fmt_is(100000000000ULL, true, "100 GB");
	fmt_is(99950000000ULL, true, "100 GB");		/* 99.95 -> 100 */
	fmt_is(123040000000ULL, true, "123 GB");
	fmt_is(123456000000ULL, true, "123.5 GB");
	fmt_is(123450000000ULL, true, "123.5 GB");	/* rounds half up */
	fmt_is(123449999999ULL, true, "123.4 GB");
}

Test(fmt, rounding_up_moves_to_next_unit)
{
	fmt_is(999940000000ULL, true, "999.9 GB");
	fmt_is(999950000000ULL, true, "1.0 TB");
	fmt_is(1023 * GI + GI / 2, false, "1023.5 GiB");
	fmt_is(1024 * GI - GI / 20, false, "1.0 TiB");	/* 1023.95 */
	fmt_is(1023 * GI, false, "1023 GiB");
	fmt_is(999999ULL, true, "1.0 MB");
}

Test(fmt, stays_in_pb)
{
	fmt_is(1000 * 1000000000000000ULL, true, "1000 PB");
	fmt_is((uint64_t)INT64_MAX, true, "9223.4 PB");
	fmt_is((uint64_t)INT64_MAX, false, "8192 PiB");
	fmt_is(UINT64_MAX, false, "16384 PiB");
}

Test(fmt, small_buffer_truncates)
{
	char buf[4];

	zp_fmt_size(300000000000ULL, true, buf, sizeof(buf));
	cr_assert_str_eq(buf, "300");
}
