/* units: owns the scalar kinds of the model format (sizes, slot ranges, ids,
 * addresses, integers, booleans); pure functions, no allocation. */
#ifndef ZPLAN_UNITS_H
#define ZPLAN_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Each parser returns 0 on success; on failure -1 with *why set to a static,
 * lowercase message without a full stop ("unknown unit \"XB\"; use KB, MB,
 * GB, TB, PB, KiB ... or K, M, G, T, P"). */

/* A size: "300GB", "3.84TB", "256GiB", "16K", "4096"; KB..PB are powers of
 * 1000, KiB..PiB and bare K M G T P powers of 1024, suffix case-insensitive,
 * optional blank between number and unit, decimals only with a unit, rounded
 * down to a whole byte, exact (no floating point); negative, empty, unknown
 * unit or > 2^63-1 is an error. */
int zp_parse_size(const char *s, uint64_t *out, const char **why);

/* A plain non-negative decimal integer no larger than max. */
int zp_parse_uint(const char *s, uint64_t max, uint64_t *out, const char **why);

/* true/false, yes/no, on/off (case-insensitive). */
int zp_parse_bool(const char *s, bool *out, const char **why);

/* An id: [A-Za-z0-9][A-Za-z0-9_.:-]*, at most 64 characters. */
bool zp_id_valid(const char *s, const char **why);

/* A slot range "0-23" or "0-19,22,23": inclusive spans, each number
 * <= max. Spans are written to spans[0..*n) (at most cap); an input needing
 * more than cap spans, a reversed span (5-2) or junk is an error. */
struct zp_span { uint32_t lo, hi; };
int zp_parse_range(const char *s, uint32_t max, struct zp_span *spans,
    size_t cap, size_t *n, const char **why);

/* An address with prefix length, "10.1.1.10/24" or "fd00::1/64". */
struct zp_addr {
	uint8_t family; /* 4 or 6 */
	uint8_t prefix; /* 0..32 or 0..128 */
	uint8_t bytes[16];
};
int zp_parse_addr(const char *s, struct zp_addr *a, const char **why);
/* Same family, same prefix length, same network part. */
bool zp_addr_same_subnet(const struct zp_addr *a, const struct zp_addr *b);
/* "10.1.1.10/24" as written (normalised) into buf (at least 64 bytes). */
void zp_addr_str(const struct zp_addr *a, char *buf, size_t len);
/* "10.1.1.0/24" into buf (at least 64 bytes). */
void zp_addr_subnet_str(const struct zp_addr *a, char *buf, size_t len);

/* Formats bytes as "300 GB" / "279.4 GiB" style figures for messages:
 * decimal units when dec, binary otherwise, 1 decimal place when below 100. */
void zp_fmt_size(uint64_t bytes, bool dec, char *buf, size_t len);

#endif
