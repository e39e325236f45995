/* Model integrity rules (rules.md "Model integrity"): the model means one
 * thing before any storage rule reads it. */
#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/names.h"
#include "zplan/poolcap.h"
#include "zplan/rule.h"
#include "zplan/text.h"

#define SUGGEST_MAX 4096        /* kinds larger than this get no "did you mean" */

const struct zp_rule zp_rule_syntax = {
	"syntax", ZP_SEV_ERROR,
	"the file is not well-formed YAML or JSON, or cannot be read (exit 2)",
	NULL
};

/* The loader reports schema errors as it reads; what it cannot see is a
 * pool whose sizes, each valid, sum past 2^64 once every reference is
 * resolved and intents are planned: checked here, so that capacity never
 * prints a wrapped figure and check never passes one. */
static void check_schema_sums(const struct zp_model *m, struct zp_diags *d)
{
	/* raw is the largest of capacity's figures: where the raw sums of
	 * each controller and of the whole model fit, every figure does */
	uint64_t *per = zp_xcalloc(m->controllers.len + 1, sizeof(*per));
	uint64_t total = 0;
	bool total_said = false;
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct zp_loc at = p->name_loc.line ? p->name_loc : p->loc;
		uint64_t raw, *c;
		struct zp_pool_cap pc;
		const char *why = NULL;

		if (zp_pool_capacity(m, p, &pc, &why) != 0) {
			if (why == zp_pool_too_large)
				zp_report(d, ZR_SCHEMA, at, zp_pathf(d,
				    "pools[%u]", p->src), "pool %s: %s; check "
				    "the sizes of its drive types", p->name,
				    why);
			continue;
		}
		raw = pc.cap.raw_bytes;
		c = p->controller.idx >= 0 ? &per[p->controller.idx] : NULL;
		if (c && *c != UINT64_MAX && *c > UINT64_MAX - raw) {
			zp_report(d, ZR_SCHEMA, at, zp_pathf(d, "pools[%u]",
			    p->src), "pool %s: with it the pools of controller "
			    "%s sum past 2^64 bytes (16 EiB), which no figure "
			    "can hold; check the sizes of their drive types",
			    p->name, ZP_CTRL(m, p->controller.idx)->id);
			*c = UINT64_MAX;
			total_said = true;  /* the total is past it too */
		} else if (c && *c != UINT64_MAX)
			*c += raw;
		if (!total_said && total > UINT64_MAX - raw) {
			zp_report(d, ZR_SCHEMA, at, zp_pathf(d, "pools[%u]",
			    p->src), "pool %s: with it the model's pools sum "
			    "past 2^64 bytes (16 EiB), which no figure can "
			    "hold; check the sizes of their drive types",
			    p->name);
			total_said = true;
		} else if (!total_said)
			total += raw;
	}
	free(per);
}

const struct zp_rule zp_rule_schema = {
	"schema", ZP_SEV_ERROR,
	"unknown key (with \"did you mean\"), wrong type, missing required "
	"key, bad size, range or address",
	check_schema_sums
};

/* ---- helpers ---- */

static const char *kind_name(enum zp_kind k)
{
	static const char *const names[] = {
		"drive type", "controller", "enclosure", "disk", "pool",
		"filesystem", "switch", "client", "port", "port"
	};
	return names[k];
}

static const char *disk_path(struct zp_diags *d, const struct zp_disk *x)
{
	return zp_pathf(d, "disks[%u]", x->src);
}

static const char *obj_path(struct zp_diags *d, const struct zp_model *m,
    enum zp_kind k, int32_t owner, int32_t i)
{
	switch (k) {
	case ZP_K_TYPE:
		return zp_pathf(d, "drive_types.%s", ZP_DT(m, i)->id);
	case ZP_K_CTRL:
		return zp_pathf(d, "controllers[%u]", ZP_CTRL(m, i)->src);
	case ZP_K_ENCL:
		return zp_pathf(d, "enclosures[%u]", ZP_ENCL(m, i)->src);
	case ZP_K_DISK:
		return disk_path(d, ZP_DISK(m, i));
	case ZP_K_POOL:
		return zp_pathf(d, "pools[%u]", ZP_POOL(m, i)->src);
	case ZP_K_FS:
		return zp_pathf(d, "filesystems[%u]", ZP_FS(m, i)->src);
	case ZP_K_SWITCH:
		return zp_pathf(d, "switches[%u]", ZP_SW(m, i)->src);
	case ZP_K_CLIENT:
		return zp_pathf(d, "clients[%u]", ZP_CLIENT(m, i)->src);
	case ZP_K_CTRL_PORT:
		return zp_pathf(d, "controllers[%u].ports[%d]",
		    ZP_CTRL(m, owner)->src, i);
	case ZP_K_CLIENT_PORT:
		return zp_pathf(d, "clients[%u].ports[%d]",
		    ZP_CLIENT(m, owner)->src, i);
	}
	return "";
}

static struct zp_loc obj_loc(const struct zp_model *m, enum zp_kind k,
    int32_t owner, int32_t i)
{
	switch (k) {
	case ZP_K_TYPE:
		return ZP_DT(m, i)->loc;
	case ZP_K_CTRL:
		return ZP_CTRL(m, i)->id_loc;
	case ZP_K_ENCL:
		return ZP_ENCL(m, i)->id_loc;
	case ZP_K_DISK:
		return zp_disk_loc(m, ZP_DISK(m, i), ZP_DF_ID);
	case ZP_K_POOL:
		return ZP_POOL(m, i)->name_loc;
	case ZP_K_FS:
		return ZP_FS(m, i)->name_loc;
	case ZP_K_SWITCH:
		return ZP_SW(m, i)->id_loc;
	case ZP_K_CLIENT:
		return ZP_CLIENT(m, i)->id_loc;
	case ZP_K_CTRL_PORT:
		return ZP_CTRL(m, owner)->ports.v[i].loc;
	case ZP_K_CLIENT_PORT:
		return ZP_CLIENT(m, owner)->ports.v[i].loc;
	}
	return (struct zp_loc){ 0, 0 };
}

static const char *obj_id(const struct zp_model *m, enum zp_kind k,
    int32_t owner, int32_t i)
{
	switch (k) {
	case ZP_K_TYPE:
		return ZP_DT(m, i)->id;
	case ZP_K_CTRL:
		return ZP_CTRL(m, i)->id;
	case ZP_K_ENCL:
		return ZP_ENCL(m, i)->id;
	case ZP_K_DISK:
		return ZP_DISK(m, i)->id;
	case ZP_K_POOL:
		return ZP_POOL(m, i)->name;
	case ZP_K_FS:
		return ZP_FS(m, i)->name;
	case ZP_K_SWITCH:
		return ZP_SW(m, i)->id;
	case ZP_K_CLIENT:
		return ZP_CLIENT(m, i)->id;
	case ZP_K_CTRL_PORT:
		return ZP_CTRL(m, owner)->ports.v[i].id;
	case ZP_K_CLIENT_PORT:
		return ZP_CLIENT(m, owner)->ports.v[i].id;
	}
	return "";
}

/* ---- id-duplicate ---- */

static void check_id_duplicate(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->dups.len; i++) {
		const struct zp_dup *x = ZP_VEC_AT(&m->dups, struct zp_dup, i);
		const char *id = obj_id(m, x->kind, x->owner, x->first);
		const char *what = kind_name(x->kind);
		struct zp_loc a = obj_loc(m, x->kind, x->owner, x->first);
		struct zp_loc b = obj_loc(m, x->kind, x->owner, x->second);
		char where[96] = "";

		if (x->kind == ZP_K_CTRL_PORT || x->kind == ZP_K_CLIENT_PORT)
			snprintf(where, sizeof(where), " of %s",
			    x->kind == ZP_K_CTRL_PORT ?
			    ZP_CTRL(m, x->owner)->id :
			    ZP_CLIENT(m, x->owner)->id);
		zp_report(d, ZR_ID_DUPLICATE, b,
		    obj_path(d, m, x->kind, x->owner, x->second),
		    "%s %s%s is defined twice (first at line %u); give each "
		    "%s its own %s", what, id, where, a.line, what,
		    x->kind == ZP_K_POOL || x->kind == ZP_K_FS ? "name" : "id");
		zp_report(d, ZR_ID_DUPLICATE, a,
		    obj_path(d, m, x->kind, x->owner, x->first),
		    "%s %s%s is defined again at line %u; give each %s its "
		    "own %s", what, id, where, b.line, what,
		    x->kind == ZP_K_POOL || x->kind == ZP_K_FS ? "name" : "id");
	}
}

const struct zp_rule zp_rule_id_duplicate = {
	"id-duplicate", ZP_SEV_ERROR,
	"two objects of one kind share an id or name (both places reported)",
	check_id_duplicate
};

/* ---- ref-unknown ---- */

struct refctx {
	const struct zp_model *m;
	struct zp_diags *d;
	size_t reported;
};

/* The ids of one kind, NULL-terminated, for a suggestion; NULL when the
 * kind is too large to search for every bad reference. */
static const char **ids_of(const struct zp_model *m, enum zp_kind k)
{
	const struct zp_vec *v[] = {
		&m->drive_types, &m->controllers, &m->enclosures, &m->disks,
		&m->pools, &m->filesystems, &m->switches, &m->clients
	};
	const char **ids;
	size_t i, n = v[k]->len;

	if (n > SUGGEST_MAX)
		return NULL;
	ids = zp_xcalloc(n + 1, sizeof(*ids));
	for (i = 0; i < n; i++)
		ids[i] = obj_id(m, k, -1, (int32_t)i);
	return ids;
}

static void bad_ref(struct refctx *c, const struct zp_ref *r, enum zp_kind k,
    const char *who, const char *path)
{
	const char **ids;
	const char *near = NULL, *section[] = {
		"drive_types", "controllers", "enclosures", "disks", "pools",
		"filesystems", "switches", "clients"
	};

	if (!r->name || r->idx >= 0)
		return;
	/* the entry that would define it has its error already */
	if (zp_ref_broken(c->m, (int)k, r->name))
		return;
	ids = c->reported < 100 ? ids_of(c->m, k) : NULL;
	if (ids)
		near = zp_nearest(r->name, ids);
	free(ids);
	c->reported++;
	zp_report(c->d, ZR_REF_UNKNOWN, r->loc, path,
	    "%s names %s %s, which is not defined; %s%s%s",
	    who, kind_name(k), r->name,
	    near ? "did you mean " : "define it under ",
	    near ? near : section[k], near ? "?" : "");
}

static void bad_refs(struct refctx *c, const struct zp_refs *rs,
    enum zp_kind k, const char *who, const char *path)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		bad_ref(c, &rs->v[i], k, who, path);
}

static void port_refs(struct refctx *c, const struct zp_ports *p,
    const char *owner, const char *base)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		if (p->v[i].sw.name && p->v[i].sw.idx < 0) {
			char who[160];

			snprintf(who, sizeof(who), "port %s/%s", owner,
			    p->v[i].id);
			bad_ref(c, &p->v[i].sw, ZP_K_SWITCH, who,
			    zp_pathf(c->d, "%s.ports[%zu].switch", base, i));
		}
}

static void pool_refs(struct refctx *c, const struct zp_pool *p)
{
	char who[300];
	size_t v, i;
	const char *base = zp_pathf(c->d, "pools[%u]", p->src);

	snprintf(who, sizeof(who), "pool %s", p->name);
	bad_ref(c, &p->controller, ZP_K_CTRL, who, base);
	for (v = 0; v < p->vdevs.n; v++)
		for (i = 0; i < p->vdevs.v[v].n; i++)
			if (p->vdevs.v[v].members[i].idx < 0)
				bad_ref(c, &p->vdevs.v[v].members[i], ZP_K_DISK,
				    who, zp_pathf(c->d, "%s.vdevs[%zu]", base,
				    v));
	for (v = 0; v < p->log.n; v++)
		for (i = 0; i < p->log.v[v].n; i++)
			if (p->log.v[v].members[i].idx < 0)
				bad_ref(c, &p->log.v[v].members[i], ZP_K_DISK,
				    who, zp_pathf(c->d, "%s.log[%zu]", base, v));
	for (i = 0; i < p->cache.n; i++)
		if (p->cache.v[i].idx < 0)
			bad_ref(c, &p->cache.v[i], ZP_K_DISK, who,
			    zp_pathf(c->d, "%s.cache[%zu]", base, i));
	for (i = 0; i < p->spares.n; i++)
		if (p->spares.v[i].idx < 0)
			bad_ref(c, &p->spares.v[i], ZP_K_DISK, who,
			    zp_pathf(c->d, "%s.spares[%zu]", base, i));
	bad_refs(c, &p->from, ZP_K_ENCL, who, zp_pathf(c->d, "%s.from", base));
	bad_ref(c, &p->vdevs_intent.type, ZP_K_TYPE, who, base);
	bad_ref(c, &p->log_intent.type, ZP_K_TYPE, who, base);
	bad_ref(c, &p->cache_intent.type, ZP_K_TYPE, who, base);
	bad_ref(c, &p->spares_intent.type, ZP_K_TYPE, who, base);
}

static void group_refs(struct refctx *c, const struct zp_mount_group *g)
{
	const char *base = zp_pathf(c->d, "mounts[%u]", g->src);
	size_t i;

	bad_refs(c, &g->clients, ZP_K_CLIENT, "the mount group", base);
	bad_refs(c, &g->controllers, ZP_K_CTRL, "the mount group", base);
	bad_refs(c, &g->pools, ZP_K_POOL, "the mount group", base);
	for (i = 0; i < g->nlist; i++) {
		const struct zp_mount_entry *e = &g->list[i];
		const char *p = zp_pathf(c->d, "%s.list[%zu]", base, i);

		bad_ref(c, &e->client, ZP_K_CLIENT, "the mount", p);
		bad_ref(c, &e->fs, ZP_K_FS, "the mount", p);
		bad_ref(c, &e->via_ctrl, ZP_K_CTRL, "the mount", p);
		if (e->via_ctrl.idx >= 0 && e->via_port.idx < 0)
			zp_report(c->d, ZR_REF_UNKNOWN, e->via_loc, p,
			    "the mount goes via port %s of %s, which has no "
			    "such port; name one of its ports", e->via_port.name,
			    e->via_ctrl.name);
	}
}

/* An enclosure path names a controller and one of its HBAs. */
static void path_refs(struct refctx *c, const struct zp_enclosure *x)
{
	size_t j;

	for (j = 0; j < x->paths.n; j++) {
		const struct zp_path *p = &x->paths.v[j];
		const char *where = zp_pathf(c->d, "enclosures[%u].paths[%zu]",
		    x->src, j);
		char who[100];

		snprintf(who, sizeof(who), "a path of enclosure %s", x->id);
		bad_ref(c, &p->ctrl, ZP_K_CTRL, who, where);
		if (p->ctrl.idx >= 0 && p->hba_idx < 0)
			zp_report(c->d, ZR_REF_UNKNOWN, p->hba_loc, where,
			    "a path of enclosure %s goes through HBA %s of %s, "
			    "which has no such HBA; list it in the "
			    "controller's hbas", x->id, p->hba, p->ctrl.name);
	}
}

static void check_ref_unknown(const struct zp_model *m, struct zp_diags *d)
{
	struct refctx c = { m, d, 0 };
	size_t i;

	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *x = ZP_CTRL(m, i);
		const char *base = zp_pathf(d, "controllers[%u]", x->src);
		char who[100];

		snprintf(who, sizeof(who), "controller %s", x->id);
		bad_ref(&c, &x->peer, ZP_K_CTRL, who, zp_pathf(d, "%s.peer",
		    base));
		port_refs(&c, &x->ports, x->id, base);
	}
	for (i = 0; i < m->clients.len; i++) {
		const struct zp_client *x = ZP_CLIENT(m, i);

		port_refs(&c, &x->ports, x->id, zp_pathf(d, "clients[%u]",
		    x->src));
	}
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_enclosure *x = ZP_ENCL(m, i);
		char who[100];

		snprintf(who, sizeof(who), "enclosure %s", x->id);
		bad_refs(&c, &x->controllers, ZP_K_CTRL, who,
		    zp_pathf(d, "enclosures[%u].controllers", x->src));
		path_refs(&c, x);
	}
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);
		char who[100];

		if ((x->place_name && x->place < 0) ||
		    (x->type_name && x->type < 0)) {
			struct zp_ref place = zp_disk_ref(m, x, ZP_DF_PLACE);
			struct zp_ref type = zp_disk_ref(m, x, ZP_DF_TYPE);

			/* a range reports once, at its first disk */
			if (x->from_range && i > 0 &&
			    ZP_DISK(m, i - 1)->from_range &&
			    ZP_DISK(m, i - 1)->src == x->src)
				continue;
			snprintf(who, sizeof(who), "disk %s", x->id);
			bad_ref(&c, &place, x->internal ? ZP_K_CTRL : ZP_K_ENCL,
			    who, disk_path(d, x));
			bad_ref(&c, &type, ZP_K_TYPE, who, disk_path(d, x));
		}
	}
	for (i = 0; i < m->pools.len; i++)
		pool_refs(&c, ZP_POOL(m, i));
	for (i = 0; i < m->groups.len; i++)
		group_refs(&c, ZP_GROUP(m, i));
}

const struct zp_rule zp_rule_ref_unknown = {
	"ref-unknown", ZP_SEV_ERROR,
	"a reference names nothing: disk, drive type, enclosure, controller, "
	"port, pool, switch, client, filesystem",
	check_ref_unknown
};

/* ---- slots ---- */

#define SLOT_LOC(m, x) zp_disk_loc((m), (x), ZP_DF_SLOT)

/* Whether bay s is one of e's: first_slot .. first_slot + slots - 1. */
static bool in_encl(const struct zp_enclosure *e, int32_t s)
{
	return s >= 0 && (uint32_t)s >= e->first_slot &&
	    (uint32_t)s - e->first_slot < e->slots;
}

/* One finding for the bad slots lo .. hi of the range that x starts. */
static void range_finding(const struct zp_model *m, struct zp_diags *d,
    const struct zp_disk *x, size_t bad, int32_t lo, int32_t hi)
{
	const struct zp_enclosure *e = ZP_ENCL(m, zp_disk_encl(x));
	uint32_t first = e->first_slot, last = first + e->slots - 1;
	char fix[64], what[64];

	if (lo < (int32_t)first && hi > (int32_t)last)
		snprintf(fix, sizeof(fix), "keep the range within %u-%u",
		    first, last);
	else if (lo < (int32_t)first)
		snprintf(fix, sizeof(fix), "start the range at %u", first);
	else
		snprintf(fix, sizeof(fix), "end the range at %u", last);
	if (bad == 1)
		snprintf(what, sizeof(what), "slot %d of", lo);
	else
		snprintf(what, sizeof(what), "%zu slots (%d .. %d) %s", bad,
		    lo, hi, lo < (int32_t)first ? "outside" : "beyond");
	zp_report(d, ZR_SLOT_RANGE, SLOT_LOC(m, x), disk_path(d, x),
	    "slot range reaches %s %s, which has slots %u-%u; %s", what,
	    e->id, first, last, fix);
}

static void check_slot_range(const struct zp_model *m, struct zp_diags *d)
{
	size_t i = 0;

	while (i < m->disks.len) {
		const struct zp_disk *x = ZP_DISK(m, i);
		const struct zp_enclosure *e;
		size_t j = i + 1, bad = 0;
		int32_t lo = -1, hi = -1;
		uint32_t first, last;

		if (zp_disk_encl(x) < 0 || x->slot < 0) {
			i++;
			continue;
		}
		e = ZP_ENCL(m, zp_disk_encl(x));
		first = e->first_slot;
		last = e->first_slot + e->slots - 1;
		if (!x->from_range) {
			if (!in_encl(e, x->slot))
				zp_report(d, ZR_SLOT_RANGE, SLOT_LOC(m, x),
				    disk_path(d, x), "disk %s is in slot %d "
				    "of %s, which has slots %u-%u; use a slot "
				    "from %u to %u", x->id, x->slot, e->id,
				    first, last, first, last);
			i++;
			continue;
		}
		/* a range: one finding for all its slots out of range */
		while (j < m->disks.len && ZP_DISK(m, j)->from_range &&
		    ZP_DISK(m, j)->src == x->src)
			j++;
		for (size_t k = i; k < j; k++) {
			int32_t s = ZP_DISK(m, k)->slot;

			if (!in_encl(e, s)) {
				if (lo < 0)
					lo = s;
				hi = s;
				bad++;
			}
		}
		if (bad)
			range_finding(m, d, x, bad, lo, hi);
		i = j;
	}
}

const struct zp_rule zp_rule_slot_range = {
	"slot-range", ZP_SEV_ERROR,
	"slot number outside first_slot..first_slot+slots-1 of its enclosure",
	check_slot_range
};

static void check_slot_conflict(const struct zp_model *m, struct zp_diags *d)
{
	size_t *base, total = 0, i;
	int32_t *owner;

	base = zp_xcalloc(m->enclosures.len + 1, sizeof(*base));
	for (i = 0; i < m->enclosures.len; i++) {
		base[i] = total;
		total += ZP_ENCL(m, i)->slots;
	}
	owner = zp_xcalloc(total ? total : 1, sizeof(*owner));
	for (i = 0; i < total; i++)
		owner[i] = -1;
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);
		const struct zp_enclosure *e;
		int32_t *o;

		if (zp_disk_encl(x) < 0 || x->slot < 0)
			continue;
		e = ZP_ENCL(m, zp_disk_encl(x));
		if (!in_encl(e, x->slot))
			continue;       /* slot-range reports it */
		o = &owner[base[zp_disk_encl(x)] +
		    (size_t)(x->slot - (int32_t)e->first_slot)];
		if (*o < 0) {
			*o = (int32_t)i;
			continue;
		}
		zp_report(d, ZR_SLOT_CONFLICT, SLOT_LOC(m, x), disk_path(d, x),
		    "disk %s is in slot %d of %s, where disk %s already is "
		    "(line %u); give it a free slot",
		    x->id, x->slot, e->id, ZP_DISK(m, *o)->id,
		    ZP_DISK(m, *o)->loc.line);
	}
	free(owner);
	free(base);
}

const struct zp_rule zp_rule_slot_conflict = {
	"slot-conflict", ZP_SEV_ERROR,
	"two disks in one enclosure slot",
	check_slot_conflict
};

/* ---- disk-reuse ---- */

static const char *use_name(enum zp_use_kind k)
{
	static const char *const names[] = {
		"", "a data disk", "a log device", "a cache device", "a spare"
	};
	return names[k];
}

static void check_disk_reuse(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->reuses.len; i++) {
		const struct zp_reuse *x = ZP_VEC_AT(&m->reuses,
		    struct zp_reuse, i);
		const struct zp_pool *p1 = ZP_POOL(m, x->first.pool);
		const struct zp_pool *p2 = ZP_POOL(m, x->second.pool);

		zp_report(d, ZR_DISK_REUSE, x->second.loc,
		    zp_pathf(d, "pools[%u]", p2->src), "disk %s is already "
		    "%s of pool %s (line %u); here it would be %s of pool %s "
		    "too: a disk serves once; pick a free disk",
		    ZP_DISK(m, x->disk)->id, use_name(x->first.kind), p1->name,
		    x->first.loc.line, use_name(x->second.kind), p2->name);
	}
}

const struct zp_rule zp_rule_disk_reuse = {
	"disk-reuse", ZP_SEV_ERROR,
	"a disk used twice: in two vdevs, a vdev and a spare, two pools, "
	"data and log/cache",
	check_disk_reuse
};

/* ---- name-invalid ---- */

/* made only for a finding: a fleet has 100,000 filesystems */
#define FS_PATH(d, f) zp_pathf((d), "filesystems[%u]", (f)->src)

static void check_name_invalid(const struct zp_model *m, struct zp_diags *d)
{
	struct zp_htab seen;
	size_t i;
	char why[512];

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (!zp_pool_name_ok(p->name, why, sizeof(why)))
			zp_report(d, ZR_NAME_INVALID, p->name_loc,
			    zp_pathf(d, "pools[%u].name", p->src), "%s", why);
	}
	/* a filesystem's parent must exist before it: zfs create makes one
	 * level at a time, in file order */
	zp_htab_init_vec(&seen, m->filesystems.len, &m->filesystems,
	    offsetof(struct zp_fs, name));
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		const char *slash;

		zp_htab_put(&seen, f->name, (int32_t)i);
		if (!zp_dataset_name_ok(f->name, why, sizeof(why))) {
			zp_report(d, ZR_NAME_INVALID, f->name_loc,
			    FS_PATH(d, f), "%s", why);
			continue;
		}
		if (f->pool < 0) {
			const char *s = strchr(f->name, '/');
			int n = s ? (int)(s - f->name) : (int)strlen(f->name);

			zp_report(d, ZR_NAME_INVALID, f->name_loc,
			    FS_PATH(d, f), "filesystem %s is not under a "
			    "pool of this model (no pool %.*s); define the "
			    "pool or rename the filesystem", f->name, n,
			    f->name);
			continue;
		}
		slash = strrchr(f->name, '/');
		if (slash && strchr(f->name, '/') != slash) {
			char parent[256];
			size_t n = (size_t)(slash - f->name);

			memcpy(parent, f->name, n);
			parent[n] = '\0';
			if (zp_htab_get(&seen, parent) < 0)
				zp_report(d, ZR_NAME_INVALID, f->name_loc,
				    FS_PATH(d, f), "filesystem %s needs its "
				    "parent %s, which is not defined before it; "
				    "add %s above it", f->name, parent, parent);
		}
	}
	zp_htab_release(&seen);
}

const struct zp_rule zp_rule_name_invalid = {
	"name-invalid", ZP_SEV_ERROR,
	"pool or filesystem name breaks OpenZFS naming rules, or a filesystem "
	"is not under a pool (or parent) of the model",
	check_name_invalid
};

/* ---- devices ---- */

#define DEV_LOC(m, x) zp_disk_loc((m), (x), ZP_DF_DEV)
#define ID_LOC(m, x) zp_disk_loc((m), (x), ZP_DF_ID)

static void check_dev_duplicate(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	/* found by link.c, in the id table's slots */
	for (i = 0; i < m->dev_dups.len; i++) {
		const struct zp_dup *u = ZP_VEC_AT(&m->dev_dups, struct zp_dup,
		    i);
		const struct zp_disk *x = ZP_DISK(m, u->second);
		const struct zp_disk *first = ZP_DISK(m, u->first);

		zp_report(d, ZR_DEV_DUPLICATE, DEV_LOC(m, x), disk_path(d, x),
		    "disks %s and %s both name %s (line %u): one physical "
		    "disk would count twice; fix the dev of one", first->id,
		    x->id, x->dev, DEV_LOC(m, first).line);
	}
}

const struct zp_rule zp_rule_dev_duplicate = {
	"dev-duplicate", ZP_SEV_ERROR,
	"two disks name the same dev path (one physical disk counted twice)",
	check_dev_duplicate
};

struct unused {
	int32_t encl, ctrl, type;
	size_t count;
	int32_t first, last;
};

static int cmp_unused(const void *a, const void *b)
{
	const struct unused *x = a, *y = b;

	if (x->first != y->first)
		return x->first < y->first ? -1 : 1;
	return 0;
}

static void check_disk_unused(const struct zp_model *m, struct zp_diags *d)
{
	struct zp_htab h;
	struct zp_vec groups;
	struct zp_arena keys;
	size_t i;

	zp_htab_init(&h, 64);
	zp_vec_init(&groups, sizeof(struct unused));
	zp_arena_init(&keys);
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);
		struct unused *u;
		const char *key;
		int32_t g;

		if (m->use[i].kind != ZP_USE_NONE || x->type < 0)
			continue;
		/* a second disk of one id cannot be used: id-duplicate */
		if (x->dup_id)
			continue;
		key = zp_arena_printf(&keys, "%d/%d/%d", zp_disk_encl(x),
		    zp_disk_ctrl(x), x->type);
		g = zp_htab_get(&h, key);
		if (g < 0) {
			g = (int32_t)groups.len;
			zp_htab_put(&h, key, g);
			u = zp_vec_push(&groups);
			u->encl = zp_disk_encl(x);
			u->ctrl = zp_disk_ctrl(x);
			u->type = x->type;
			u->first = (int32_t)i;
		}
		u = ZP_VEC_AT(&groups, struct unused, g);
		u->count++;
		u->last = (int32_t)i;
	}
	if (groups.len)
		qsort(groups.data, groups.len, sizeof(struct unused),
		    cmp_unused);
	for (i = 0; i < groups.len; i++) {
		const struct unused *u = ZP_VEC_AT(&groups, struct unused, i);
		const struct zp_disk *first = ZP_DISK(m, u->first);
		char where[120];

		if (u->encl >= 0)
			snprintf(where, sizeof(where), "in %s",
			    ZP_ENCL(m, u->encl)->id);
		else if (u->ctrl >= 0)
			snprintf(where, sizeof(where), "inside %s",
			    ZP_CTRL(m, u->ctrl)->id);
		else
			snprintf(where, sizeof(where), "without a place");
		if (u->count == 1)
			zp_report(d, ZR_DISK_UNUSED, ID_LOC(m, first),
			    disk_path(d, first), "1 %s unused %s (%s); add it "
			    "to a pool as data or spare, or leave it out",
			    ZP_DT(m, u->type)->id, where, first->id);
		else
			zp_report(d, ZR_DISK_UNUSED, ID_LOC(m, first),
			    disk_path(d, first), "%zu %s unused %s (%s .. %s); "
			    "add them to pools as data or spares, or leave "
			    "them out", u->count, ZP_DT(m, u->type)->id, where,
			    first->id, ZP_DISK(m, u->last)->id);
	}
	zp_vec_release(&groups);
	zp_arena_release(&keys);
	zp_htab_release(&h);
}

const struct zp_rule zp_rule_disk_unused = {
	"disk-unused", ZP_SEV_NOTE,
	"disks that no pool uses, counted per drive type and enclosure",
	check_disk_unused
};

/* Kernel names that can change at reboot: Linux sdX, hdX, vdX, xvdX,
 * nvmeXnY (and their partitions), FreeBSD daN and adaN. */
static bool unstable(const char *dev)
{
	static const char *const prefixes[] = {
		"/dev/sd", "/dev/hd", "/dev/vd", "/dev/xvd", "/dev/nvme",
		"/dev/da", "/dev/ada", NULL
	};
	size_t i;

	for (i = 0; prefixes[i]; i++) {
		size_t n = strlen(prefixes[i]);
		const char *rest = dev + n;

		if (strncmp(dev, prefixes[i], n) != 0 || !*rest)
			continue;
		if (strchr(rest, '/'))
			continue;
		if (strcmp(prefixes[i], "/dev/da") == 0 ||
		    strcmp(prefixes[i], "/dev/ada") == 0 ||
		    strcmp(prefixes[i], "/dev/nvme") == 0) {
			if (*rest >= '0' && *rest <= '9')
				return true;
			continue;
		}
		if (*rest >= 'a' && *rest <= 'z')
			return true;
	}
	return false;
}

static void check_dev_unstable(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);

		if (!x->dev_default && unstable(x->dev))
			zp_report(d, ZR_DEV_UNSTABLE, DEV_LOC(m, x),
			    disk_path(d, x), "disk %s uses %s, a name that "
			    "can change at reboot; use /dev/disk/by-id, "
			    "by-vdev or by-path", x->id, x->dev);
	}
}

const struct zp_rule zp_rule_dev_unstable = {
	"dev-unstable", ZP_SEV_WARNING,
	"a dev like /dev/sdb that can change at reboot; use by-id, by-vdev or "
	"by-path",
	check_dev_unstable
};

/* Why dev is no absolute device path (model.md disks), or NULL: each of
 * these would reach zpool as another word, an option or another file. */
static const char *dev_fault(const char *dev)
{
	const unsigned char *s = (const unsigned char *)dev, *comp;

	if (*s == '-')
		return "begins with '-', which zpool would read as an option";
	if (*s != '/')
		return "is not an absolute path; it would depend on the "
		    "directory the script runs in";
	for (; *s; s++) {
		if (*s < 0x20 || *s == 0x7f)
			return "holds a control character";
		if (*s == ' ')
			return "holds a blank";
		if (*s == '\'' || *s == '"')
			return "holds a quote";
		if (*s == '$' || *s == '`' || *s == '\\')
			return "holds a shell character ($, ` or \\)";
	}
	for (comp = (const unsigned char *)dev; comp; ) {
		const unsigned char *end;
		size_t n;

		comp++;
		end = (const unsigned char *)strchr((const char *)comp, '/');
		n = end ? (size_t)(end - comp) : strlen((const char *)comp);
		if ((n == 1 && comp[0] == '.') ||
		    (n == 2 && comp[0] == '.' && comp[1] == '.'))
			return "has a . or .. component";
		comp = end;
	}
	return NULL;
}

static void check_dev_invalid(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);
		const char *why;

		if (!x->dev_default && (why = dev_fault(x->dev)))
			zp_report(d, ZR_DEV_INVALID, DEV_LOC(m, x),
			    disk_path(d, x), "disk %s: dev \"%s\" %s; name "
			    "the device by its absolute path, e.g. "
			    "/dev/disk/by-id/...", x->id, x->dev, why);
	}
}

const struct zp_rule zp_rule_dev_invalid = {
	"dev-invalid", ZP_SEV_ERROR,
	"a dev that is not an absolute device path: relative, a . or .. "
	"component, a blank, quote, $, backquote, backslash or control "
	"character, or a leading - (it would reach zpool as an option)",
	check_dev_invalid
};

/* Per drive type: its disks that pools use, and the first of them. */
struct small_type {
	size_t count;
	int32_t first;
};

static void check_disk_too_small(const struct zp_model *m, struct zp_diags *d)
{
	static const char *const part_says[] = {
		[ZP_PART_LINUX] = "after the GPT label of partitioning: linux",
		[ZP_PART_NONE] = "partitioning: none",
		[ZP_PART_KEEP] = "after what policy.partitioning keeps back",
	};
	struct zp_partitioning part = {
		m->policy.partitioning, m->policy.partition_keep
	};
	struct small_type *t;
	bool any = false;
	size_t i;

	if (!m->drive_types.len || !m->use)
		return;
	t = zp_xcalloc(m->drive_types.len, sizeof(*t));
	for (i = 0; i < m->drive_types.len; i++) {
		const struct zp_drive_type *dt = ZP_DT(m, i);

		/* SPA_MINDEVSIZE: vdev_open refuses a smaller leaf */
		if (zp_cap_leaf_asize(zp_cap_device_bytes(dt->size,
		    dt->sector, part)) == 0) {
			t[i].first = -1;
			any = true;
		} else
			t[i].first = -2;
	}
	for (i = 0; any && i < m->disks.len; i++) {
		const struct zp_disk *x = ZP_DISK(m, i);

		if (x->type < 0 || t[x->type].first == -2 ||
		    m->use[i].kind == ZP_USE_NONE)
			continue;
		if (t[x->type].count++ == 0)
			t[x->type].first = (int32_t)i;
	}
	for (i = 0; i < m->drive_types.len; i++) {
		const struct zp_drive_type *dt = ZP_DT(m, i);
		char size[32];

		if (!t[i].count)
			continue;
		zp_fmt_size(dt->size, false, size, sizeof(size));
		zp_report(d, ZR_DISK_TOO_SMALL, dt->size_loc.line ?
		    dt->size_loc : dt->loc, zp_pathf(d, "drive_types.%s.size",
		    dt->id), "drive type %s: %s (%" PRIu64 " bytes) leaves a "
		    "leaf vdev under ZFS's 64 MiB minimum (%s); zpool create "
		    "refuses %zu disk%s of it in pools (first: %s), even with "
		    "-f", dt->id, size, dt->size, part_says[part.kind],
		    t[i].count, t[i].count == 1 ? "" : "s",
		    ZP_DISK(m, t[i].first)->id);
	}
	free(t);
}

const struct zp_rule zp_rule_disk_too_small = {
	"disk-too-small", ZP_SEV_ERROR,
	"a device whose leaf vdev, after policy.partitioning, is under 64 MiB "
	"(SPA_MINDEVSIZE): zpool create refuses it even with -f",
	check_disk_too_small
};
