/* Redundancy rules (rules.md "Redundancy"): the vdevs of each pool are ones
 * that `zpool create` without -f accepts, and survive what the policy says
 * they must. What zpool refuses follows OpenZFS's cmd/zpool/zpool_vdev.c
 * (read at commit be7657e3, the same in 2.3.x): construct_spec() for the
 * width of a mirror or raidz and for a pool without vdevs,
 * check_replication() and get_replication() for mixed vdevs and for
 * members of different sizes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/rule.h"

/* get_replication(): members of one mirror or raidz may differ in size by
 * this much (ZPOOL_FUZZ), not more. */
#define ZPOOL_FUZZ ((uint64_t)16 * 1024 * 1024)
/* construct_spec() via is_grouping(): the widest raidz. */
#define RAIDZ_MAX 255

/* ---- helpers ---- */

static const char *ref_name(const struct zp_ref *r)
{
	return r->name ? r->name : "?";
}

/* A short name for a vdev in messages: "disk a", "mirror a + b + c",
 * "raidz1 a + b", "mirror a .. f (6-way)", "raidz2 a .. h (8 disks)", with
 * "log " in front of a log vdev. */
static void vdev_desc(const struct zp_vdev *v, bool log, char *buf,
    size_t len)
{
	const char *pre = log ? "log " : "";
	const char *kind = zp_vkind_name(v->kind);

	if (v->n == 0)
		snprintf(buf, len, "%sempty %s", pre, kind);
	else if (v->kind == ZP_VDEV_DISK || v->n == 1)
		snprintf(buf, len, "%s%s %s", pre, kind,
		    ref_name(&v->members[0]));
	else if (v->n == 2)
		snprintf(buf, len, "%s%s %s + %s", pre, kind,
		    ref_name(&v->members[0]), ref_name(&v->members[1]));
	else if (v->n == 3)
		snprintf(buf, len, "%s%s %s + %s + %s", pre, kind,
		    ref_name(&v->members[0]), ref_name(&v->members[1]),
		    ref_name(&v->members[2]));
	else if (v->kind == ZP_VDEV_MIRROR)
		snprintf(buf, len, "%smirror %s .. %s (%zu-way)", pre,
		    ref_name(&v->members[0]), ref_name(&v->members[v->n - 1]),
		    v->n);
	else
		snprintf(buf, len, "%s%s %s .. %s (%zu disks)", pre, kind,
		    ref_name(&v->members[0]), ref_name(&v->members[v->n - 1]),
		    v->n);
}

static bool is_raidz(enum zp_vkind k)
{
	return k >= ZP_VDEV_RAIDZ1;
}

/* A width construct_spec() accepts: a mirror of 2 or more, a raidzN of
 * N+1 to 255. */
static bool width_ok(const struct zp_vdev *v)
{
	if (v->kind == ZP_VDEV_MIRROR)
		return v->n >= 2;
	if (is_raidz(v->kind))
		return v->n >= zp_vkind_parity(v->kind) + 1 &&
		    v->n <= RAIDZ_MAX;
	return v->n == 1;
}

/* Whether r is the first use of its disk (link.c keeps the first; the
 * others are disk-reuse's). r must be resolved. */
static bool first_use(const struct zp_model *m, const struct zp_ref *r)
{
	const struct zp_disk_use *u = &m->use[r->idx];

	return u->loc.line == r->loc.line && u->loc.col == r->loc.col;
}

/* The size of the disk r names as sold, or 0 when it or its drive type is
 * unresolved. */
static uint64_t ref_size(const struct zp_model *m, const struct zp_ref *r)
{
	const struct zp_disk *x = zp_ref_disk(m, r);
	const struct zp_drive_type *t = x ? zp_disk_type(m, x) : NULL;

	return t ? t->size : 0;
}

static bool pool_has_vdevs(const struct zp_pool *p)
{
	return !p->vdevs_intent.set && p->vdevs.n > 0;
}

/* ---- pool-empty ---- */

static void check_pool_empty(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const char *what[3];
		char others[80] = "";
		size_t n = 0, k, o = 0;

		if (p->vdevs_intent.set || p->vdevs.n > 0)
			continue;
		if (p->log.n || p->log_intent.set)
			what[n++] = "log";
		if (p->cache.n || p->cache_intent.set)
			what[n++] = "cache";
		if (p->spares.n || p->spares_intent.set)
			what[n++] = "spare";
		for (k = 0; k < n; k++)
			o += (size_t)snprintf(others + o, sizeof(others) - o,
			    "%s%s", k == 0 ? "" : k + 1 == n ? " and " : ", ",
			    what[k]);
		/* construct_spec() refuses a spec of nothing at all;
		 * make_root_vdev() one of only logs, cache or spares */
		zp_report(d, ZR_POOL_EMPTY, p->name_loc,
		    zp_pathf(d, "pools[%u]", p->src), "pool %s has %s%sno data "
		    "vdev; zpool create refuses it (\"%s\"); add vdevs: a list "
		    "of mirrors or raidz, or an intent {layout: mirror, count: "
		    "N}", p->name, others, n ? " devices but " : "",
		    n ? "at least one general top-level vdev must be "
		    "specified" : "at least one toplevel vdev must be "
		    "specified");
	}
}

const struct zp_rule zp_rule_pool_empty = {
	"pool-empty", ZP_SEV_ERROR,
	"a pool with no data vdev (OpenZFS: \"at least one toplevel vdev "
	"must be specified\")",
	check_pool_empty
};

/* ---- mirror-width ---- */

static void mirror_width(struct zp_diags *d, const struct zp_pool *p,
    const struct zp_vdevs *vs, bool log)
{
	size_t j;
	char desc[200];

	for (j = 0; j < vs->n; j++) {
		const struct zp_vdev *v = &vs->v[j];
		const char *path;

		if (v->kind != ZP_VDEV_MIRROR || v->n >= 2)
			continue;
		path = zp_pathf(d, "pools[%u].%s[%zu]", p->src,
		    log ? "log" : "vdevs", j);
		vdev_desc(v, log, desc, sizeof(desc));
		if (v->n == 0)
			zp_report(d, ZR_MIRROR_WIDTH, v->loc, path,
			    "%s of pool %s has no device; zpool create refuses "
			    "it (\"mirror requires at least 2 devices\"); list "
			    "2 or more disks, or drop it", desc, p->name);
		else
			zp_report(d, ZR_MIRROR_WIDTH, v->loc, path,
			    "%s of pool %s has 1 device; zpool create refuses "
			    "it (\"mirror requires at least 2 devices\"); add "
			    "a disk of another enclosure to it, or %s %s%s",
			    desc, p->name, log ? "list" : "write disk:",
			    ref_name(&v->members[0]), log ? " alone as a "
			    "single log device" : " (no redundancy)");
	}
}

static void check_mirror_width(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!p->vdevs_intent.set)
			mirror_width(d, p, &p->vdevs, false);
		if (!p->log_intent.set)
			mirror_width(d, p, &p->log, true);
	}
}

const struct zp_rule zp_rule_mirror_width = {
	"mirror-width", ZP_SEV_ERROR,
	"a mirror of fewer than 2 devices",
	check_mirror_width
};

/* ---- raidz-width ---- */

static void check_raidz_width(const struct zp_model *m, struct zp_diags *d)
{
	uint32_t max = m->policy.max_raidz_width;
	size_t i, j;
	char desc[200], fix[100], more[32];

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!pool_has_vdevs(p))
			continue;
		for (j = 0; j < p->vdevs.n; j++) {
			const struct zp_vdev *v = &p->vdevs.v[j];
			unsigned par = zp_vkind_parity(v->kind);
			const char *kind = zp_vkind_name(v->kind);
			size_t k;

			if (!is_raidz(v->kind))
				continue;
			vdev_desc(v, false, desc, sizeof(desc));
			if (v->n < par + 1)
				zp_report(d, ZR_RAIDZ_WIDTH, v->loc,
				    zp_pathf(d, "pools[%u].vdevs[%zu]", p->src,
				    j), "%s of pool %s has %zu device%s; zpool "
				    "create refuses it (\"%s requires at least "
				    "%u devices\"); add %zu disk%s%s", desc,
				    p->name, v->n, v->n == 1 ? "" : "s", kind,
				    par + 1, par + 1 - v->n,
				    par + 1 - v->n == 1 ? "" : "s",
				    par > 1 ? " or use a lower parity" : "");
			else if (v->n > RAIDZ_MAX)
				zp_report(d, ZR_RAIDZ_WIDTH, v->loc,
				    zp_pathf(d, "pools[%u].vdevs[%zu]", p->src,
				    j), "%s of pool %s has %zu devices; zpool "
				    "create refuses it (\"%s supports no more "
				    "than %d devices\"); split it into %zu %s "
				    "vdevs", desc, p->name, v->n, kind,
				    RAIDZ_MAX, (v->n + max - 1) / max, kind);
			else if (v->n > max) {
				/* as many vdevs of at most max as it takes,
				 * when each can still hold its parity + 1 */
				k = (v->n + max - 1) / max;
				more[0] = '\0';
				if (v->n % k)
					snprintf(more, sizeof(more), " or %zu",
					    v->n / k + 1);
				if (v->n / k >= par + 1)
					snprintf(fix, sizeof(fix), "split it "
					    "into %zu %s vdevs of %zu%s disks",
					    k, kind, v->n / k, more);
				else
					snprintf(fix, sizeof(fix), "use a "
					    "layout of at most %u disks per "
					    "vdev", max);
				zp_report_sev(d, ZR_RAIDZ_WIDTH, ZP_SEV_WARNING,
				    v->loc, zp_pathf(d, "pools[%u].vdevs[%zu]",
				    p->src, j), "%s of pool %s is wider than "
				    "policy.max_raidz_width (%u): a resilver "
				    "reads every member and a wide vdev stays "
				    "degraded longer; %s", desc, p->name, max,
				    fix);
			}
		}
	}
}

const struct zp_rule zp_rule_raidz_width = {
	"raidz-width", ZP_SEV_ERROR,
	"raidzN with fewer than N+1 devices or more than 255 (error), or "
	"wider than policy.max_raidz_width (warning)",
	check_raidz_width
};

/* ---- mirror-isolation ---- */

/* A disk's failure domain: its enclosure (0 .. nencl-1), or for a disk
 * inside a controller, that controller's chassis (nencl + controller);
 * -1 when it has no resolved place. */
static int32_t domain_of(const struct zp_model *m, const struct zp_disk *x)
{
	if (zp_disk_encl_name(x))
		return zp_disk_encl(x);
	if (zp_disk_ctrl(x) >= 0)
		return (int32_t)m->enclosures.len + zp_disk_ctrl(x);
	return -1;
}

/* Where a failure domain is ("in enclosure tray1", "inside controller
 * c1") and what fails ("tray1", "controller c1"). */
static void domain_name(const struct zp_model *m, int32_t dom, char *where,
    char *what, size_t len)
{
	if ((size_t)dom < m->enclosures.len) {
		snprintf(where, len, "in enclosure %s", ZP_ENCL(m, dom)->id);
		snprintf(what, len, "%s", ZP_ENCL(m, dom)->id);
	} else {
		const char *id = ZP_CTRL(m, dom -
		    (int32_t)m->enclosures.len)->id;

		snprintf(where, len, "inside controller %s", id);
		snprintf(what, len, "controller %s", id);
	}
}

struct iso {
	const struct zp_model *m;
	struct zp_diags *d;
	uint32_t *count, *seen;
	int32_t *first;     /* first member in the domain */
	uint32_t ndom;      /* failure domains the pool's controller reaches */
	uint32_t nint;      /* of them, controllers' own disks */
	bool *internal;     /* controller -> it holds disks of its own */
	uint32_t *reach;    /* controller group -> enclosures cabled to it */
	uint32_t everywhere, ninternal;
};

/* A controller and its peer share the enclosures cabled to either: one
 * group, named by the lower index. */
static int32_t group_of(const struct zp_model *m, int32_t c)
{
	int32_t peer = ZP_CTRL(m, c)->peer.idx;

	return peer >= 0 && peer < c ? peer : c;
}

/* Once per check: the enclosures each controller group reaches (those
 * that list none reach every group), and which controllers hold disks of
 * their own. */
static void index_domains(struct iso *it)
{
	const struct zp_model *m = it->m;
	size_t nc = m->controllers.len, i, j, k;

	it->reach = zp_xcalloc(nc + 1, sizeof(*it->reach));
	it->internal = zp_xcalloc(nc + 1, sizeof(*it->internal));
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_refs *r = &ZP_ENCL(m, i)->controllers;

		if (!r->set) {
			it->everywhere++;
			continue;
		}
		for (j = 0; j < r->n; j++) {
			int32_t g = r->v[j].idx >= 0 ? group_of(m, r->v[j].idx) :
			    -1;

			/* each group once per enclosure */
			for (k = 0; g >= 0 && k < j; k++)
				if (r->v[k].idx >= 0 &&
				    group_of(m, r->v[k].idx) == g)
					g = -1;
			if (g >= 0)
				it->reach[g]++;
		}
	}
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);

		if (!zp_disk_encl_name(x) && zp_disk_ctrl(x) >= 0 &&
		    !it->internal[zp_disk_ctrl(x)]) {
			it->internal[zp_disk_ctrl(x)] = true;
			it->ninternal++;
		}
	}
}

/* The failure domains pool p can draw from: the enclosures cabled to its
 * controller or its peer (every enclosure when it has none, or the
 * enclosure lists no controllers), and the chassis of those controllers
 * that hold disks of their own. */
static void pool_domains(struct iso *it, const struct zp_pool *p)
{
	const struct zp_model *m = it->m;
	int32_t c = p->controller.idx, peer = c >= 0 ?
	    ZP_CTRL(m, c)->peer.idx : -1;

	if (c < 0) {
		it->nint = it->ninternal;
		it->ndom = (uint32_t)m->enclosures.len + it->nint;
		return;
	}
	it->nint = it->internal[c] + (peer >= 0 && peer != c &&
	    it->internal[peer]);
	it->ndom = it->everywhere + it->reach[group_of(m, c)] + it->nint;
}

/* What would fix a vdev of width w that no move can: ndom enclosures hold
 * at most limit members each. */
static void no_move(const struct iso *c, const struct zp_vdev *v,
    uint32_t limit, char *buf, size_t len)
{
	uint32_t w = (uint32_t)v->n, most = limit * c->ndom;
	uint32_t need = (w + limit - 1) / limit, o = 0;
	bool mirror = v->kind == ZP_VDEV_MIRROR;

	o += (uint32_t)snprintf(buf, len, "the %u enclosure%s its pool can "
	    "reach%s hold%s at most %u of its %u members (%u each), so no "
	    "move fixes it; use ", c->ndom, c->ndom == 1 ? "" : "s",
	    c->nint ? " (a controller's own disks count as one)" : "",
	    c->ndom == 1 ? "s" : "", most, w, limit);
	if (most >= 2 && o < len)
		o += (uint32_t)snprintf(buf + o, len - o, "%s vdevs at most %u "
		    "wide, ", zp_vkind_name(v->kind), most);
	if (!mirror && limit < 3 && c->ndom &&
	    (w + c->ndom - 1) / c->ndom <= 3 && o < len)
		o += (uint32_t)snprintf(buf + o, len - o, "raidz%u (%u members "
		    "an enclosure), ", (w + c->ndom - 1) / c->ndom,
		    (w + c->ndom - 1) / c->ndom);
	if (o < len)
		snprintf(buf + o, len - o, "%u or more enclosures, or "
		    "`mirror_isolation: none` to accept the risk", need);
}

static int32_t member_domain(const struct zp_model *m, const struct zp_ref *r)
{
	if (r->idx < 0 || !first_use(m, r))
		return -1;
	return domain_of(m, ZP_DISK(m, r->idx));
}

static void isolate_vdev(struct iso *c, const struct zp_pool *p,
    const struct zp_vdev *v, bool log, size_t j)
{
	const struct zp_model *m = c->m;
	uint32_t limit = v->kind == ZP_VDEV_MIRROR ? 1 :
	    zp_vkind_parity(v->kind);
	size_t i;
	char desc[200], dom[100], fails[100], fix[400];

	for (i = 0; i < v->n; i++) {
		int32_t x = member_domain(m, &v->members[i]);

		if (x >= 0 && c->count[x]++ == 0)
			c->first[x] = (int32_t)i;
	}
	fix[0] = '\0';
	if (limit && (uint64_t)limit * c->ndom < v->n)
		no_move(c, v, limit, fix, sizeof(fix));
	for (i = 0; i < v->n; i++) {
		const struct zp_ref *r = &v->members[i];
		int32_t x = member_domain(m, r);
		uint32_t n;
		const char *first, *path;

		if (x < 0 || ++c->seen[x] != limit + 1)
			continue;
		/* the member that takes its domain over the limit */
		n = c->count[x];
		first = ref_name(&v->members[c->first[x]]);
		path = zp_pathf(c->d, "pools[%u].%s[%zu]", p->src,
		    log ? "log" : "vdevs", j);
		vdev_desc(v, log, desc, sizeof(desc));
		domain_name(m, x, dom, fails, sizeof(dom));
		if (fix[0]) {
			/* one finding for the vdev: no member is the one */
			zp_report(c->d, ZR_MIRROR_ISOLATION, v->loc, path,
			    "%s: %s", desc, fix);
			break;
		} else if (v->kind == ZP_VDEV_MIRROR && v->n == 2)
			zp_report(c->d, ZR_MIRROR_ISOLATION, r->loc, path,
			    "%s: both %s; pair %s with a disk of another "
			    "enclosure", desc, dom, r->name);
		else if (v->kind == ZP_VDEV_MIRROR && n == 2)
			zp_report(c->d, ZR_MIRROR_ISOLATION, r->loc, path,
			    "%s: %s and %s both %s; move %s to another "
			    "enclosure", desc, first, r->name, dom, r->name);
		else if (v->kind == ZP_VDEV_MIRROR)
			zp_report(c->d, ZR_MIRROR_ISOLATION, r->loc, path,
			    "%s: %u members %s (%s, %s, ...); keep one per "
			    "enclosure: move %u of them to other enclosures",
			    desc, n, dom, first, r->name, n - 1);
		else if (n - limit == 1)
			zp_report(c->d, ZR_MIRROR_ISOLATION, r->loc, path,
			    "%s: %u members %s, more than its parity %u, so "
			    "losing %s loses the vdev; move %s to another "
			    "enclosure", desc, n, dom, limit, fails, r->name);
		else
			zp_report(c->d, ZR_MIRROR_ISOLATION, r->loc, path,
			    "%s: %u members %s, more than its parity %u, so "
			    "losing %s loses the vdev; move %u of them (from "
			    "%s on) to other enclosures", desc, n, dom, limit,
			    fails, n - limit, r->name);
	}
	for (i = 0; i < v->n; i++) {
		int32_t x = member_domain(m, &v->members[i]);

		if (x >= 0)
			c->count[x] = c->seen[x] = 0;
	}
}

static void check_mirror_isolation(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t ndom = m->enclosures.len + m->controllers.len + 1;
	struct iso c = { m, d, NULL, NULL, NULL, 0, 0, NULL, NULL, 0, 0 };
	size_t i, j;

	if (m->policy.mirror_isolation != ZP_ISO_ENCLOSURE)
		return;
	c.count = zp_xcalloc(ndom, sizeof(*c.count));
	c.seen = zp_xcalloc(ndom, sizeof(*c.seen));
	c.first = zp_xcalloc(ndom, sizeof(*c.first));
	index_domains(&c);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		pool_domains(&c, p);
		if (!p->vdevs_intent.set)
			for (j = 0; j < p->vdevs.n; j++)
				if (p->vdevs.v[j].kind != ZP_VDEV_DISK)
					isolate_vdev(&c, p, &p->vdevs.v[j],
					    false, j);
		if (!p->log_intent.set)
			for (j = 0; j < p->log.n; j++)
				if (p->log.v[j].kind == ZP_VDEV_MIRROR)
					isolate_vdev(&c, p, &p->log.v[j], true,
					    j);
	}
	free(c.count);
	free(c.seen);
	free(c.first);
	free(c.internal);
	free(c.reach);
}

const struct zp_rule zp_rule_mirror_isolation = {
	"mirror-isolation", ZP_SEV_ERROR,
	"two members of one mirror in the same enclosure, or more than N "
	"members of a raidzN in one enclosure (policy.mirror_isolation: "
	"enclosure)",
	check_mirror_isolation
};

/* ---- vdev-mismatch ---- */

/* get_replication()'s view of a top-level vdev. */
struct rep {
	const char *type;   /* "disk", "mirror", "raidz" */
	unsigned long long children, parity;
};

static struct rep rep_of(const struct zp_vdev *v)
{
	struct rep r;

	r.children = v->kind == ZP_VDEV_DISK ? 1 : v->n;
	r.parity = zp_vkind_parity(v->kind);
	r.type = v->kind == ZP_VDEV_DISK ? "disk" :
	    v->kind == ZP_VDEV_MIRROR ? "mirror" : "raidz";
	return r;
}

/* What get_replication() says of b following a, into say, and a fix into
 * fix; false when it accepts the pair. */
static bool replication_differs(const struct zp_vdev *va,
    const struct zp_vdev *vb, const struct zp_pool *p, char *say,
    size_t saylen, char *fix, size_t fixlen)
{
	struct rep a = rep_of(va), b = rep_of(vb);
	const struct rep *rz = NULL, *mi = NULL;
	const struct zp_vdev *disk, *other;

	if (strcmp(a.type, "raidz") == 0 && strcmp(b.type, "mirror") == 0) {
		rz = &a;
		mi = &b;
	} else if (strcmp(b.type, "raidz") == 0 &&
	    strcmp(a.type, "mirror") == 0) {
		rz = &b;
		mi = &a;
	}
	if (rz) {
		/* is_raidz_mirror(): equal numbers of failures survived */
		if (rz->parity == mi->children - 1)
			return false;
		snprintf(say, saylen, "mismatched replication level: %s and "
		    "%s vdevs with different redundancy, %llu vs. %llu "
		    "(%llu-way) are present", rz->type, mi->type, rz->parity,
		    mi->children - 1, mi->children);
		if (mi->children - 1 >= 1 && mi->children - 1 <= 3)
			snprintf(fix, fixlen, "use %llu-way mirrors next to "
			    "raidz%llu, or raidz%llu next to %llu-way mirrors",
			    rz->parity + 1, rz->parity, mi->children - 1,
			    mi->children);
		else
			snprintf(fix, fixlen, "use %llu-way mirrors next to "
			    "raidz%llu", rz->parity + 1, rz->parity);
		return true;
	}
	if (strcmp(a.type, "raidz") == 0 && strcmp(b.type, "raidz") == 0) {
		/* is_raidz_draid(): parity alone; widths may differ */
		if (a.parity == b.parity)
			return false;
		snprintf(say, saylen, "mismatched replication level: %s and "
		    "%s vdevs with different redundancy, %llu vs. %llu are "
		    "present", a.type, b.type, a.parity, b.parity);
		snprintf(fix, fixlen, "give every raidz vdev of pool %s one "
		    "parity", p->name);
		return true;
	}
	if (strcmp(a.type, b.type) != 0) {
		snprintf(say, saylen, "mismatched replication level: both %s "
		    "and %s vdevs are present", a.type, b.type);
		disk = va->kind == ZP_VDEV_DISK ? va : vb;
		other = disk == va ? vb : va;
		if (other->kind == ZP_VDEV_MIRROR)
			snprintf(fix, fixlen, "make disk %s a %zu-way mirror "
			    "like its neighbour", ref_name(&disk->members[0]),
			    other->n);
		else
			snprintf(fix, fixlen, "build a %s in place of disk %s, "
			    "or leave it out", zp_vkind_name(other->kind),
			    ref_name(&disk->members[0]));
		return true;
	}
	/* same type and parity: only mirrors can differ in width here */
	if (a.children == b.children)
		return false;
	snprintf(say, saylen, "mismatched replication level: both %llu-way "
	    "and %llu-way %s vdevs are present", a.children, b.children,
	    b.type);
	snprintf(fix, fixlen, "give every mirror of pool %s the same number "
	    "of disks", p->name);
	return true;
}

static void check_vdev_mismatch(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, j;
	char say[200], fix[200], da[200], db[200];

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!pool_has_vdevs(p))
			continue;
		/* neighbours only, as get_replication() compares them; log
		 * vdevs are not among them (nor cache and spares) */
		for (j = 1; j < p->vdevs.n; j++) {
			const struct zp_vdev *a = &p->vdevs.v[j - 1];
			const struct zp_vdev *b = &p->vdevs.v[j];

			/* a width construct_spec() refuses is reported by
			 * mirror-width or raidz-width; zpool stops there */
			if (!width_ok(a) || !width_ok(b))
				continue;
			if (!replication_differs(a, b, p, say, sizeof(say), fix,
			    sizeof(fix)))
				continue;
			vdev_desc(b, false, db, sizeof(db));
			vdev_desc(a, false, da, sizeof(da));
			zp_report(d, ZR_VDEV_MISMATCH, b->loc,
			    zp_pathf(d, "pools[%u].vdevs[%zu]", p->src, j),
			    "%s next to %s in pool %s: zpool create refuses "
			    "it (\"%s\"); %s", db, da, p->name, say, fix);
		}
	}
}

const struct zp_rule zp_rule_vdev_mismatch = {
	"vdev-mismatch", ZP_SEV_ERROR,
	"neighbouring data vdevs of one pool that zpool create without -f "
	"refuses (\"mismatched replication level\")",
	check_vdev_mismatch
};

/* ---- vdev-size-mismatch ---- */

static void check_vdev_size_mismatch(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t i, j, k;
	char desc[200], s1[32], s2[32], keep[32], lost[32], lostb[32], diff[32];

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!pool_has_vdevs(p))
			continue;
		for (j = 0; j < p->vdevs.n; j++) {
			const struct zp_vdev *v = &p->vdevs.v[j];
			uint64_t prev = 0, min = UINT64_MAX, waste = 0, gap;
			size_t bad = 0, before = 0, last = 0;
			bool known = false;

			/* a width construct_spec() refuses stops zpool
			 * before get_replication() */
			if (v->kind == ZP_VDEV_DISK || !width_ok(v))
				continue;
			/* get_replication(): each member against the one
			 * before it whose size is known; the first gap over
			 * ZPOOL_FUZZ fails the vdev */
			for (k = 0; k < v->n; k++) {
				uint64_t s = ref_size(m, &v->members[k]);

				if (!s)
					continue;
				gap = s > prev ? s - prev : prev - s;
				if (known && !bad && gap > ZPOOL_FUZZ) {
					bad = k;
					before = last;
				}
				if (s < min)
					min = s;
				prev = s;
				last = k;
				known = true;
			}
			if (!bad)
				continue;
			for (k = 0; k < v->n; k++) {
				uint64_t s = ref_size(m, &v->members[k]);

				if (s)
					waste += s - min;
			}
			prev = ref_size(m, &v->members[before]);
			gap = ref_size(m, &v->members[bad]);
			gap = gap > prev ? gap - prev : prev - gap;
			vdev_desc(v, false, desc, sizeof(desc));
			zp_fmt_size(ref_size(m, &v->members[bad]), true, s1,
			    sizeof(s1));
			zp_fmt_size(prev, true, s2, sizeof(s2));
			zp_fmt_size(gap, false, diff, sizeof(diff));
			zp_fmt_size(min, true, keep, sizeof(keep));
			zp_fmt_size(waste, true, lost, sizeof(lost));
			zp_fmt_size(waste, false, lostb, sizeof(lostb));
			zp_report(d, ZR_VDEV_SIZE_MISMATCH,
			    v->members[bad].loc, zp_pathf(d,
			    "pools[%u].vdevs[%zu]", p->src, j),
			    "%s of pool %s: %s (%s) and %s (%s) differ by %s "
			    "(%llu bytes), more than 16 MiB; zpool create "
			    "refuses it (\"%s contains devices of different "
			    "sizes\"); with -f every member would count as "
			    "only %s, leaving %s (%s) unused; use disks of one "
			    "size in a vdev", desc, p->name,
			    ref_name(&v->members[before]), s2,
			    ref_name(&v->members[bad]), s1, diff,
			    (unsigned long long)gap,
			    v->kind == ZP_VDEV_MIRROR ? "mirror" : "raidz",
			    keep, lost, lostb);
		}
	}
}

const struct zp_rule zp_rule_vdev_size_mismatch = {
	"vdev-size-mismatch", ZP_SEV_ERROR,
	"neighbouring members of one vdev differ in size by more than 16 MiB "
	"(zpool create refuses: \"contains devices of different sizes\"); "
	"says the bytes that would be lost",
	check_vdev_size_mismatch
};

/* ---- media-mixed ---- */

static void check_media_mixed(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, j, k;
	char desc[200];

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!pool_has_vdevs(p))
			continue;
		for (j = 0; j < p->vdevs.n; j++) {
			const struct zp_vdev *v = &p->vdevs.v[j];
			const struct zp_drive_type *t0 = NULL;
			size_t first = 0;

			for (k = 0; k < v->n; k++) {
				const struct zp_disk *x =
				    zp_ref_disk(m, &v->members[k]);
				const struct zp_drive_type *t =
				    x ? zp_disk_type(m, x) : NULL;

				if (!t)
					continue;
				if (!t0) {
					t0 = t;
					first = k;
					continue;
				}
				if ((t->media == ZP_MEDIA_HDD) ==
				    (t0->media == ZP_MEDIA_HDD))
					continue;
				vdev_desc(v, false, desc, sizeof(desc));
				zp_report(d, ZR_MEDIA_MIXED,
				    v->members[k].loc, zp_pathf(d,
				    "pools[%u].vdevs[%zu]", p->src, j),
				    "%s of pool %s mixes %s (%s) and %s (%s): "
				    "the vdev works at the pace of its HDDs and "
				    "the flash is wasted; use one kind of media "
				    "in a vdev", desc, p->name,
				    zp_media_name(t0->media),
				    ref_name(&v->members[first]),
				    zp_media_name(t->media),
				    ref_name(&v->members[k]));
				break;
			}
		}
	}
}

const struct zp_rule zp_rule_media_mixed = {
	"media-mixed", ZP_SEV_WARNING,
	"HDD and SSD/NVMe mixed in one data vdev",
	check_media_mixed
};

/* ---- no-redundancy ---- */

static void check_no_redundancy(const struct zp_model *m, struct zp_diags *d)
{
	size_t i, j;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		size_t n = 0, first = 0;
		const char *id;

		if (!pool_has_vdevs(p))
			continue;
		for (j = 0; j < p->vdevs.n; j++)
			if (p->vdevs.v[j].kind == ZP_VDEV_DISK && n++ == 0)
				first = j;
		if (!n)
			continue;
		id = ref_name(&p->vdevs.v[first].members[0]);
		if (n == 1)
			zp_report(d, ZR_NO_REDUNDANCY, p->vdevs.v[first].loc,
			    zp_pathf(d, "pools[%u].vdevs[%zu]", p->src, first),
			    "pool %s has a single-disk vdev, disk %s: losing "
			    "that one disk loses the whole pool; make it a "
			    "mirror (add a disk of another enclosure)", p->name,
			    id);
		else
			zp_report(d, ZR_NO_REDUNDANCY, p->vdevs.v[first].loc,
			    zp_pathf(d, "pools[%u].vdevs[%zu]", p->src, first),
			    "pool %s has %zu single-disk vdevs (the first disk "
			    "%s): losing any one of them loses the whole pool; "
			    "make them mirrors or raidz", p->name, n, id);
	}
}

const struct zp_rule zp_rule_no_redundancy = {
	"no-redundancy", ZP_SEV_WARNING,
	"a pool with a disk: vdev (one disk lost = pool lost)",
	check_no_redundancy
};

/* ---- enclosure-path ---- */

/* (enclosure, controller) pairs of the enclosures' cabling, sorted. */
static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t pair(size_t e, size_t c)
{
	return (uint64_t)e << 32 | (uint64_t)c;
}

struct cabling {
	uint64_t *pairs;
	size_t n;
	bool *unknown;      /* per enclosure: names an undefined controller */
};

static bool cabled(const struct zp_model *m, const struct cabling *cb,
    int32_t e, int32_t c)
{
	uint64_t key;

	if (c < 0)
		return false;
	if (!ZP_ENCL(m, e)->controllers.set)
		return true;        /* default: all controllers */
	key = pair((size_t)e, (size_t)c);
	return bsearch(&key, cb->pairs, cb->n, sizeof(key), cmp_u64) != NULL;
}

/* The disks of one pool that its controller cannot reach, by failure
 * domain (enclosure, or controller for internal disks). */
struct unreach {
	size_t count;
	const struct zp_ref *first, *last;
	const char *path;
	struct zp_loc loc;
};

struct path_ctx {
	const struct zp_model *m;
	struct zp_diags *d;
	const struct cabling *cb;
	const struct zp_pool *p;
	int32_t ctrl, peer;
	uint32_t *stamp;    /* per domain: pool index + 1 when seen */
	struct unreach *u;  /* per domain */
	int32_t *order;     /* domains in order of first disk */
	size_t norder;
	uint32_t mark;
};

static void path_disk(struct path_ctx *c, const struct zp_ref *r,
    const char *sect, size_t k)
{
	const struct zp_model *m = c->m;
	const struct zp_disk *x;
	struct unreach *u;
	int32_t dom;

	if (r->idx < 0 || !first_use(m, r))
		return;
	x = ZP_DISK(m, r->idx);
	if (zp_disk_encl_name(x)) {
		if (zp_disk_encl(x) < 0 ||
		    c->cb->unknown[zp_disk_encl(x)] ||
		    cabled(m, c->cb, zp_disk_encl(x), c->ctrl) ||
		    cabled(m, c->cb, zp_disk_encl(x), c->peer))
			return;
		dom = zp_disk_encl(x);
	} else if (zp_disk_ctrl(x) >= 0) {
		/* a disk inside a controller is on that controller's own
		 * bus: no other controller, the peer included, reaches it */
		if (zp_disk_ctrl(x) == c->ctrl)
			return;
		dom = (int32_t)m->enclosures.len + zp_disk_ctrl(x);
	} else {
		return;
	}
	u = &c->u[dom];
	if (c->stamp[dom] != c->mark) {
		c->stamp[dom] = c->mark;
		memset(u, 0, sizeof(*u));
		u->first = r;
		u->loc = r->loc;
		u->path = zp_pathf(c->d, "pools[%u].%s[%zu]", c->p->src, sect,
		    k);
		c->order[c->norder++] = dom;
	}
	u->count++;
	u->last = r;
}

/* "c1, c2 and c3", at most 3 named. */
static void ctrl_list(const struct zp_model *m, const struct zp_refs *rs,
    char *buf, size_t len)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < rs->n && i < 3 && o < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "%s%s",
		    i == 0 ? "" : i + 1 == rs->n ? " and " : ", ",
		    rs->v[i].idx >= 0 ? ZP_CTRL(m, rs->v[i].idx)->id :
		    ref_name(&rs->v[i]));
	if (rs->n > 3 && o < len)
		snprintf(buf + o, len - o, " and %zu more", rs->n - 3);
}

static void path_report(struct path_ctx *c, int32_t dom)
{
	const struct zp_model *m = c->m;
	const struct zp_pool *p = c->p;
	const struct unreach *u = &c->u[dom];
	const char *own = ZP_CTRL(m, c->ctrl)->id;
	char what[200], reach[200], peer[160];

	if (u->count == 1)
		snprintf(what, sizeof(what), "disk %s", u->first->name);
	else
		snprintf(what, sizeof(what), "%zu disks (%s .. %s)", u->count,
		    u->first->name, u->last->name);
	if (c->peer >= 0)
		snprintf(peer, sizeof(peer), "neither to %s nor to its peer %s",
		    own, ZP_CTRL(m, c->peer)->id);
	else
		snprintf(peer, sizeof(peer), "not to %s", own);
	if ((size_t)dom < m->enclosures.len) {
		const struct zp_enclosure *e = ZP_ENCL(m, dom);

		if (e->controllers.n) {
			ctrl_list(m, &e->controllers, reach, sizeof(reach));
			zp_report(c->d, ZR_ENCLOSURE_PATH, u->loc, u->path,
			    "pool %s (controller %s) uses %s of enclosure %s, "
			    "which is cabled only to %s, %s; cable %s to %s or "
			    "take disks that %s reaches", p->name, own, what,
			    e->id, reach, peer, e->id, own, own);
		} else {
			zp_report(c->d, ZR_ENCLOSURE_PATH, u->loc, u->path,
			    "pool %s (controller %s) uses %s of enclosure %s, "
			    "which is cabled to no controller (controllers: "
			    "[]); cable %s to %s or take disks that %s reaches",
			    p->name, own, what, e->id, e->id, own, own);
		}
	} else {
		const char *in = ZP_CTRL(m, dom -
		    (int32_t)m->enclosures.len)->id;

		zp_report(c->d, ZR_ENCLOSURE_PATH, u->loc, u->path,
		    "pool %s (controller %s) uses %s inside controller %s, "
		    "which %s cannot reach; use disks inside %s or in an "
		    "enclosure cabled to it", p->name, own, what, in, own,
		    own);
	}
}

static void check_enclosure_path(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t ndom = m->enclosures.len + m->controllers.len;
	struct cabling cb = { NULL, 0, NULL };
	struct path_ctx c;
	size_t i, j, k, total = 0;

	for (i = 0; i < m->enclosures.len; i++)
		total += ZP_ENCL(m, i)->controllers.n;
	cb.pairs = zp_xcalloc(total + 1, sizeof(*cb.pairs));
	cb.unknown = zp_xcalloc(m->enclosures.len + 1, sizeof(*cb.unknown));
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_refs *rs = &ZP_ENCL(m, i)->controllers;

		for (j = 0; j < rs->n; j++)
			if (rs->v[j].idx >= 0)
				cb.pairs[cb.n++] = pair(i,
				    (size_t)rs->v[j].idx);
			else
				cb.unknown[i] = true;   /* ref-unknown's */
	}
	qsort(cb.pairs, cb.n, sizeof(*cb.pairs), cmp_u64);

	memset(&c, 0, sizeof(c));
	c.m = m;
	c.d = d;
	c.cb = &cb;
	c.stamp = zp_xcalloc(ndom + 1, sizeof(*c.stamp));
	c.u = zp_xcalloc(ndom + 1, sizeof(*c.u));
	c.order = zp_xcalloc(ndom + 1, sizeof(*c.order));
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (p->controller.idx < 0)
			continue;   /* no owner, or ref-unknown's */
		c.p = p;
		c.ctrl = p->controller.idx;
		c.peer = ZP_CTRL(m, c.ctrl)->peer.idx;
		c.mark = (uint32_t)i + 1;
		c.norder = 0;
		for (j = 0; j < p->vdevs.n; j++)
			for (k = 0; k < p->vdevs.v[j].n; k++)
				path_disk(&c, &p->vdevs.v[j].members[k],
				    "vdevs", j);
		for (j = 0; j < p->log.n; j++)
			for (k = 0; k < p->log.v[j].n; k++)
				path_disk(&c, &p->log.v[j].members[k], "log",
				    j);
		for (j = 0; j < p->cache.n; j++)
			path_disk(&c, &p->cache.v[j], "cache", j);
		for (j = 0; j < p->spares.n; j++)
			path_disk(&c, &p->spares.v[j], "spares", j);
		for (j = 0; j < c.norder; j++)
			path_report(&c, c.order[j]);
	}
	free(c.stamp);
	free(c.u);
	free(c.order);
	free(cb.pairs);
	free(cb.unknown);
}

const struct zp_rule zp_rule_enclosure_path = {
	"enclosure-path", ZP_SEV_ERROR,
	"a pool's disk is in an enclosure not cabled to the pool's controller "
	"(nor, where it has one, to its peer), or inside another controller",
	check_enclosure_path
};
