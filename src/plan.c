/* plan: resolves intents into disks (docs/planning.md explains the choice).
 *
 * Places are the enclosures, then one place per controller for the disks
 * inside it. Free disks (named nowhere in the model) are bucketed once by
 * (place, drive type) in slot order; taking a disk moves a bucket's cursor.
 * A pool's intent is met in two steps: quotas (how many disks each place
 * gives, as even as the pool's spread allows) and the deal (which vdev
 * gets which place's disks). Everything is sorted or heap-ordered with ties
 * broken by file order, so the same model always gives the same plan; the
 * cost is O(n log n) in the disks plus, per pool with intents, its
 * reachable enclosures. */
#include "zplan/plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/load.h"
#include "zplan/rule.h"

/* ---- quotas ---- */

static uint64_t fill(size_t n, const uint32_t *used, const uint64_t *bound,
    uint64_t level)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < n; i++)
		if (level > used[i])
			s += level - used[i] < bound[i] ? level - used[i] :
			    bound[i];
	return s;
}

static void swap64(uint64_t *a, uint64_t *b)
{
	uint64_t t = *a;

	*a = *b;
	*b = t;
}

/* Moves the r smallest of v[0..n) (distinct keys) to the front, in
 * linear time on average (quickselect); which keys they are does not
 * depend on the pivots, so the result is deterministic. */
static void select_smallest(uint64_t *v, size_t n, size_t r)
{
	size_t lo = 0, hi = n;

	while (hi - lo > 1 && r > lo && r < hi) {
		uint64_t pivot = v[lo + (hi - lo) / 2];
		size_t lt = lo, k = lo, gt = hi;

		/* [lo, lt) < pivot, [lt, k) == pivot, [gt, hi) > pivot */
		while (k < gt) {
			if (v[k] < pivot)
				swap64(&v[lt++], &v[k++]);
			else if (v[k] > pivot)
				swap64(&v[k], &v[--gt]);
			else
				k++;
		}
		if (r <= lt)
			hi = lt;
		else if (r >= gt)
			lo = gt;
		else
			return;
	}
}

int zp_plan_quota(size_t n, const uint32_t *avail, const uint32_t *used,
    uint32_t k, uint32_t width, uint32_t cap, uint32_t *quota)
{
	uint64_t need = (uint64_t)k * width, lim = (uint64_t)cap * k;
	uint64_t total = 0, maxu = 0, lo, hi, rest, *bound, *keys;
	size_t i, nk = 0;

	if (!n)
		return need ? -1 : 0;
	bound = zp_xcalloc(n, sizeof(*bound));
	for (i = 0; i < n; i++) {
		bound[i] = avail[i] < lim ? avail[i] : lim;
		total += bound[i];
		if (used[i] > maxu)
			maxu = used[i];
		quota[i] = 0;
	}
	if (total < need) {
		free(bound);
		return -1;
	}
	if (!need) {
		free(bound);
		return 0;
	}
	/* the lowest level the pool's count per place must reach */
	lo = 1;
	hi = maxu + need;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (fill(n, used, bound, mid) >= need)
			hi = mid;
		else
			lo = mid + 1;
	}
	/* everyone up to the level below it; the rest one more each */
	rest = need;
	for (i = 0; i < n; i++) {
		if (lo - 1 > used[i]) {
			uint64_t q = lo - 1 - used[i];

			quota[i] = (uint32_t)(q < bound[i] ? q : bound[i]);
		}
		rest -= quota[i];
	}
	keys = zp_xcalloc(n, sizeof(*keys));
	for (i = 0; i < n; i++)
		if (quota[i] < bound[i] && used[i] + (uint64_t)quota[i] < lo)
			keys[nk++] = ((uint64_t)(UINT32_MAX - (avail[i] -
			    quota[i])) << 32) | (uint64_t)i;
	select_smallest(keys, nk, rest < nk ? (size_t)rest : nk);
	for (i = 0; i < nk && rest; i++, rest--)
		quota[keys[i] & UINT32_MAX]++;
	free(keys);
	free(bound);
	return rest ? -1 : 0;
}

/* ---- the deal ---- */

/* A max-heap of places by quota left, ties to the lower index. */
struct heap {
	uint32_t *v;
	size_t n;
	const uint32_t *left;
};

static int above(const struct heap *h, uint32_t a, uint32_t b)
{
	return h->left[a] != h->left[b] ? h->left[a] > h->left[b] : a < b;
}

static void heap_push(struct heap *h, uint32_t x)
{
	size_t i = h->n++;

	while (i > 0 && above(h, x, h->v[(i - 1) / 2])) {
		h->v[i] = h->v[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	h->v[i] = x;
}

static uint32_t heap_pop(struct heap *h)
{
	uint32_t top = h->v[0], x = h->v[--h->n];
	size_t i = 0;

	for (;;) {
		size_t c = 2 * i + 1;

		if (c >= h->n)
			break;
		if (c + 1 < h->n && above(h, h->v[c + 1], h->v[c]))
			c++;
		if (!above(h, h->v[c], x))
			break;
		h->v[i] = h->v[c];
		i = c;
	}
	if (h->n)
		h->v[i] = x;
	return top;
}

/* Sorts a few places by quota left (then index), or by index alone. */
static void sort_small(uint32_t *v, size_t n, const uint32_t *left)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		uint32_t x = v[i];

		for (j = i; j > 0; j--) {
			uint32_t y = v[j - 1];
			int after = left ? (left[y] != left[x] ?
			    left[y] < left[x] : y > x) : y > x;

			if (!after)
				break;
			v[j] = y;
		}
		v[j] = x;
	}
}

int zp_plan_deal(size_t n, const uint32_t *quota, uint32_t k, uint32_t width,
    uint32_t cap, uint32_t *out)
{
	uint32_t *left, *cnt, *got, *mem;
	struct heap h;
	size_t i;
	uint32_t v;
	int rc = 0;

	if (!k || !width)
		return 0;
	if (!cap)
		return -1;
	left = zp_xcalloc(n + 1, sizeof(*left));
	cnt = zp_xcalloc(n + 1, sizeof(*cnt));
	got = zp_xcalloc(width, sizeof(*got));
	mem = zp_xcalloc(width, sizeof(*mem));
	h.v = zp_xcalloc(n + 1, sizeof(*h.v));
	h.n = 0;
	h.left = left;
	for (i = 0; i < n; i++) {
		left[i] = quota[i];
		if (left[i])
			heap_push(&h, (uint32_t)i);
	}
	for (v = 0; v < k && !rc; v++) {
		/* a place with more left than the later vdevs can take must
		 * give the excess now (at most cap); then one member per place
		 * while places last, then second members, ... */
		uint64_t limit = (uint64_t)cap * (k - v - 1);
		size_t taken = 0, ngot = 0, round;

		while (h.n && left[h.v[0]] > limit && taken < width) {
			uint32_t p = heap_pop(&h);
			uint64_t t = left[p] - limit;

			if (t > cap)
				t = cap;
			if (t > width - taken)
				t = width - taken;
			got[ngot++] = p;
			cnt[p] = (uint32_t)t;
			left[p] -= (uint32_t)t;
			while (t--)
				mem[taken++] = p;
		}
		while (taken < width && h.n) {
			uint32_t p = heap_pop(&h);

			got[ngot++] = p;
			cnt[p] = 1;
			left[p]--;
			mem[taken++] = p;
		}
		for (round = 2; taken < width && round <= cap; round++) {
			sort_small(got, ngot, left);
			for (i = 0; i < ngot && taken < width; i++) {
				uint32_t p = got[i];

				if (cnt[p] < round && left[p]) {
					cnt[p]++;
					left[p]--;
					mem[taken++] = p;
				}
			}
		}
		if (taken < width)
			rc = -1;
		sort_small(mem, taken, NULL);
		memcpy(out + (size_t)v * width, mem, taken * sizeof(*mem));
		for (i = 0; i < ngot; i++) {
			cnt[got[i]] = 0;
			if (left[got[i]])
				heap_push(&h, got[i]);
		}
		/* a place with more left than the rest can take broke the
		 * bounds: the quotas were not from zp_plan_quota */
		if (h.n && left[h.v[0]] > limit)
			rc = -1;
	}
	free(left);
	free(cnt);
	free(got);
	free(mem);
	free(h.v);
	return rc;
}

/* ---- free disks by place and type ---- */

struct bucket {
	int32_t type;
	uint32_t first, n, next;    /* disks[first + next ..] are free */
	uint32_t saved;             /* next before this pool (undo) */
	int touched;
};

struct fdisk {
	uint32_t place;
	int32_t type, slot, disk;
};

static int cmp_fdisk(const void *a, const void *b)
{
	const struct fdisk *x = a, *y = b;

	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->slot != y->slot)
		return x->slot < y->slot ? -1 : 1;
	return x->disk < y->disk ? -1 : x->disk > y->disk;
}

enum { IN_VDEVS, IN_LOG, IN_CACHE, IN_SPARES, IN_N };

static const char *const role_key[IN_N] = { "vdevs", "log", "cache", "spares" };

/* One intent being met. */
struct want {
	struct zp_intent *in;
	int32_t type;
	uint32_t k, width, cap;
	enum zp_vkind kind;
	bool listed;                /* vdevs and log: a list of vdevs */
	struct zp_ref *refs;        /* k * width, in vdev order */
	struct zp_vdev *vdevs;      /* k, when listed */
};

struct planner {
	struct zp_model *m;
	struct zp_diags *d;
	size_t nencl, nplaces;
	int32_t *disks;
	struct bucket *buckets;
	uint32_t *place_b;          /* place p: buckets place_b[p] .. [p+1] */
	/* enclosures cabled to controller c: reach[reach_start[c] ..] */
	uint32_t *reach_start, *reach_n;
	int32_t *reach;
	int32_t *everyone;          /* enclosures cabled to every controller */
	size_t neveryone;
	/* per pool */
	int32_t *cand;              /* its places, in order */
	size_t ncand;
	int32_t *pos;               /* place -> index in cand, or -1 */
	int32_t *cand_b;            /* cand index -> its bucket of a type */
	uint32_t *avail, *used, *quota;
	uint64_t *tcount;           /* per drive type */
	uint32_t *touched;          /* buckets moved for this pool */
	size_t ntouched;
};

static int32_t place_of(const struct planner *pl, const struct zp_disk *x)
{
	if (!x->internal)
		return x->place;
	if (x->place >= 0)
		return (int32_t)pl->nencl + x->place;
	return -1;
}

static void build(struct planner *pl)
{
	struct zp_model *m = pl->m;
	struct fdisk *fd;
	size_t nfd = 0, i, j, nb = 0, nc = m->controllers.len;

	pl->nencl = m->enclosures.len;
	pl->nplaces = pl->nencl + nc;
	fd = zp_xcalloc(m->disks.len + 1, sizeof(*fd));
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);
		int32_t place = place_of(pl, x);

		/* free: named nowhere; a second disk of one id cannot be named
		 * (id-duplicate), nor a disk without type or place */
		if (m->use[i].kind != ZP_USE_NONE || x->type < 0 ||
		    place < 0 || x->dup_id)
			continue;
		fd[nfd].place = (uint32_t)place;
		fd[nfd].type = x->type;
		fd[nfd].slot = x->slot;
		fd[nfd].disk = (int32_t)i;
		nfd++;
	}
	qsort(fd, nfd, sizeof(*fd), cmp_fdisk);
	pl->disks = zp_xcalloc(nfd + 1, sizeof(*pl->disks));
	pl->buckets = zp_xcalloc(nfd + 1, sizeof(*pl->buckets));
	pl->place_b = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->place_b));
	for (i = 0; i < nfd; i++) {
		pl->disks[i] = fd[i].disk;
		if (!i || fd[i].place != fd[i - 1].place ||
		    fd[i].type != fd[i - 1].type) {
			pl->buckets[nb].type = fd[i].type;
			pl->buckets[nb].first = (uint32_t)i;
			pl->place_b[fd[i].place + 1]++;
			nb++;
		}
		pl->buckets[nb - 1].n++;
	}
	for (i = 0; i < pl->nplaces; i++)
		pl->place_b[i + 1] += pl->place_b[i];
	free(fd);

	/* enclosures each controller reaches; unset controllers: all */
	pl->reach_start = zp_xcalloc(nc + 1, sizeof(*pl->reach_start));
	pl->reach_n = zp_xcalloc(nc + 1, sizeof(*pl->reach_n));
	pl->everyone = zp_xcalloc(pl->nencl + 1, sizeof(*pl->everyone));
	for (i = 0; i < pl->nencl; i++) {
		const struct zp_enclosure *e = ZP_ENCL(m, i);

		if (!e->controllers.set) {
			pl->everyone[pl->neveryone++] = (int32_t)i;
			continue;
		}
		for (j = 0; j < e->controllers.n; j++)
			if (e->controllers.v[j].idx >= 0)
				pl->reach_start[e->controllers.v[j].idx + 1]++;
	}
	for (i = 0; i < nc; i++)
		pl->reach_start[i + 1] += pl->reach_start[i];
	pl->reach = zp_xcalloc(pl->reach_start[nc] + 1, sizeof(*pl->reach));
	for (i = 0; i < pl->nencl; i++) {
		const struct zp_enclosure *e = ZP_ENCL(m, i);

		for (j = 0; e->controllers.set && j < e->controllers.n; j++) {
			int32_t c = e->controllers.v[j].idx;
			int32_t *run;

			if (c < 0)
				continue;
			run = pl->reach + pl->reach_start[c];
			/* a controller listed twice reaches it once */
			if (pl->reach_n[c] && run[pl->reach_n[c] - 1] ==
			    (int32_t)i)
				continue;
			run[pl->reach_n[c]++] = (int32_t)i;
		}
	}

	pl->cand = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->cand));
	pl->pos = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->pos));
	for (i = 0; i < pl->nplaces; i++)
		pl->pos[i] = -1;
	pl->cand_b = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->cand_b));
	pl->avail = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->avail));
	pl->used = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->used));
	pl->quota = zp_xcalloc(pl->nplaces + 1, sizeof(*pl->quota));
	pl->tcount = zp_xcalloc(m->drive_types.len + 1, sizeof(*pl->tcount));
	pl->touched = zp_xcalloc(nb + 1, sizeof(*pl->touched));
}

static void release(struct planner *pl)
{
	free(pl->disks);
	free(pl->buckets);
	free(pl->place_b);
	free(pl->reach_start);
	free(pl->reach_n);
	free(pl->reach);
	free(pl->everyone);
	free(pl->cand);
	free(pl->pos);
	free(pl->cand_b);
	free(pl->avail);
	free(pl->used);
	free(pl->quota);
	free(pl->tcount);
	free(pl->touched);
}

static int32_t bucket_of(const struct planner *pl, int32_t place, int32_t type)
{
	uint32_t b;

	for (b = pl->place_b[place]; b < pl->place_b[place + 1]; b++)
		if (pl->buckets[b].type == type)
			return (int32_t)b;
	return -1;
}

static uint32_t bucket_free(const struct bucket *b)
{
	return b->n - b->next;
}

/* ---- a pool's places ---- */

static void add_place(struct planner *pl, int32_t place)
{
	pl->pos[place] = (int32_t)pl->ncand;
	pl->cand[pl->ncand++] = place;
}

static int cabled(const struct zp_model *m, int32_t e, int32_t c)
{
	const struct zp_enclosure *x = ZP_ENCL(m, e);
	size_t i;

	if (c < 0 || !x->controllers.set)
		return 1;
	for (i = 0; i < x->controllers.n; i++)
		if (x->controllers.v[i].idx == c)
			return 1;
	return 0;
}

/* The places a pool draws from: `from` in its order, or every enclosure
 * cabled to its controller in file order, then the controller's own
 * disks; a pool without a controller reaches every enclosure. */
static void candidates(struct planner *pl, const struct zp_pool *p)
{
	int32_t c = p->controller.idx;
	size_t i, a = 0, b = 0, na, nb;
	const int32_t *ra;

	pl->ncand = 0;
	if (p->from.set) {
		for (i = 0; i < p->from.n; i++) {
			int32_t e = p->from.v[i].idx;

			if (e >= 0 && pl->pos[e] < 0 && cabled(pl->m, e, c))
				add_place(pl, e);
		}
		return;
	}
	if (c < 0) {
		for (i = 0; i < pl->nencl; i++)
			add_place(pl, (int32_t)i);
		return;
	}
	ra = pl->reach + pl->reach_start[c];
	na = pl->reach_n[c];
	nb = pl->neveryone;
	while (a < na || b < nb) {
		if (b == nb || (a < na && ra[a] < pl->everyone[b]))
			add_place(pl, ra[a++]);
		else
			add_place(pl, pl->everyone[b++]);
	}
	add_place(pl, (int32_t)pl->nencl + c);
}

static void drop_candidates(struct planner *pl)
{
	size_t i;

	for (i = 0; i < pl->ncand; i++)
		pl->pos[pl->cand[i]] = -1;
	pl->ncand = 0;
}

/* Free disks of each drive type over the pool's places, into tcount; or
 * (clear) zeroes what it set, so that tcount costs the pool's places only. */
static void count_types(struct planner *pl, bool clear)
{
	size_t i;
	uint32_t b;

	for (i = 0; i < pl->ncand; i++)
		for (b = pl->place_b[pl->cand[i]];
		    b < pl->place_b[pl->cand[i] + 1]; b++) {
			const struct bucket *x = &pl->buckets[b];

			pl->tcount[x->type] = clear ? 0 :
			    pl->tcount[x->type] + bucket_free(x);
		}
}

/* Data disks: the HDD type with the most free disks, else any type; ties
 * to the type listed first. -1: no free disk at all. */
static int32_t default_data_type(struct planner *pl)
{
	const struct zp_model *m = pl->m;
	int32_t best = -1, any = -1;
	size_t t;

	count_types(pl, false);
	for (t = 0; t < m->drive_types.len; t++) {
		if (!pl->tcount[t])
			continue;
		if (ZP_DT(m, t)->media == ZP_MEDIA_HDD &&
		    (best < 0 || pl->tcount[t] > pl->tcount[best]))
			best = (int32_t)t;
		if (any < 0 || pl->tcount[t] > pl->tcount[any])
			any = (int32_t)t;
	}
	count_types(pl, true);
	return best >= 0 ? best : any;
}

/* Log and cache: the one SSD or NVMe type with free disks. -1 with *ntypes
 * 0 or more than 1 (their ids in names) when there is not exactly one. */
static int32_t default_fast_type(struct planner *pl, size_t *ntypes,
    char *names, size_t len)
{
	const struct zp_model *m = pl->m;
	int32_t found = -1;
	size_t t, o = 0;

	*ntypes = 0;
	names[0] = '\0';
	count_types(pl, false);
	for (t = 0; t < m->drive_types.len; t++) {
		if (!pl->tcount[t] || ZP_DT(m, t)->media == ZP_MEDIA_HDD)
			continue;
		if (o < len) {
			int w = snprintf(names + o, len - o, "%s%s",
			    *ntypes ? ", " : "", ZP_DT(m, t)->id);

			o += w > 0 ? (size_t)w : 0;
		}
		(*ntypes)++;
		found = (int32_t)t;
	}
	count_types(pl, true);
	return *ntypes == 1 ? found : -1;
}

/* Spares of a pool with explicit data vdevs: the type of its largest data
 * disk, so that a spare can replace any of them. */
static int32_t explicit_data_type(const struct zp_model *m,
    const struct zp_pool *p)
{
	int32_t best = -1;
	size_t v, i;

	for (v = 0; v < p->vdevs.n; v++)
		for (i = 0; i < p->vdevs.v[v].n; i++) {
			const struct zp_disk *x = zp_ref_disk(m,
			    &p->vdevs.v[v].members[i]);
			int32_t t = x ? x->type : -1;

			if (t >= 0 && (best < 0 || ZP_DT(m, t)->size >
			    ZP_DT(m, best)->size || (ZP_DT(m, t)->size ==
			    ZP_DT(m, best)->size && t < best)))
				best = t;
		}
	return best;
}

/* ---- meeting an intent ---- */

static void tally(struct planner *pl, int32_t disk, int32_t type)
{
	const struct zp_disk *x;
	int32_t place;

	if (disk < 0)
		return;
	x = ZP_DISK(pl->m, disk);
	if (x->type != type || (place = place_of(pl, x)) < 0 ||
	    pl->pos[place] < 0)
		return;
	pl->used[pl->pos[place]]++;
}

static void tally_refs(struct planner *pl, const struct zp_ref *r, size_t n,
    int32_t type)
{
	size_t i;

	for (i = 0; i < n; i++)
		tally(pl, r[i].idx, type);
}

/* The pool's disks of type per place: as written, and planned so far. */
static void count_used(struct planner *pl, const struct zp_pool *p,
    const struct want *w, size_t nw, int32_t type)
{
	size_t i;

	memset(pl->used, 0, pl->ncand * sizeof(*pl->used));
	for (i = 0; i < p->vdevs.n; i++)
		tally_refs(pl, p->vdevs.v[i].members, p->vdevs.v[i].n, type);
	for (i = 0; i < p->log.n; i++)
		tally_refs(pl, p->log.v[i].members, p->log.v[i].n, type);
	tally_refs(pl, p->cache.v, p->cache.n, type);
	tally_refs(pl, p->spares.v, p->spares.n, type);
	for (i = 0; i < nw; i++)
		if (w[i].refs)
			tally_refs(pl, w[i].refs, (size_t)w[i].k * w[i].width,
			    type);
}

/* Free disks of the type over the pool's places; avail and cand_b set. */
static uint64_t gather(struct planner *pl, int32_t type)
{
	uint64_t total = 0;
	size_t c;

	for (c = 0; c < pl->ncand; c++) {
		int32_t b = bucket_of(pl, pl->cand[c], type);

		pl->cand_b[c] = b;
		pl->avail[c] = b >= 0 ? bucket_free(&pl->buckets[b]) : 0;
		total += pl->avail[c];
	}
	return total;
}

/* Chooses the disks of w (the nw wants before it planned already). */
static int meet(struct planner *pl, const struct zp_pool *p, struct want *w,
    const struct want *before, size_t nw)
{
	struct zp_model *m = pl->m;
	size_t n = (size_t)w->k * w->width, j;
	uint32_t *dealt;

	gather(pl, w->type);
	count_used(pl, p, before, nw, w->type);
	if (zp_plan_quota(pl->ncand, pl->avail, pl->used, w->k, w->width,
	    w->cap, pl->quota))
		return -1;
	dealt = zp_xcalloc(n + 1, sizeof(*dealt));
	if (zp_plan_deal(pl->ncand, pl->quota, w->k, w->width, w->cap,
	    dealt)) {
		free(dealt);
		return -1;
	}
	w->refs = zp_arena_alloc(&m->arena, (n + 1) * sizeof(*w->refs));
	for (j = 0; j < n; j++) {
		struct bucket *b = &pl->buckets[pl->cand_b[dealt[j]]];
		int32_t disk;

		if (!b->touched) {
			b->touched = 1;
			b->saved = b->next;
			pl->touched[pl->ntouched++] =
			    (uint32_t)(b - pl->buckets);
		}
		disk = pl->disks[b->first + b->next++];
		w->refs[j].name = ZP_DISK(m, disk)->id;
		w->refs[j].idx = disk;
		w->refs[j].loc = w->in->loc;
	}
	free(dealt);
	if (w->listed) {
		w->vdevs = zp_arena_alloc(&m->arena, ((size_t)w->k + 1) *
		    sizeof(*w->vdevs));
		for (j = 0; j < w->k; j++) {
			w->vdevs[j].kind = w->kind;
			w->vdevs[j].loc = w->in->loc;
			w->vdevs[j].members = w->refs + j * w->width;
			w->vdevs[j].n = w->width;
		}
	}
	return 0;
}

/* Puts the buckets back as they were before the pool (undo), or keeps
 * what it took. */
static void settle(struct planner *pl, int undo)
{
	size_t i;

	for (i = 0; i < pl->ntouched; i++) {
		struct bucket *b = &pl->buckets[pl->touched[i]];

		if (undo)
			b->next = b->saved;
		b->touched = 0;
	}
	pl->ntouched = 0;
}

static int role_of(const struct zp_pool *p, const struct want *w)
{
	return w->in == &p->vdevs_intent ? IN_VDEVS :
	    w->in == &p->log_intent ? IN_LOG :
	    w->in == &p->cache_intent ? IN_CACHE : IN_SPARES;
}

static void commit(struct planner *pl, struct zp_pool *p, int32_t pi,
    struct want *w, size_t nw)
{
	struct zp_model *m = pl->m;
	size_t i, v, j;

	for (i = 0; i < nw; i++) {
		int role = role_of(p, &w[i]);
		struct zp_refs *list = role == IN_CACHE ? &p->cache :
		    &p->spares;

		if (role == IN_VDEVS || role == IN_LOG) {
			struct zp_vdevs *vs = role == IN_VDEVS ? &p->vdevs :
			    &p->log;

			vs->v = w[i].vdevs;
			vs->n = w[i].k;
			for (v = 0; v < w[i].k; v++)
				for (j = 0; j < w[i].width; j++)
					zp_link_use(m, &vs->v[v].members[j],
					    pi, role == IN_VDEVS ? ZP_USE_DATA :
					    ZP_USE_LOG, (uint32_t)v);
			continue;
		}
		list->v = w[i].refs;
		list->n = w[i].k;
		list->set = true;
		list->loc = w[i].in->loc;
		for (j = 0; j < w[i].k; j++)
			zp_link_use(m, &list->v[j], pi, role == IN_CACHE ?
			    ZP_USE_CACHE : ZP_USE_SPARE, (uint32_t)j);
	}
}

/* ---- messages ---- */

struct msg {
	char buf[1024];
	size_t len;
};

__attribute__((format(printf, 2, 3)))
static void put(struct msg *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (b->len >= sizeof(b->buf) - 1)
		return;
	va_start(ap, fmt);
	w = vsnprintf(b->buf + b->len, sizeof(b->buf) - b->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		b->len += (size_t)w;
	if (b->len >= sizeof(b->buf))
		b->len = sizeof(b->buf) - 1;
}

static void put_where(struct msg *b, const struct planner *pl,
    const struct zp_pool *p)
{
	size_t i;

	if (p->controller.idx >= 0)
		put(b, " reachable from %s", ZP_CTRL(pl->m,
		    p->controller.idx)->id);
	if (!p->from.set)
		return;
	put(b, " (from: ");
	for (i = 0; i < p->from.n && i < 6; i++)
		put(b, "%s%s", i ? ", " : "", p->from.v[i].name);
	put(b, "%s)", p->from.n > 6 ? ", ..." : p->from.n ? "" : "none");
}

static uint32_t cap_of(const struct zp_model *m, enum zp_vkind kind,
    uint32_t width);
static int hold(const struct planner *pl, const struct want *w, uint64_t k);
static void put_alternatives(struct msg *b, struct planner *pl,
    const struct want *w);

/* Enclosures one vdev must span: width / cap, rounded up. */
static uint32_t span(const struct want *w)
{
	return (w->width + w->cap - 1) / w->cap;
}

static const char *path_of(struct planner *pl, const struct zp_pool *p,
    int role)
{
	return zp_pathf(pl->d, "pools[%u].%s", p->src, role_key[role]);
}

/* Too few free disks of one kind for the wants that share it. */
static void report_short(struct planner *pl, const struct zp_pool *p,
    const struct want *w, size_t nw, size_t first, const char *kind,
    uint64_t need, uint64_t have)
{
	struct msg b = { "", 0 };
	size_t i, parts = 0;

	for (i = first; i < nw; i++)
		parts += w[i].type == w[first].type;
	put(&b, "%s needs %llu free %s%s%s", p->name, (unsigned long long)need,
	    kind ? kind : "", kind ? " " : "", need == 1 ? "disk" : "disks");
	if (parts <= 1) {
		if (span(&w[first]) > 1)
			put(&b, " in %u+ enclosures", span(&w[first]));
		put_where(&b, pl, p);
	} else {
		put_where(&b, pl, p);
		put(&b, " (");
		for (i = first; i < nw; i++) {
			if (w[i].type != w[first].type)
				continue;
			put(&b, "%s%llu for %s", i > first ? ", " : "",
			    (unsigned long long)w[i].k * w[i].width,
			    role_key[role_of(p, &w[i])]);
			if (span(&w[i]) > 1)
				put(&b, " in %u+ enclosures", span(&w[i]));
		}
		put(&b, ")");
	}
	put(&b, "; %llu %s free: make %llu more available or ask for fewer",
	    (unsigned long long)have, have == 1 ? "is" : "are",
	    (unsigned long long)(need - have));
	if (parts <= 1)
		put_alternatives(&b, pl, &w[first]);
	zp_report(pl->d, ZR_PLAN_INFEASIBLE, w[first].in->loc,
	    path_of(pl, p, role_of(p, &w[first])), "%s", b.buf);
}

/* The most vdevs of w (fewer than asked) that the free disks of its
 * type hold apart; gathers that type. */
static uint64_t most_held(struct planner *pl, const struct want *w)
{
	uint64_t lo = 0, hi = w->k;

	gather(pl, w->type);
	/* holding k vdevs apart implies holding fewer */
	while (lo + 1 < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (hold(pl, w, mid))
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

/* Appends "; these would plan: ..." with the changes to w alone that the
 * free disks would meet: fewer vdevs, more parity, another drive type, or
 * no isolation. Nothing when none would. */
static void put_alternatives(struct msg *b, struct planner *pl,
    const struct want *w)
{
	const struct zp_model *m = pl->m;
	char alt[6][80];
	size_t n = 0, i;
	uint64_t k = w->type >= 0 ? most_held(pl, w) : 0;
	struct want x;

	if (k)
		snprintf(alt[n++], sizeof(alt[0]), "`count: %llu`",
		    (unsigned long long)k);
	/* the widest narrower vdev that still has redundancy */
	for (x = *w; w->type >= 0 && w->kind != ZP_VDEV_DISK &&
	    x.width > zp_vkind_parity(x.kind) + 2; ) {
		x.width--;
		x.cap = cap_of(m, x.kind, x.width);
		if (hold(pl, &x, x.k)) {
			snprintf(alt[n++], sizeof(alt[0]), "`width: %u`",
			    x.width);
			break;
		}
	}
	for (x = *w; w->type >= 0 && w->kind >= ZP_VDEV_RAIDZ1 &&
	    x.kind < ZP_VDEV_RAIDZ3; ) {
		x.kind = (enum zp_vkind)(x.kind + 1);
		x.cap = cap_of(m, x.kind, x.width);
		if (zp_vkind_parity(x.kind) < x.width && hold(pl, &x, x.k)) {
			snprintf(alt[n++], sizeof(alt[0]), "`layout: %s`",
			    zp_vkind_name(x.kind));
			break;
		}
	}
	x = *w;
	x.cap = x.width;
	if (w->type >= 0 && w->cap < w->width && hold(pl, &x, x.k))
		snprintf(alt[n++], sizeof(alt[0]), "`mirror_isolation: none` "
		    "in the policy");
	/* another type of the same media (none when no type was found) */
	for (i = 0; w->type >= 0 && i < m->drive_types.len && n < 6; i++) {
		x = *w;
		x.type = (int32_t)i;
		if (x.type == w->type || ZP_DT(m, i)->media !=
		    ZP_DT(m, w->type)->media)
			continue;
		gather(pl, x.type);
		if (hold(pl, &x, x.k))
			snprintf(alt[n++], sizeof(alt[0]), "`type: %s`",
			    ZP_DT(m, i)->id);
	}
	if (!n)
		return;
	put(b, "; these would plan: ");
	for (i = 0; i < n; i++)
		put(b, "%s%s", i ? i + 1 == n ? " or " : ", " : "", alt[i]);
}

/* Whether the places hold k vdevs of w apart (as zp_plan_quota asks). */
static int hold(const struct planner *pl, const struct want *w, uint64_t k)
{
	uint64_t sum = 0, lim = w->cap * k;
	size_t c;

	for (c = 0; c < pl->ncand; c++)
		sum += pl->avail[c] < lim ? pl->avail[c] : lim;
	return sum >= w->width * k;
}

/* Enough free disks, but not in enough enclosures to keep each vdev's
 * members apart: says how many vdevs they do make. */
static void report_apart(struct planner *pl, const struct zp_pool *p,
    const struct want *w)
{
	struct msg b = { "", 0 };
	uint64_t have = gather(pl, w->type), lo = most_held(pl, w);

	put(&b, "%s needs %llu free %s disks in %u+ enclosures", p->name,
	    (unsigned long long)w->k * w->width, ZP_DT(pl->m, w->type)->id,
	    span(w));
	put_where(&b, pl, p);
	put(&b, "; %llu are free, but with at most %u %s per enclosure they "
	    "make only %llu of the %u %s-%u vdevs (mirror_isolation: "
	    "enclosure): make disks free in more enclosures or ask for fewer",
	    (unsigned long long)have, w->cap, w->cap == 1 ? "member" :
	    "members", (unsigned long long)lo, w->k, zp_vkind_name(w->kind),
	    w->width);
	put_alternatives(&b, pl, w);
	zp_report(pl->d, ZR_PLAN_INFEASIBLE, w->in->loc,
	    path_of(pl, p, role_of(p, w)), "%s", b.buf);
}

/* ---- pools ---- */

static uint32_t cap_of(const struct zp_model *m, enum zp_vkind kind,
    uint32_t width)
{
	uint32_t cap = kind == ZP_VDEV_MIRROR || kind == ZP_VDEV_DISK ? 1 :
	    zp_vkind_parity(kind);

	if (m->policy.mirror_isolation == ZP_ISO_NONE || cap > width)
		cap = width;
	return cap ? cap : 1;
}

static void plan_pool(struct planner *pl, int32_t pi)
{
	struct zp_model *m = pl->m;
	struct zp_pool *p = ZP_POOL(m, pi);
	struct zp_intent *ins[IN_N] = {
		&p->vdevs_intent, &p->log_intent, &p->cache_intent,
		&p->spares_intent
	};
	struct want w[IN_N];
	size_t nw = 0, i, j;
	int32_t data_type = -1;
	int r;

	/* an error already reported (schema, ref-unknown) leaves nothing to
	 * plan with */
	if (p->bad_intent || (p->controller.name && p->controller.idx < 0))
		goto unplanned;
	for (i = 0; i < p->from.n; i++)
		if (p->from.v[i].idx < 0)
			goto unplanned;
	for (r = 0; r < IN_N; r++)
		if (ins[r]->set && ins[r]->type.name && ins[r]->type.idx < 0)
			goto unplanned;
	candidates(pl, p);
	for (r = 0; r < IN_N; r++) {
		struct zp_intent *in = ins[r];
		struct want *x = &w[nw];

		if (!in->set || !in->count)
			continue;
		memset(x, 0, sizeof(*x));
		x->in = in;
		x->k = in->count;
		x->kind = r <= IN_LOG ? in->layout : ZP_VDEV_DISK;
		x->width = r <= IN_LOG ? in->width : 1;
		x->cap = cap_of(m, x->kind, x->width);
		x->listed = r <= IN_LOG;
		if (in->type.idx >= 0) {
			x->type = in->type.idx;
		} else if (r == IN_VDEVS) {
			x->type = default_data_type(pl);
		} else if (r == IN_SPARES) {
			x->type = data_type >= 0 ? data_type :
			    explicit_data_type(m, p);
			if (x->type < 0)
				x->type = default_data_type(pl);
		} else {
			char names[256];
			size_t nt;

			x->type = default_fast_type(pl, &nt, names,
			    sizeof(names));
			if (x->type < 0 && nt > 1) {
				struct msg b = { "", 0 };

				put(&b, "%s's %s intent gives no type, and the "
				    "free SSD and NVMe disks", p->name,
				    role_key[r]);
				put_where(&b, pl, p);
				put(&b, " are of %zu types (%s); add `type:` "
				    "to choose", nt, names);
				zp_report(pl->d, ZR_PLAN_INFEASIBLE, in->loc,
				    path_of(pl, p, r), "%s", b.buf);
				goto unplanned;
			}
		}
		if (x->type < 0) {
			nw++;
			report_short(pl, p, w, nw, nw - 1, r == IN_LOG ||
			    r == IN_CACHE ? "SSD or NVMe" : NULL,
			    (uint64_t)x->k * x->width, 0);
			goto unplanned;
		}
		if (r == IN_VDEVS)
			data_type = x->type;
		nw++;
	}
	/* enough free disks of each type for all its wants together */
	for (i = 0; i < nw; i++) {
		uint64_t need = 0, have;

		for (j = 0; j < i && w[j].type != w[i].type; j++)
			;
		if (j < i)
			continue;
		for (j = i; j < nw; j++)
			if (w[j].type == w[i].type)
				need += (uint64_t)w[j].k * w[j].width;
		have = gather(pl, w[i].type);
		if (need > have) {
			report_short(pl, p, w, nw, i,
			    ZP_DT(m, w[i].type)->id, need, have);
			goto unplanned;
		}
	}
	for (i = 0; i < nw; i++)
		if (meet(pl, p, &w[i], w, i)) {
			settle(pl, 1);
			report_apart(pl, p, &w[i]);
			goto unplanned;
		}
	settle(pl, 0);
	commit(pl, p, pi, w, nw);
	/* resolved: from here on the pool is explicit, and every rule
	 * judges it as if it had been written out (check(plan(m)) finds
	 * what check(m) finds) */
	p->vdevs_intent.set = p->log_intent.set = false;
	p->cache_intent.set = p->spares_intent.set = false;
	drop_candidates(pl);
	return;
unplanned:
	p->unplanned = true;
	drop_candidates(pl);
}

void zp_plan(struct zp_model *m, struct zp_diags *d)
{
	struct planner pl;
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (p->vdevs_intent.set || p->log_intent.set ||
		    p->cache_intent.set || p->spares_intent.set)
			break;
	}
	if (i == m->pools.len)
		return;
	memset(&pl, 0, sizeof(pl));
	pl.m = m;
	pl.d = d;
	build(&pl);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (p->vdevs_intent.set || p->log_intent.set ||
		    p->cache_intent.set || p->spares_intent.set)
			plan_pool(&pl, (int32_t)i);
	}
	release(&pl);
}
