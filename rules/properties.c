/* Filesystem and pool property rules (rules.md "Filesystems and
 * capacity"): property-unknown and property-invalid check every pool
 * options list (zpool create -o), every pool's root properties (-O) and
 * every filesystem's properties (zfs create -o) against the catalogue
 * (src/props.def, include/zplan/props.h); ashift-sector compares a pool's
 * ashift with its members' logical sectors. One pass reports both
 * property rules: the findings of a pair are of one or the other. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/props.h"
#include "zplan/rule.h"

static void check_ashift(struct zp_diags *d, const struct zp_pool *p,
    const char *who)
{
	const struct zp_kv *oa = zp_kv_get(&p->options, "ashift");
	uint64_t v;
	const char *why;

	if (p->has_ashift && (p->ashift < 9 || p->ashift > 16))
		zp_report(d, ZR_PROPERTY_INVALID, p->ashift_loc, zp_pathf(d,
		    "pools[%u].ashift", p->src), "ashift %u of %s is outside "
		    "9..16; use 12 (4 KiB sectors), or 9 only for true "
		    "512-byte disks", p->ashift, who);
	if (p->has_ashift && oa && zp_zfs_number(oa->val, &v, &why) == 0 &&
	    v != p->ashift && v >= 9 && v <= 16)
		zp_report(d, ZR_PROPERTY_INVALID, oa->vloc, zp_pathf(d,
		    "pools[%u].options.ashift", p->src), "%s has ashift %u "
		    "(line %u) and options ashift %s; keep one", who,
		    p->ashift, p->ashift_loc.line, oa->val);
}

static void check_pools(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct zp_prop_ctx ctx = { m->policy.platform, false, NULL,
			p->name };
		char who[300], rootwho[320];

		snprintf(who, sizeof(who), "pool %s", p->name);
		snprintf(rootwho, sizeof(rootwho), "pool %s (root dataset)",
		    p->name);
		check_ashift(d, p, who);
		zp_props_check_kvs(d, &p->options, ZP_OBJ_POOL, who,
		    zp_pathf(d, "pools[%u].options", p->src), &ctx);
		ctx.pool_options = &p->options;
		zp_props_check_kvs(d, &p->properties, ZP_OBJ_ROOT,
		    rootwho, zp_pathf(d, "pools[%u].properties", p->src), &ctx);
	}
}

/* The options and name of filesystem f's pool, for ctx. */
static void pool_of(const struct zp_model *m, const struct zp_fs *f,
    struct zp_prop_ctx *ctx)
{
	ctx->pool_options = f->pool >= 0 ? &ZP_POOL(m, f->pool)->options :
	    NULL;
	ctx->pool = f->pool >= 0 ? ZP_POOL(m, f->pool)->name : NULL;
}

/* crypt: encryption is set somewhere, or a pool restricts its features:
 * then a template's combinations are checked per member, whose parent
 * and pool differ. */
static void check_filesystems(const struct zp_model *m, struct zp_diags *d,
    bool crypt)
{
	size_t i, j, k;

	/* filesystems of one template share one property list: its pairs
	 * are checked once for the whole run */
	for (i = 0; i < m->filesystems.len; i = j) {
		const struct zp_fs *f = ZP_FS(m, i);
		struct zp_prop_ctx ctx = { m->policy.platform, false, NULL,
			NULL };
		char who[600];
		const char *path;

		j = i + 1;
		if (f->from_template)
			while (j < m->filesystems.len &&
			    ZP_FS(m, j)->from_template &&
			    ZP_FS(m, j)->src == f->src)
				j++;
		if (j - i > 1)
			snprintf(who, sizeof(who), "filesystems %s .. %s (%zu "
			    "of one template)", f->name,
			    ZP_FS(m, j - 1)->name, j - i);
		else
			snprintf(who, sizeof(who), "filesystem %s", f->name);
		path = zp_pathf(d, "filesystems[%u].properties", f->src);
		pool_of(m, f, &ctx);
		if (!crypt) {
			if (f->properties.n)
				zp_props_check_kvs(d, &f->properties,
				    ZP_OBJ_FS, who, path, &ctx);
			continue;
		}
		zp_props_check_pairs(d, &f->properties, ZP_OBJ_FS, who, path,
		    &ctx);
		for (k = i; k < j; k++) {
			const struct zp_fs *g = ZP_FS(m, k);
			char one[300];

			snprintf(one, sizeof(one), "filesystem %s", g->name);
			ctx.parent_encrypted = zp_props_encrypted_above(m,
			    g->name);
			pool_of(m, g, &ctx);
			zp_props_check_combos(d, &g->properties, ZP_OBJ_FS,
			    j - i > 1 ? one : who, path, &ctx);
		}
	}
}

/* Whether encryption is set anywhere, or a pool disables a feature: only
 * then do a filesystem's parents and pool matter. */
static bool per_member(const struct zp_model *m)
{
	size_t i;

	for (i = 0; i < m->pools.len; i++)
		if (zp_props_touch_encryption(&ZP_POOL(m, i)->properties) ||
		    zp_props_restrict_features(&ZP_POOL(m, i)->options))
			return true;
	/* a template's filesystems share one list: looked at once */
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_kvs *kv = &ZP_FS(m, i)->properties;

		if (kv->n && (i == 0 || ZP_FS(m, i - 1)->properties.v !=
		    kv->v) && zp_props_touch_encryption(kv))
			return true;
	}
	return false;
}

static void check_properties(const struct zp_model *m, struct zp_diags *d)
{
	check_pools(m, d);
	check_filesystems(m, d, per_member(m));
}

/* One pass reports both rules (a pair's finding is of one or the other):
 * property-invalid's check runs it, and property-unknown's only when
 * property-invalid is disabled (whose findings the policy then drops). */
static void check_unknown(const struct zp_model *m, struct zp_diags *d)
{
	if (m->policy.disabled && m->policy.disabled[ZR_PROPERTY_INVALID])
		check_properties(m, d);
}

const struct zp_rule zp_rule_property_unknown = {
	"property-unknown", ZP_SEV_ERROR,
	"a property name ZFS does not take on its object: misspelt, "
	"mis-cased, read-only, a user property in pool options, an unknown "
	"feature@ (with \"did you mean\")",
	check_unknown
};

const struct zp_rule zp_rule_property_invalid = {
	"property-invalid", ZP_SEV_ERROR,
	"a ZFS property value or combination zfs create / zpool create "
	"refuses, per OpenZFS's catalogue (zplan properties)",
	check_properties
};

/* ---- ashift-sector ---- */

static const struct zp_disk *sector_miss(const struct zp_model *m,
    const struct zp_ref *r, size_t n, uint32_t bytes, size_t *count)
{
	const struct zp_disk *first = NULL;
	size_t k;

	for (k = 0; k < n; k++) {
		const struct zp_disk *dk;

		if (r[k].idx < 0)
			continue;
		dk = ZP_DISK(m, r[k].idx);
		if (dk->type >= 0 && ZP_DT(m, dk->type)->sector > bytes) {
			(*count)++;
			if (!first)
				first = dk;
		}
	}
	return first;
}

static void check_ashift_sector(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, k;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		uint32_t a = zp_pool_ashift(m, p), bytes;
		const struct zp_disk *first = NULL, *x;
		size_t count = 0;
		const struct zp_vdevs *lists[2] = { &p->vdevs, &p->log };

		if (a < 9 || a > 16)
			continue;       /* property-invalid says so */
		bytes = 1u << a;
		for (k = 0; k < 2; k++)
			for (size_t v = 0; v < lists[k]->n; v++)
				if ((x = sector_miss(m, lists[k]->v[v].members,
				    lists[k]->v[v].n, bytes, &count)) && !first)
					first = x;
		if ((x = sector_miss(m, p->cache.v, p->cache.n, bytes,
		    &count)) && !first)
			first = x;
		if ((x = sector_miss(m, p->spares.v, p->spares.n, bytes,
		    &count)) && !first)
			first = x;
		if (!first)
			continue;
		zp_report(d, ZR_ASHIFT_SECTOR, p->has_ashift ? p->ashift_loc :
		    p->loc, zp_pathf(d, "pools[%u].ashift", p->src), "pool %s "
		    "has ashift %u (%u-byte blocks), below the %u-byte logical "
		    "sector of %zu of its disks (first %s): ZFS cannot address "
		    "them; use ashift %u or more", p->name, a, bytes,
		    ZP_DT(m, first->type)->sector, count, first->id,
		    ZP_DT(m, first->type)->sector >= 4096 ? 12u : 9u);
	}
}

const struct zp_rule zp_rule_ashift_sector = {
	"ashift-sector", ZP_SEV_ERROR,
	"a pool ashift below the log2 of a member's logical sector",
	check_ashift_sector
};
