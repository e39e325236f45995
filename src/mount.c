/* mount: the interleave (model.md "The interleave"), in time linear in the
 * number of filesystems, pools and controllers of each group. */
#include "zplan/mount.h"

#include <stdlib.h>
#include <string.h>

/* Index lists: items of bucket b are idx[start[b] .. start[b + 1]). */
struct buckets {
	int32_t *start, *idx;
};

static void buckets_free(struct buckets *b)
{
	free(b->start);
	free(b->idx);
}

/* Groups n items into nb buckets by key(i) (-1: none), keeping order. */
static void bucket(struct buckets *b, size_t nb, size_t n,
    int32_t (*key)(const struct zp_model *, size_t),
    const struct zp_model *m)
{
	int32_t *fill;
	size_t i;

	b->start = zp_xcalloc(nb + 1, sizeof(int32_t));
	b->idx = zp_xcalloc(n, sizeof(int32_t));
	for (i = 0; i < n; i++) {
		int32_t k = key(m, i);
		if (k >= 0)
			b->start[k + 1]++;
	}
	for (i = 0; i < nb; i++)
		b->start[i + 1] += b->start[i];
	fill = zp_xcalloc(nb + 1, sizeof(int32_t));
	memcpy(fill, b->start, (nb + 1) * sizeof(int32_t));
	for (i = 0; i < n; i++) {
		int32_t k = key(m, i);
		if (k >= 0)
			b->idx[fill[k]++] = (int32_t)i;
	}
	free(fill);
}

static int32_t pool_ctrl(const struct zp_model *m, size_t i)
{
	return ZP_POOL(m, i)->controller.idx;
}

static int32_t shared_fs_pool(const struct zp_model *m, size_t i)
{
	const struct zp_fs *f = ZP_FS(m, i);
	return f->share != ZP_SHARE_NONE ? f->pool : -1;
}

const char *zp_mount_dir(struct zp_model *m, const char *at,
    const struct zp_fs *fs, const struct zp_client *c)
{
	const char *slash = strchr(fs->name, '/');
	size_t plen = slash ? (size_t)(slash - fs->name) : strlen(fs->name);
	char buf[1024];
	size_t o = 0;

	while (*at && o < sizeof(buf) - 1) {
		const char *s = NULL;
		size_t n = 0, skip = 0;

		if (strncmp(at, "{pool}", 6) == 0) {
			s = fs->name;
			n = plen;
			skip = 6;
		} else if (strncmp(at, "{fs}", 4) == 0) {
			s = slash ? slash + 1 : "";
			n = strlen(s);
			skip = 4;
		} else if (strncmp(at, "{client}", 8) == 0) {
			s = c->id;
			n = strlen(s);
			skip = 8;
		}
		if (s) {
			if (n > sizeof(buf) - 1 - o)
				n = sizeof(buf) - 1 - o;
			memcpy(buf + o, s, n);
			o += n;
			at += skip;
		} else {
			buf[o++] = *at++;
		}
	}
	buf[o] = '\0';
	return zp_arena_strdup(&m->arena, buf);
}

/* The client port for a mount served by sp: the one on the server port's
 * subnet, else the client's nth port. */
static int32_t client_port(const struct zp_client *c, const struct zp_port *sp,
    size_t nth)
{
	size_t i;

	if (!c->ports.n)
		return -1;
	if (sp && sp->has_addr)
		for (i = 0; i < c->ports.n; i++)
			if (c->ports.v[i].has_addr &&
			    zp_addr_same_subnet(&c->ports.v[i].addr, &sp->addr))
				return (int32_t)i;
	return (int32_t)(nth % c->ports.n);
}

/* The data ports of a controller, in file order. */
static size_t data_ports(const struct zp_controller *c, int32_t *out,
    size_t cap)
{
	size_t i, n = 0;

	for (i = 0; i < c->ports.n && n < cap; i++)
		if (c->ports.v[i].role == ZP_ROLE_DATA)
			out[n++] = (int32_t)i;
	return n;
}

#define MAX_PORTS 256

struct gen {
	struct zp_model *m;
	const struct zp_mount_group *g;
	int32_t gi;
	int32_t *clients;
	size_t nclients;
	size_t *client_mounts;  /* per client of the group: mounts so far */
	size_t i;               /* mounts emitted in the group */
};

static void emit(struct gen *x, int32_t fs, int32_t ctrl, size_t j)
{
	struct zp_model *m = x->m;
	const struct zp_controller *c = ZP_CTRL(m, ctrl);
	int32_t ports[MAX_PORTS];
	size_t np = data_ports(c, ports, MAX_PORTS), k, from, to;

	if (x->g->strategy == ZP_MNT_ROUND_ROBIN) {
		from = (x->i + x->i / x->nclients) % x->nclients;
		to = from + 1;
	} else {
		from = 0;
		to = x->nclients;
	}
	for (k = from; k < to; k++) {
		struct zp_mount *mt;
		const struct zp_client *cl = ZP_CLIENT(m, x->clients[k]);
		size_t shift = x->g->strategy == ZP_MNT_ALL ? k : 0;

		mt = zp_vec_push(&m->mounts);
		mt->group = x->gi;
		mt->client = x->clients[k];
		mt->fs = fs;
		mt->ctrl = ctrl;
		mt->port = np ? ports[(j + shift) % np] : -1;
		mt->client_port = client_port(cl, mt->port >= 0 ?
		    &c->ports.v[mt->port] : NULL, x->client_mounts[k]++);
		mt->at = zp_mount_dir(m, x->g->at, ZP_FS(m, fs), cl);
		mt->loc = x->g->loc;
		mt->entry = -1;
	}
	x->i++;
}

struct live {
	int32_t ctrl, pool;
	size_t next;            /* next filesystem of the pool to emit */
};

static void generate(struct zp_model *m, int32_t gi,
    const struct buckets *ctrl_pools, const struct buckets *pool_fs,
    int32_t *stamp)
{
	const struct zp_mount_group *g = ZP_GROUP(m, gi);
	struct gen x = { m, g, gi, NULL, 0, NULL, 0 };
	int32_t *ctrls;
	size_t nctrl = 0, i, nlive = 0, maxrank = 0;
	struct live *live;
	size_t *emitted;        /* per controller of the group */
	struct buckets byrank;
	size_t *rank_count;

	/* clients: as listed, else all */
	if (g->clients.set) {
		x.clients = zp_xcalloc(g->clients.n, sizeof(int32_t));
		for (i = 0; i < g->clients.n; i++)
			if (g->clients.v[i].idx >= 0)
				x.clients[x.nclients++] = g->clients.v[i].idx;
	} else {
		x.clients = zp_xcalloc(m->clients.len, sizeof(int32_t));
		for (i = 0; i < m->clients.len; i++)
			x.clients[x.nclients++] = (int32_t)i;
	}
	/* controllers in file order */
	if (g->controllers.set) {
		ctrls = zp_xcalloc(g->controllers.n, sizeof(int32_t));
		for (i = 0; i < g->controllers.n; i++) {
			int32_t c = g->controllers.v[i].idx;
			size_t k;

			if (c < 0)
				continue;
			for (k = nctrl; k > 0 && ctrls[k - 1] > c; k--)
				ctrls[k] = ctrls[k - 1];
			if (k > 0 && ctrls[k - 1] == c) {
				memmove(&ctrls[k], &ctrls[k + 1],
				    (nctrl - k) * sizeof(int32_t));
				continue;
			}
			ctrls[k] = c;
			nctrl++;
		}
	} else {
		ctrls = zp_xcalloc(m->controllers.len, sizeof(int32_t));
		for (i = 0; i < m->controllers.len; i++)
			ctrls[nctrl++] = (int32_t)i;
	}
	if (g->pools.set)
		for (i = 0; i < g->pools.n; i++)
			if (g->pools.v[i].idx >= 0)
				stamp[g->pools.v[i].idx] = gi + 1;
	/* (controller, pool rank) pairs with filesystems to mount */
	for (i = 0; i < nctrl; i++)
		nlive += (size_t)(ctrl_pools->start[ctrls[i] + 1] -
		    ctrl_pools->start[ctrls[i]]);
	live = zp_xcalloc(nlive ? nlive : 1, sizeof(*live));
	rank_count = zp_xcalloc(nlive + 1, sizeof(size_t));
	nlive = 0;
	for (i = 0; i < nctrl; i++) {
		int32_t c = ctrls[i], k;
		size_t r = 0;

		for (k = ctrl_pools->start[c]; k < ctrl_pools->start[c + 1];
		    k++) {
			int32_t p = ctrl_pools->idx[k];

			if (g->pools.set && stamp[p] != gi + 1)
				continue;
			if (pool_fs->start[p + 1] == pool_fs->start[p])
				continue;
			live[nlive].ctrl = (int32_t)i;
			live[nlive].pool = p;
			live[nlive].next = r;   /* rank, until sorted */
			rank_count[r]++;
			if (r + 1 > maxrank)
				maxrank = r + 1;
			nlive++;
			r++;
		}
	}
	/* order by rank, then controller (stable counting sort) */
	byrank.start = zp_xcalloc(maxrank + 1, sizeof(int32_t));
	byrank.idx = zp_xcalloc(nlive ? nlive : 1, sizeof(int32_t));
	for (i = 0; i < maxrank; i++)
		byrank.start[i + 1] = byrank.start[i] + (int32_t)rank_count[i];
	{
		int32_t *fill = zp_xcalloc(maxrank + 1, sizeof(int32_t));

		memcpy(fill, byrank.start, (maxrank + 1) * sizeof(int32_t));
		for (i = 0; i < nlive; i++)
			byrank.idx[fill[live[i].next]++] = (int32_t)i;
		free(fill);
	}
	{
		struct live *sorted = zp_xcalloc(nlive ? nlive : 1,
		    sizeof(*sorted));

		for (i = 0; i < nlive; i++) {
			sorted[i] = live[byrank.idx[i]];
			sorted[i].next = 0;
		}
		free(live);
		live = sorted;
	}
	buckets_free(&byrank);
	free(rank_count);

	emitted = zp_xcalloc(nctrl ? nctrl : 1, sizeof(size_t));
	x.client_mounts = zp_xcalloc(x.nclients ? x.nclients : 1,
	    sizeof(size_t));
	/* rounds: each live pool gives its next filesystem; exhausted pools
	 * leave the list, so the work is linear in the filesystems */
	while (nlive && x.nclients) {
		size_t w = 0;

		for (i = 0; i < nlive; i++) {
			struct live *lv = &live[i];
			int32_t p = lv->pool;
			size_t nfs = (size_t)(pool_fs->start[p + 1] -
			    pool_fs->start[p]);

			emit(&x, pool_fs->idx[pool_fs->start[p] + lv->next],
			    ctrls[lv->ctrl], emitted[lv->ctrl]++);
			if (++lv->next < nfs)
				live[w++] = *lv;
		}
		nlive = w;
	}
	free(emitted);
	free(x.client_mounts);
	free(live);
	free(ctrls);
	free(x.clients);
}

/* counts: per client, its mounts so far in this list (zeroed again at the
 * end, so one array serves every group). */
static void explicit_list(struct zp_model *m, int32_t gi, size_t *counts)
{
	const struct zp_mount_group *g = ZP_GROUP(m, gi);
	size_t i;

	for (i = 0; i < g->nlist; i++) {
		const struct zp_mount_entry *e = &g->list[i];
		const struct zp_client *cl;
		const struct zp_port *sp = NULL;
		struct zp_mount *mt;
		int32_t c = e->client.idx;

		if (c < 0 || e->fs.idx < 0 || e->via_port.idx < 0)
			continue;       /* ref-unknown reports it */
		cl = ZP_CLIENT(m, e->client.idx);
		sp = &ZP_CTRL(m, e->via_ctrl.idx)->ports.v[e->via_port.idx];
		mt = zp_vec_push(&m->mounts);
		mt->group = gi;
		mt->client = c;
		mt->fs = e->fs.idx;
		mt->ctrl = e->via_ctrl.idx;
		mt->port = e->via_port.idx;
		/* the client's j-th mount of the list, as for generated ones */
		mt->client_port = client_port(cl, sp, counts[e->client.idx]++);
		mt->at = e->at ? e->at : zp_mount_dir(m, g->at,
		    ZP_FS(m, e->fs.idx), cl);
		mt->loc = e->loc;
		mt->entry = (int32_t)i;
	}
	for (i = 0; i < g->nlist; i++)
		if (g->list[i].client.idx >= 0)
			counts[g->list[i].client.idx] = 0;
}

void zp_mounts_build(struct zp_model *m)
{
	struct buckets ctrl_pools, pool_fs;
	int32_t *stamp;
	size_t *counts, i;

	if (!m->groups.len)
		return;
	bucket(&ctrl_pools, m->controllers.len, m->pools.len, pool_ctrl, m);
	bucket(&pool_fs, m->pools.len, m->filesystems.len, shared_fs_pool, m);
	stamp = zp_xcalloc(m->pools.len ? m->pools.len : 1, sizeof(int32_t));
	counts = zp_xcalloc(m->clients.len ? m->clients.len : 1, sizeof(size_t));
	for (i = 0; i < m->groups.len; i++) {
		if (ZP_GROUP(m, i)->strategy == ZP_MNT_EXPLICIT)
			explicit_list(m, (int32_t)i, counts);
		else
			generate(m, (int32_t)i, &ctrl_pools, &pool_fs, stamp);
	}
	free(counts);
	free(stamp);
	buckets_free(&ctrl_pools);
	buckets_free(&pool_fs);
}

struct zp_loc zp_mount_via_loc(const struct zp_model *m,
    const struct zp_mount *mt)
{
	const struct zp_mount_group *g = ZP_GROUP(m, mt->group);

	if (mt->entry >= 0 && g->list[mt->entry].via_loc.line)
		return g->list[mt->entry].via_loc;
	return mt->loc;
}

const char *zp_mount_via_path(struct zp_diags *d, const struct zp_model *m,
    const struct zp_mount *mt)
{
	const struct zp_mount_group *g = ZP_GROUP(m, mt->group);

	if (mt->entry >= 0)
		return zp_pathf(d, "mounts[%u].list[%d].via", g->src,
		    mt->entry);
	return zp_pathf(d, "mounts[%u]", g->src);
}
