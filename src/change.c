/* change: the steps from what a host has to what the model says, pool by
 * pool, from the pairing diff.c makes (zp_pair): a model vdev with no
 * status vdev is added, as zpool add judges it (check_replication of
 * cmd/zpool/zpool_vdev.c: the new vdev against the pool's replication,
 * which is the last of its non-log vdevs when they agree); a vdev's model
 * members that the status lacks take the place of its failed devices
 * (zpool replace), then widen it (zpool attach: a mirror, or a raidz
 * where the platform has raidz expansion); what the host has and the
 * model lacks is removed only when allowed and where ZFS can. Anything
 * else is refused. */
#include "zplan/change.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/diff.h"
#include "zplan/htab.h"
#include "zplan/props.h"
#include "zplan/rule.h"

#define SLOTS_MAX 1024          /* of one vdev; raidz and mirrors are far
				 * smaller */

struct members {
	int32_t slots[SLOTS_MAX];       /* the status vdev's slots */
	bool taken[SLOTS_MAX];
	size_t n;
};

struct cx {
	const struct zp_model *m;
	const struct zs_status *st;
	struct zp_diags *d;
	struct zc_plan *plan;
	bool allow_remove;
	const struct zp_pool *p;
	const struct zs_pool *sp;
	struct zp_pairing pr;
	struct zp_htab where;           /* status leaf key -> status pool */
	struct members ms;              /* of the vdev being changed */
};

/* ---- replication, as zpool add judges it ---- */

struct rep {
	const char *type;       /* disk, file, mirror, raidz, draid */
	unsigned children, parity;
};

static const struct zs_vdev *rec(const struct cx *c, int32_t i)
{
	return ZS_VDEV(c->st, i);
}

static struct rep status_rep(const struct cx *c, int32_t t)
{
	const struct zs_vdev *v = rec(c, t);
	struct rep r = { v->type ? v->type : "disk", 1, 0 };
	int32_t ch;

	if (v->child < 0)
		return r;
	r.children = 0;
	for (ch = v->child; ch >= 0; ch = rec(c, ch)->next)
		r.children++;
	if (strcmp(r.type, "raidz") == 0 || strcmp(r.type, "draid") == 0)
		r.parity = v->name[5] >= '1' && v->name[5] <= '3' ?
		    (unsigned)(v->name[5] - '0') : 1;
	return r;
}

static struct rep model_rep(const struct zp_vdev *v)
{
	struct rep r = { "disk", 1, 0 };

	if (v->kind == ZP_VDEV_MIRROR)
		r.type = "mirror";
	else if (v->kind != ZP_VDEV_DISK)
		r.type = "raidz";
	r.children = (unsigned)v->n;
	r.parity = zp_vkind_parity(v->kind);
	return r;
}

static bool parity_kind(const struct rep *r)
{
	return strcmp(r->type, "raidz") == 0 || strcmp(r->type, "draid") == 0;
}

/* Whether new may join a pool of replication cur; why says why not, in
 * zpool's words. */
static bool rep_agree(const struct rep *cur, const struct rep *new,
    char *why, size_t len)
{
	const struct rep *rz = parity_kind(cur) ? cur : new;
	const struct rep *mr = rz == cur ? new : cur;

	if (parity_kind(rz) && strcmp(mr->type, "mirror") == 0) {
		if (rz->parity == mr->children - 1)
			return true;
		snprintf(why, len, "different redundancy, %s and %s vdevs, "
		    "%u vs. %u (%u-way)", rz->type, mr->type, rz->parity,
		    mr->children - 1, mr->children);
		return false;
	}
	if (parity_kind(cur) && parity_kind(new)) {
		if (cur->parity == new->parity && (strcmp(cur->type,
		    new->type) != 0 || cur->children == new->children))
			return true;
	}
	if (strcmp(cur->type, new->type) != 0)
		snprintf(why, len, "the pool uses %s and the new vdev is %s",
		    cur->type, new->type);
	else if (cur->parity != new->parity)
		snprintf(why, len, "the pool uses %u device parity and the new "
		    "vdev %u", cur->parity, new->parity);
	else if (cur->children != new->children)
		snprintf(why, len, "the pool uses %u-way %s and the new vdev "
		    "%u-way %s", cur->children, cur->type, new->children,
		    new->type);
	else
		return true;
	return false;
}

/* The pool's replication: its non-log vdevs' when they agree pairwise
 * (get_replication), else none (zpool add then checks nothing). */
static bool pool_rep(const struct cx *c, struct rep *out)
{
	const struct zs_pool *sp = c->sp;
	bool have = false;
	char why[160];
	size_t i;

	for (i = sp->first; i < sp->end; i++) {
		const struct zs_vdev *v = rec(c, (int32_t)i);
		enum zs_class cls = zs_class_of(v);
		struct rep r;

		if (!((v->up >= 0 && v->up == sp->root) || (v->up < 0 &&
		    (int32_t)i != sp->root && cls == ZS_SPECIAL)))
			continue;
		if (cls != ZS_DATA && cls != ZS_SPECIAL)
			continue;
		r = status_rep(c, (int32_t)i);
		if (have && !rep_agree(out, &r, why, sizeof(why)))
			return false;
		*out = r;
		have = true;
	}
	return have;
}

/* ---- steps and refusals ---- */

static struct zc_step *step(struct cx *c, enum zc_kind kind)
{
	struct zc_step *s = zp_vec_push(&c->plan->steps);

	s->kind = kind;
	s->pool = (int32_t)(c->p - ZP_POOL(c->m, 0));
	return s;
}

#define REFUSE(c, rule, loc, path, ...) do { \
	zp_report_sev((c)->d, rule, ZP_SEV_ERROR, loc, path, __VA_ARGS__); \
	(c)->plan->refused++; \
} while (0)

static const char *dev_of(const struct cx *c, const struct zp_ref *r)
{
	const struct zp_disk *dk = zp_ref_disk(c->m, r);

	return dk ? dk->dev : "?";
}

static const char *vpath(struct cx *c, bool log, size_t i)
{
	return zp_pathf(c->d, "pools[%u].%s[%zu]", c->p->src, log ? "log" :
	    "vdevs", i);
}

static bool failed(const struct zs_vdev *v)
{
	static const char *const bad[] = {
		"FAULTED", "REMOVED", "UNAVAIL", "OFFLINE", NULL
	};
	size_t i;

	if (v->was)
		return true;
	for (i = 0; v->state && bad[i]; i++)
		if (strcmp(v->state, bad[i]) == 0)
			return true;
	return false;
}

/* The failed device of a slot: the slot itself, or the failed leaf
 * under its spare-N or replacing-N vdev; NULL when none has failed. */
static const struct zs_vdev *failed_in(const struct cx *c, int32_t s)
{
	const struct zs_vdev *v = rec(c, s);
	int32_t ch;

	if (v->child < 0)
		return failed(v) ? v : NULL;
	for (ch = v->child; ch >= 0; ch = rec(c, ch)->next)
		if (rec(c, ch)->child < 0 && failed(rec(c, ch)) &&
		    !(rec(c, ch)->cls && strcmp(rec(c, ch)->cls, "spare") == 0))
			return rec(c, ch);
	return NULL;
}

static const char *leaf_path(const struct zs_vdev *v)
{
	return zs_dev(v);
}

/* The paths of every leaf under v, for a step that is done once they are
 * gone. */
static void gone_list(struct cx *c, int32_t v, struct zc_step *s)
{
	int32_t out[64];
	size_t n = zp_top_slots(c->st, v, out, 64), i;

	if (n > 64)
		n = 64;
	s->gone = zp_arena_alloc(&c->plan->arena, (n + 1) * sizeof(*s->gone));
	for (i = 0; i < n; i++) {
		const struct zs_vdev *l = rec(c, out[i]);

		if (l->child >= 0)
			l = rec(c, l->child);
		s->gone[s->ngone++] = leaf_path(l);
	}
}

static const char *desc(struct cx *c, const struct zp_vdev *v)
{
	if (v->n == 1)
		return zp_arena_printf(&c->plan->arena, "%s %s",
		    zp_vkind_name(v->kind), v->members[0].name);
	if (v->n == 2)
		return zp_arena_printf(&c->plan->arena, "%s %s + %s",
		    zp_vkind_name(v->kind), v->members[0].name,
		    v->members[1].name);
	return zp_arena_printf(&c->plan->arena, "%s %s .. %s (%zu disks)",
	    zp_vkind_name(v->kind), v->members[0].name,
	    v->members[v->n - 1].name, v->n);
}

/* A model vdev that the pool lacks: zpool add, if zpool add takes it. */
static void add_vdev(struct cx *c, bool log, size_t i)
{
	const struct zp_vdev *v = &(log ? &c->p->log : &c->p->vdevs)->v[i];
	struct rep cur, new = model_rep(v);
	struct zc_step *s;
	char why[200];

	if (!log && pool_rep(c, &cur) && !rep_agree(&cur, &new, why,
	    sizeof(why))) {
		REFUSE(c, ZR_DRIFT_VDEV_MISSING, v->loc, vpath(c, log, i),
		    "pool %s: zpool add would refuse %s (mismatched "
		    "replication level: %s); make the new vdev like the "
		    "pool's (%u-way %s), or change the model", c->p->name,
		    desc(c, v), why, cur.children, cur.type);
		return;
	}
	s = step(c, ZC_ADD);
	s->cls = log ? "log" : NULL;
	s->vdev = v;
	s->what = zp_arena_printf(&c->plan->arena, "add %s%s to pool %s",
	    log ? "log " : "", desc(c, v), c->p->name);
}


static void new_member(struct cx *c, bool log, size_t i, const struct
    zp_vdev *v, size_t j, int32_t t, const struct members *ms)
{
	const struct zs_vdev *top = rec(c, t);
	bool raidz = top->type && strcmp(top->type, "raidz") == 0;
	struct zc_step *s;
	size_t k;

	if (raidz && zp_platform_release(c->m->policy.platform) <
	    ZP_REL(2, 3, 0)) {
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_WIDTH,
		    v->members[j].loc, vpath(c, log, i), "pool %s: %s has "
		    "%zu devices and the model %zu; a raidz vdev grows by a "
		    "disk only from OpenZFS 2.3 (raidz expansion), and "
		    "policy.platform is %s; correct the model, or set "
		    "policy.platform: openzfs", c->p->name, top->name, ms->n,
		    v->n, zp_platform_name(c->m->policy.platform));
		return;
	}
	s = step(c, ZC_ATTACH);
	s->disk = &v->members[j];
	if (raidz) {
		s->old = top->name;
	} else {
		/* attach to a member that is there (the first healthy one) */
		for (k = 0; k < ms->n && failed_in(c, ms->slots[k]); k++)
			;
		s->old = leaf_path(rec(c, ms->slots[k < ms->n ? k : 0]));
		if (rec(c, ms->slots[k < ms->n ? k : 0])->child >= 0)
			s->old = leaf_path(rec(c, rec(c, ms->slots[k < ms->n ?
			    k : 0])->child));
	}
	s->what = zp_arena_printf(&c->plan->arena, "%s disk %s to %s of pool "
	    "%s", raidz ? "expand by" : "attach", v->members[j].name,
	    top->name, c->p->name);
}

/* What the status vdev has that the model's lacks: zpool detach of a
 * mirror member when allowed; refused in a raidz. */
static void old_member(struct cx *c, bool log, size_t i, const struct
    zp_vdev *v, int32_t t, int32_t slot)
{
	const struct zs_vdev *top = rec(c, t), *sv = rec(c, slot);
	const struct zs_vdev *leaf = sv->child >= 0 ? rec(c, sv->child) : sv;
	struct zc_step *s;

	if (top->type && strcmp(top->type, "mirror") != 0) {
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_WIDTH, v->loc,
		    vpath(c, log, i), "pool %s: %s has %s, which the model's "
		    "%s lacks; a %s vdev cannot be narrowed without "
		    "destroying it: correct the model", c->p->name,
		    top->name, leaf_path(leaf), desc(c, v), top->type);
		return;
	}
	if (!c->allow_remove) {
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_WIDTH, v->loc,
		    vpath(c, log, i), "pool %s: %s has %s, which the model's "
		    "%s lacks; detaching it leaves the mirror narrower: "
		    "give --allow-remove to detach it, or correct the model",
		    c->p->name, top->name, leaf_path(leaf), desc(c, v));
		return;
	}
	s = step(c, ZC_DETACH);
	s->old = leaf_path(leaf);
	s->gone = zp_arena_alloc(&c->plan->arena, sizeof(*s->gone));
	s->gone[0] = leaf_path(leaf);
	s->ngone = 1;
	s->what = zp_arena_printf(&c->plan->arena, "detach %s from %s of pool "
	    "%s", leaf_path(leaf), top->name, c->p->name);
}

/* A model vdev paired with status vdev t: replace failed devices by the
 * model's new ones, then widen or narrow. */
static void change_vdev(struct cx *c, bool log, size_t i, int32_t t,
    int32_t *mem)
{
	const struct zp_vdev *v = &(log ? &c->p->log : &c->p->vdevs)->v[i];
	struct rep sr = status_rep(c, t), mr = model_rep(v);
	struct members *ms = &c->ms;
	size_t j, k, more = 0;

	if (parity_kind(&sr) != parity_kind(&mr) || sr.parity != mr.parity ||
	    (parity_kind(&sr) && strcmp(sr.type, mr.type) != 0)) {
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_TYPE, v->loc,
		    vpath(c, log, i), "pool %s: %s is a %s%.0u in zpool "
		    "status and the model makes it %s; changing a vdev's kind "
		    "or parity destroys it: correct the model", c->p->name,
		    rec(c, t)->name, sr.type, sr.parity, desc(c, v));
		return;
	}
	ms->n = zp_top_slots(c->st, t, ms->slots, SLOTS_MAX);
	if (ms->n > SLOTS_MAX)
		ms->n = SLOTS_MAX;
	for (k = 0; k < ms->n; k++) {
		ms->taken[k] = false;
		for (j = 0; j < v->n; j++)
			if (mem[j] == ms->slots[k])
				ms->taken[k] = true;
	}
	for (j = 0; j < v->n; j++) {
		if (mem[j] >= 0)
			continue;
		/* a new disk in a failed device's place */
		for (k = 0; k < ms->n && (ms->taken[k] ||
		    !failed_in(c, ms->slots[k])); k++)
			;
		if (k < ms->n) {
			const struct zs_vdev *f = failed_in(c, ms->slots[k]);
			struct zc_step *s = step(c, ZC_REPLACE);

			ms->taken[k] = true;
			mem[j] = ms->slots[k];
			s->disk = &v->members[j];
			s->old = f->name;
			s->what = zp_arena_printf(&c->plan->arena, "replace "
			    "%s (%s) in %s of pool %s by disk %s", zs_dev(f),
			    f->state ? f->state : "failed", rec(c, t)->name,
			    c->p->name, v->members[j].name);
			continue;
		}
		more++;
	}
	for (k = 0; k < ms->n; k++)
		if (!ms->taken[k] && more == 0)
			old_member(c, log, i, v, t, ms->slots[k]);
	if (more && v->n - more < ms->n) {
		/* healthy devices the model does not name, and new disks */
		for (k = 0; k < ms->n && ms->taken[k]; k++)
			;
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_DEVICE, v->loc,
		    vpath(c, log, i), "pool %s: %s in %s is %s, and the "
		    "model names another disk in its place; correct the "
		    "disk's dev in the model, or replace it by hand (zpool "
		    "replace) if it is to go", c->p->name,
		    zs_dev(rec(c, ms->slots[k])), rec(c, t)->name,
		    rec(c, ms->slots[k])->state ? rec(c, ms->slots[k])->state :
		    "there");
		return;
	}
	if (more > 1 && parity_kind(&sr)) {
		REFUSE(c, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_WIDTH, v->loc,
		    vpath(c, log, i), "pool %s: %s would grow by %zu disks; "
		    "raidz expansion takes one disk at a time: add one to "
		    "the model, run the change, and the next once zpool "
		    "status says the expansion is done", c->p->name,
		    rec(c, t)->name, more);
		return;
	}
	for (j = 0; j < v->n; j++)
		if (mem[j] < 0)
			new_member(c, log, i, v, j, t, ms);
}

/* A status top-level vdev the model lacks. */
static void extra_top(struct cx *c, int32_t t, bool raidz_pool)
{
	const struct zs_vdev *v = rec(c, t);
	enum zs_class cls = zs_class_of(v);
	const char *what = cls == ZS_LOG ? "log" : cls == ZS_CACHE ? "cache" :
	    cls == ZS_SPARE ? "spare" : cls == ZS_SPECIAL ? "special" : "data";
	int rule = cls == ZS_LOG ? ZR_DRIFT_LOG : cls == ZS_CACHE ?
	    ZR_DRIFT_CACHE : cls == ZS_SPARE ? ZR_DRIFT_SPARE :
	    ZR_DRIFT_VDEV_EXTRA;
	const char *path = zp_pathf(c->d, "pools[%u]", c->p->src);
	struct zc_step *s;

	if (cls == ZS_SPECIAL || (cls == ZS_DATA && (raidz_pool ||
	    !(v->child < 0 || strcmp(v->type, "mirror") == 0)))) {
		REFUSE(c, rule, c->p->name_loc, path, "pool %s has %s vdev %s, "
		    "which the model lacks; ZFS cannot remove it (%s): add "
		    "it to the model", c->p->name, what, v->name, cls ==
		    ZS_SPECIAL ? "zplan models no special vdevs yet" :
		    raidz_pool ? "zpool remove refuses a pool with raidz "
		    "vdevs" : "only mirrors and disks can be removed");
		return;
	}
	if (!c->allow_remove) {
		REFUSE(c, rule, c->p->name_loc, path, "pool %s has %s %s, "
		    "which the model lacks; give --allow-remove to remove it "
		    "(zpool remove %s %s), or add it to the model",
		    c->p->name, what, v->name, c->sp->name, v->name);
		return;
	}
	s = step(c, ZC_REMOVE);
	s->old = v->child < 0 ? zs_dev(v) : v->name;
	gone_list(c, t, s);
	s->what = zp_arena_printf(&c->plan->arena, "remove %s %s from pool %s",
	    what, v->child < 0 ? zs_dev(v) : v->name, c->p->name);
}

static void add_items(struct cx *c, bool spares)
{
	const struct zp_refs *rs = spares ? &c->p->spares : &c->p->cache;
	const int32_t *got = spares ? c->pr.spares : c->pr.cache;
	size_t i;

	for (i = 0; i < rs->n; i++) {
		struct zc_step *s;

		if (got[i] >= 0)
			continue;
		s = step(c, ZC_ADD);
		s->cls = spares ? "spare" : "cache";
		s->disk = &rs->v[i];
		s->what = zp_arena_printf(&c->plan->arena, "add %s disk %s to "
		    "pool %s", s->cls, rs->v[i].name, c->p->name);
	}
}

/* A disk of this pool that zpool status shows in another pool. */
static bool moved(struct cx *c)
{
	const struct zp_vdevs *lists[] = { &c->p->vdevs, &c->p->log };
	const struct zp_refs *items[] = { &c->p->cache, &c->p->spares };
	size_t l, i, j;
	bool any = false;

	for (l = 0; l < 4; l++) {
		size_t n = l < 2 ? lists[l]->n : 1;

		for (i = 0; i < n; i++) {
			const struct zp_ref *mem = l < 2 ?
			    lists[l]->v[i].members : items[l - 2]->v;
			size_t nm = l < 2 ? lists[l]->v[i].n : items[l - 2]->n;

			for (j = 0; j < nm; j++) {
				const char *dev = dev_of(c, &mem[j]);
				char key[4200];
				int32_t q;

				if (strlen(dev) > 4000)
					continue;
				q = zp_htab_get(&c->where, dev);
				if (q < 0) {
					size_t n = strlen(dev);

					snprintf(key, sizeof(key), "%s%s", dev,
					    strncmp(dev, "/dev/disk", 9) == 0 ?
					    "-part1" : n && dev[n - 1] >= '0' &&
					    dev[n - 1] <= '9' ? "p1" : "1");
					q = zp_htab_get(&c->where, key);
				}
				if (q < 0 && c->st->short_names)
					q = zp_htab_get(&c->where,
					    zs_short_dev(dev));
				if (q < 0 || ZS_POOL(c->st, q) == c->sp)
					continue;
				REFUSE(c, ZR_DRIFT_DEVICE, mem[j].loc,
				    zp_pathf(c->d, "pools[%u]", c->p->src),
				    "pool %s: disk %s (%s) is in pool %s on "
				    "the host; a disk cannot move between "
				    "pools without destroying data: correct "
				    "the model", c->p->name, mem[j].name, dev,
				    ZS_POOL(c->st, q)->name);
				any = true;
			}
		}
	}
	return any;
}

static bool raidz_pool(const struct cx *c)
{
	size_t i;

	for (i = c->sp->first; i < c->sp->end; i++) {
		const struct zs_vdev *v = rec(c, (int32_t)i);

		if (v->up == c->sp->root && v->type && (strcmp(v->type,
		    "raidz") == 0 || strcmp(v->type, "draid") == 0))
			return true;
	}
	return false;
}

/* A model vdev that shares no device with the status vdev it was paired
 * with in order is a new vdev, and that status vdev one the model lacks
 * (diff pairs them to describe a difference; a change must not turn a
 * vdev's removal into replacing every disk of another). */
static void unpair(struct cx *c, bool log)
{
	const struct zp_vdevs *vs = log ? &c->p->log : &c->p->vdevs;
	int32_t *top = log ? c->pr.log : c->pr.data;
	int32_t **mem = log ? c->pr.log_m : c->pr.data_m;
	size_t i, j;

	for (i = 0; i < vs->n; i++) {
		if (top[i] < 0)
			continue;
		for (j = 0; j < vs->v[i].n && mem[i][j] < 0; j++)
			;
		if (j < vs->v[i].n)
			continue;
		*(int32_t *)zp_vec_push(&c->pr.extra) = top[i];
		top[i] = -1;
	}
}

static void plan_pool(struct cx *c)
{
	size_t i;
	bool rz = raidz_pool(c);

	if (moved(c))
		return;
	zp_pair(c->m, c->st, c->p, c->sp, &c->pr);
	unpair(c, false);
	unpair(c, true);
	for (i = 0; i < c->p->vdevs.n; i++)
		if (c->pr.data[i] >= 0)
			change_vdev(c, false, i, c->pr.data[i], c->pr.data_m[i]);
	for (i = 0; i < c->p->log.n; i++)
		if (c->pr.log[i] >= 0)
			change_vdev(c, true, i, c->pr.log[i], c->pr.log_m[i]);
	for (i = 0; i < c->p->vdevs.n; i++)
		if (c->pr.data[i] < 0)
			add_vdev(c, false, i);
	for (i = 0; i < c->p->log.n; i++)
		if (c->pr.log[i] < 0)
			add_vdev(c, true, i);
	add_items(c, false);
	add_items(c, true);
	for (i = 0; i < c->pr.extra.len; i++)
		extra_top(c, *ZP_VEC_AT(&c->pr.extra, int32_t, i), rz);
	zp_pairing_release(&c->pr);
}

static void index_leaves(struct cx *c)
{
	size_t i, k;

	zp_htab_init(&c->where, c->st->vdevs.len * 2 + 1);
	for (k = 0; k < c->st->pools.len; k++) {
		const struct zs_pool *sp = ZS_POOL(c->st, k);

		for (i = sp->first; i < sp->end; i++) {
			const struct zs_vdev *v = rec(c, (int32_t)i);

			if (v->child >= 0 || (v->type && strcmp(v->type,
			    "root") == 0))
				continue;
			zp_htab_put(&c->where, zs_dev(v), (int32_t)k);
			if (v->path)
				zp_htab_put(&c->where, v->path, (int32_t)k);
		}
	}
}

void zp_change_plan(const struct zp_model *m, const struct zs_status *st,
    const char *host, bool allow_remove, struct zc_plan *plan,
    struct zp_diags *d)
{
	struct cx c;
	struct zp_htab names;
	int32_t hi = host ? zp_htab_get(&m->h_ctrls, host) : -1;
	size_t i;

	memset(plan, 0, sizeof(*plan));
	zp_arena_init(&plan->arena);
	zp_vec_init(&plan->steps, sizeof(struct zc_step));
	zp_vec_init(&plan->pools, sizeof(int32_t));
	memset(&c, 0, sizeof(c));
	c.m = m;
	c.st = st;
	c.d = d;
	c.plan = plan;
	c.allow_remove = allow_remove;
	index_leaves(&c);
	zp_htab_init(&names, st->pools.len * 2 + 1);
	for (i = 0; i < st->pools.len; i++)
		zp_htab_put(&names, ZS_POOL(st, i)->name, (int32_t)i);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		int32_t s = zp_htab_get(&names, p->name);

		if (host && p->controller.idx != hi)
			continue;
		*(int32_t *)zp_vec_push(&plan->pools) = (int32_t)i;
		if (s < 0) {
			REFUSE(&c, ZR_DRIFT_POOL_MISSING, p->name_loc,
			    zp_pathf(d, "pools[%u]", p->src), "pool %s is "
			    "not in zpool status; zplan change changes pools "
			    "that exist: create it with zplan script, or "
			    "import it (zpool import %s)", p->name, p->name);
			continue;
		}
		c.p = p;
		c.sp = ZS_POOL(st, s);
		plan_pool(&c);
	}
	zp_htab_release(&names);
	zp_htab_release(&c.where);
}

void zp_change_release(struct zc_plan *plan)
{
	zp_vec_release(&plan->steps);
	zp_vec_release(&plan->pools);
	zp_arena_release(&plan->arena);
}
