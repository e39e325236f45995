/* units: parsers and formatters for the scalar kinds of the model format.
 * Everything is exact integer arithmetic: a size written as "3.84TB" must
 * come out as 3840000000000 bytes on every platform, which a double cannot
 * promise. */
#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>

#include "zplan/units.h"

#define SIZE_MAX_BYTES	((uint64_t)INT64_MAX)
#define ID_MAX_LEN	64

static void
set_why(const char **why, const char *msg)
{
	if (why != NULL)
		*why = msg;
}

static int
is_digit(int c)
{
	return (c >= '0' && c <= '9');
}

static int
to_lower(int c)
{
	return ((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
}

static int
streq_nocase(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++)
		if (to_lower((unsigned char)*a) != to_lower((unsigned char)*b))
			return 0;
	return (*a == '\0' && *b == '\0');
}

/*
 * Reads a run of decimal digits into *v, stopping at the first non-digit.
 * Returns the number of digits, or -1 when the value exceeds limit (the
 * digits are still consumed, so *end is meaningful either way).
 */
static int
read_digits(const char *s, uint64_t limit, uint64_t *v, const char **end)
{
	uint64_t x = 0;
	int n = 0, over = 0;

	for (; is_digit((unsigned char)s[n]); n++) {
		unsigned d = (unsigned)(s[n] - '0');

		if (!over && (x > limit / 10 ||
		    (x == limit / 10 && d > limit % 10)))
			over = 1;
		if (!over)
			x = x * 10 + d;
	}
	*end = s + n;
	*v = x;
	return over ? -1 : n;
}

/* Multiplier of a size suffix, or 0 when the suffix is unknown. */
static uint64_t
unit_mult(const char *u)
{
	static const char letters[] = "kmgtp";
	const char *p;
	uint64_t dec = 1000, bin = 1024;
	size_t len = strlen(u);

	if (len == 0 || streq_nocase(u, "b"))
		return 1;
	if (len > 3 || (p = strchr(letters, to_lower((unsigned char)u[0]))) ==
	    NULL)
		return 0;
	for (long i = 0; i < p - letters; i++) {
		dec *= 1000;
		bin *= 1024;
	}
	if (len == 1)
		return bin;			/* K M G T P, as zfs(8) */
	if (len == 2 && to_lower((unsigned char)u[1]) == 'b')
		return dec;			/* KB .. PB, as drive vendors */
	if (len == 3 && to_lower((unsigned char)u[1]) == 'i' &&
	    to_lower((unsigned char)u[2]) == 'b')
		return bin;			/* KiB .. PiB */
	return 0;
}

static const char msg_too_large[] =
    "size too large; the largest is 2^63-1 bytes (about 8 EiB)";

int
zp_parse_size(const char *s, uint64_t *out, const char **why)
{
	const char *p, *frac = NULL, *unit;
	uint64_t whole, mult, fpart = 0;
	size_t nfrac = 0;
	int n;

	if (s == NULL || *s == '\0') {
		set_why(why, "empty size; write bytes (4096) or a number with "
		    "a unit (300GB, 256GiB, 16K)");
		return -1;
	}
	if (*s == '-') {
		set_why(why, "negative size; a size is 0 or more bytes");
		return -1;
	}
	if (!is_digit((unsigned char)*s)) {
		set_why(why, "size must start with a digit, as in 4096, "
		    "300GB, 3.84TB or 16K");
		return -1;
	}
	n = read_digits(s, SIZE_MAX_BYTES, &whole, &p);
	if (n < 0) {
		set_why(why, msg_too_large);
		return -1;
	}
	if (*p == '.') {
		frac = ++p;
		while (is_digit((unsigned char)*p))
			p++;
		nfrac = (size_t)(p - frac);
		if (nfrac == 0) {
			set_why(why, "decimal point without digits after it; "
			    "write e.g. 1.5TB");
			return -1;
		}
	}
	unit = (*p == ' ') ? p + 1 : p;
	if (*unit == '\0' && unit != p) {
		set_why(why, "blank after the number but no unit; "
		    "write e.g. 300GB or 300 GB");
		return -1;
	}
	if ((mult = unit_mult(unit)) == 0) {
		set_why(why, *unit == ' ' ?
		    "more than one blank between number and unit; write e.g. "
		    "300GB or 300 GB" : "unknown size unit; "
		    "use B, KB, MB, GB, TB, PB (powers of 1000), KiB, MiB, "
		    "GiB, TiB, PiB or K, M, G, T, P (powers of 1024)");
		return -1;
	}
	if (frac != NULL && mult == 1) {
		set_why(why, "a size in bytes must be a whole number; give a "
		    "unit for decimals, as in 1.5GB");
		return -1;
	}
	if (whole > SIZE_MAX_BYTES / mult) {
		set_why(why, msg_too_large);
		return -1;
	}
	/*
	 * floor(mult * 0.d1d2...dn), by Horner's rule from the last digit:
	 * x = (d * mult + x) / 10. As floor(floor(y) / 10) == floor(y / 10)
	 * and d * mult is whole, truncating at each step still gives the
	 * exact floor; no intermediate exceeds 10 * mult (< 2^54).
	 */
	while (nfrac > 0) {
		nfrac--;
		fpart = ((uint64_t)(frac[nfrac] - '0') * mult + fpart) / 10;
	}
	if (whole * mult > SIZE_MAX_BYTES - fpart) {
		set_why(why, msg_too_large);
		return -1;
	}
	*out = whole * mult + fpart;
	return 0;
}

int
zp_parse_uint(const char *s, uint64_t max, uint64_t *out, const char **why)
{
	const char *end;
	uint64_t v;

	if (s == NULL || *s == '\0') {
		set_why(why, "empty number; write a whole number such as 12");
		return -1;
	}
	if (*s == '-') {
		set_why(why, "negative number; only 0 or more is accepted");
		return -1;
	}
	if (read_digits(s, max, &v, &end) < 0) {
		set_why(why, "number too large for this setting");
		return -1;
	}
	if (end == s || *end != '\0') {
		set_why(why, "not a whole number; use digits 0-9 only, "
		    "as in 12");
		return -1;
	}
	*out = v;
	return 0;
}

int
zp_parse_bool(const char *s, bool *out, const char **why)
{
	static const char *const yes[] = { "true", "yes", "on" };
	static const char *const no[] = { "false", "no", "off" };

	for (size_t i = 0; s != NULL && i < sizeof(yes) / sizeof(yes[0]); i++) {
		if (streq_nocase(s, yes[i])) {
			*out = true;
			return 0;
		}
		if (streq_nocase(s, no[i])) {
			*out = false;
			return 0;
		}
	}
	set_why(why, "not a boolean; use true/false, yes/no or on/off");
	return -1;
}

static int
id_char(int c, int first)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c))
		return 1;
	return !first && (c == '_' || c == '.' || c == ':' || c == '-');
}

bool
zp_id_valid(const char *s, const char **why)
{
	size_t i;

	if (s == NULL || *s == '\0') {
		set_why(why, "empty id; an id is 1 to 64 letters, digits, "
		    "'_', '.', ':' or '-'");
		return false;
	}
	if (!id_char((unsigned char)s[0], 1)) {
		set_why(why, "id must begin with a letter or digit");
		return false;
	}
	for (i = 1; s[i] != '\0'; i++) {
		if (!id_char((unsigned char)s[i], 0)) {
			set_why(why, "invalid character in id; use letters, "
			    "digits, '_', '.', ':' or '-'");
			return false;
		}
	}
	if (i > ID_MAX_LEN) {
		set_why(why, "id too long; at most 64 characters");
		return false;
	}
	return true;
}

static const char *
skip_blanks(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* One slot number at *pp; advances *pp past it. */
static int
range_number(const char **pp, uint32_t max, uint32_t *v, const char **why)
{
	uint64_t x;
	const char *end;
	int n;

	n = read_digits(*pp, max, &x, &end);
	if (n == 0) {
		set_why(why, "expected a slot number; write slots as 0-23 or "
		    "0-19,22,23");
		return -1;
	}
	if (n < 0) {
		set_why(why, "slot number larger than the last slot");
		return -1;
	}
	*pp = end;
	*v = (uint32_t)x;
	return 0;
}

int
zp_parse_range(const char *s, uint32_t max, struct zp_span *spans,
    size_t cap, size_t *n, const char **why)
{
	const char *p = s;
	size_t k = 0;

	*n = 0;
	if (s == NULL || *skip_blanks(s) == '\0') {
		set_why(why, "empty slot range; write slots as 0-23 or "
		    "0-19,22,23");
		return -1;
	}
	for (;;) {
		struct zp_span sp;

		p = skip_blanks(p);
		if (range_number(&p, max, &sp.lo, why) != 0)
			return -1;
		sp.hi = sp.lo;
		if (*p == '-') {
			p++;
			if (range_number(&p, max, &sp.hi, why) != 0)
				return -1;
			if (sp.hi < sp.lo) {
				set_why(why, "reversed slot span; write the "
				    "lower slot first, as in 2-5");
				return -1;
			}
		}
		if (k == cap) {
			set_why(why, "too many spans in slot range; merge "
			    "adjacent slots into spans such as 0-23");
			return -1;
		}
		spans[k++] = sp;
		p = skip_blanks(p);
		if (*p == '\0')
			break;
		if (*p != ',') {
			set_why(why, "unexpected character in slot range; "
			    "write slots as 0-23 or 0-19,22,23");
			return -1;
		}
		p++;
	}
	*n = k;
	return 0;
}

int
zp_parse_addr(const char *s, struct zp_addr *a, const char **why)
{
	char host[INET6_ADDRSTRLEN];
	const char *slash, *p;
	struct zp_addr r;
	uint64_t prefix;
	size_t hlen;
	int af;

	memset(&r, 0, sizeof(r));
	if (s == NULL || *s == '\0') {
		set_why(why, "empty address; write an address with prefix "
		    "length, as in 10.1.1.10/24 or fd00::1/64");
		return -1;
	}
	if ((slash = strchr(s, '/')) == NULL) {
		set_why(why, "address without prefix length; add one, as in "
		    "10.1.1.10/24 or fd00::1/64");
		return -1;
	}
	hlen = (size_t)(slash - s);
	if (hlen == 0 || hlen >= sizeof(host)) {
		set_why(why, "not an IPv4 or IPv6 address; write e.g. "
		    "10.1.1.10/24 or fd00::1/64");
		return -1;
	}
	memcpy(host, s, hlen);
	host[hlen] = '\0';
	/* Only IPv6 has colons; this picks the family and the prefix bound. */
	af = memchr(host, ':', hlen) != NULL ? AF_INET6 : AF_INET;
	if (inet_pton(af, host, r.bytes) != 1) {
		set_why(why, af == AF_INET ?
		    "not an IPv4 address; write four numbers 0-255 joined by "
		    "dots, as in 10.1.1.10/24" :
		    "not an IPv6 address; write e.g. fd00::1/64");
		return -1;
	}
	r.family = af == AF_INET ? 4 : 6;
	if (read_digits(slash + 1, r.family == 4 ? 32 : 128, &prefix, &p) <= 0 ||
	    *p != '\0') {
		set_why(why, r.family == 4 ?
		    "bad prefix length; IPv4 takes /0 to /32, as in "
		    "10.1.1.10/24" :
		    "bad prefix length; IPv6 takes /0 to /128, as in "
		    "fd00::1/64");
		return -1;
	}
	r.prefix = (uint8_t)prefix;
	*a = r;
	return 0;
}

/* The address with every bit past the prefix cleared. */
static void
network_of(const struct zp_addr *a, uint8_t net[16])
{
	size_t nbytes = a->family == 4 ? 4 : 16;

	memset(net, 0, 16);
	for (size_t i = 0; i < nbytes; i++) {
		unsigned bits = a->prefix > i * 8 ? a->prefix - i * 8 : 0;

		if (bits >= 8)
			net[i] = a->bytes[i];
		else if (bits > 0)
			net[i] = a->bytes[i] & (uint8_t)(0xff << (8 - bits));
	}
}

bool
zp_addr_same_subnet(const struct zp_addr *a, const struct zp_addr *b)
{
	uint8_t na[16], nb[16];

	if (a->family != b->family || a->prefix != b->prefix)
		return false;
	network_of(a, na);
	network_of(b, nb);
	return memcmp(na, nb, sizeof(na)) == 0;
}

/* "host/prefix" of the address bytes of a's family. */
static void
addr_fmt(const struct zp_addr *a, const uint8_t *bytes, char *buf, size_t len)
{
	char host[INET6_ADDRSTRLEN];

	if (len == 0)
		return;
	if (inet_ntop(a->family == 4 ? AF_INET : AF_INET6, bytes, host,
	    sizeof(host)) == NULL)
		host[0] = '\0';
	snprintf(buf, len, "%s/%u", host, (unsigned)a->prefix);
}

void
zp_addr_str(const struct zp_addr *a, char *buf, size_t len)
{
	addr_fmt(a, a->bytes, buf, len);
}

void
zp_addr_subnet_str(const struct zp_addr *a, char *buf, size_t len)
{
	uint8_t net[16];

	network_of(a, net);
	addr_fmt(a, net, buf, len);
}

/* bytes / unit rounded half up, without overflow. */
static uint64_t
div_round(uint64_t bytes, uint64_t unit)
{
	return bytes / unit + (bytes % unit >= unit - bytes % unit ? 1 : 0);
}

/*
 * The header asks for one decimal below 100 of the unit and gives both
 * "300 GB" and "279.4 GiB" as examples; to honour all three, a figure of
 * 100 or more keeps its decimal unless it rounds to a whole number.
 */
void
zp_fmt_size(uint64_t bytes, bool dec, char *buf, size_t len)
{
	static const char *const dnames[] = { "B", "KB", "MB", "GB", "TB", "PB" };
	static const char *const bnames[] = { "B", "KiB", "MiB", "GiB", "TiB",
	    "PiB" };
	const char *const *names = dec ? dnames : bnames;
	const uint64_t base = dec ? 1000 : 1024;
	const int last = 5;
	uint64_t unit = 1, tenths;
	int i = 0;

	if (len == 0)
		return;
	/* The largest unit the value reaches. */
	while (i < last && bytes / unit >= base) {
		unit *= base;
		i++;
	}
	if (i == 0) {
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
		return;
	}
	/*
	 * Tenths of the unit, rounded half up; r * 10 < 10 * 2^50 and the
	 * quotient is below 2^14 even for 2^64 - 1 bytes in PiB.
	 */
	tenths = bytes / unit * 10 + div_round(bytes % unit * 10, unit);
	/* 999.96 GB would print "1000.0 GB": say "1.0 TB" instead. */
	if (tenths >= base * 10 && i < last) {
		unit *= base;
		i++;
		tenths = bytes / unit * 10 + div_round(bytes % unit * 10, unit);
	}
	if (tenths < 1000 || tenths % 10 != 0)
		snprintf(buf, len, "%llu.%llu %s",
		    (unsigned long long)(tenths / 10),
		    (unsigned long long)(tenths % 10), names[i]);
	else
		snprintf(buf, len, "%llu %s",
		    (unsigned long long)(tenths / 10), names[i]);
}
