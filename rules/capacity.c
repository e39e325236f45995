/* Capacity rules: what the pools' sizes imply (rules.md l2arc-ram,
 * reservation-exceeds, quota-exceeds), from poolcap.c's figures. */
#include <stdlib.h>
#include <string.h>

#include "zplan/poolcap.h"
#include "zplan/rule.h"
#include "zplan/units.h"

#define DEFAULT_RECORDSIZE (128u * 1024)
/* Bytes of ARC header per block cached in L2ARC: HDR_L2ONLY_SIZE on
 * x86-64 (module/zfs/arc.c, OpenZFS 0.7 to today). */
#define L2ARC_HDR_BYTES 96u

/* A size property's value; none and unparsable (property-invalid's) are
 * 0. */
static uint64_t size_prop(const struct zp_kvs *kv, const char *key)
{
	const struct zp_kv *p = zp_kv_get(kv, key);
	uint64_t v;
	const char *why;

	if (!p || strcmp(p->val, "none") == 0 || zp_parse_size(p->val, &v,
	    &why))
		return 0;
	return v;
}

/* The smallest recordsize in use on pool pi: its root dataset's and its
 * filesystems'. mins[] holds one entry per pool, filled in one pass. */
static void min_recordsizes(const struct zp_model *m, uint64_t *mins)
{
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		uint64_t r = size_prop(&ZP_POOL(m, i)->properties, "recordsize");

		mins[i] = r ? r : DEFAULT_RECORDSIZE;
	}
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		uint64_t r = size_prop(&f->properties, "recordsize");

		if (f->pool >= 0 && r && r < mins[f->pool])
			mins[f->pool] = r;
	}
}

static void check_l2arc_ram(const struct zp_model *m, struct zp_diags *d)
{
	uint64_t *mins = zp_xcalloc(m->pools.len + 1, sizeof(*mins));
	size_t i;

	min_recordsizes(m, mins);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const struct zp_controller *c;
		struct zp_pool_cap pc;
		const char *why;
		uint64_t ram, limit;
		char a[32], b[32], cache[32];

		if (!p->cache.n || p->controller.idx < 0)
			continue;
		c = ZP_CTRL(m, p->controller.idx);
		if (!c->has_memory)
			continue;
		zp_pool_capacity(m, p, &pc, &why);
		ram = pc.cache_bytes / mins[i] * L2ARC_HDR_BYTES;
		limit = c->memory / 100 * m->policy.l2arc_ram_percent;
		if (ram <= limit)
			continue;
		zp_fmt_size(ram, false, a, sizeof(a));
		zp_fmt_size(c->memory, false, b, sizeof(b));
		zp_fmt_size(pc.cache_bytes, true, cache, sizeof(cache));
		zp_report(d, ZR_L2ARC_RAM, p->cache.v[0].loc,
		    zp_pathf(d, "pools[%u].cache", p->src), "pool %s: L2ARC "
		    "headers for %s of cache at recordsize %lluK take %s of "
		    "ARC, over %u%% of %s's %s; use less cache or a larger "
		    "recordsize, or give %s more memory", p->name, cache,
		    (unsigned long long)(mins[i] / 1024), a,
		    m->policy.l2arc_ram_percent, c->id, b, c->id);
	}
	free(mins);
}

const struct zp_rule zp_rule_l2arc_ram = {
	"l2arc-ram", ZP_SEV_WARNING,
	"L2ARC headers for the pool's cache at its recordsize exceed "
	"policy.l2arc_ram_percent of the controller's memory",
	check_l2arc_ram
};

/* The usable bytes of every pool (UINT64_MAX when it cannot be summed:
 * the model has errors that other rules report). */
static uint64_t *usable_all(const struct zp_model *m)
{
	uint64_t *u = zp_xcalloc(m->pools.len + 1, sizeof(*u));
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct zp_pool_cap pc;
		const char *why;

		if (p->vdevs_intent.set || !p->vdevs.n ||
		    zp_pool_capacity(m, p, &pc, &why))
			u[i] = UINT64_MAX;
		else
			u[i] = pc.cap.usable_bytes;
	}
	return u;
}

static void check_reservation_exceeds(const struct zp_model *m,
    struct zp_diags *d)
{
	uint64_t *usable = usable_all(m), *sum;
	int32_t *last;
	size_t i;

	sum = zp_xcalloc(m->pools.len + 1, sizeof(*sum));
	last = zp_xcalloc(m->pools.len + 1, sizeof(*last));
	for (i = 0; i < m->pools.len; i++)
		last[i] = -1;
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		uint64_t r = size_prop(&f->properties, "reservation") +
		    size_prop(&f->properties, "refreservation");

		if (f->pool < 0 || !r)
			continue;
		sum[f->pool] += r;
		last[f->pool] = (int32_t)i;
	}
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_fs *f;
		char a[32], b[32];

		if (last[i] < 0 || usable[i] == UINT64_MAX ||
		    sum[i] <= usable[i])
			continue;
		f = ZP_FS(m, last[i]);
		zp_fmt_size(sum[i], false, a, sizeof(a));
		zp_fmt_size(usable[i], false, b, sizeof(b));
		zp_report(d, ZR_RESERVATION_EXCEEDS, f->loc,
		    zp_pathf(d, "filesystems[%u]", f->src), "reservations on "
		    "pool %s add up to %s, more than its %s usable; zfs create "
		    "would fail at %s: lower the reservations or add vdevs",
		    ZP_POOL(m, i)->name, a, b, f->name);
	}
	free(sum);
	free(last);
	free(usable);
}

const struct zp_rule zp_rule_reservation_exceeds = {
	"reservation-exceeds", ZP_SEV_ERROR,
	"reservations (and refreservations) of a pool's filesystems add up to "
	"more than its usable capacity",
	check_reservation_exceeds
};

static void check_quota_exceeds(const struct zp_model *m, struct zp_diags *d)
{
	uint64_t *usable = usable_all(m);
	size_t i;

	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		const struct zp_kv *kv = zp_kv_get(&f->properties, "quota");
		uint64_t q = size_prop(&f->properties, "quota");
		char a[32], b[32];

		if (f->pool < 0 || !q || usable[f->pool] == UINT64_MAX ||
		    q <= usable[f->pool])
			continue;
		zp_fmt_size(q, false, a, sizeof(a));
		zp_fmt_size(usable[f->pool], false, b, sizeof(b));
		zp_report(d, ZR_QUOTA_EXCEEDS, kv->vloc,
		    zp_pathf(d, "filesystems[%u].properties.quota", f->src),
		    "quota of %s (%s) is larger than pool %s's %s usable: it "
		    "can never be reached; lower it or grow the pool", f->name,
		    a, ZP_POOL(m, f->pool)->name, b);
	}
	free(usable);
}

const struct zp_rule zp_rule_quota_exceeds = {
	"quota-exceeds", ZP_SEV_NOTE,
	"a filesystem's quota is larger than its pool's usable capacity",
	check_quota_exceeds
};
