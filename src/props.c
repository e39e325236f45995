/* props: the catalogue of src/props.def as tables, its hashed lookups, and
 * the check of one property name and value (include/zplan/props.h). The
 * value rules follow OpenZFS 2.4's libzfs: zfs_valid_proplist,
 * zpool_valid_proplist and zprop_parse_value. */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "zplan/htab.h"
#include "zplan/props.h"
#include "zplan/text.h"
#include "zplan/units.h"

#define R(a, b, c) ZP_REL(a, b, c)
#define MIB ((uint64_t)1 << 20)
#define MAXPROPLEN 4096         /* ZFS_MAXPROPLEN: a native string value */
#define MAXNAMELEN 256          /* ZAP_MAXNAMELEN: a user property name */
#define MAXVALUELEN 8192        /* ZAP_MAXVALUELEN: a user property value */

/* the value tables */
#define ZP_VTAB(id) static const struct zp_prop_val vt_##id[] = {
#define ZP_VAL(s, rel) { s, rel },
#define ZP_VEND { NULL, 0 } };
#define ZP_PROP(...)
#define ZP_FEATURE(...)
#define ZP_COMPAT(...)
#define ZP_NEEDS(...)
#include "props.def"
#undef ZP_VTAB
#undef ZP_VAL
#undef ZP_VEND
#undef ZP_PROP
#undef ZP_FEATURE
#undef ZP_COMPAT

#define vt_none NULL
#define ZP_VTAB(id)
#define ZP_VAL(s, rel)
#define ZP_VEND
#define ZP_FEATURE(...)
#define ZP_COMPAT(...)
#define ZP_PROP(sp, n, al, ty, vt, ob, at, ru, rel, df, tk) \
	{ n, al, ZP_SPACE_##sp, ZP_PT_##ty, vt_##vt, ob, ZP_PA_##at, \
	    ZP_##ru, rel, df, tk },
#define OF ZP_OBJ_FS
#define OV ZP_OBJ_VOL
#define OR ZP_OBJ_ROOT
#define OP ZP_OBJ_POOL
const struct zp_prop zp_props[] = {
#include "props.def"
};
const size_t zp_nprops = sizeof(zp_props) / sizeof(zp_props[0]);
#undef ZP_PROP
#undef ZP_FEATURE
#define ZP_PROP(...)
#define ZP_FEATURE(n, g, rel) { n, g, rel },
const struct zp_feature zp_features[] = {
#include "props.def"
};
const size_t zp_nfeatures = sizeof(zp_features) / sizeof(zp_features[0]);
#undef ZP_FEATURE
#undef ZP_COMPAT
#define ZP_FEATURE(...)
#define ZP_COMPAT(n, rel, f) { n, rel, f },
const struct zp_compat zp_compats[] = {
#include "props.def"
};
const size_t zp_ncompats = sizeof(zp_compats) / sizeof(zp_compats[0]);
#undef ZP_COMPAT
#undef ZP_NEEDS
#define ZP_COMPAT(...)
#define ZP_NEEDS(p, v, f) { p, v, f },
const struct zp_need zp_needs[] = {
#include "props.def"
};
const size_t zp_nneeds = sizeof(zp_needs) / sizeof(zp_needs[0]);

/* One hashed index over every name the catalogue knows: a property's name
 * and alias (per space), features, compatibility names and the values of
 * each value table, each keyed by its string and what it belongs to. */
enum { K_DS = 1, K_POOL, K_FEATURE, K_COMPAT };
#define NSLOT 2048u

struct hent {
	const char *key;
	uintptr_t kind;     /* K_*, or the value table's address */
	const void *obj;
};

static struct hent slots[NSLOT];
static bool built;
/* "did you mean" candidates per space, NULL-terminated */
static const char *cand_ds[256], *cand_pool[128], *cand_feat[64];

static size_t slot_of(const char *key, uintptr_t kind)
{
	uint64_t h = zp_hash(key) ^ ((uint64_t)kind * 0x9E3779B97F4A7C15ull);

	return (size_t)(h ^ (h >> 29)) & (NSLOT - 1);
}

static void put(const char *key, uintptr_t kind, const void *obj)
{
	size_t i = slot_of(key, kind);

	while (slots[i].key) {
		if (slots[i].kind == kind && strcmp(slots[i].key, key) == 0)
			return;     /* a value twice in one table */
		i = (i + 1) & (NSLOT - 1);
	}
	slots[i] = (struct hent){ key, kind, obj };
}

static void build(void)
{
	size_t k, nd = 0, np = 0;

	if (built)
		return;
	built = true;
	for (k = 0; k < zp_nprops; k++) {
		const struct zp_prop *p = &zp_props[k];
		uintptr_t sp = p->space == ZP_SPACE_DS ? K_DS : K_POOL;
		const struct zp_prop_val *v;

		put(p->name, sp, p);
		if (p->alias)
			put(p->alias, sp, p);
		for (v = p->vals; v && v->name; v++)
			put(v->name, (uintptr_t)p->vals, v);
		if (sp == K_DS && nd + 1 < sizeof(cand_ds) / sizeof(*cand_ds))
			cand_ds[nd++] = p->name;
		else if (sp == K_POOL &&
		    np + 1 < sizeof(cand_pool) / sizeof(*cand_pool))
			cand_pool[np++] = p->name;
	}
	for (k = 0; k < zp_nfeatures; k++) {
		put(zp_features[k].name, K_FEATURE, &zp_features[k]);
		if (k + 1 < sizeof(cand_feat) / sizeof(*cand_feat))
			cand_feat[k] = zp_features[k].name;
	}
	for (k = 0; k < zp_ncompats; k++)
		put(zp_compats[k].name, K_COMPAT, &zp_compats[k]);
}

static const void *get(const char *key, uintptr_t kind)
{
	size_t i;

	build();
	for (i = slot_of(key, kind); slots[i].key; i = (i + 1) & (NSLOT - 1))
		if (slots[i].kind == kind && strcmp(slots[i].key, key) == 0)
			return slots[i].obj;
	return NULL;
}

const struct zp_prop *zp_prop_find(const char *name, enum zp_prop_space sp)
{
	return get(name, sp == ZP_SPACE_DS ? K_DS : K_POOL);
}

const struct zp_feature *zp_feature_find(const char *name)
{
	return get(name, K_FEATURE);
}

const struct zp_compat *zp_compat_find(const char *name)
{
	return get(name, K_COMPAT);
}

const struct zp_prop_val *zp_prop_value(const struct zp_prop *p,
    const char *v)
{
	return p->vals ? get(v, (uintptr_t)p->vals) : NULL;
}

const char *zp_release_str(uint32_t rel, char *buf, size_t len)
{
	if (rel == 0)
		snprintf(buf, len, "before 0.6.5");
	else if (rel % 100)
		snprintf(buf, len, "%u.%u.%u", rel / 10000, rel / 100 % 100,
		    rel % 100);
	else
		snprintf(buf, len, "%u.%u", rel / 10000, rel / 100 % 100);
	return buf;
}

uint32_t zp_platform_release(enum zp_platform plat)
{
	switch (plat) {
	case ZP_PLAT_OPENZFS_2_0:
		return R(2, 0, 99);
	case ZP_PLAT_LEGACY:
		return 0;
	default:
		return UINT32_MAX;
	}
}

const char *zp_obj_name(unsigned obj)
{
	return obj & ZP_OBJ_FS ? "filesystem" : obj & ZP_OBJ_VOL ? "volume" :
	    obj & ZP_OBJ_ROOT ? "pool root" : "pool";
}

/* ---- values ---- */

static enum zp_verdict bad(struct zp_prop_verdict *v, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static enum zp_verdict bad(struct zp_prop_verdict *v, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof(v->msg), fmt, ap);
	va_end(ap);
	v->kind = ZP_PROP_INVALID;
	v->at_value = true;
	return v->kind;
}

/* str2shift of libzfs: "", B, K, M, G, T, P, E, Z, each alone or with B
 * or iB after it (not BB, BiB), any case; the shift or -1. */
static int zfs_shift(const char *s)
{
	static const char ends[] = "BKMGTPEZ";
	const char *e;
	int c0 = toupper((unsigned char)s[0]);

	if (!*s)
		return 0;
	if (!(e = strchr(ends, c0)) || !c0)
		return -1;
	if (!s[1] || (c0 != 'B' && ((toupper((unsigned char)s[1]) == 'B' &&
	    !s[2]) || (toupper((unsigned char)s[1]) == 'I' &&
	    toupper((unsigned char)s[2]) == 'B' && !s[3]))))
		return 10 * (int)(e - ends);
	return -1;
}

/* A number as zfs_nicestrtonum reads it: digits (or a decimal) and an
 * optional 1024-based suffix; 0, or -1 with why. */
int zp_zfs_number(const char *s, uint64_t *out, const char **why)
{
	char *end;
	int shift;

	*out = 0;
	if ((*s < '0' || *s > '9') && *s != '.') {
		*why = "bad numeric value";
		return -1;
	}
	errno = 0;
	*out = strtoull(s, &end, 10);
	if (errno == ERANGE) {
		*why = "numeric value is too large";
		return -1;
	}
	if (*end == '.') {
		double f = strtod(s, &end);

		if ((shift = zfs_shift(end)) < 0) {
			*why = "invalid numeric suffix";
			return -1;
		}
		while (shift-- > 0)
			f *= 2;
		if (f >= 18446744073709551616.0) {
			*why = "numeric value is too large";
			return -1;
		}
		*out = (uint64_t)f;
		return 0;
	}
	if ((shift = zfs_shift(end)) < 0) {
		*why = "invalid numeric suffix";
		return -1;
	}
	if (shift >= 64 || (*out << shift) >> shift != *out) {
		*why = "numeric value is too large";
		return -1;
	}
	*out <<= shift;
	return 0;
}

/* "512", "4K", "1M", as sizes are written in hints. */
static void pow2_str(uint64_t v, char *buf, size_t len)
{
	if (v >= MIB)
		snprintf(buf, len, "%lluM", (unsigned long long)(v / MIB));
	else if (v >= 1024)
		snprintf(buf, len, "%lluK", (unsigned long long)(v / 1024));
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* Whether a size was written with a decimal unit (KB, MB ...), which a
 * model reads as powers of 1000 while ZFS reads powers of 1024. */
static bool decimal_unit(const char *s)
{
	size_t n = strlen(s);

	while (n && s[n - 1] == ' ')
		n--;
	return n >= 2 && (s[n - 1] == 'B' || s[n - 1] == 'b') &&
	    strchr("KkMmGgTtPp", s[n - 2]) && !(n >= 3 && (s[n - 2] == 'i' ||
	    s[n - 2] == 'I'));
}

/* A power of two from 512 to 16M (recordsize, volblocksize). */
static enum zp_verdict blocksize(const char *name, const char *val,
    uint64_t b, const char *who, struct zp_prop_verdict *v)
{
	uint64_t lo, hi, w;
	char a[80], h[16], bin[64];
	const char *why;
	size_t n;

	if (b < 512 || b > 16 * MIB)
		return bad(v, "%s %s of %s is outside 512..16M; use %s", name,
		    val, who, b < 512 ? "512 or more" : "16M or less");
	if (!(b & (b - 1)))
		return ZP_PROP_OK;
	for (lo = 512; lo * 2 <= b; lo *= 2)
		;
	hi = lo * 2;
	pow2_str(lo, a, sizeof(a));
	pow2_str(hi, h, sizeof(h));
	if (!decimal_unit(val))
		return bad(v, "%s %s of %s is not a power of two; use %s or %s",
		    name, val, who, a, hi <= 16 * MIB ? h : a);
	/* "128KB" most likely meant 128K */
	n = strcspn(val, "Bb");
	snprintf(bin, sizeof(bin), "%.*s", (int)n, val);
	if (zp_parse_size(bin, &w, &why) == 0 && w >= 512 && w <= 16 * MIB &&
	    !(w & (w - 1)))
		snprintf(a, sizeof(a), "%s", bin);
	else if (hi <= 16 * MIB)
		snprintf(a + strlen(a), sizeof(a) - strlen(a), " or %s", h);
	return bad(v, "%s %s of %s is %llu bytes (a model's KB and MB are "
	    "powers of 1000), not a power of two; write %s", name, val, who,
	    (unsigned long long)b, a);
}

/* The values of an index property for a message: "on or off". */
static void values_hint(const struct zp_prop *p, char *buf, size_t len)
{
	const struct zp_prop_val *x;
	size_t n = 0, k = 0;

	if (p->takes) {
		snprintf(buf, len, "%s", p->takes);
		return;
	}
	for (x = p->vals; x->name; x++)
		n++;
	buf[0] = '\0';
	for (x = p->vals; x->name; x++, k++) {
		size_t at = strlen(buf);

		snprintf(buf + at, len - at, "%s%s", k == 0 ? "" : k + 1 == n ?
		    " or " : ", ", x->name);
	}
}

static enum zp_verdict check_size(const struct zp_prop *p, const char *val,
    unsigned obj, enum zp_platform plat, const char *who,
    struct zp_prop_verdict *v)
{
	uint64_t b;
	const char *why;
	bool none = strcmp(val, "none") == 0, autov = strcmp(val, "auto") == 0;

	if (none && (p->rule == ZP_VR_QUOTA || p->rule == ZP_VR_SIZE_NONE ||
	    p->rule == ZP_VR_REFRESERV || p->rule == ZP_VR_DDTQUOTA))
		return ZP_PROP_OK;
	if (autov && p->rule == ZP_VR_DDTQUOTA)
		return ZP_PROP_OK;
	if (autov && p->rule == ZP_VR_REFRESERV)
		return obj & ZP_OBJ_VOL ? ZP_PROP_OK : bad(v, "refreservation "
		    "auto of %s applies to volumes only; give a size or none",
		    who);
	if (zp_parse_size(val, &b, &why) != 0)
		return bad(v, "%s \"%s\" of %s is not a size (%s); use %s",
		    p->name, val, who, why, p->rule == ZP_VR_BLOCKSIZE ?
		    "a power of two from 512 to 16M, e.g. 128K" :
		    p->rule == ZP_VR_SMALLBLK ? "a size from 0 to 16M" :
		    p->rule == ZP_VR_VOLSIZE ? "a size such as 100G" :
		    "a size such as 10T, or none");
	switch (p->rule) {
	case ZP_VR_BLOCKSIZE:
		return blocksize(p->name, val, b, who, v);
	case ZP_VR_SMALLBLK:
		if (b > 16 * MIB)
			return bad(v, "special_small_blocks %s of %s is above "
			    "16M, which zfs refuses; use 0 to 16M", val, who);
		if (zp_platform_release(plat) < R(2, 4, 0) && b &&
		    (b < 512 || (b & (b - 1))))
			return bad(v, "special_small_blocks %s of %s is not 0 "
			    "or a power of two from 512, which OpenZFS before "
			    "2.4 refuses; use e.g. 64K", val, who);
		return ZP_PROP_OK;
	case ZP_VR_QUOTA:
		return b ? ZP_PROP_OK : bad(v, "%s 0 of %s is refused by zfs: "
		    "use 'none' to disable quota/refquota", p->name, who);
	case ZP_VR_DDTQUOTA:
		return b ? ZP_PROP_OK : bad(v, "dedup_table_quota 0 of %s is "
		    "refused by zpool: use 'none' to disable ddt table quota",
		    who);
	case ZP_VR_VOLSIZE:
		return b ? ZP_PROP_OK : bad(v, "volsize of %s cannot be zero",
		    who);
	default:
		return ZP_PROP_OK;
	}
}

static enum zp_verdict check_number(const struct zp_prop *p, const char *val,
    const char *who, struct zp_prop_verdict *v)
{
	uint64_t n;
	const char *why;

	if (strcmp(val, "none") == 0 && p->rule == ZP_VR_COUNT_NONE)
		return ZP_PROP_OK;
	if (zp_zfs_number(val, &n, &why) != 0)
		return bad(v, "%s \"%s\" of %s is not a number zfs reads (%s); "
		    "use %s", p->name, val, who, why, p->takes ? p->takes :
		    "a whole number");
	switch (p->rule) {
	case ZP_VR_PBKDF2:
		return n >= 100000 ? ZP_PROP_OK : bad(v, "pbkdf2iters %s of %s "
		    "is below the minimum of 100000 pbkdf2 iterations; use "
		    "100000 or more (zfs's default is 350000)", val, who);
	case ZP_VR_ASHIFT:
		return n == 0 || (n >= 9 && n <= 16) ? ZP_PROP_OK : bad(v,
		    "ashift %s of %s is invalid: only 0 (ZFS chooses) or 9 to "
		    "16 are allowed; use 12 (4 KiB sectors), or 9 only for "
		    "true 512-byte disks", val, who);
	case ZP_VR_POOLVERSION:
		return (n >= 1 && n <= 28) || n == 5000 ? ZP_PROP_OK : bad(v,
		    "version %s of %s is invalid; use 1 to 28 (legacy pool "
		    "versions) or 5000 (feature flags)", val, who);
	default:
		return ZP_PROP_OK;
	}
}

static bool is_print(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e)
			return false;
	return true;
}

static enum zp_verdict check_compat(const char *val, enum zp_platform plat,
    const char *who, struct zp_prop_verdict *v)
{
	char tok[MAXPROPLEN];
	const char *s = val;
	uint32_t top = zp_platform_release(plat);

	if (strcmp(val, "off") == 0 || strcmp(val, "legacy") == 0)
		return ZP_PROP_OK;
	while (*s) {
		size_t n = strcspn(s, ",");
		const struct zp_compat *c;
		const char *near;

		snprintf(tok, sizeof(tok), "%.*s", (int)n, s);
		s += n + (s[n] == ',');
		if (!(c = zp_compat_find(tok))) {
			const char *cands[128];
			size_t k;

			for (k = 0; k < zp_ncompats && k < 127; k++)
				cands[k] = zp_compats[k].name;
			cands[k] = NULL;
			near = zp_nearest(tok, cands);
			return bad(v, "compatibility \"%s\" of %s is not a file "
			    "OpenZFS ships (compatibility.d); use off, legacy "
			    "or shipped names%s%s%s", tok, who,
			    near ? " (did you mean " : " such as openzfs-2.2",
			    near ? near : "", near ? "?)" : "");
		}
		if (c->since > top) {
			char r[16];

			v->kind = ZP_PROP_LATER;
			v->at_value = true;
			snprintf(v->msg, sizeof(v->msg), "compatibility %s of "
			    "%s ships with OpenZFS %s and later, newer than "
			    "the model's platform", c->name, who,
			    zp_release_str(c->since, r, sizeof(r)));
		}
	}
	return v->kind;
}

static enum zp_verdict check_string(const struct zp_prop *p, const char *val,
    enum zp_platform plat, const char *who, struct zp_prop_verdict *v)
{
	const char *c;
	size_t n;

	if (strlen(val) >= MAXPROPLEN)
		return bad(v, "%s of %s is too long (%zu characters; zfs takes "
		    "fewer than %d)", p->name, who, strlen(val), MAXPROPLEN);
	switch (p->rule) {
	case ZP_VR_MOUNTPOINT:
		if (strcmp(val, "none") == 0 || strcmp(val, "legacy") == 0)
			return ZP_PROP_OK;
		if (val[0] != '/')
			return bad(v, "mountpoint \"%s\" of %s is not an "
			    "absolute path; use a path beginning with /, none "
			    "or legacy", val, who);
		for (c = val; *c; c += n + (c[n] == '/')) {
			n = strcspn(c += (*c == '/'), "/");
			if (n >= MAXNAMELEN)
				return bad(v, "a component of mountpoint of %s "
				    "is too long (%zu characters; at most %d)",
				    who, n, MAXNAMELEN - 1);
		}
		return ZP_PROP_OK;
	case ZP_VR_SHARE:
		/* libshare's validators refuse an empty list, and no OS takes
		 * ON or Off as an option: zpool_create_023_neg */
		if (!val[0])
			return bad(v, "%s of %s is empty; use on, off or share "
			    "options", p->name, who);
		if (strcmp(val, "on") != 0 && strcmp(val, "off") != 0 &&
		    (strcasecmp(val, "on") == 0 || strcasecmp(val, "off") == 0))
			return bad(v, "%s \"%s\" of %s is not a value ZFS knows "
			    "(values are case-sensitive); write on or off",
			    p->name, val, who);
		return ZP_PROP_OK;
	case ZP_VR_MLSLABEL:
		if (plat == ZP_PLAT_LEGACY)
			return ZP_PROP_OK;
		return bad(v, "mlslabel of %s: OpenZFS on Linux and FreeBSD has "
		    "no labels and refuses it (\"mlslabels are unsupported\"); "
		    "remove it", who);
	case ZP_VR_KEYLOCATION:
		if (strcmp(val, "prompt") == 0)
			return bad(v, "keylocation prompt of %s: the script runs "
			    "unattended and cannot answer a passphrase prompt; "
			    "use file:///path/to/key (or https://...)", who);
		if (strcmp(val, "none") == 0 ||
		    (strlen(val) > 8 && strncmp(val, "file:///", 8) == 0) ||
		    (strlen(val) > 8 && strncmp(val, "https://", 8) == 0) ||
		    (strlen(val) > 7 && strncmp(val, "http://", 7) == 0))
			return ZP_PROP_OK;
		return bad(v, "keylocation \"%s\" of %s is invalid; use "
		    "file:///path/to/key, https://... or http://...", val,
		    who);
	case ZP_VR_ALTROOT:
		return val[0] == '/' ? ZP_PROP_OK : bad(v, "altroot \"%s\" of "
		    "%s is not an absolute path (bad alternate root); use a "
		    "path beginning with /", val, who);
	case ZP_VR_CACHEFILE: {
		const char *sl = strrchr(val, '/');

		if (!val[0] || strcmp(val, "none") == 0)
			return ZP_PROP_OK;
		if (val[0] != '/')
			return bad(v, "cachefile \"%s\" of %s must be empty, "
			    "an absolute path, or 'none'", val, who);
		if (!sl[1] || strcmp(sl, "/.") == 0 || strcmp(sl, "/..") == 0)
			return bad(v, "cachefile \"%s\" of %s is not a valid "
			    "file; name a file, e.g. /etc/zfs/zpool.cache", val,
			    who);
		return ZP_PROP_OK;
	}
	case ZP_VR_COMMENT:
		if (!is_print(val))
			return bad(v, "comment of %s may only have printable "
			    "characters", who);
		return strlen(val) <= 32 ? ZP_PROP_OK : bad(v, "comment of %s "
		    "is %zu characters; zpool takes at most 32", who,
		    strlen(val));
	case ZP_VR_COMPATIBILITY:
		return check_compat(val, plat, who, v);
	default:
		return ZP_PROP_OK;
	}
}

/* The value of native property p on obj. */
static enum zp_verdict check_value(const struct zp_prop *p, const char *val,
    unsigned obj, enum zp_platform plat, const char *who,
    struct zp_prop_verdict *v)
{
	const struct zp_prop_val *x;
	char hint[400], r[16];

	switch (p->type) {
	case ZP_PT_SIZE:
		return check_size(p, val, obj, plat, who, v);
	case ZP_PT_NUMBER:
		return check_number(p, val, who, v);
	case ZP_PT_STRING:
		return check_string(p, val, plat, who, v);
	case ZP_PT_INDEX:
		break;
	}
	if (!(x = zp_prop_value(p, val))) {
		/* ON, LZ4: the right word in the wrong case */
		for (x = p->vals; x->name; x++)
			if (strcasecmp(x->name, val) == 0)
				return bad(v, "%s \"%s\" of %s is not a value "
				    "ZFS knows (values are case-sensitive); "
				    "write %s", p->name, val, who, x->name);
		values_hint(p, hint, sizeof(hint));
		return bad(v, "%s \"%s\" of %s is not a value ZFS knows; use %s",
		    p->name, val, who, hint);
	}
	if (x->since > zp_platform_release(plat)) {
		v->kind = ZP_PROP_LATER;
		v->at_value = true;
		snprintf(v->msg, sizeof(v->msg), "%s=%s of %s came with "
		    "OpenZFS %s, newer than the model's platform; the host may "
		    "refuse it", p->name, val, who,
		    zp_release_str(x->since, r, sizeof(r)));
	}
	return v->kind;
}

/* ---- names ---- */

static enum zp_verdict unknown(struct zp_prop_verdict *v, const char *fmt,
    ...) __attribute__((format(printf, 2, 3)));

static enum zp_verdict unknown(struct zp_prop_verdict *v, const char *fmt,
    ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(v->msg, sizeof(v->msg), fmt, ap);
	va_end(ap);
	v->kind = ZP_PROP_UNKNOWN;
	v->at_value = false;
	return v->kind;
}

/* zprop_valid_char: what a property name may hold. */
static bool name_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' ||
	    c == '_' || c == '.' || c == ':';
}

static bool valid_name(const char *s, bool *colon)
{
	*colon = false;
	for (; *s; s++) {
		if (!name_char(*s))
			return false;
		if (*s == ':')
			*colon = true;
	}
	return true;
}

/* userquota@ and its kin (zfs_userquota_prop_prefixes): 0 none, 1 a
 * settable quota, 2 a read-only *used@ or written@. */
static int at_prop(const char *name)
{
	static const char *const set[] = { "userquota@", "groupquota@",
		"userobjquota@", "groupobjquota@", "projectquota@",
		"projectobjquota@", NULL };
	static const char *const ro[] = { "userused@", "groupused@",
		"userobjused@", "groupobjused@", "projectused@",
		"projectobjused@", "written@", "written#", NULL };
	size_t i;

	for (i = 0; set[i]; i++)
		if (strncmp(name, set[i], strlen(set[i])) == 0)
			return 1;
	for (i = 0; ro[i]; i++)
		if (strncmp(name, ro[i], strlen(ro[i])) == 0)
			return 2;
	return 0;
}

bool zp_prop_is_size(const char *name, unsigned obj)
{
	const struct zp_prop *p = zp_prop_find(name, obj & ZP_OBJ_POOL ?
	    ZP_SPACE_POOL : ZP_SPACE_DS);

	if (p)
		return p->type == ZP_PT_SIZE;
	return !(obj & ZP_OBJ_POOL) && at_prop(name) == 1 &&
	    !strstr(name, "obj");
}

static enum zp_verdict check_feature(const char *name, const char *val,
    unsigned obj, enum zp_platform plat, const char *who,
    struct zp_prop_verdict *v)
{
	const struct zp_feature *f;
	const char *fname = name + 8, *near;
	char r[16];

	build();
	if (!(obj & ZP_OBJ_POOL))
		return unknown(v, "%s is a pool feature, not a property of %s; "
		    "set it in the pool's options (zpool create -o)", name,
		    who);
	if (!(f = zp_feature_find(fname))) {
		near = zp_nearest(fname, cand_feat);
		return unknown(v, "feature \"%s\" of %s is not a feature "
		    "OpenZFS knows (zpool would say \"unsupported by kernel\")"
		    "%s%s%s", fname, who, near ? "; did you mean feature@" :
		    "; see zplan properties", near ? near : "", near ? "?" : "");
	}
	v->name = name;
	if (strcmp(val, "enabled") != 0 && strcmp(val, "disabled") != 0)
		return bad(v, "%s of %s can only be set to 'enabled' or "
		    "'disabled', not \"%s\"", name, who, val);
	if (f->since > zp_platform_release(plat)) {
		v->kind = ZP_PROP_LATER;
		snprintf(v->msg, sizeof(v->msg), "%s of %s came with OpenZFS %s, "
		    "newer than the model's platform; its zpool may not know "
		    "it", name, who, zp_release_str(f->since, r, sizeof(r)));
	}
	return v->kind;
}

/* A name that is not a native property of obj's space. */
static enum zp_verdict check_other(const char *name, const char *val,
    unsigned obj, const char *who, struct zp_prop_verdict *v)
{
	bool pool = obj & ZP_OBJ_POOL, colon;
	const struct zp_prop *o = zp_prop_find(name, pool ? ZP_SPACE_DS :
	    ZP_SPACE_POOL);
	const char *near, *eq;
	char low[MAXNAMELEN];
	size_t i;

	if (o && o->attr != ZP_PA_READONLY) {
		v->prop = o;
		v->kind = ZP_PROP_INVALID;
		if (pool)
			snprintf(v->msg, sizeof(v->msg), "%s is a filesystem "
			    "property, which zpool create -o refuses; move it "
			    "to the properties of %s (zpool create -O)",
			    o->name, who);
		else if (obj & ZP_OBJ_ROOT)
			snprintf(v->msg, sizeof(v->msg), "%s is a pool "
			    "property, which zpool create -O refuses; move it "
			    "to the options of %.*s (zpool create -o)%s",
			    o->name, strstr(who, " (") ? (int)(strstr(who, " (") -
			    who) : (int)strlen(who), who,
			    strcmp(o->name, "ashift") == 0 ?
			    " or to the pool's ashift" : "");
		else
			snprintf(v->msg, sizeof(v->msg), "%s is a pool "
			    "property, not one of %s; set it in the pool's "
			    "options", o->name, who);
		return v->kind;
	}
	if (valid_name(name, &colon) && colon) {
		if (pool)
			return unknown(v, "user property %s in the options of "
			    "%s: zpool create -o takes pool properties only; "
			    "move it to the pool's properties (zpool create "
			    "-O)", name, who);
		if (strlen(name) >= MAXNAMELEN)
			return unknown(v, "user property name of %s is too "
			    "long (%zu characters; at most %d)", who,
			    strlen(name), MAXNAMELEN - 1);
		if (strlen(val) >= MAXVALUELEN)
			return bad(v, "%s of %s is too long (%zu characters; "
			    "at most %d)", name, who, strlen(val),
			    MAXVALUELEN - 1);
		v->name = name;
		return ZP_PROP_OK;
	}
	if ((eq = strchr(name, '='))) {
		snprintf(low, sizeof(low), "%.*s", (int)(eq - name), name);
		return unknown(v, "\"%s\" of %s is not a ZFS property name: a "
		    "name holds no '='%s%s%s", name, who, zp_prop_find(low,
		    pool ? ZP_SPACE_POOL : ZP_SPACE_DS) ? "; write it as `" :
		    "", zp_prop_find(low, pool ? ZP_SPACE_POOL : ZP_SPACE_DS) ?
		    low : "", zp_prop_find(low, pool ? ZP_SPACE_POOL :
		    ZP_SPACE_DS) ? ": VALUE`" : "");
	}
	for (i = 0; name[i] && i + 1 < sizeof(low); i++)
		low[i] = (char)tolower((unsigned char)name[i]);
	low[i] = '\0';
	if (strcmp(low, name) != 0 && zp_prop_find(low, pool ?
	    ZP_SPACE_POOL : ZP_SPACE_DS))
		return unknown(v, "\"%s\" is not a ZFS property of %s: ZFS "
		    "names are case-sensitive; write %s", name, who, low);
	if (!valid_name(name, &colon))
		return unknown(v, "\"%s\" of %s is not a ZFS property name: "
		    "names hold lowercase letters, digits, '_', '-', '.' and "
		    "':' (a user property is module:name)", name, who);
	build();
	near = zp_nearest(name, pool ? cand_pool : cand_ds);
	return unknown(v, "\"%s\" is not a ZFS property of %s%s%s%s", name, who,
	    near ? "; did you mean " : " (a user property is module:name; "
	    "see zplan properties)", near ? near : "", near ? "?" : "");
}

enum zp_verdict zp_prop_check(const char *name, const char *value,
    unsigned obj, enum zp_platform plat, const char *who,
    struct zp_prop_verdict *v)
{
	const struct zp_prop *p;
	char r[16];
	int at;

	memset(v, 0, sizeof(*v));
	v->name = name;
	if (!name[0])
		return unknown(v, "an empty property name in %s; name a ZFS "
		    "property or remove it", who);
	if (strncmp(name, "feature@", 8) == 0)
		return check_feature(name, value, obj, plat, who, v);
	if (!(obj & ZP_OBJ_POOL) && (at = at_prop(name))) {
		uint64_t n;
		const char *why;

		if (at == 2)
			return unknown(v, "%s of %s is read-only (ZFS reports "
			    "it); remove it", name, who);
		if (obj & ZP_OBJ_VOL)
			return bad(v, "%s applies to filesystems, not to %s",
			    name, who);
		if (strcmp(value, "none") == 0 || (strstr(name, "obj") ?
		    zp_zfs_number(value, &n, &why) :
		    zp_parse_size(value, &n, &why)) == 0)
			return ZP_PROP_OK;
		return bad(v, "%s \"%s\" of %s is not a %s (%s); use %s or none",
		    name, value, who, strstr(name, "obj") ? "number" : "size",
		    why, strstr(name, "obj") ? "a count" : "a size such as 1T");
	}
	if (!(p = zp_prop_find(name, obj & ZP_OBJ_POOL ? ZP_SPACE_POOL :
	    ZP_SPACE_DS)))
		return check_other(name, value, obj, who, v);
	v->prop = p;
	v->name = p->name;
	if (p->attr == ZP_PA_READONLY)
		return unknown(v, "%s of %s is read-only (ZFS reports it); "
		    "remove it", p->name, who);
	if (!(p->objs & obj)) {
		v->kind = ZP_PROP_INVALID;
		snprintf(v->msg, sizeof(v->msg), "%s does not apply to %s: it "
		    "is a property of %s only, which zfs create refuses here; "
		    "remove it", p->name, who, p->objs & ZP_OBJ_VOL ?
		    "volumes" : "filesystems");
		return v->kind;
	}
	if (p->attr == ZP_PA_NOCREATE) {
		v->kind = ZP_PROP_INVALID;
		snprintf(v->msg, sizeof(v->msg), "%s of %s cannot be set by "
		    "zpool create (%s); remove it", p->name, who,
		    strcmp(p->name, "bootfs") == 0 ? "set it with zpool set "
		    "once the filesystem exists" : "it is set only by zpool "
		    "import -o");
		return v->kind;
	}
	if (check_value(p, value, obj, plat, who, v) != ZP_PROP_OK)
		return v->kind;
	if (p->since > zp_platform_release(plat)) {
		v->kind = ZP_PROP_LATER;
		v->at_value = false;
		snprintf(v->msg, sizeof(v->msg), "%s of %s came with OpenZFS %s, "
		    "newer than the model's platform; the host may not know "
		    "it", p->name, who, zp_release_str(p->since, r, sizeof(r)));
	}
	return v->kind;
}
