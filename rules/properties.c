/* Filesystem and pool property rules (rules.md "Filesystems and
 * capacity"): values `zfs create -o`, `zpool create -O` and `-o` would
 * refuse. The value sets follow OpenZFS (module/zcommon/zfs_prop.c,
 * zpool_prop.c); ZFS matches them exactly, so case matters. Property names
 * zplan does not know are left alone: ZFS has many, and user properties
 * (module:name) are free. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/rule.h"

#define KIB ((uint64_t)1 << 10)
#define MIB ((uint64_t)1 << 20)

static const char *const onoff[] = { "on", "off", NULL };
static const char *const logbias[] = { "latency", "throughput", NULL };
static const char *const sync_vals[] = { "standard", "always", "disabled",
	NULL };
static const char *const cache_vals[] = { "all", "none", "metadata", NULL };
static const char *const canmount[] = { "on", "off", "noauto", NULL };
static const char *const copies[] = { "1", "2", "3", NULL };
static const char *const xattr[] = { "on", "off", "sa", "dir", NULL };

/* compress_table of zfs_prop.c */
static const char *const compression[] = {
	"on", "off", "lzjb", "gzip", "gzip-1", "gzip-2", "gzip-3", "gzip-4",
	"gzip-5", "gzip-6", "gzip-7", "gzip-8", "gzip-9", "zle", "lz4", "zstd",
	"zstd-fast", "zstd-1", "zstd-2", "zstd-3", "zstd-4", "zstd-5",
	"zstd-6", "zstd-7", "zstd-8", "zstd-9", "zstd-10", "zstd-11",
	"zstd-12", "zstd-13", "zstd-14", "zstd-15", "zstd-16", "zstd-17",
	"zstd-18", "zstd-19", "zstd-fast-1", "zstd-fast-2", "zstd-fast-3",
	"zstd-fast-4", "zstd-fast-5", "zstd-fast-6", "zstd-fast-7",
	"zstd-fast-8", "zstd-fast-9", "zstd-fast-10", "zstd-fast-20",
	"zstd-fast-30", "zstd-fast-40", "zstd-fast-50", "zstd-fast-60",
	"zstd-fast-70", "zstd-fast-80", "zstd-fast-90", "zstd-fast-100",
	"zstd-fast-500", "zstd-fast-1000", NULL
};

enum kind { K_ENUM, K_RECORDSIZE, K_SIZE_NONE, K_MOUNTPOINT };

struct prop {
	const char *name;
	enum kind kind;
	const char *const *vals;
	const char *hint;       /* the values, as the fix names them */
};

/* Dataset properties checked (zfs create -o, zpool create -O). */
static const struct prop dataset_props[] = {
	{ "recordsize", K_RECORDSIZE, NULL, NULL },
	{ "compression", K_ENUM, compression, "on, off, lz4, zstd, "
	    "zstd-1..19, zstd-fast, zstd-fast-1..10, 20..100 by 10, 500, 1000, "
	    "gzip, gzip-1..9, lzjb or zle" },
	{ "logbias", K_ENUM, logbias, "latency or throughput" },
	{ "sync", K_ENUM, sync_vals, "standard, always or disabled" },
	{ "atime", K_ENUM, onoff, "on or off" },
	{ "relatime", K_ENUM, onoff, "on or off" },
	{ "readonly", K_ENUM, onoff, "on or off" },
	{ "exec", K_ENUM, onoff, "on or off" },
	{ "setuid", K_ENUM, onoff, "on or off" },
	{ "devices", K_ENUM, onoff, "on or off" },
	{ "xattr", K_ENUM, xattr, "on, off, sa or dir" },
	{ "canmount", K_ENUM, canmount, "on, off or noauto" },
	{ "copies", K_ENUM, copies, "1, 2 or 3" },
	{ "primarycache", K_ENUM, cache_vals, "all, none or metadata" },
	{ "secondarycache", K_ENUM, cache_vals, "all, none or metadata" },
	{ "quota", K_SIZE_NONE, NULL, NULL },
	{ "refquota", K_SIZE_NONE, NULL, NULL },
	{ "reservation", K_SIZE_NONE, NULL, NULL },
	{ "refreservation", K_SIZE_NONE, NULL, NULL },
	{ "mountpoint", K_MOUNTPOINT, NULL, NULL },
	{ NULL, K_ENUM, NULL, NULL }
};

/* Pool properties (zpool create -o) checked; ashift apart. */
static const char *const pool_onoff[] = {
	"autoreplace", "autoexpand", "autotrim", NULL
};

/* Other pool properties: known, so that they are placed right. */
static const char *const pool_other[] = {
	"ashift", "failmode", "listsnapshots", "cachefile", "altroot",
	"bootfs", "delegation", "multihost", "comment", "compatibility", NULL
};

static bool in(const char *const *set, const char *s)
{
	for (; *set; set++)
		if (strcmp(*set, s) == 0)
			return true;
	return false;
}

static const struct prop *dataset_prop(const char *name)
{
	const struct prop *p;

	for (p = dataset_props; p->name; p++)
		if (strcmp(p->name, name) == 0)
			return p;
	return NULL;
}

/* "512", "4K", "1M": a power of two as recordsize is written. */
static void pow2_str(uint64_t v, char *buf, size_t len)
{
	if (v >= MIB)
		snprintf(buf, len, "%lluM", (unsigned long long)(v / MIB));
	else if (v >= KIB)
		snprintf(buf, len, "%lluK", (unsigned long long)(v / KIB));
	else
		snprintf(buf, len, "%llu", (unsigned long long)v);
}

/* Whether the size was written with a decimal unit (KB, MB ...), which a
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

static void check_recordsize(struct zp_diags *d, const struct zp_kv *kv,
    const char *who, const char *path)
{
	uint64_t v, lo, hi;
	const char *why;
	char a[80], b[16];

	if (zp_parse_size(kv->val, &v, &why) != 0) {
		zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path, "recordsize "
		    "\"%s\" of %s is not a size (%s); use a power of two from "
		    "512 to 16M, e.g. 128K", kv->val, who, why);
		return;
	}
	if (v < 512 || v > 16 * MIB) {
		zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path, "recordsize "
		    "%s of %s is outside 512..16M; use %s", kv->val, who,
		    v < 512 ? "512 or more" : "16M or less");
		return;
	}
	if (!(v & (v - 1)))
		return;
	for (lo = 512; lo * 2 <= v; lo *= 2)
		;
	hi = lo * 2;
	pow2_str(lo, a, sizeof(a));
	pow2_str(hi, b, sizeof(b));
	if (decimal_unit(kv->val)) {
		/* "128KB" most likely meant 128K */
		char bin[64];
		uint64_t w;
		size_t n = strcspn(kv->val, "Bb");

		snprintf(bin, sizeof(bin), "%.*s", (int)n, kv->val);
		if (zp_parse_size(bin, &w, &why) == 0 && w >= 512 &&
		    w <= 16 * MIB && !(w & (w - 1)))
			snprintf(a, sizeof(a), "%s", bin);
		else if (hi <= 16 * MIB)
			snprintf(a + strlen(a), sizeof(a) - strlen(a), " or %s",
			    b);
		zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path, "recordsize "
		    "%s of %s is %llu bytes (a model's KB and MB are powers of "
		    "1000), not a power of two; write %s", kv->val, who,
		    (unsigned long long)v, a);
	} else
		zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path, "recordsize "
		    "%s of %s is not a power of two; use %s or %s", kv->val,
		    who, a, hi <= 16 * MIB ? b : a);
}

/* One dataset property; who names the owner ("filesystem pool1/fs1"). */
static void check_dataset_kv(struct zp_diags *d, const struct zp_kv *kv,
    const char *who, const char *path)
{
	const struct prop *p = dataset_prop(kv->key);
	uint64_t v;
	const char *why;

	if (!p)
		return;
	switch (p->kind) {
	case K_RECORDSIZE:
		check_recordsize(d, kv, who, path);
		break;
	case K_ENUM:
		if (!in(p->vals, kv->val))
			zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path,
			    "%s \"%s\" of %s is not a value ZFS knows; use %s",
			    kv->key, kv->val, who, p->hint);
		break;
	case K_SIZE_NONE:
		if (strcmp(kv->val, "none") == 0)
			break;
		if (strcmp(kv->key, "refreservation") == 0 &&
		    strcmp(kv->val, "auto") == 0) {
			zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path,
			    "refreservation auto of %s applies to volumes only; "
			    "give a size or none", who);
			break;
		}
		if (zp_parse_size(kv->val, &v, &why) != 0)
			zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path,
			    "%s \"%s\" of %s is not a size (%s); use a size "
			    "such as 10T, or none", kv->key, kv->val, who, why);
		break;
	case K_MOUNTPOINT:
		if (kv->val[0] != '/' && strcmp(kv->val, "none") != 0 &&
		    strcmp(kv->val, "legacy") != 0)
			zp_report(d, ZR_PROPERTY_INVALID, kv->vloc, path,
			    "mountpoint \"%s\" of %s is not an absolute path; "
			    "use a path beginning with /, none or legacy",
			    kv->val, who);
		break;
	}
}

static void check_ashift(struct zp_diags *d, uint32_t v, struct zp_loc loc,
    const char *who, const char *path)
{
	if (v < 9 || v > 16)
		zp_report(d, ZR_PROPERTY_INVALID, loc, path, "ashift %u of %s "
		    "is outside 9..16; use 12 (4 KiB sectors), or 9 only for "
		    "true 512-byte disks", v, who);
}

static void check_pool(const struct zp_pool *p, struct zp_diags *d)
{
	char who[300], rootwho[320];
	size_t i;

	snprintf(who, sizeof(who), "pool %s", p->name);
	snprintf(rootwho, sizeof(rootwho), "pool %s (root dataset)", p->name);
	if (p->has_ashift)
		check_ashift(d, p->ashift, p->ashift_loc, who,
		    zp_pathf(d, "pools[%u].ashift", p->src));
	for (i = 0; i < p->options.n; i++) {
		const struct zp_kv *kv = &p->options.v[i];
		const char *path = zp_pathf(d, "pools[%u].options.%s", p->src,
		    kv->key);

		if (strcmp(kv->key, "ashift") == 0) {
			uint64_t v;
			const char *why;

			if (zp_parse_uint(kv->val, 64, &v, &why) != 0) {
				zp_report(d, ZR_PROPERTY_INVALID, kv->vloc,
				    path, "ashift \"%s\" of %s is not a whole "
				    "number from 9 to 16; use 12", kv->val,
				    who);
				continue;
			}
			check_ashift(d, (uint32_t)v, kv->vloc, who, path);
			if (p->has_ashift && v != p->ashift && v >= 9 &&
			    v <= 16)
				zp_report(d, ZR_PROPERTY_INVALID, kv->vloc,
				    path, "%s has ashift %u (line %u) and "
				    "options ashift %s; keep one", who,
				    p->ashift, p->ashift_loc.line, kv->val);
		} else if (in(pool_onoff, kv->key)) {
			if (!in(onoff, kv->val))
				zp_report(d, ZR_PROPERTY_INVALID, kv->vloc,
				    path, "%s \"%s\" of %s is not a value ZFS "
				    "knows; use on or off", kv->key, kv->val,
				    who);
		} else if (dataset_prop(kv->key)) {
			zp_report(d, ZR_PROPERTY_INVALID, kv->loc, path,
			    "%s is a filesystem property, which zpool create "
			    "-o refuses; move it to the properties of %s "
			    "(zpool create -O)", kv->key, who);
		}
	}
	for (i = 0; i < p->properties.n; i++) {
		const struct zp_kv *kv = &p->properties.v[i];
		const char *path = zp_pathf(d, "pools[%u].properties.%s",
		    p->src, kv->key);

		if (in(pool_onoff, kv->key) || in(pool_other, kv->key))
			zp_report(d, ZR_PROPERTY_INVALID, kv->loc, path,
			    "%s is a pool property, which zpool create -O "
			    "refuses; move it to the options of %s (zpool "
			    "create -o)%s", kv->key, who,
			    strcmp(kv->key, "ashift") == 0 ?
			    " or to the pool's ashift" : "");
		else
			check_dataset_kv(d, kv, rootwho, path);
	}
}

static void check_property_invalid(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t i, j, k;

	for (i = 0; i < m->pools.len; i++)
		check_pool(ZP_POOL(m, i), d);
	/* filesystems of one template share one property list: checked
	 * once for the whole run */
	for (i = 0; i < m->filesystems.len; i = j) {
		const struct zp_fs *f = ZP_FS(m, i);
		char who[600];

		j = i + 1;
		if (f->from_template)
			while (j < m->filesystems.len &&
			    ZP_FS(m, j)->from_template &&
			    ZP_FS(m, j)->src == f->src)
				j++;
		if (!f->properties.n)
			continue;
		if (j - i > 1)
			snprintf(who, sizeof(who), "filesystems %s .. %s (%zu "
			    "of one template)", f->name,
			    ZP_FS(m, j - 1)->name, j - i);
		else
			snprintf(who, sizeof(who), "filesystem %s", f->name);
		for (k = 0; k < f->properties.n; k++) {
			const struct zp_kv *kv = &f->properties.v[k];

			if (in(pool_onoff, kv->key) ||
			    in(pool_other, kv->key)) {
				zp_report(d, ZR_PROPERTY_INVALID, kv->loc,
				    zp_pathf(d, "filesystems[%u].properties.%s",
				    f->src, kv->key), "%s is a pool property, "
				    "not one of %s; set it in the pool's "
				    "options", kv->key, who);
				continue;
			}
			check_dataset_kv(d, kv, who, zp_pathf(d,
			    "filesystems[%u].properties.%s", f->src, kv->key));
		}
	}
}

const struct zp_rule zp_rule_property_invalid = {
	"property-invalid", ZP_SEV_ERROR,
	"a ZFS property value out of range: recordsize a power of two "
	"512..16M, logbias, compression, atime, sync, quota, reservation "
	"(sizes), ashift 9..16",
	check_property_invalid
};
