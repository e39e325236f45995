/* Unit tests for the id tables: 8-byte slots keyed by the objects their
 * values index, batches that prefetch ahead of their probes, and a table
 * rekeyed to serve a second lookup of the same objects. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "zplan/arena.h"
#include "zplan/htab.h"

struct obj {
	const char *id, *dev;
};

struct fill {
	struct zp_htab *h;
	const struct zp_vec *v;
	size_t off;
	int32_t first[64];      /* what put returned for the duplicates */
	size_t nfirst, visited;
};

static const char *obj_key(void *ctx, size_t i)
{
	struct fill *f = ctx;

	return *(const char **)(f->v->data + i * f->v->size + f->off);
}

static void obj_put(void *ctx, size_t i, uint32_t tag)
{
	struct fill *f = ctx;
	int32_t first;

	cr_assert_eq(i, f->visited, "visited in order");
	f->visited++;
	cr_assert_eq(tag, zp_htab_tag(obj_key(ctx, i)));
	first = zp_htab_put_tag(f->h, obj_key(ctx, i), tag, (int32_t)i);
	if (first >= 0 && f->nfirst < 64)
		f->first[f->nfirst++] = first;
}

/* n objects "d<i>" with dev "/dev/x<i % devs>"; every 1,000th id again. */
static void make(struct zp_vec *v, struct zp_arena *a, size_t n, size_t devs)
{
	size_t i;

	zp_vec_init(v, sizeof(struct obj));
	for (i = 0; i < n; i++) {
		struct obj *o = zp_vec_push(v);

		o->id = zp_arena_printf(a, "d%zu", i % 1000 == 999 ? i - 1 : i);
		o->dev = zp_arena_printf(a, "/dev/x%zu", i % devs);
	}
}

Test(htab, batch_finds_every_key_and_each_duplicate)
{
	struct zp_arena a;
	struct zp_vec v;
	struct zp_htab h;
	struct fill f = { 0 };
	size_t i, n = 20000;

	zp_arena_init(&a);
	make(&v, &a, n, n);
	/* start small: reserve must make room before the batch */
	zp_htab_init_vec(&h, 4, &v, offsetof(struct obj, id));
	zp_htab_reserve(&h, n);
	f.h = &h;
	f.v = &v;
	f.off = offsetof(struct obj, id);
	zp_htab_batch(&h, n, obj_key, obj_put, &f);
	cr_assert_eq(f.visited, n);
	cr_assert_eq(f.nfirst, n / 1000, "%zu duplicates", f.nfirst);
	cr_assert_eq(f.first[0], 998, "the first of d998 is index 998");
	for (i = 0; i < n; i++) {
		const struct obj *o = ZP_VEC_AT(&v, struct obj, i);
		int32_t want = i % 1000 == 999 ? (int32_t)i - 1 : (int32_t)i;

		cr_assert_eq(zp_htab_get(&h, o->id), want, "%s", o->id);
	}
	cr_assert_eq(zp_htab_get(&h, "d999"), -1, "never added");
	cr_assert_eq(zp_htab_get(&h, "d"), -1);

	/* the same slots, keyed by dev: 7 devs, so each repeats */
	zp_htab_rekey(&h, offsetof(struct obj, dev));
	memset(&f, 0, sizeof(f));
	f.h = &h;
	f.v = &v;
	f.off = offsetof(struct obj, dev);
	zp_vec_release(&v);
	make(&v, &a, 100, 7);
	zp_htab_batch(&h, 100, obj_key, obj_put, &f);
	cr_assert_eq(h.len, 7);
	cr_assert_eq(zp_htab_get(&h, "/dev/x3"), 3);
	cr_assert_eq(zp_htab_get(&h, "d3"), -1, "ids are gone");
	zp_htab_release(&h);
	zp_vec_release(&v);
	zp_arena_release(&a);
}
