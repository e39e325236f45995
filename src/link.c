/* link: after loading, fills defaults, builds the id tables, resolves every
 * reference to an index (leaving -1 for ref-unknown to report), records
 * duplicate ids and disk reuse, and lays out explicit mount lists. Each
 * step is one pass with hash lookups: linear in the model. */
#include <stdlib.h>
#include <string.h>

#include "zplan/load.h"
#include "zplan/mount.h"
#include "zplan/osdial.h"

void zp_dup_push(struct zp_vec *v, enum zp_kind kind, int32_t owner,
    int32_t first, int32_t second)
{
	struct zp_dup *d = zp_vec_push(v);

	d->kind = kind;
	d->owner = owner;
	d->first = first;
	d->second = second;
}

static void table(struct zp_model *m, struct zp_htab *h, struct zp_vec *v,
    size_t off, enum zp_kind kind)
{
	size_t i;

	zp_htab_init_vec(h, v->len, v, off);
	for (i = 0; i < v->len; i++) {
		const char *id = *(const char **)(v->data + i * v->size + off);
		int32_t first = zp_htab_put(h, id, (int32_t)i);

		if (first >= 0)
			zp_dup_push(&m->dups, kind, -1, first, (int32_t)i);
	}
}

static void port_dups(struct zp_model *m, const struct zp_ports *p,
    int32_t owner, enum zp_kind kind)
{
	size_t i, j;

	/* ports per host are few: pairwise is cheaper than a table */
	for (i = 1; i < p->n; i++)
		for (j = 0; j < i; j++)
			if (strcmp(p->v[i].id, p->v[j].id) == 0) {
				zp_dup_push(&m->dups, kind, owner, (int32_t)j,
				    (int32_t)i);
				break;
			}
}

/* The index of the object named name in h; -1 when none or no name. */
static int32_t lookup(const struct zp_htab *h, const char *name)
{
	return name ? zp_htab_get(h, name) : -1;
}

static void resolve(const struct zp_htab *h, struct zp_ref *r)
{
	r->idx = lookup(h, r->name);
}

static void resolve_all(const struct zp_htab *h, struct zp_refs *rs)
{
	size_t i;

	for (i = 0; i < rs->n; i++)
		resolve(h, &rs->v[i]);
}

static void resolve_ports(struct zp_model *m, struct zp_ports *p)
{
	size_t i;

	for (i = 0; i < p->n; i++)
		resolve(&m->h_switches, &p->v[i].sw);
}

void zp_link_use(struct zp_model *m, struct zp_ref *r, int32_t pool,
    enum zp_use_kind kind, uint32_t vdev)
{
	struct zp_disk_use *u;

	/* the loader resolved references to disks defined before them */
	if (r->idx < 0)
		resolve(&m->h_disks, r);
	if (r->idx < 0)
		return;
	u = &m->use[r->idx];
	if (u->kind == ZP_USE_NONE) {
		u->pool = pool;
		u->kind = kind;
		u->vdev = vdev;
		u->loc = r->loc;
	} else {
		struct zp_reuse *x = zp_vec_push(&m->reuses);

		x->disk = r->idx;
		x->first = *u;
		x->second.pool = pool;
		x->second.kind = kind;
		x->second.vdev = vdev;
		x->second.loc = r->loc;
	}
}

static void link_pool(struct zp_model *m, struct zp_pool *p, int32_t pi)
{
	size_t v, i;

	resolve(&m->h_ctrls, &p->controller);
	for (v = 0; v < p->vdevs.n; v++)
		for (i = 0; i < p->vdevs.v[v].n; i++)
			zp_link_use(m, &p->vdevs.v[v].members[i], pi,
			    ZP_USE_DATA, (uint32_t)v);
	for (v = 0; v < p->log.n; v++)
		for (i = 0; i < p->log.v[v].n; i++)
			zp_link_use(m, &p->log.v[v].members[i], pi, ZP_USE_LOG,
			    (uint32_t)v);
	for (i = 0; i < p->cache.n; i++)
		zp_link_use(m, &p->cache.v[i], pi, ZP_USE_CACHE, (uint32_t)i);
	for (i = 0; i < p->spares.n; i++)
		zp_link_use(m, &p->spares.v[i], pi, ZP_USE_SPARE, (uint32_t)i);
	resolve_all(&m->h_encls, &p->from);
	resolve(&m->h_types, &p->vdevs_intent.type);
	resolve(&m->h_types, &p->log_intent.type);
	resolve(&m->h_types, &p->cache_intent.type);
	resolve(&m->h_types, &p->spares_intent.type);
}

static const char *dev_key(void *ctx, size_t i)
{
	return ZP_DISK((struct zp_model *)ctx, i)->dev;
}

static void dev_visit(void *ctx, size_t i, uint32_t tag)
{
	struct zp_model *m = ctx;
	const struct zp_disk *x = ZP_DISK(m, i);
	int32_t first;

	if (x->dev_default)
		return;         /* made from the id: id-duplicate's */
	first = zp_htab_put_tag(&m->h_disks, x->dev, tag, (int32_t)i);
	if (first >= 0)
		zp_dup_push(&m->dev_dups, ZP_K_DISK, -1, first, (int32_t)i);
}

/* Records each disk whose dev path a disk before it names too, in the id
 * table's slots rekeyed by dev path, in a prefetched batch. */
static void dev_dups(struct zp_model *m)
{
	zp_htab_rekey(&m->h_disks, offsetof(struct zp_disk, dev));
	zp_htab_reserve(&m->h_disks, m->disks.len);
	zp_htab_batch(&m->h_disks, m->disks.len, dev_key, dev_visit, m);
}

/* The pool of "pool/a/b": its first component. */
static int32_t fs_pool(const struct zp_model *m, const char *name)
{
	const char *slash = strchr(name, '/');
	char buf[256];
	size_t n;

	if (!slash)
		return -1;
	n = (size_t)(slash - name);
	if (n >= sizeof(buf))
		return -1;
	memcpy(buf, name, n);
	buf[n] = '\0';
	return zp_htab_get(&m->h_pools, buf);
}

static void resolve_path(const struct zp_model *m, struct zp_path *p)
{
	const struct zp_controller *c;
	size_t k;

	resolve(&m->h_ctrls, &p->ctrl);
	if (p->ctrl.idx < 0)
		return;
	c = ZP_CTRL(m, p->ctrl.idx);
	for (k = 0; k < c->hbas.n; k++)
		if (strcmp(c->hbas.v[k].id, p->hba) == 0)
			p->hba_idx = (int32_t)k;
}

int32_t zp_port_find(const struct zp_ports *p, const char *id)
{
	size_t i;

	for (i = 0; id && i < p->n; i++)
		if (strcmp(p->v[i].id, id) == 0)
			return (int32_t)i;
	return -1;
}

void zp_link(struct zp_model *m)
{
	size_t i, j;

	table(m, &m->h_types, &m->drive_types,
	    offsetof(struct zp_drive_type, id), ZP_K_TYPE);
	table(m, &m->h_ctrls, &m->controllers,
	    offsetof(struct zp_controller, id), ZP_K_CTRL);
	table(m, &m->h_encls, &m->enclosures,
	    offsetof(struct zp_enclosure, id), ZP_K_ENCL);
	/* h_disks is built by the loader as disks are read, so that
	 * references to them share the id strings */
	table(m, &m->h_pools, &m->pools, offsetof(struct zp_pool, name),
	    ZP_K_POOL);
	table(m, &m->h_fs, &m->filesystems, offsetof(struct zp_fs, name),
	    ZP_K_FS);
	table(m, &m->h_switches, &m->switches,
	    offsetof(struct zp_switch, id), ZP_K_SWITCH);
	table(m, &m->h_clients, &m->clients, offsetof(struct zp_client, id),
	    ZP_K_CLIENT);

	for (i = 0; i < m->controllers.len; i++) {
		struct zp_controller *c = ZP_CTRL(m, i);

		resolve(&m->h_ctrls, &c->peer);
		resolve_ports(m, &c->ports);
		port_dups(m, &c->ports, (int32_t)i, ZP_K_CTRL_PORT);
	}
	for (i = 0; i < m->clients.len; i++) {
		struct zp_client *c = ZP_CLIENT(m, i);

		resolve_ports(m, &c->ports);
		port_dups(m, &c->ports, (int32_t)i, ZP_K_CLIENT_PORT);
	}
	for (i = 0; i < m->enclosures.len; i++) {
		struct zp_enclosure *e = ZP_ENCL(m, i);

		resolve_all(&m->h_ctrls, &e->controllers);
		for (j = 0; j < e->paths.n; j++)
			resolve_path(m, &e->paths.v[j]);
	}
	for (i = 0; i < m->disks.len; i++) {
		struct zp_disk *d = ZP_DISK(m, i);

		d->place = lookup(d->internal ? &m->h_ctrls : &m->h_encls,
		    d->place_name);
		d->type = lookup(&m->h_types, d->type_name);
		if (!d->dev) {
			/* the stable name its host's OS gives it */
			d->dev = zp_os_default_dev(m, i);
			d->dev_default = true;
		}
	}
	m->use = zp_xcalloc(m->disks.len, sizeof(*m->use));
	for (i = 0; i < m->pools.len; i++)
		link_pool(m, ZP_POOL(m, i), (int32_t)i);
	/* every reference to a disk is an index from here on (the planner
	 * picks by index): the id table's slots serve once more, for the dev
	 * paths, and go before the rules' own tables come (a fleet's is 2 MB) */
	dev_dups(m);
	zp_htab_release(&m->h_disks);
	for (i = 0; i < m->filesystems.len; i++) {
		struct zp_fs *f = ZP_FS(m, i);

		f->pool = fs_pool(m, f->name);
	}
	for (i = 0; i < m->groups.len; i++) {
		struct zp_mount_group *g = ZP_GROUP(m, i);

		resolve_all(&m->h_clients, &g->clients);
		resolve_all(&m->h_ctrls, &g->controllers);
		resolve_all(&m->h_pools, &g->pools);
		for (j = 0; j < g->nlist; j++) {
			struct zp_mount_entry *e = &g->list[j];

			resolve(&m->h_clients, &e->client);
			resolve(&m->h_fs, &e->fs);
			resolve(&m->h_ctrls, &e->via_ctrl);
			e->via_port.idx = e->via_ctrl.idx < 0 ? -1 :
			    zp_port_find(&ZP_CTRL(m, e->via_ctrl.idx)->ports,
			    e->via_port.name);
		}
	}
	zp_mounts_build(m);
}
