/* diff: a model's pools against zpool status. Per pool, the status tree is
 * cut into top-level vdevs and their slots (a leaf, or a spare-N or
 * replacing-N vdev standing for one member), every leaf path hashed by
 * class; each model vdev then goes to the status vdev holding most of its
 * devices (so that a vdev removed from the middle, or one out of order,
 * does not shift the rest), the others pair up in order, and what is left
 * on either side is missing or extra. Linear in the model and the file. */
#include "zplan/diff.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/htab.h"
#include "zplan/rule.h"

#define LIST_MAX 4              /* devices named in a vdev's description */

struct top {
	int32_t rec;
	enum zs_class cls;
	size_t slot0, nslots;
	int32_t model;          /* the model vdev or item paired with it */
};

struct slot {
	int32_t rec;            /* a leaf, or a spare-N or replacing-N vdev */
	int32_t top;
	int32_t member;         /* the model member paired with it, or -1 */
};

struct ctx {
	const struct zp_model *m;
	const struct zs_status *st;
	struct zp_diags *d;
	const struct zs_pool *sp;
	const struct zp_pool *p;
	struct zp_vec tops, slots;      /* of the pool being compared */
	struct zp_htab paths;           /* class letter + leaf path -> slot */
	struct zp_arena keys;
	int32_t *votes;
	size_t states;                  /* drift-state findings of the pool */
};

static const struct zs_vdev *rec(const struct ctx *c, int32_t i)
{
	return ZS_VDEV(c->st, i);
}

static struct top *top_at(struct ctx *c, size_t i)
{
	return ZP_VEC_AT(&c->tops, struct top, i);
}

static struct slot *slot_at(struct ctx *c, size_t i)
{
	return ZP_VEC_AT(&c->slots, struct slot, i);
}

static char cls_letter(enum zs_class cls)
{
	return "DLCSD"[cls];    /* special and dedup share the data paths */
}

static bool is_stand_in(const struct zs_vdev *v)
{
	return v->type && (strcmp(v->type, "spare") == 0 ||
	    strcmp(v->type, "replacing") == 0);
}

/* ---- the status side ---- */

static void hash_leaves(struct ctx *c, int32_t r, char cls, int32_t slot)
{
	const struct zs_vdev *v = rec(c, r);
	int32_t ch;

	if (v->child < 0) {
		const char *k = zp_arena_printf(&c->keys, "%c%s", cls,
		    zs_dev(v));

		zp_htab_put(&c->paths, k, slot);
		return;
	}
	/* depth bounded by zs_read */
	for (ch = v->child; ch >= 0; ch = rec(c, ch)->next)
		hash_leaves(c, ch, cls, slot);
}

static void gather(struct ctx *c, int32_t r, int32_t t)
{
	const struct zs_vdev *v = rec(c, r);
	int32_t ch;

	if (v->child < 0 || is_stand_in(v)) {
		struct slot *s = zp_vec_push(&c->slots);

		s->rec = r;
		s->top = t;
		s->member = -1;
		hash_leaves(c, r, cls_letter(top_at(c, (size_t)t)->cls),
		    (int32_t)(c->slots.len - 1));
		return;
	}
	for (ch = v->child; ch >= 0; ch = rec(c, ch)->next)
		gather(c, ch, t);
}

static void add_top(struct ctx *c, int32_t r, enum zs_class cls)
{
	struct top *t = zp_vec_push(&c->tops);
	int32_t ti = (int32_t)(c->tops.len - 1);

	t->rec = r;
	t->cls = cls;
	t->slot0 = c->slots.len;
	t->model = -1;
	gather(c, r, ti);
	t = top_at(c, (size_t)ti);
	t->nslots = c->slots.len - t->slot0;
}

static void view(struct ctx *c)
{
	const struct zs_pool *sp = c->sp;
	size_t i;

	c->tops.len = c->slots.len = 0;
	zp_htab_release(&c->paths);
	zp_htab_init(&c->paths, (sp->end - sp->first) * 2 + 1);
	if (sp->root >= 0) {
		int32_t ch;

		for (ch = rec(c, sp->root)->child; ch >= 0;
		    ch = rec(c, ch)->next)
			add_top(c, ch, zs_class_of(rec(c, ch)) == ZS_SPECIAL ?
			    ZS_SPECIAL : ZS_DATA);
	}
	for (i = sp->first; i < sp->end; i++) {
		const struct zs_vdev *v = rec(c, (int32_t)i);

		if (v->up < 0 && (int32_t)i != sp->root && !(v->type &&
		    strcmp(v->type, "root") == 0))
			add_top(c, (int32_t)i, zs_class_of(v));
	}
	free(c->votes);
	c->votes = zp_xcalloc(c->tops.len + 1, sizeof(*c->votes));
}

/* The slot of class cls whose leaf is dev (or dev's partition 1), or -1. */
static int32_t find(struct ctx *c, enum zs_class cls, const char *dev)
{
	char key[4200];
	size_t n = strlen(dev);
	char last = n ? dev[n - 1] : '\0';
	int32_t s;

	if (n > 4000)
		return -1;
	snprintf(key, sizeof(key), "%c%s", cls_letter(cls), dev);
	if ((s = zp_htab_get(&c->paths, key)) >= 0)
		return s;
	snprintf(key, sizeof(key), "%c%s-part1", cls_letter(cls), dev);
	if ((s = zp_htab_get(&c->paths, key)) >= 0)
		return s;
	if (c->st->short_names) {
		/* zpool status without -P: the whole disk's own name */
		snprintf(key, sizeof(key), "%c%s", cls_letter(cls),
		    zs_short_dev(dev));
		if ((s = zp_htab_get(&c->paths, key)) >= 0)
			return s;
	}
	if (strncmp(dev, "/dev/disk/", 10) == 0 || !n)
		return -1;
	snprintf(key, sizeof(key), "%c%s%s1", cls_letter(cls), dev,
	    last >= '0' && last <= '9' ? "p" : "");
	return zp_htab_get(&c->paths, key);
}

bool zp_diff_same_dev(const char *dev, const char *path)
{
	size_t n = strlen(dev);
	const char *rest;

	if (strcmp(dev, path) == 0)
		return true;
	if (!n || strncmp(dev, path, n) != 0)
		return false;
	rest = path + n;
	if (strcmp(rest, "-part1") == 0)
		return true;
	if (strncmp(dev, "/dev/disk/", 10) == 0)
		return false;
	if (dev[n - 1] >= '0' && dev[n - 1] <= '9')
		return strcmp(rest, "p1") == 0;
	return strcmp(rest, "1") == 0;
}

/* ---- descriptions ---- */

static const char *skind(const struct zs_vdev *v, char *buf, size_t len)
{
	if (!v->type)
		return "vdev of no type";
	if (strcmp(v->type, "raidz") == 0) {
		/* the name says the parity (raidz2-0); named by guid (zpool
		 * status -g, ZPOOL_VDEV_NAME_GUID) nothing does: "raidz" */
		bool named = strncmp(v->name, "raidz", 5) == 0 &&
		    v->name[5] >= '1' && v->name[5] <= '3';

		if (!named)
			return "raidz";
		snprintf(buf, len, "raidz%c", v->name[5]);
		return buf;
	}
	if (strcmp(v->type, "file") == 0 || is_stand_in(v))
		return "disk";
	return v->type;
}

/* "mirror-0 (sda, sdb)", "raidz2-0 (sda, sdb, sdc, sdd, ... 8 in all)" */
static void sdesc(struct ctx *c, const struct top *t, char *buf, size_t len)
{
	size_t i, o;
	int w;

	w = snprintf(buf, len, "%s", rec(c, t->rec)->name);
	o = w > 0 ? (size_t)w : 0;
	if (rec(c, t->rec)->child < 0)
		return;
	for (i = 0; i < t->nslots && i < LIST_MAX && o < len; i++) {
		w = snprintf(buf + o, len - o, "%s%s", i ? ", " : " (",
		    rec(c, slot_at(c, t->slot0 + i)->rec)->name);
		o += w > 0 ? (size_t)w : 0;
	}
	if (o < len)
		snprintf(buf + o, len - o, "%s)", t->nslots > LIST_MAX ?
		    ", ..." : "");
}

/* "mirror e1-0 + e2-0", "raidz2 e1-0 .. e1-7 (8 disks)", "disk e1-0" */
static void mdesc(const struct zp_vdev *v, bool log, char *buf, size_t len)
{
	const char *pre = log ? "log " : "", *kind = zp_vkind_name(v->kind);

	if (v->n == 1)
		snprintf(buf, len, "%s%s %s", pre, kind, v->members[0].name);
	else if (v->n == 2)
		snprintf(buf, len, "%s%s %s + %s", pre, kind,
		    v->members[0].name, v->members[1].name);
	else
		snprintf(buf, len, "%s%s %s .. %s (%zu disks)", pre, kind,
		    v->members[0].name, v->members[v->n - 1].name, v->n);
}

static const char *member_dev(const struct ctx *c, const struct zp_ref *r)
{
	const struct zp_disk *dk = zp_ref_disk(c->m, r);

	return dk ? dk->dev : "?";
}

/* "zpool add tank mirror /dev/a /dev/b": what makes a missing vdev. */
static void add_cmd(const struct ctx *c, const struct zp_vdev *v, bool log,
    char *buf, size_t len)
{
	size_t j, o;
	int w;

	w = snprintf(buf, len, "zpool add %s%s%s", c->sp->name,
	    log ? " log" : "", v->kind == ZP_VDEV_DISK ? "" : " ");
	o = w > 0 ? (size_t)w : 0;
	if (v->kind != ZP_VDEV_DISK && o < len) {
		w = snprintf(buf + o, len - o, "%s", zp_vkind_name(v->kind));
		o += w > 0 ? (size_t)w : 0;
	}
	for (j = 0; j < v->n && j < LIST_MAX && o < len; j++) {
		w = snprintf(buf + o, len - o, " %s",
		    member_dev(c, &v->members[j]));
		o += w > 0 ? (size_t)w : 0;
	}
	if (j < v->n && o < len)
		snprintf(buf + o, len - o, " ...");
}

/* ---- states ---- */

static const char *advice(const char *state)
{
	if (state && strcmp(state, "OFFLINE") == 0)
		return "bring it back: zpool online %s %s";
	if (state && strcmp(state, "DEGRADED") == 0)
		return "a device below it has failed: zpool status -v %s "
		    "shows which (%s)";
	return "check the disk and its cabling, then zpool online %s %s, or "
	    "zpool replace it with a new device";
}

static void report_state(struct ctx *c, const struct zs_vdev *v,
    const char *who, const char *where, struct zp_loc loc, const char *path)
{
	char adv[512];
	const char *why = v->aux ? v->aux : v->was ? "not present" : NULL;

	snprintf(adv, sizeof(adv), advice(v->state), c->sp->name, v->name);
	zp_report(c->d, ZR_DRIFT_STATE, loc, path, "%s%s%s%s%s of pool %s is "
	    "%s%s%s%s; %s", who ? who : v->name, who ? " (" : "",
	    who ? zs_dev(v) : "", who ? ")" : "", where, c->p->name,
	    v->state ? v->state : "of no state", why ? " (" : "",
	    why ? why : "", why ? ")" : "", adv);
	c->states++;
}

/* The failed leaves below a stand-in, else the stand-in itself. */
static size_t stand_in_state(struct ctx *c, int32_t r, const char *who,
    const char *where, struct zp_loc loc, const char *path)
{
	const struct zs_vdev *v = rec(c, r);
	size_t n = 0;
	int32_t ch;

	if (v->child < 0) {
		if (zs_online(v->state) || (v->cls && strcmp(v->cls, "spare") ==
		    0 && v->state && strcmp(v->state, "INUSE") == 0))
			return 0;
		report_state(c, v, who, where, loc, path);
		return 1;
	}
	for (ch = v->child; ch >= 0; ch = rec(c, ch)->next)
		n += stand_in_state(c, ch, who, where, loc, path);
	return n;
}

static size_t slot_state(struct ctx *c, const struct slot *s,
    const char *who, struct zp_loc loc, const char *path)
{
	const struct top *t = top_at(c, (size_t)s->top);
	const struct zs_vdev *v = rec(c, s->rec);
	char where[160];
	size_t n;

	if (s->rec == t->rec)
		where[0] = '\0';
	else
		snprintf(where, sizeof(where), " in %s", rec(c, t->rec)->name);
	n = stand_in_state(c, s->rec, who, where, loc, path);
	if (!n && !zs_online(v->state) && v->child >= 0) {
		report_state(c, v, NULL, where, loc, path);
		n = 1;
	}
	return n;
}

/* ---- vdevs ---- */

/* Pairs model vdevs (data or log) with status tops of class cls: most
 * shared devices first, then the rest in order. pair[i]: top or -1. */
static void match(struct ctx *c, const struct zp_vdevs *vs, enum zs_class cls,
    int32_t *pair)
{
	int32_t *touched = zp_xcalloc(1, sizeof(*touched));
	size_t i, j, ntouched, cap = 1, next = 0;

	for (i = 0; i < vs->n; i++) {
		const struct zp_vdev *v = &vs->v[i];
		int32_t best = -1;

		ntouched = 0;
		for (j = 0; j < v->n; j++) {
			int32_t s = find(c, cls, member_dev(c, &v->members[j]));
			int32_t t;

			if (s < 0)
				continue;
			t = slot_at(c, (size_t)s)->top;
			/* special vdevs share the data paths */
			if (top_at(c, (size_t)t)->model >= 0 ||
			    top_at(c, (size_t)t)->cls != cls)
				continue;
			if (c->votes[t]++ == 0) {
				if (ntouched == cap) {
					cap *= 2;
					touched = zp_xrealloc(touched,
					    zp_mul(cap, sizeof(*touched)));
				}
				touched[ntouched++] = t;
			}
		}
		for (j = 0; j < ntouched; j++) {
			int32_t t = touched[j];

			if (best < 0 || c->votes[t] > c->votes[best] ||
			    (c->votes[t] == c->votes[best] && t < best))
				best = t;
		}
		for (j = 0; j < ntouched; j++)
			c->votes[touched[j]] = 0;
		pair[i] = best;
		if (best >= 0)
			top_at(c, (size_t)best)->model = (int32_t)i;
	}
	for (i = 0; i < vs->n; i++) {
		if (pair[i] >= 0)
			continue;
		while (next < c->tops.len && (top_at(c, next)->cls != cls ||
		    top_at(c, next)->model >= 0))
			next++;
		if (next == c->tops.len)
			break;
		pair[i] = (int32_t)next;
		top_at(c, next)->model = (int32_t)i;
	}
	free(touched);
}

static const char *member_path(struct ctx *c, bool log, size_t vi,
    const struct zp_vdev *v, size_t j)
{
	if (log && v->kind == ZP_VDEV_DISK)
		return zp_pathf(c->d, "pools[%u].log[%zu]", c->p->src, vi);
	if (v->kind == ZP_VDEV_DISK)
		return zp_pathf(c->d, "pools[%u].vdevs[%zu].disk", c->p->src,
		    vi);
	return zp_pathf(c->d, "pools[%u].%s[%zu].%s[%zu]", c->p->src,
	    log ? "log" : "vdevs", vi, zp_vkind_name(v->kind), j);
}

static void compare_vdev(struct ctx *c, bool log, size_t vi, int32_t ti)
{
	const struct zp_vdev *v = &(log ? &c->p->log : &c->p->vdevs)->v[vi];
	struct top *t = top_at(c, (size_t)ti);
	const char *vpath = zp_pathf(c->d, "pools[%u].%s[%zu]", c->p->src,
	    log ? "log" : "vdevs", vi);
	char md[300], sd[400], kb[16];
	const char *sk = skind(rec(c, t->rec), kb, sizeof(kb));
	/* a raidz of unknown parity is any raidz the model has */
	bool kind_ok = strcmp(sk, zp_vkind_name(v->kind)) == 0 ||
	    (strcmp(sk, "raidz") == 0 &&
	    strncmp(zp_vkind_name(v->kind), "raidz", 5) == 0);
	bool same = kind_ok && v->n == t->nslots;
	size_t j, k, before = c->states;
	int32_t *ms = zp_xcalloc(v->n + 1, sizeof(*ms));

	mdesc(v, log, md, sizeof(md));
	sdesc(c, t, sd, sizeof(sd));
	if (!kind_ok)
		zp_report(c->d, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_TYPE, v->loc,
		    vpath, "%s of pool %s is %s in zpool status, a %s of %zu; "
		    "correct the model, or rebuild the vdev as the model says",
		    md, c->p->name, sd, sk, t->nslots);
	else if (v->n != t->nslots)
		zp_report(c->d, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_WIDTH,
		    v->loc, vpath, "%s of pool %s has %zu device%s in zpool "
		    "status, %s, and %zu in the model; attach or detach "
		    "devices (zpool attach, zpool detach), or correct the "
		    "model", md, c->p->name, t->nslots, t->nslots == 1 ? "" :
		    "s", sd, v->n);
	for (j = 0; j < v->n; j++) {
		int32_t s = find(c, t->cls, member_dev(c, &v->members[j]));

		ms[j] = -1;
		if (s >= 0 && slot_at(c, (size_t)s)->top == ti &&
		    slot_at(c, (size_t)s)->member < 0) {
			slot_at(c, (size_t)s)->member = (int32_t)j;
			ms[j] = s;
		}
	}
	/* same shape: what is left on each side took the other's place */
	for (j = 0, k = t->slot0; same && j < v->n; j++) {
		const struct zs_vdev *o;

		if (ms[j] >= 0)
			continue;
		while (slot_at(c, k)->member >= 0)
			k++;
		slot_at(c, k)->member = (int32_t)j;
		o = rec(c, slot_at(c, k)->rec);
		zp_report(c->d, log ? ZR_DRIFT_LOG : ZR_DRIFT_DEVICE,
		    v->members[j].loc, member_path(c, log, vi, v, j),
		    "%sdisk %s (%s) is not in %s of pool %s, which has %s in "
		    "its place; correct the disk's dev in the model, or zpool "
		    "replace %s %s %s", log ? "log " : "", v->members[j].name,
		    member_dev(c, &v->members[j]), rec(c, t->rec)->name,
		    c->p->name, o->child < 0 ? zs_dev(o) : o->name, c->sp->name,
		    o->name, member_dev(c, &v->members[j]));
	}
	for (k = t->slot0; k < t->slot0 + t->nslots; k++) {
		const struct slot *s = slot_at(c, k);
		char who[200];

		if (s->member >= 0) {
			snprintf(who, sizeof(who), "%sdisk %s",
			    log ? "log " : "", v->members[s->member].name);
			slot_state(c, s, who, v->members[s->member].loc,
			    member_path(c, log, vi, v, (size_t)s->member));
		} else {
			slot_state(c, s, NULL, v->loc, vpath);
		}
	}
	if (c->states == before && !zs_online(rec(c, t->rec)->state))
		report_state(c, rec(c, t->rec), md, "", v->loc, vpath);
	free(ms);
}

/* A top-level vdev of the status that no vdev of the model is paired
 * with; its devices' states are drift too. */
static void extra_top(struct ctx *c, const struct top *t, bool log,
    struct zp_loc at)
{
	const char *path = zp_pathf(c->d, "pools[%u].%s", c->p->src,
	    log ? "log" : "vdevs");
	bool special = t->cls == ZS_SPECIAL;
	/* special and dedup share a class here; the status says which */
	const char *cw = special && rec(c, t->rec)->cls &&
	    strcmp(rec(c, t->rec)->cls, "dedup") == 0 ? "dedup vdev " :
	    special ? "special vdev " : "";
	char sd[400];
	size_t k;

	sdesc(c, t, sd, sizeof(sd));
	if (log)
		zp_report(c->d, ZR_DRIFT_LOG, at, path, "pool %s has log %s in "
		    "zpool status, which the model lacks; add it to the pool's "
		    "log, or zpool remove %s %s", c->p->name, sd, c->sp->name,
		    rec(c, t->rec)->name);
	else
		zp_report(c->d, ZR_DRIFT_VDEV_EXTRA, at, path, "pool %s has "
		    "%s%s in zpool status, which the model lacks; %s",
		    c->p->name, cw, sd, special ?
		    "zplan models no special or dedup vdevs" :
		    "add it to the pool's vdevs");
	for (k = t->slot0; k < t->slot0 + t->nslots; k++)
		slot_state(c, slot_at(c, k), NULL, at, path);
}

static void compare_vdevs(struct ctx *c, bool log)
{
	const struct zp_vdevs *vs = log ? &c->p->log : &c->p->vdevs;
	enum zs_class cls = log ? ZS_LOG : ZS_DATA;
	int32_t *pair = zp_xcalloc(vs->n + 1, sizeof(*pair));
	struct zp_loc at;
	char md[300], cmd[1200];
	size_t i;

	match(c, vs, cls, pair);
	for (i = 0; i < vs->n; i++) {
		if (pair[i] >= 0) {
			compare_vdev(c, log, i, pair[i]);
			continue;
		}
		mdesc(&vs->v[i], log, md, sizeof(md));
		add_cmd(c, &vs->v[i], log, cmd, sizeof(cmd));
		zp_report(c->d, log ? ZR_DRIFT_LOG : ZR_DRIFT_VDEV_MISSING,
		    vs->v[i].loc, zp_pathf(c->d, "pools[%u].%s[%zu]", c->p->src,
		    log ? "log" : "vdevs", i), "%s of pool %s is not in zpool "
		    "status; add it (%s), or drop it from the model", md,
		    c->p->name, cmd);
	}
	at = log ? (vs->n ? vs->v[0].loc : c->p->name_loc) :
	    (c->p->vdevs_loc.line ? c->p->vdevs_loc : c->p->name_loc);
	for (i = 0; i < c->tops.len; i++) {
		const struct top *t = top_at(c, i);

		if ((t->cls == cls || (!log && t->cls == ZS_SPECIAL)) &&
		    t->model < 0)
			extra_top(c, t, log, at);
	}
	free(pair);
}

/* ---- cache and spares ---- */

/* Where the spare at slot s stands in: "for sdb in mirror-0", or "". */
static void stands_for(struct ctx *c, const struct zs_vdev *sv, char *buf,
    size_t len)
{
	int32_t s = find(c, ZS_DATA, zs_dev(sv)), ch;
	const struct zs_vdev *in, *top;

	buf[0] = '\0';
	if (s < 0)
		return;
	in = rec(c, slot_at(c, (size_t)s)->rec);
	top = rec(c, top_at(c, (size_t)slot_at(c, (size_t)s)->top)->rec);
	for (ch = in->child; ch >= 0; ch = rec(c, ch)->next)
		if (strcmp(zs_dev(rec(c, ch)), zs_dev(sv)) != 0) {
			snprintf(buf, len, " for %s in %s", rec(c, ch)->name,
			    top->name);
			return;
		}
}

static void compare_items(struct ctx *c, bool spares)
{
	const struct zp_refs *rs = spares ? &c->p->spares : &c->p->cache;
	enum zs_class cls = spares ? ZS_SPARE : ZS_CACHE;
	const char *what = spares ? "spare" : "cache";
	int rule = spares ? ZR_DRIFT_SPARE : ZR_DRIFT_CACHE;
	struct zp_loc at = rs->set && rs->loc.line ? rs->loc : c->p->name_loc;
	size_t i;

	for (i = 0; i < rs->n; i++) {
		const struct zp_ref *r = &rs->v[i];
		const char *dev = member_dev(c, r), *path = zp_pathf(c->d,
		    "pools[%u].%s[%zu]", c->p->src, spares ? "spares" : "cache",
		    i);
		int32_t s = find(c, cls, dev);
		const struct zs_vdev *v;
		char who[200], standin[300];

		if (s < 0 || slot_at(c, (size_t)s)->member >= 0) {
			zp_report(c->d, rule, r->loc, path, "%s disk %s (%s) "
			    "of pool %s is not in zpool status; add it: zpool "
			    "add %s %s %s", what, r->name, dev, c->p->name,
			    c->sp->name, what, dev);
			continue;
		}
		slot_at(c, (size_t)s)->member = (int32_t)i;
		v = rec(c, slot_at(c, (size_t)s)->rec);
		if (spares && v->state && strcmp(v->state, "INUSE") == 0) {
			stands_for(c, v, standin, sizeof(standin));
			zp_report(c->d, ZR_DRIFT_SPARE_INUSE, r->loc, path,
			    "spare disk %s (%s) of pool %s is in use%s%s%s; "
			    "replace the failed device (zpool replace) and the "
			    "spare returns, or detach the failed one (zpool "
			    "detach) to keep the spare and correct the model",
			    r->name, zs_dev(v), c->p->name, standin,
			    v->used_by ? " by pool " : "",
			    v->used_by ? v->used_by : "");
			continue;
		}
		if (spares && v->state && strcmp(v->state, "AVAIL") == 0)
			continue;
		snprintf(who, sizeof(who), "%s disk %s", what, r->name);
		slot_state(c, slot_at(c, (size_t)s), who, r->loc, path);
	}
	for (i = 0; i < c->slots.len; i++) {
		const struct slot *s = slot_at(c, i);
		const struct zs_vdev *v = rec(c, s->rec);

		if (top_at(c, (size_t)s->top)->cls != cls || s->member >= 0)
			continue;
		zp_report(c->d, rule, at, zp_pathf(c->d, "pools[%u].%s",
		    c->p->src, spares ? "spares" : "cache"), "pool %s has %s "
		    "device %s (%s) in zpool status, which the model lacks; "
		    "add it to the pool's %s, or zpool remove %s %s",
		    c->p->name, what, v->name, zs_dev(v), spares ? "spares" :
		    "cache", c->sp->name, v->name);
	}
}

static void compare_pool(struct ctx *c)
{
	c->states = 0;
	view(c);
	compare_vdevs(c, false);
	compare_vdevs(c, true);
	compare_items(c, false);
	compare_items(c, true);
	if (!c->states && !zs_online(c->sp->state))
		zp_report(c->d, ZR_DRIFT_STATE, c->p->name_loc, zp_pathf(c->d,
		    "pools[%u]", c->p->src), "pool %s is %s in zpool status; "
		    "zpool status -v %s says why", c->p->name, c->sp->state ?
		    c->sp->state : "of no state", c->sp->name);
}

void zp_diff(const struct zp_model *m, const struct zs_status *st,
    const char *host, struct zp_diags *d)
{
	struct ctx c;
	struct zp_htab names;
	int32_t hi = host ? zp_htab_get(&m->h_ctrls, host) : -1;
	size_t i;

	memset(&c, 0, sizeof(c));
	c.m = m;
	c.st = st;
	c.d = d;
	zp_vec_init(&c.tops, sizeof(struct top));
	zp_vec_init(&c.slots, sizeof(struct slot));
	zp_htab_init(&c.paths, 16);
	zp_arena_init(&c.keys);
	zp_htab_init(&names, st->pools.len * 2 + 1);
	for (i = 0; i < st->pools.len; i++)
		zp_htab_put(&names, ZS_POOL(st, i)->name, (int32_t)i);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		int32_t s = zp_htab_get(&names, p->name);

		if (s < 0 && (!host || p->controller.idx == hi))
			zp_report(d, ZR_DRIFT_POOL_MISSING, p->name_loc,
			    zp_pathf(d, "pools[%u]", p->src), "pool %s is not "
			    "in zpool status; create it (zplan script), or "
			    "import it (zpool import %s)", p->name, p->name);
		if (s < 0)
			continue;
		c.p = p;
		c.sp = ZS_POOL(st, s);
		compare_pool(&c);
	}
	for (i = 0; i < st->pools.len; i++) {
		const struct zs_pool *sp = ZS_POOL(st, i);
		struct zp_loc none = { 0, 0 };

		if (zp_htab_get(&m->h_pools, sp->name) < 0)
			zp_report(d, ZR_DRIFT_POOL_EXTRA, none, "pools",
			    "pool %s is in zpool status but not in the model; "
			    "add it to the model", sp->name);
	}
	free(c.votes);
	zp_htab_release(&names);
	zp_htab_release(&c.paths);
	zp_arena_release(&c.keys);
	zp_vec_release(&c.tops);
	zp_vec_release(&c.slots);
}

/* ---- the pairing zplan change plans from ---- */

static void pair_members(struct ctx *c, const struct zp_vdevs *vs,
    const int32_t *pair, int32_t *top, int32_t **mem)
{
	size_t i, j;

	for (i = 0; i < vs->n; i++) {
		const struct zp_vdev *v = &vs->v[i];
		const struct top *t = pair[i] >= 0 ? top_at(c, (size_t)pair[i]) :
		    NULL;

		top[i] = t ? t->rec : -1;
		mem[i] = zp_xcalloc(v->n + 1, sizeof(**mem));
		for (j = 0; j < v->n; j++) {
			int32_t s = t ? find(c, t->cls, member_dev(c,
			    &v->members[j])) : -1;

			mem[i][j] = -1;
			if (s >= 0 && slot_at(c, (size_t)s)->top == pair[i] &&
			    slot_at(c, (size_t)s)->member < 0) {
				slot_at(c, (size_t)s)->member = (int32_t)j;
				mem[i][j] = slot_at(c, (size_t)s)->rec;
			}
		}
	}
}

static void pair_items(struct ctx *c, const struct zp_refs *rs,
    enum zs_class cls, int32_t *out)
{
	size_t i;

	for (i = 0; i < rs->n; i++) {
		int32_t s = find(c, cls, member_dev(c, &rs->v[i]));

		out[i] = -1;
		if (s >= 0 && slot_at(c, (size_t)s)->member < 0 &&
		    top_at(c, (size_t)slot_at(c, (size_t)s)->top)->cls == cls) {
			slot_at(c, (size_t)s)->member = (int32_t)i;
			out[i] = slot_at(c, (size_t)s)->rec;
		}
	}
}

void zp_pair(const struct zp_model *m, const struct zs_status *st,
    const struct zp_pool *p, const struct zs_pool *sp, struct zp_pairing *r)
{
	struct ctx c;
	int32_t *pd, *pl;
	size_t i;

	memset(&c, 0, sizeof(c));
	memset(r, 0, sizeof(*r));
	c.m = m;
	c.st = st;
	c.p = p;
	c.sp = sp;
	r->p = p;
	r->sp = sp;
	zp_vec_init(&c.tops, sizeof(struct top));
	zp_vec_init(&c.slots, sizeof(struct slot));
	zp_vec_init(&r->extra, sizeof(int32_t));
	zp_htab_init(&c.paths, 16);
	zp_arena_init(&c.keys);
	view(&c);
	pd = zp_xcalloc(p->vdevs.n + 1, sizeof(*pd));
	pl = zp_xcalloc(p->log.n + 1, sizeof(*pl));
	r->data = zp_xcalloc(p->vdevs.n + 1, sizeof(*r->data));
	r->log = zp_xcalloc(p->log.n + 1, sizeof(*r->log));
	r->data_m = zp_xcalloc(p->vdevs.n + 1, sizeof(*r->data_m));
	r->log_m = zp_xcalloc(p->log.n + 1, sizeof(*r->log_m));
	r->cache = zp_xcalloc(p->cache.n + 1, sizeof(*r->cache));
	r->spares = zp_xcalloc(p->spares.n + 1, sizeof(*r->spares));
	match(&c, &p->vdevs, ZS_DATA, pd);
	match(&c, &p->log, ZS_LOG, pl);
	pair_members(&c, &p->vdevs, pd, r->data, r->data_m);
	pair_members(&c, &p->log, pl, r->log, r->log_m);
	pair_items(&c, &p->cache, ZS_CACHE, r->cache);
	pair_items(&c, &p->spares, ZS_SPARE, r->spares);
	r->last_data = -1;
	for (i = 0; i < c.tops.len; i++) {
		const struct top *t = top_at(&c, i);

		if (t->cls == ZS_DATA || t->cls == ZS_SPECIAL)
			r->last_data = t->rec;
		if (t->model < 0 && t->cls != ZS_CACHE && t->cls != ZS_SPARE)
			*(int32_t *)zp_vec_push(&r->extra) = t->rec;
	}
	for (i = 0; i < c.slots.len; i++) {
		const struct slot *s = slot_at(&c, i);
		enum zs_class cls = top_at(&c, (size_t)s->top)->cls;

		if ((cls == ZS_CACHE || cls == ZS_SPARE) && s->member < 0)
			*(int32_t *)zp_vec_push(&r->extra) = s->rec;
	}
	free(pd);
	free(pl);
	free(c.votes);
	zp_htab_release(&c.paths);
	zp_arena_release(&c.keys);
	zp_vec_release(&c.tops);
	zp_vec_release(&c.slots);
}

void zp_pairing_release(struct zp_pairing *r)
{
	size_t i;

	for (i = 0; r->p && i < r->p->vdevs.n; i++)
		free(r->data_m[i]);
	for (i = 0; r->p && i < r->p->log.n; i++)
		free(r->log_m[i]);
	free(r->data);
	free(r->log);
	free(r->data_m);
	free(r->log_m);
	free(r->cache);
	free(r->spares);
	zp_vec_release(&r->extra);
	memset(r, 0, sizeof(*r));
}

static void top_slots(const struct zs_status *st, int32_t v, int32_t *out,
    size_t max, size_t *n)
{
	const struct zs_vdev *r = ZS_VDEV(st, v);
	int32_t ch;

	if (r->child < 0 || is_stand_in(r)) {
		if (*n < max)
			out[*n] = v;
		(*n)++;
		return;
	}
	for (ch = r->child; ch >= 0; ch = ZS_VDEV(st, ch)->next)
		top_slots(st, ch, out, max, n);
}

size_t zp_top_slots(const struct zs_status *st, int32_t top, int32_t *out,
    size_t max)
{
	size_t n = 0;

	top_slots(st, top, out, max, &n);
	return n;
}
