/* Spares, log and cache rules (rules.md "Spares, log and cache"): a pool's
 * hot spares can stand in for its data disks, its log and cache devices are
 * on media that make them worth having. (l2arc-ram lives with capacity.) */
#include <stdlib.h>
#include <string.h>

#include "zplan/rule.h"

/* ---- helpers ---- */

/* What a pool's data disks are: largest size (as sold), media present. */
struct data_sum {
	uint64_t largest;
	int32_t largest_disk;   /* -1: no data disk of known type */
	unsigned media;         /* bit per enum zp_media */
	enum zp_media top;      /* fastest media of the data disks */
};

/* hdd < ssd < nvme; enum zp_media is in that order. */
static int media_rank(enum zp_media md)
{
	return (int)md;
}

static void data_sum(const struct zp_model *m, const struct zp_pool *p,
    struct data_sum *s)
{
	size_t v, i;

	memset(s, 0, sizeof(*s));
	s->largest_disk = -1;
	for (v = 0; v < p->vdevs.n; v++)
		for (i = 0; i < p->vdevs.v[v].n; i++) {
			const struct zp_ref *r = &p->vdevs.v[v].members[i];
			const struct zp_disk *x = zp_ref_disk(m, r);
			const struct zp_drive_type *t = x ? zp_disk_type(m, x) :
			    NULL;

			if (!t)
				continue;       /* ref-unknown reports it */
			if (s->largest_disk < 0 || t->size > s->largest) {
				s->largest = t->size;
				s->largest_disk = r->idx;
			}
			if (t->media == ZP_MEDIA_NONE)
				continue;       /* schema reports it */
			s->media |= 1u << t->media;
			if (media_rank(t->media) > media_rank(s->top))
				s->top = t->media;
		}
}

/* Whether r is where its disk is first used, as kind of pool pi: a later
 * use is disk-reuse's. */
static bool first_use(const struct zp_model *m, const struct zp_ref *r,
    size_t pi, enum zp_use_kind kind)
{
	const struct zp_disk_use *u;

	if (r->idx < 0)
		return false;   /* ref-unknown reports it */
	u = &m->use[r->idx];
	return u->pool == (int32_t)pi && u->kind == kind &&
	    u->loc.line == r->loc.line && u->loc.col == r->loc.col;
}

/* The drive type of the disk r names, when r is its disk's first use as
 * kind of pool pi and the type is known; else NULL. */
static const struct zp_drive_type *used_type(const struct zp_model *m,
    const struct zp_ref *r, size_t pi, enum zp_use_kind kind)
{
	if (!first_use(m, r, pi, kind))
		return NULL;
	return zp_disk_type(m, ZP_DISK(m, r->idx));
}

/* "hdd", "hdd and ssd", "hdd, ssd and nvme" from a media bit set (or
 * "hdd or ssd" with conj "or"). */
static void media_list(unsigned set, const char *conj, char *buf, size_t len)
{
	size_t o = 0, n = 0, total = 0;
	int md;

	for (md = ZP_MEDIA_HDD; md <= ZP_MEDIA_NVME; md++)
		total += (set >> md) & 1u;
	buf[0] = '\0';
	for (md = ZP_MEDIA_HDD; md <= ZP_MEDIA_NVME && o < len; md++) {
		int w;

		if (!((set >> md) & 1u))
			continue;
		n++;
		w = snprintf(buf + o, len - o, "%s%s%s%s",
		    n == 1 ? "" : n == total ? " " : ", ",
		    n > 1 && n == total ? conj : "",
		    n > 1 && n == total ? " " : "",
		    zp_media_name((enum zp_media)md));
		if (w < 0)
			break;
		o += (size_t)w;
	}
}

/* "ssd or nvme", "nvme", or NULL: the media faster than top. */
static const char *faster_than(enum zp_media top)
{
	switch (top) {
	case ZP_MEDIA_NONE:
	case ZP_MEDIA_HDD:
		return "ssd or nvme";
	case ZP_MEDIA_SSD:
		return "nvme";
	case ZP_MEDIA_NVME:
		break;
	}
	return NULL;
}

/* Two sizes as sold, decimal, and in bytes when the figures would read the
 * same ("300 GB" against "300 GB" one byte apart). */
static void two_sizes(uint64_t a, uint64_t b, char *abuf, char *bbuf,
    size_t len)
{
	zp_fmt_size(a, true, abuf, len);
	zp_fmt_size(b, true, bbuf, len);
	if (strcmp(abuf, bbuf) == 0) {
		snprintf(abuf, len, "%llu bytes", (unsigned long long)a);
		snprintf(bbuf, len, "%llu bytes", (unsigned long long)b);
	}
}

/* ---- spares-min ---- */

/* The drive type to suggest for a pool's spares: among the types of its
 * data disks as large as the largest one, the most common (the first in
 * file order on a tie); -1 when no data disk has a known type. counts is
 * zero on entry and on return (only the entries touched are reset). */
static int32_t spare_type(const struct zp_model *m, const struct zp_pool *p,
    uint64_t largest, size_t *counts)
{
	int32_t best = -1;
	size_t v, i;
	int pass;

	/* 0: count; 1: the first in file order with the highest count;
	 * 2: reset */
	for (pass = 0; pass < 3; pass++)
		for (v = 0; v < p->vdevs.n; v++)
			for (i = 0; i < p->vdevs.v[v].n; i++) {
				const struct zp_disk *x = zp_ref_disk(m,
				    &p->vdevs.v[v].members[i]);
				int32_t t = x ? x->type : -1;

				if (t < 0 || ZP_DT(m, t)->size != largest)
					continue;
				if (pass == 0)
					counts[t]++;
				else if (pass == 1 && (best < 0 ||
				    counts[t] > counts[best]))
					best = t;
				else if (pass == 2)
					counts[t] = 0;
			}
	return best;
}

/* Free disks (in no pool) per drive type, and the first of each; built
 * once, when a pool is short of spares. */
struct free_disks {
	size_t *n;
	int32_t *first;
};

static void count_free(const struct zp_model *m, struct free_disks *f)
{
	size_t i;

	f->n = zp_xcalloc(m->drive_types.len + 1, sizeof(*f->n));
	f->first = zp_xcalloc(m->drive_types.len + 1, sizeof(*f->first));
	for (i = 0; i < m->disks.len; i++) {
		int32_t t = ZP_DISK(m, i)->type;

		if (t < 0 || m->use[i].kind != ZP_USE_NONE)
			continue;
		if (!f->n[t]++)
			f->first[t] = (int32_t)i;
	}
}

/* What to add, and whether the model has it: "of type hdd-4t, e.g.
 * shelf1-5 (3 are free)", or says that no free disk is of that type and
 * what else would serve. */
static void spare_advice(const struct zp_model *m, struct free_disks *f,
    int32_t t, uint64_t largest, uint32_t add, char *buf, size_t len)
{
	size_t i, o;

	if (!f->n)
		count_free(m, f);
	o = (size_t)snprintf(buf, len, "of type %s", ZP_DT(m, t)->id);
	if (f->n[t] >= add) {
		snprintf(buf + o, len - o, ", e.g. %s (%zu free)",
		    ZP_DISK(m, f->first[t])->id, f->n[t]);
		return;
	}
	if (f->n[t])
		o += (size_t)snprintf(buf + o, len - o, "; only %zu free "
		    "disk%s of that type (%s)", f->n[t], f->n[t] == 1 ? " is" :
		    "s are", ZP_DISK(m, f->first[t])->id);
	else
		o += (size_t)snprintf(buf + o, len - o, "; no free disk is of "
		    "that type");
	/* another type, as large, of the same media */
	for (i = 0; i < m->drive_types.len && o < len; i++)
		if ((int32_t)i != t && f->n[i] && ZP_DT(m, i)->size >=
		    largest && ZP_DT(m, i)->media == ZP_DT(m, t)->media) {
			snprintf(buf + o, len - o, ", but %s disks are as large "
			    "(%s is free)", ZP_DT(m, i)->id,
			    ZP_DISK(m, f->first[i])->id);
			return;
		}
	snprintf(buf + o, len - o, ": add disks to the model or lower "
	    "policy.spares_per_pool");
}

static void check_spares_min(const struct zp_model *m, struct zp_diags *d)
{
	struct free_disks f = { NULL, NULL };
	uint32_t want = m->policy.spares_per_pool;
	size_t *counts, i;

	if (want == 0)
		return;
	counts = zp_xcalloc(m->drive_types.len + 1, sizeof(*counts));
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct data_sum s;
		size_t have = p->spares.n;
		uint32_t add;
		int32_t t;
		char type[400];

		/* intents: the planner fills them; no vdevs: pool-empty */
		if (p->vdevs_intent.set || p->spares_intent.set ||
		    p->vdevs.n == 0 || have >= want)
			continue;
		add = want - (uint32_t)have;
		data_sum(m, p, &s);
		t = s.largest_disk >= 0 ? spare_type(m, p, s.largest, counts) :
		    -1;
		if (t >= 0)
			spare_advice(m, &f, t, s.largest, add, type,
			    sizeof(type));
		else
			snprintf(type, sizeof(type), "as large as its data "
			    "disks");
		zp_report(d, ZR_SPARES_MIN,
		    p->spares.set ? p->spares.loc : p->name_loc,
		    zp_pathf(d, p->spares.set ? "pools[%u].spares" :
		    "pools[%u]", p->src),
		    "pool %s has %zu hot spare%s; policy asks for %u; add %u "
		    "spare%s %s", p->name, have, have == 1 ? "" : "s", want,
		    add, add == 1 ? "" : "s", type);
	}
	free(counts);
	free(f.n);
	free(f.first);
}

const struct zp_rule zp_rule_spares_min = {
	"spares-min", ZP_SEV_ERROR,
	"fewer hot spares than policy.spares_per_pool",
	check_spares_min
};

/* ---- spare-too-small, spare-media ---- */

static void check_spare_too_small(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t i, j;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const struct zp_disk *big;
		const struct zp_drive_type *bt;
		struct data_sum s;

		if (!p->spares.n)
			continue;
		data_sum(m, p, &s);
		if (s.largest_disk < 0)
			continue;       /* no data disks (yet) */
		big = ZP_DISK(m, s.largest_disk);
		bt = zp_disk_type(m, big);
		for (j = 0; j < p->spares.n; j++) {
			const struct zp_ref *r = &p->spares.v[j];
			const struct zp_drive_type *t = used_type(m, r, i,
			    ZP_USE_SPARE);
			char ss[64], ds[64];

			if (!t || t->size >= s.largest)
				continue;
			two_sizes(t->size, s.largest, ss, ds, sizeof(ss));
			zp_report(d, ZR_SPARE_TOO_SMALL, r->loc,
			    zp_pathf(d, "pools[%u].spares[%zu]", p->src, j),
			    "spare %s (%s, %s) is smaller than data disk %s "
			    "(%s, %s) of pool %s and cannot stand in for it; "
			    "use a spare of at least %s",
			    ZP_DISK(m, r->idx)->id, t->id, ss, big->id, bt->id,
			    ds, p->name, ds);
		}
	}
}

const struct zp_rule zp_rule_spare_too_small = {
	"spare-too-small", ZP_SEV_ERROR,
	"a spare smaller than the largest data disk it protects",
	check_spare_too_small
};

static void check_spare_media(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, j;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct data_sum s;
		char have[64], want[64];

		if (!p->spares.n)
			continue;
		data_sum(m, p, &s);
		if (!s.media)
			continue;       /* no data disks (yet) */
		media_list(s.media, "and", have, sizeof(have));
		media_list(s.media, "or", want, sizeof(want));
		for (j = 0; j < p->spares.n; j++) {
			const struct zp_ref *r = &p->spares.v[j];
			const struct zp_drive_type *t = used_type(m, r, i,
			    ZP_USE_SPARE);

			if (!t || t->media == ZP_MEDIA_NONE ||
			    (s.media >> t->media) & 1u)
				continue;
			zp_report(d, ZR_SPARE_MEDIA, r->loc,
			    zp_pathf(d, "pools[%u].spares[%zu]", p->src, j),
			    "spare %s is %s (%s) but the data disks of pool %s "
			    "are %s: standing in, it would change the speed "
			    "of its vdev; use an %s spare",
			    ZP_DISK(m, r->idx)->id,
			    zp_media_name(t->media), t->id, p->name, have,
			    want);
		}
	}
}

const struct zp_rule zp_rule_spare_media = {
	"spare-media", ZP_SEV_WARNING,
	"a spare of other media than the data disks",
	check_spare_media
};

/* ---- log-media, cache-media ---- */

static void check_log_media(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, v, k;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const char *faster;
		struct data_sum s;

		if (!p->log.n)
			continue;
		data_sum(m, p, &s);
		if (!s.media)
			continue;       /* no data disks (yet) */
		faster = faster_than(s.top);
		for (v = 0; v < p->log.n; v++)
			for (k = 0; k < p->log.v[v].n; k++) {
				const struct zp_ref *r = &p->log.v[v].members[k];
				const struct zp_drive_type *t = used_type(m, r,
				    i, ZP_USE_LOG);
				const char *id;

				if (!t || t->media == ZP_MEDIA_NONE ||
				    media_rank(t->media) > media_rank(s.top))
					continue;
				id = ZP_DISK(m, r->idx)->id;
				if (faster)
					zp_report(d, ZR_LOG_MEDIA, r->loc,
					    zp_pathf(d, "pools[%u].log[%zu]",
					    p->src, v), "log device %s is %s "
					    "(%s), no faster than the %s data "
					    "disks of pool %s, so synchronous "
					    "writes gain nothing; use an %s log "
					    "device, or none", id,
					    zp_media_name(t->media), t->id,
					    zp_media_name(s.top), p->name,
					    faster);
				else
					zp_report(d, ZR_LOG_MEDIA, r->loc,
					    zp_pathf(d, "pools[%u].log[%zu]",
					    p->src, v), "log device %s is %s "
					    "(%s), no faster than the nvme data "
					    "disks of pool %s, so synchronous "
					    "writes gain nothing; remove it (the "
					    "intent log then lives on the pool's "
					    "own disks)",
					    id, zp_media_name(t->media), t->id,
					    p->name);
			}
	}
}

const struct zp_rule zp_rule_log_media = {
	"log-media", ZP_SEV_WARNING,
	"a log device that is not faster media than the data vdevs (e.g. hdd "
	"log on an hdd pool)",
	check_log_media
};

static void check_cache_media(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, j;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		for (j = 0; j < p->cache.n; j++) {
			const struct zp_ref *r = &p->cache.v[j];
			const struct zp_drive_type *t = used_type(m, r, i,
			    ZP_USE_CACHE);

			if (!t || t->media != ZP_MEDIA_HDD)
				continue;
			zp_report(d, ZR_CACHE_MEDIA, r->loc,
			    zp_pathf(d, "pools[%u].cache[%zu]", p->src, j),
			    "cache device %s of pool %s is an hdd (%s): its "
			    "random reads are no faster than the pool's, and "
			    "its headers cost arc memory; use an ssd or nvme "
			    "cache device, or none", ZP_DISK(m, r->idx)->id,
			    p->name, t->id);
		}
	}
}

const struct zp_rule zp_rule_cache_media = {
	"cache-media", ZP_SEV_WARNING,
	"a cache device on hdd",
	check_cache_media
};
