/* script: the scripts of zplan script (scripts.md). A script is fixed
 * shell text (the functions below, which do the checks) and one line per
 * device, pool, filesystem, share and mount, with every name and path
 * single-quoted. Built from an index of the model made once, so that
 * writing every host's script is linear in the model. */
#include "zplan/script.h"
#include "zplan/units.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/poolcap.h"
#include "zplan/props.h"
#include "zplan/script_text.h"
#include "zplan/text.h"
#include "zplan/version.h"

/* The fixed shell text is in script_text.c; here is what varies with the
 * client's OS. */

/* How each client OS's `mount` lists what is mounted, for zp_read_mounts
 * (script_text.c): "SOURCE on DIR type nfs (...)" (Linux, util-linux),
 * "DIR on SOURCE options on date" (Solaris), "SOURCE on DIR (nfs, ...)"
 * (FreeBSD): which name comes first, and what follows the second. */
static const struct mtab_format {
	const char *order, *end;
} mtab_os[] = {
	/* ZP_OS_LINUX */ { "src", " type " },
	/* ZP_OS_SOLARIS */ { "dir", " " },
	/* ZP_OS_FREEBSD */ { "src", " (" },
};

static const char *const os_name[] = { "linux", "solaris", "freebsd" };

/* ---- the index ---- */

/* Items grouped by a key, file order kept: the items of key k are
 * idx[start[k] .. start[k + 1]). */
struct buckets {
	int32_t *start, *idx;
};

static void bucket(struct buckets *b, size_t nkeys, size_t n,
    const int32_t *key)
{
	int32_t *fill;
	size_t i;

	b->start = zp_xcalloc(nkeys + 1, sizeof(int32_t));
	b->idx = zp_xcalloc(n ? n : 1, sizeof(int32_t));
	for (i = 0; i < n; i++)
		if (key[i] >= 0)
			b->start[key[i] + 1]++;
	for (i = 0; i < nkeys; i++)
		b->start[i + 1] += b->start[i];
	fill = zp_xcalloc(nkeys + 1, sizeof(int32_t));
	memcpy(fill, b->start, nkeys * sizeof(int32_t));
	for (i = 0; i < n; i++)
		if (key[i] >= 0)
			b->idx[fill[key[i]]++] = (int32_t)i;
	free(fill);
}

static void buckets_free(struct buckets *b)
{
	free(b->start);
	free(b->idx);
}

#define B_N(b, k) ((size_t)((b)->start[(k) + 1] - (b)->start[k]))
#define B_AT(b, k, j) ((b)->idx[(b)->start[k] + (int32_t)(j)])

struct zp_script_plan {
	const struct zp_model *m;
	struct zp_arena arena;
	/* owner slot: controller index; nctrl for pools without one */
	size_t nslots;
	struct buckets pools, fs, mounts;   /* by slot, slot, client */
	const char **pool_mp, **fs_mp;
	struct zp_host *hosts;
	size_t nhosts;
};

static const char *prop(const struct zp_kvs *kv, const char *key)
{
	const struct zp_kv *v = zp_kv_get(kv, key);

	return v ? v->val : NULL;
}

static bool unmounted(const char *mp)
{
	return strcmp(mp, "none") == 0 || strcmp(mp, "legacy") == 0;
}

/* ZFS inherits a mountpoint as the parent's plus the last component. */
static const char *child_mp(struct zp_arena *a, const char *parent,
    const char *comp)
{
	size_t n = strlen(parent);

	if (unmounted(parent))
		return parent;
	return zp_arena_printf(a, "%s%s%s", parent,
	    n && parent[n - 1] == '/' ? "" : "/", comp);
}

static void mountpoints(struct zp_script_plan *p)
{
	const struct zp_model *m = p->m;
	size_t i, cap = 256;
	char *parent = zp_xmalloc(cap);

	p->pool_mp = zp_xcalloc(m->pools.len + 1, sizeof(char *));
	p->fs_mp = zp_xcalloc(m->filesystems.len + 1, sizeof(char *));
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *pl = ZP_POOL(m, i);
		const char *mp = prop(&pl->properties, "mountpoint");

		p->pool_mp[i] = mp ? mp : zp_arena_printf(&p->arena, "/%s",
		    pl->name);
	}
	/* parents come before children (name-invalid), so one pass */
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		const char *own = prop(&f->properties, "mountpoint");
		const char *slash = strrchr(f->name, '/');
		int32_t j;
		size_t n;

		if (own) {
			p->fs_mp[i] = own;
			continue;
		}
		if (!slash || f->pool < 0) {
			p->fs_mp[i] = zp_arena_printf(&p->arena, "/%s", f->name);
			continue;
		}
		n = (size_t)(slash - f->name);
		if (n + 1 > cap) {
			cap = n + 1;
			parent = zp_xrealloc(parent, cap);
		}
		memcpy(parent, f->name, n);
		parent[n] = '\0';
		if (!strchr(parent, '/'))
			p->fs_mp[i] = child_mp(&p->arena, p->pool_mp[f->pool],
			    slash + 1);
		else if ((j = zp_htab_get(&m->h_fs, parent)) >= 0 &&
		    (size_t)j < i)
			p->fs_mp[i] = child_mp(&p->arena, p->fs_mp[j],
			    slash + 1);
		else
			p->fs_mp[i] = zp_arena_printf(&p->arena, "/%s",
			    f->name);
	}
	free(parent);
}

struct zp_script_plan *zp_script_plan_new(const struct zp_model *m)
{
	struct zp_script_plan *p = zp_xcalloc(1, sizeof(*p));
	size_t nctrl = m->controllers.len, i, n;
	int32_t *key;
	struct zp_htab ids;

	p->m = m;
	zp_arena_init(&p->arena);
	p->nslots = nctrl + 1;
	n = m->pools.len > m->filesystems.len ? m->pools.len :
	    m->filesystems.len;
	if (m->mounts.len > n)
		n = m->mounts.len;
	key = zp_xcalloc(n + 1, sizeof(int32_t));
	for (i = 0; i < m->pools.len; i++) {
		int32_t c = ZP_POOL(m, i)->controller.idx;

		key[i] = c >= 0 ? c : (int32_t)nctrl;
	}
	bucket(&p->pools, p->nslots, m->pools.len, key);
	for (i = 0; i < m->filesystems.len; i++) {
		int32_t pl = ZP_FS(m, i)->pool;
		int32_t c = pl >= 0 ? ZP_POOL(m, pl)->controller.idx : -1;

		key[i] = pl < 0 ? -1 : c >= 0 ? c : (int32_t)nctrl;
	}
	bucket(&p->fs, p->nslots, m->filesystems.len, key);
	for (i = 0; i < m->mounts.len; i++)
		key[i] = ZP_MOUNT(m, i)->client;
	bucket(&p->mounts, m->clients.len, m->mounts.len, key);
	free(key);
	mountpoints(p);

	/* hosts: controllers with pools, "localhost", clients with mounts;
	 * a client whose id is a host's already joins that host */
	p->hosts = zp_xcalloc(p->nslots + m->clients.len, sizeof(*p->hosts));
	zp_htab_init(&ids, p->nslots + m->clients.len);
	for (i = 0; i < p->nslots; i++) {
		struct zp_host *h;

		if (!B_N(&p->pools, i))
			continue;
		h = &p->hosts[p->nhosts];
		h->id = i < nctrl ? ZP_CTRL(m, i)->id : "localhost";
		h->ctrl = i < nctrl ? (int32_t)i : ZP_HOST_LOCAL;
		h->client = -1;
		zp_htab_put(&ids, h->id, (int32_t)p->nhosts++);
	}
	for (i = 0; i < m->clients.len; i++) {
		const char *id = ZP_CLIENT(m, i)->id;
		int32_t k;

		if (!B_N(&p->mounts, i))
			continue;
		if ((k = zp_htab_get(&ids, id)) >= 0 &&
		    p->hosts[k].client < 0) {
			p->hosts[k].client = (int32_t)i;
			continue;
		}
		p->hosts[p->nhosts].id = id;
		p->hosts[p->nhosts].ctrl = -1;
		p->hosts[p->nhosts].client = (int32_t)i;
		zp_htab_put(&ids, id, (int32_t)p->nhosts++);
	}
	zp_htab_release(&ids);
	return p;
}

void zp_script_plan_free(struct zp_script_plan *p)
{
	if (!p)
		return;
	buckets_free(&p->pools);
	buckets_free(&p->fs);
	buckets_free(&p->mounts);
	free(p->pool_mp);
	free(p->fs_mp);
	free(p->hosts);
	zp_arena_release(&p->arena);
	free(p);
}

size_t zp_script_hosts(const struct zp_script_plan *p,
    const struct zp_host **out)
{
	*out = p->hosts;
	return p->nhosts;
}

static int32_t slot_of(const struct zp_script_plan *p, const struct zp_host *h)
{
	if (h->ctrl == ZP_HOST_LOCAL)
		return (int32_t)p->nslots - 1;
	return h->ctrl;
}

/* What one host's script holds. */
struct parts {
	int32_t slot, client;
	size_t pools, datasets, shares, mounts;     /* steps of each */
};

static struct parts parts_of(const struct zp_script_plan *p,
    const struct zp_host *h, unsigned only)
{
	const struct zp_model *m = p->m;
	struct parts r = { slot_of(p, h), h->client, 0, 0, 0, 0 };
	size_t j;

	if (r.slot >= 0) {
		if (only & ZP_ONLY_POOLS)
			r.pools = B_N(&p->pools, r.slot);
		for (j = 0; j < B_N(&p->fs, r.slot); j++) {
			const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r.slot, j));

			if (only & ZP_ONLY_DATASETS)
				r.datasets++;
			if ((only & ZP_ONLY_SHARES) && f->share != ZP_SHARE_NONE)
				r.shares++;
		}
	}
	if (r.client >= 0 && (only & ZP_ONLY_MOUNTS))
		r.mounts = B_N(&p->mounts, r.client);
	return r;
}

bool zp_script_host_busy(const struct zp_script_plan *p,
    const struct zp_host *h, unsigned only)
{
	struct parts r = parts_of(p, h, only);

	return r.pools + r.datasets + r.shares + r.mounts > 0;
}

const char *zp_script_unbuildable(const struct zp_script_plan *p,
    const struct zp_host *h)
{
	const struct zp_model *m = p->m;
	int32_t s = slot_of(p, h);
	size_t j, k, v;

	if (s < 0)
		return NULL;
	for (j = 0; j < B_N(&p->pools, s); j++) {
		const struct zp_pool *pl = ZP_POOL(m, B_AT(&p->pools, s, j));

		/* intents zplan plan has not turned into disks yet */
		if (!pl->vdevs.n || (pl->log_intent.set && !pl->log.n) ||
		    (pl->cache_intent.set && !pl->cache.n) ||
		    (pl->spares_intent.set && !pl->spares.n))
			return pl->name;
		for (v = 0; v < pl->vdevs.n; v++)
			for (k = 0; k < pl->vdevs.v[v].n; k++)
				if (!zp_ref_disk(m, &pl->vdevs.v[v].members[k]))
					return pl->name;
		for (v = 0; v < pl->log.n; v++)
			for (k = 0; k < pl->log.v[v].n; k++)
				if (!zp_ref_disk(m, &pl->log.v[v].members[k]))
					return pl->name;
		for (k = 0; k < pl->cache.n; k++)
			if (!zp_ref_disk(m, &pl->cache.v[k]))
				return pl->name;
		for (k = 0; k < pl->spares.n; k++)
			if (!zp_ref_disk(m, &pl->spares.v[k]))
				return pl->name;
	}
	return NULL;
}

/* ---- writing ---- */

/* s in a comment: a control byte (a newline would end the comment and
 * start a command) as a backslash and three octal digits. */
static void put_c(FILE *o, const char *s)
{
	static const char ctrl[] = "\001\002\003\004\005\006\007\010\011\012"
	    "\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031"
	    "\032\033\034\035\036\037\177";

	for (;;) {
		size_t n = strcspn(s, ctrl);

		fwrite(s, 1, n, o);
		if (!s[n])
			return;
		fprintf(o, "\\%03o", (unsigned char)s[n]);
		s += n + 1;
	}
}

/* a and b together as one single-quoted word. */
static void sq2(FILE *o, const char *a, const char *b)
{
	putc('\'', o);
	zp_sh_quote_body(o, a);
	zp_sh_quote_body(o, b);
	putc('\'', o);
}

/* key=value of object obj (ZP_OBJ_*), quoted, the name as zfs prints it
 * (an alias such as compress written compression). A size is written in
 * bytes: the model reads 2TB as 2 * 10^12 bytes, but zfs reads every unit
 * as a power of 1024, so passing "2TB" on would set 2 TiB. */
static void sq_kv(FILE *o, const char *k, const char *v, unsigned obj)
{
	const struct zp_prop *p = zp_prop_find(k, obj & ZP_OBJ_POOL ?
	    ZP_SPACE_POOL : ZP_SPACE_DS);
	char *s;
	uint64_t bytes;
	const char *why;

	if (p)
		k = p->name;
	s = zp_xmalloc(strlen(k) + strlen(v) + 24);
	if (zp_prop_is_size(k, obj) && zp_parse_size(v, &bytes, &why) == 0)
		sprintf(s, "%s=%llu", k, (unsigned long long)bytes);
	else
		sprintf(s, "%s=%s", k, v);
	zp_sh_quote(o, s);
	free(s);
}

/* The name zpool status -P gives a whole disk dev: its first partition,
 * named as libzutil's zfs_append_partition does (-part1 under /dev/disk
 * and /dev/zvol, p1 after a digit, else 1). */
static const char *part1_suffix(const char *dev)
{
	size_t n = strlen(dev);

	if (strncmp(dev, "/dev/disk", 9) == 0 ||
	    strncmp(dev, "/dev/zvol", 9) == 0)
		return "-part1";
	return n && dev[n - 1] >= '0' && dev[n - 1] <= '9' ? "p1" : "1";
}

static const char *dev_of(const struct zp_model *m, const struct zp_ref *r)
{
	const struct zp_disk *d = zp_ref_disk(m, r);

	return d && d->dev ? d->dev : "";
}

/* ---- a pool's structure, as zp_shape compares it ----
 * The sections of a pool as zpool status shows them, each a list of
 * top-level vdevs (a section of plain devices, cache or spares: each
 * device a vdev of one disk). A section is one entry here, and its word
 * one of zp_shape's headings (script_text.c). */
struct section {
	const char *word;
	const struct zp_vdevs *(*vdevs)(const struct zp_pool *);
	const struct zp_refs *(*disks)(const struct zp_pool *);
};

static const struct zp_vdevs *data_vdevs(const struct zp_pool *pl)
{
	return &pl->vdevs;
}

static const struct zp_vdevs *log_vdevs(const struct zp_pool *pl)
{
	return &pl->log;
}

static const struct zp_refs *cache_disks(const struct zp_pool *pl)
{
	return &pl->cache;
}

static const struct zp_refs *spare_disks(const struct zp_pool *pl)
{
	return &pl->spares;
}

static const struct section sections[] = {
	{ "data", data_vdevs, NULL },
	{ "log", log_vdevs, NULL },
	{ "cache", NULL, cache_disks },
	{ "spare", NULL, spare_disks },
};
#define NSECTIONS (sizeof(sections) / sizeof(sections[0]))

/* A vdev's kind as zpool status names it (without its -N). */
static const char *status_kind(const struct zp_vdev *x)
{
	return zp_vkind_name(x->kind);
}

/* One member for zp_pool: "i DISK", "d DEV", "p DEV'S PARTITION". */
static void shape_dev(FILE *o, const struct zp_model *m,
    const struct zp_ref *r)
{
	const char *dev = dev_of(m, r);

	fputs(" \\\n    ", o);
	sq2(o, "i ", r->name ? r->name : "");
	putc(' ', o);
	sq2(o, "d ", dev);
	fputs(" '", o);
	zp_sh_quote_body(o, "p ");
	zp_sh_quote_body(o, dev);
	zp_sh_quote_body(o, part1_suffix(dev));
	putc('\'', o);
}

static void shape_vdev(FILE *o, const char *sect, const char *kind)
{
	fprintf(o, " \\\n    'v %s %s'", sect, kind);
}

/* The planned structure of pl, as zp_pool's LINE arguments. */
static void pool_shape(FILE *o, const struct zp_model *m,
    const struct zp_pool *pl)
{
	size_t s, v, k;

	for (s = 0; s < NSECTIONS; s++) {
		const struct section *x = &sections[s];

		if (x->vdevs) {
			const struct zp_vdevs *vs = x->vdevs(pl);

			for (v = 0; v < vs->n; v++) {
				shape_vdev(o, x->word, status_kind(&vs->v[v]));
				for (k = 0; k < vs->v[v].n; k++)
					shape_dev(o, m, &vs->v[v].members[k]);
			}
		} else {
			const struct zp_refs *ds = x->disks(pl);

			for (k = 0; k < ds->n; k++) {
				shape_vdev(o, x->word, "disk");
				shape_dev(o, m, &ds->v[k]);
			}
		}
	}
}

static size_t pool_ndevs(const struct zp_pool *pl)
{
	size_t s, v, n = 0;

	for (s = 0; s < NSECTIONS; s++) {
		if (sections[s].vdevs) {
			const struct zp_vdevs *vs = sections[s].vdevs(pl);

			for (v = 0; v < vs->n; v++)
				n += vs->v[v].n;
		} else {
			n += sections[s].disks(pl)->n;
		}
	}
	return n;
}

/* A vdev as zpool create's grammar has it: the type word (none for a
 * single disk), then its devices. */
static void put_vdev(FILE *o, const struct zp_model *m,
    const struct zp_vdev *x)
{
	size_t k;

	fputs(" \\\n\t    ", o);
	if (x->kind != ZP_VDEV_DISK)
		fprintf(o, "%s ", zp_vkind_name(x->kind));
	for (k = 0; k < x->n; k++) {
		if (k)
			putc(' ', o);
		zp_sh_quote(o, dev_of(m, &x->members[k]));
	}
}

/* zp_pool_N: zpool create, its arguments in the order
 * OpenZFS's construct_spec takes them: -o, -O, the pool, data vdevs,
 * then log (each plain disk a vdev of its own, or mirrors), cache and
 * spare (plain devices), each keyword once. */
static void pool_fn(FILE *o, const struct zp_script_plan *p, size_t n,
    int32_t pi)
{
	const struct zp_model *m = p->m;
	const struct zp_pool *pl = ZP_POOL(m, pi);
	const struct zp_kv *oa = zp_kv_get(&pl->options, "ashift");
	uint32_t ashift = zp_pool_ashift(m, pl);
	char layout[256], num[16];
	size_t k;

	zp_pool_layout(pl, layout, sizeof(layout));
	fputs("\n# ", o);
	put_c(o, pl->name);
	fprintf(o, ": %s", layout);
	if (pl->log.n)
		fprintf(o, ", %zu log", pl->log.n);
	if (pl->cache.n)
		fprintf(o, ", %zu cache", pl->cache.n);
	if (pl->spares.n)
		fprintf(o, ", %zu spare%s", pl->spares.n,
		    pl->spares.n > 1 ? "s" : "");
	putc('\n', o);
	snprintf(num, sizeof(num), "%u", ashift);
	if (oa && strcmp(oa->val, num) != 0) {
		fputs("# options.ashift ", o);
		put_c(o, oa->val);
		fprintf(o, " left out: the pool's ashift is %u (%s), which "
		    "zplan capacity counts with\n", ashift, pl->has_ashift ?
		    "its ashift" : "policy.ashift");
	}
	fprintf(o, "zp_pool_%zu() {\n\tzp_run zpool create ${zp_check:+-n} "
	    "-o 'ashift=%u'", n, ashift);
	for (k = 0; k < pl->options.n; k++) {
		if (strcmp(pl->options.v[k].key, "ashift") == 0)
			continue;
		fputs(" \\\n\t    -o ", o);
		sq_kv(o, pl->options.v[k].key, pl->options.v[k].val,
		    ZP_OBJ_POOL);
	}
	for (k = 0; k < pl->properties.n; k++) {
		fputs(" \\\n\t    -O ", o);
		sq_kv(o, pl->properties.v[k].key, pl->properties.v[k].val,
		    ZP_OBJ_ROOT);
	}
	/* -- ends the options: no name or device can be read as one */
	fputs(" \\\n\t    -- ", o);
	zp_sh_quote(o, pl->name);
	/* a type word takes every device up to the next type word, so
	 * single disks go before mirrors and raidz, or they would join them */
	for (k = 0; k < pl->vdevs.n; k++)
		if (pl->vdevs.v[k].kind == ZP_VDEV_DISK)
			put_vdev(o, m, &pl->vdevs.v[k]);
	for (k = 0; k < pl->vdevs.n; k++)
		if (pl->vdevs.v[k].kind != ZP_VDEV_DISK)
			put_vdev(o, m, &pl->vdevs.v[k]);
	if (pl->log.n) {
		fputs(" \\\n\t    log", o);
		for (k = 0; k < pl->log.n; k++)
			if (pl->log.v[k].kind == ZP_VDEV_DISK)
				put_vdev(o, m, &pl->log.v[k]);
		for (k = 0; k < pl->log.n; k++)
			if (pl->log.v[k].kind != ZP_VDEV_DISK)
				put_vdev(o, m, &pl->log.v[k]);
	}
	if (pl->cache.n) {
		fputs(" \\\n\t    cache", o);
		for (k = 0; k < pl->cache.n; k++) {
			fputs(k % 4 ? " " : " \\\n\t    ", o);
			zp_sh_quote(o, dev_of(m, &pl->cache.v[k]));
		}
	}
	if (pl->spares.n) {
		fputs(" \\\n\t    spare", o);
		for (k = 0; k < pl->spares.n; k++) {
			fputs(k % 4 ? " " : " \\\n\t    ", o);
			zp_sh_quote(o, dev_of(m, &pl->spares.v[k]));
		}
	}
	fputs("\n}\n", o);
}

/* ---- mounts ---- */

/* A growing string of comma-separated options. */
struct opts {
	char *s;
	size_t n, cap;
	const char *notes[4];       /* options the client's OS cannot take */
	size_t nnotes;
};

static void __attribute__((format(printf, 2, 3)))
opt(struct opts *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	for (;;) {
		size_t room = b->cap - b->n;

		va_start(ap, fmt);
		w = vsnprintf(b->s + b->n, room, fmt, ap);
		va_end(ap);
		if (w < 0)
			return;
		/* the comma before, the text and its NUL */
		if ((size_t)w + 2 <= room)
			break;
		b->cap = (b->cap + (size_t)w + 2) * 2;
		b->s = zp_xrealloc(b->s, b->cap);
	}
	if (b->n) {
		memmove(b->s + b->n + 1, b->s + b->n, (size_t)w + 1);
		b->s[b->n++] = ',';
	}
	b->n += (size_t)w;
}

static void note(struct opts *b, const char *why)
{
	if (b->nnotes < sizeof(b->notes) / sizeof(b->notes[0]))
		b->notes[b->nnotes++] = why;
}

/* The mount options of x in os's own words (mount_nfs(8) of Solaris and
 * FreeBSD, nfs(5) of Linux); what os has no word for is left out, with a
 * note saying so. */
static void nfs_options(const struct zp_nfsopts *x, enum zp_os os,
    bool v6, struct opts *b)
{
	static const struct { const char *vers, *bsd; } bsd_vers[] = {
		{ "2", "nfsv2" }, { "3", "nfsv3" }, { "4", "nfsv4" },
		{ "4.0", "nfsv4" }, { "4.1", "nfsv4,minorversion=1" },
		{ "4.2", "nfsv4,minorversion=2" }
	};
	size_t i;

	b->n = 0;
	b->nnotes = 0;
	if (!b->s) {
		b->cap = 128;
		b->s = zp_xmalloc(b->cap);
	}
	b->s[0] = '\0';
	if (x->vers) {
		const char *w = NULL;

		if (os == ZP_OS_FREEBSD)
			for (i = 0; i < sizeof(bsd_vers) / sizeof(bsd_vers[0]); i++)
				if (strcmp(x->vers, bsd_vers[i].vers) == 0)
					w = bsd_vers[i].bsd;
		if (w)
			opt(b, "%s", w);
		else
			opt(b, "vers=%s", x->vers);
	}
	if (x->has_rsize)
		opt(b, "rsize=%llu", (unsigned long long)x->rsize);
	if (x->has_wsize)
		opt(b, "wsize=%llu", (unsigned long long)x->wsize);
	if (x->proto) {
		/* nfs(5): an IPv6 server is reached by tcp6 or rdma6 */
		if (os != ZP_OS_FREEBSD && v6 && (strcmp(x->proto, "tcp") == 0 ||
		    strcmp(x->proto, "rdma") == 0))
			opt(b, "proto=%s6", x->proto);
		else if (os != ZP_OS_FREEBSD)
			opt(b, "proto=%s", x->proto);
		else if (strcmp(x->proto, "tcp") == 0 ||
		    strcmp(x->proto, "udp") == 0)
			opt(b, "%s", x->proto);
		else
			note(b, "proto left out: FreeBSD's mount_nfs(8) takes "
			    "tcp or udp");
	}
	if (x->has_nconnect) {
		if (os == ZP_OS_LINUX)
			opt(b, "nconnect=%u", x->nconnect);
		else
			note(b, "nconnect left out: it is a Linux mount option");
	}
	if (x->hard >= 0)
		opt(b, "%s", x->hard ? "hard" : "soft");
	if (x->timeo)
		opt(b, "timeo=%s", x->timeo);
	if (x->actimeo)
		opt(b, "actimeo=%s", x->actimeo);
	if (x->forcedirectio == 1) {
		if (os == ZP_OS_SOLARIS)
			opt(b, "forcedirectio");
		else if (os == ZP_OS_LINUX)
			note(b, "forcedirectio left out: Linux's nfs(5) has no "
			    "such option; applications must open files with "
			    "O_DIRECT");
		else
			note(b, "forcedirectio left out: FreeBSD's mount_nfs(8) "
			    "has no such option");
	}
	if (x->extra && *x->extra)
		opt(b, "%s", x->extra);
}

/* "server:/export" of a mount, malloc'd: the address of the serving port
 * without its prefix length (IPv6 in brackets), or the controller's id as
 * a host name where the port has no address. */
/* Whether mt mounts from an IPv6 address of its server's port. */
static bool mount_v6(const struct zp_model *m, const struct zp_mount *mt)
{
	const struct zp_ports *sp;

	if (mt->ctrl < 0 || mt->port < 0)
		return false;
	sp = &ZP_CTRL(m, mt->ctrl)->ports;
	return (size_t)mt->port < sp->n && sp->v[mt->port].has_addr &&
	    sp->v[mt->port].addr.family == 6;
}

static char *mount_source(const struct zp_script_plan *p,
    const struct zp_mount *mt)
{
	const struct zp_model *m = p->m;
	const struct zp_controller *c = mt->ctrl >= 0 ?
	    ZP_CTRL(m, mt->ctrl) : NULL;
	const struct zp_port *sp = c && mt->port >= 0 &&
	    (size_t)mt->port < c->ports.n ? &c->ports.v[mt->port] : NULL;
	const char *path = p->fs_mp[mt->fs], *host = c ? c->id : "localhost";
	char addr[INET6_ADDRSTRLEN + 2], *s;

	if (sp && sp->has_addr && sp->addr.family == 6 &&
	    inet_ntop(AF_INET6, sp->addr.bytes, addr + 1, sizeof(addr) - 2)) {
		addr[0] = '[';
		strcat(addr, "]");
		host = addr;
	} else if (sp && sp->has_addr && sp->addr.family == 4 &&
	    inet_ntop(AF_INET, sp->addr.bytes, addr, sizeof(addr))) {
		host = addr;
	}
	s = zp_xmalloc(strlen(host) + strlen(path) + 2);
	sprintf(s, "%s:%s", host, path);
	return s;
}

/* s as one fstab field: blank, tab, newline and backslash in octal, as
 * fstab(5) reads them. */
static void put_field(FILE *o, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\\' ||
		    c < 0x20 || c == 0x7f)
			fprintf(o, "\\%03o", c);
		else
			putc(c, o);
	}
}

/* ---- one host's script ---- */

static void header(FILE *o, const struct zp_script_plan *p,
    const struct zp_host *h, const struct parts *r,
    const struct zp_script_opts *op)
{
	const char *what[4];
	size_t n = 0, i;

	if (r->pools)
		what[n++] = "pools";
	if (r->datasets)
		what[n++] = "filesystems";
	if (r->shares)
		what[n++] = "NFS shares";
	if (r->mounts)
		what[n++] = "NFS mounts";
	fputs("#!/bin/sh\n# zplan script for host ", o);
	put_c(o, h->id);
	fputs(": ", o);
	for (i = 0; i < n; i++)
		fprintf(o, "%s%s", i ? i + 1 == n ? " and " : ", " : "",
		    what[i]);
	if (h->ctrl == ZP_HOST_LOCAL)
		fputs("\n# (the pools of a model without controllers)", o);
	if (r->mounts)
		fprintf(o, "\n# (client OS: %s)",
		    os_name[ZP_CLIENT(p->m, h->client)->os]);
	fputs("\n# model:  ", o);
	put_c(o, op->model);
	fprintf(o, "\n# sha256: %s\n# zplan:  %s\n#\n", op->sha256,
	    ZPLAN_VERSION);
	fputs("# Review it, then run it as root on ", o);
	put_c(o, h->id);
	fputs(". It changes nothing until\n"
	    "# its preflight has passed, forces nothing (no -f, labelclear, "
	    "wipefs\n"
	    "# or dd), and skips what is in place already, so it can be run "
	    "again.\n"
	    "# With --dry-run (or ZPLAN_DRY_RUN=1) it prints the commands "
	    "instead.\n"
	    "# All it does is in functions that only its last line calls: "
	    "cut short (a\n"
	    "# full disk, an interrupted copy), it does nothing. If a step "
	    "fails, it\n"
	    "# stops there and says what it has changed and what not "
	    "(exit 3).\n", o);
	if (op->dry_run)
		fputs("# Written with --dry-run: it only ever prints them.\n", o);
	/* set -eu is zp_main's first command: the prefix "set" of it alone
	 * would print every variable */
	fputs("\nzp_host=", o);
	zp_sh_quote(o, h->id);
	fprintf(o, "\nzp_dry=%d\nzp_steps=%zu\n", op->dry_run ? 1 : 0,
	    r->pools + r->datasets + r->shares + r->mounts);
	/* what a failed step's report counts */
	fprintf(o, "zp_n_pool=%zu\nzp_n_fs=%zu\nzp_n_share=%zu\n"
	    "zp_n_mount=%zu\n", r->pools, r->datasets, r->shares, r->mounts);
}

/* Says in the script why fs cannot be mounted, if it cannot. */
static void mount_problem(FILE *o, const struct zp_script_plan *p,
    int32_t fs)
{
	const char *mp = p->fs_mp[fs];
	char *msg;

	if (!unmounted(mp))
		return;
	msg = zp_xmalloc(strlen(ZP_FS(p->m, fs)->name) + 160);
	sprintf(msg, "%s has mountpoint=%s on its server, so NFS cannot "
	    "export it; give it a mountpoint in the model",
	    ZP_FS(p->m, fs)->name, mp);
	fputs("\tzp_problem ", o);
	zp_sh_quote(o, msg);
	putc('\n', o);
	free(msg);
}

static void fstab_lines(FILE *o, const struct zp_script_plan *p,
    const struct zp_client *cl, int32_t client, struct opts *b)
{
	const struct zp_model *m = p->m;
	size_t j;

	fprintf(o, "\n# ---- %s lines for these mounts, to mount them at "
	    "boot ----\n", cl->os == ZP_OS_SOLARIS ? "/etc/vfstab" :
	    "/etc/fstab");
	for (j = 0; j < B_N(&p->mounts, client); j++) {
		const struct zp_mount *mt = ZP_MOUNT(m,
		    B_AT(&p->mounts, client, j));
		char *src = mount_source(p, mt);

		nfs_options(&ZP_GROUP(m, mt->group)->options, cl->os,
		    mount_v6(m, mt), b);
		if (cl->os == ZP_OS_SOLARIS && (strpbrk(src, " \t") ||
		    strpbrk(mt->at, " \t")))
			fputs("# (vfstab splits fields at blanks and knows no "
			    "escape: this mount needs\n# names without "
			    "blanks to go in it)\n", o);
		fputs("# ", o);
		put_field(o, src);
		if (cl->os == ZP_OS_SOLARIS) {
			/* device, fsck device, mount point, type, fsck pass,
			 * mount at boot, options */
			fputs(" - ", o);
			put_field(o, mt->at);
			fputs(" nfs - yes ", o);
			put_field(o, b->n ? b->s : "-");
		} else {
			putc(' ', o);
			put_field(o, mt->at);
			fputs(" nfs ", o);
			/* FreeBSD reads rw or ro from the options */
			if (cl->os == ZP_OS_FREEBSD)
				fputs(b->n ? "rw," : "rw", o);
			put_field(o, b->n ? b->s : cl->os == ZP_OS_LINUX ?
			    "defaults" : "");
			fputs(" 0 0", o);
		}
		putc('\n', o);
		free(src);
	}
}

/* The functions a host's script needs, by what it does. */
static void library(FILE *o, const struct parts *r,
    const struct zp_client *cl)
{
	fputs(zp_sh_common, o);
	if (r->datasets || r->shares || r->mounts)
		fputs(zp_sh_flags, o);
	if (r->pools)
		fputs(zp_sh_pools, o);
	if (r->datasets || r->shares) {
		fputs(zp_sh_zfs, o);
		if (!r->pools)
			fputs(zp_sh_need_pool, o);
		fputs(r->datasets ? zp_sh_datasets : zp_sh_need_fs, o);
		if (r->shares)
			fputs(zp_sh_shares, o);
	}
	if (r->mounts) {
		fprintf(o, "zp_mtab_order=%s\nzp_mtab_end='%s'\n",
		    mtab_os[cl->os].order, mtab_os[cl->os].end);
		fputs(zp_sh_mounts, o);
	}
}

/* zp_index's LINEs: every filesystem of the slot ("f N NAME", N from 1 in
 * file order, as the steps number them) and its share ("s N NAME", "=
 * VALUE"). */
static void fs_index(FILE *o, const struct zp_script_plan *p,
    const struct parts *r)
{
	const struct zp_model *m = p->m;
	char num[32];
	size_t j;

	fputs("\tzp_index", o);
	for (j = 0; j < B_N(&p->fs, r->slot); j++) {
		const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r->slot, j));

		snprintf(num, sizeof(num), "%zu ", j + 1);
		fputs(" \\\n\t    ", o);
		fputs("'f ", o);
		zp_sh_quote_body(o, num);
		zp_sh_quote_body(o, f->name);
		putc('\'', o);
		if (!r->shares || f->share == ZP_SHARE_NONE)
			continue;
		fputs(" 's ", o);
		zp_sh_quote_body(o, num);
		zp_sh_quote_body(o, f->name);
		fputs("' ", o);
		sq2(o, "= ", f->share_opts ? f->share_opts : "on");
	}
	putc('\n', o);
}

/* zp_preflight: reads only; exits 1, having changed nothing, unless every
 * check passes. */
static void preflight(FILE *o, const struct zp_script_plan *p,
    const struct parts *r)
{
	const struct zp_model *m = p->m;
	size_t j;

	fputs("\n# ---- preflight: checks only; nothing changes unless all "
	    "pass ----\nzp_preflight() {\n", o);
	if (r->pools || r->datasets || r->shares)
		fputs("\tfor zp_c in zpool zfs; do\n"
		    "\t\tcommand -v \"$zp_c\" >/dev/null 2>&1 ||\n"
		    "\t\t    zp_problem \"$zp_c not found; install OpenZFS\" \\\n"
		    "\t\t    \"(or run this on the host that has it)\"\n"
		    "\tdone\n", o);
	for (j = 0; j < r->pools; j++) {
		const struct zp_pool *pl = ZP_POOL(m, B_AT(&p->pools, r->slot,
		    j));

		fprintf(o, "\tzp_say 'preflight: pool %zu of %zu, %zu "
		    "devices'\n", j + 1, r->pools, pool_ndevs(pl));
		fprintf(o, "\tzp_pool %zu ", j + 1);
		zp_sh_quote(o, pl->name);
		pool_shape(o, m, pl);
		putc('\n', o);
	}
	if (r->datasets || r->shares)
		fputs("\tzp_read_zfs\n", o);
	if (r->shares)
		fputs("\tzp_read_shares\n", o);
	if (r->datasets || r->shares)
		fs_index(o, p, r);
	if ((r->datasets || r->shares) && !r->pools)
		for (j = 0; j < B_N(&p->pools, r->slot); j++) {
			fputs("\tzp_need_pool ", o);
			zp_sh_quote(o, ZP_POOL(m, B_AT(&p->pools, r->slot,
			    j))->name);
			putc('\n', o);
		}
	if (r->shares && !r->datasets)
		for (j = 0; j < B_N(&p->fs, r->slot); j++) {
			const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r->slot,
			    j));

			if (f->share == ZP_SHARE_NONE)
				continue;
			fprintf(o, "\tzp_need_fs %zu ", j + 1);
			zp_sh_quote(o, f->name);
			putc('\n', o);
		}
	if (r->mounts) {
		fputs("\tzp_read_mounts", o);
		for (j = 0; j < r->mounts; j++) {
			const struct zp_mount *mt = ZP_MOUNT(m,
			    B_AT(&p->mounts, r->client, j));
			char *src = mount_source(p, mt);

			fprintf(o, " \\\n\t    'm %zu ", j + 1);
			zp_sh_quote_body(o, src);
			fputs("' ", o);
			sq2(o, "@ ", mt->at);
			free(src);
		}
		putc('\n', o);
		for (j = 0; j < r->mounts; j++) {
			const struct zp_mount *mt = ZP_MOUNT(m,
			    B_AT(&p->mounts, r->client, j));
			char *src = mount_source(p, mt);

			mount_problem(o, p, mt->fs);
			fprintf(o, "\tzp_mount_pre %zu ", j + 1);
			zp_sh_quote(o, src);
			putc(' ', o);
			zp_sh_quote(o, mt->at);
			putc('\n', o);
			free(src);
		}
	}
	fputs("\tzp_passed\n}\n", o);
}

/* zp_do_pools, zp_do_datasets, zp_do_shares: a server's steps. */
static void server_steps(FILE *o, const struct zp_script_plan *p,
    const struct parts *r)
{
	const struct zp_model *m = p->m;
	size_t j, k;

	if (r->pools)
		fputs("\n# ---- pools ----\nzp_do_pools() {\n", o);
	for (j = 0; j < r->pools; j++) {
		fprintf(o, "\tif zp_want_pool %zu ", j + 1);
		zp_sh_quote(o, ZP_POOL(m, B_AT(&p->pools, r->slot, j))->name);
		fprintf(o, "; then\n\t\tzp_pool_%zu\n\t\tzp_did\n\tfi\n", j + 1);
	}
	if (r->pools)
		fputs("}\n", o);
	if (r->datasets)
		fputs("\n# ---- filesystems, in file order ----\n"
		    "zp_do_datasets() {\n", o);
	for (j = 0; r->datasets && j < B_N(&p->fs, r->slot); j++) {
		const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r->slot, j));

		fprintf(o, "\tif zp_want_fs %zu ", j + 1);
		zp_sh_quote(o, f->name);
		fputs("; then\n\t\tzp_run zfs create", o);
		for (k = 0; k < f->properties.n; k++) {
			fputs(" -o ", o);
			sq_kv(o, f->properties.v[k].key,
			    f->properties.v[k].val, ZP_OBJ_FS);
		}
		fputs(" -- ", o);
		zp_sh_quote(o, f->name);
		fputs("\n\t\tzp_did\n\tfi\n", o);
	}
	if (r->datasets)
		fputs("}\n", o);
	if (r->shares)
		fputs("\n# ---- NFS shares ----\nzp_do_shares() {\n", o);
	for (j = 0; r->shares && j < B_N(&p->fs, r->slot); j++) {
		const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r->slot, j));
		const char *v = f->share_opts ? f->share_opts : "on";

		if (f->share == ZP_SHARE_NONE)
			continue;
		fprintf(o, "\tif zp_want_share %zu ", j + 1);
		zp_sh_quote(o, f->name);
		putc(' ', o);
		zp_sh_quote(o, v);
		/* no --: zfs set before OpenZFS 2.2 (and on Solaris and
		 * zfs-fuse) takes it for a property */
		fputs("; then\n\t\tzp_run zfs set ", o);
		sq_kv(o, "sharenfs", v, ZP_OBJ_FS);
		putc(' ', o);
		zp_sh_quote(o, f->name);
		fputs("\n\t\tzp_did\n\tfi\n", o);
	}
	if (r->shares)
		fputs("}\n", o);
}

/* zp_do_mounts: a client's steps, in plan order. */
static void mount_steps(FILE *o, const struct zp_script_plan *p,
    const struct parts *r, const struct zp_client *cl, struct opts *b)
{
	const struct zp_model *m = p->m;
	int32_t group = -1;
	size_t j, k;

	fputs("\n# ---- NFS mounts, in plan order ----\nzp_do_mounts() {\n", o);
	for (j = 0; j < r->mounts; j++) {
		const struct zp_mount *mt = ZP_MOUNT(m,
		    B_AT(&p->mounts, r->client, j));
		char *src = mount_source(p, mt);

		nfs_options(&ZP_GROUP(m, mt->group)->options, cl->os,
		    mount_v6(m, mt), b);
		if (mt->group != group) {
			/* a client's mounts come group by group */
			group = mt->group;
			for (k = 0; k < b->nnotes; k++)
				fprintf(o, "\t# %s\n", b->notes[k]);
		}
		fprintf(o, "\tif zp_want_mount %zu ", j + 1);
		zp_sh_quote(o, src);
		putc(' ', o);
		zp_sh_quote(o, mt->at);
		fputs("; then\n\t\tzp_run mkdir -p ", o);
		zp_sh_quote(o, mt->at);
		fprintf(o, "\n\t\tzp_run mount %s nfs", cl->os == ZP_OS_SOLARIS ?
		    "-F" : "-t");
		if (b->n) {
			fputs(" -o ", o);
			zp_sh_quote(o, b->s);
		}
		fputs(" \\\n\t\t    ", o);
		zp_sh_quote(o, src);
		putc(' ', o);
		zp_sh_quote(o, mt->at);
		fputs("\n\t\tzp_did\n\tfi\n", o);
		free(src);
	}
	fputs("}\n", o);
}

/* A host's script: functions only, then the one line that runs them, so
 * that any part of it cut short runs nothing (scripts.md item 9). */
static int write_script(FILE *o, const struct zp_script_plan *p,
    const struct zp_host *h, const struct zp_script_opts *op)
{
	const struct zp_model *m = p->m;
	struct parts r = parts_of(p, h, op->only);
	const struct zp_client *cl = r.mounts ? ZP_CLIENT(m, r.client) : NULL;
	struct opts b = { 0 };
	size_t j;

	header(o, p, h, &r, op);
	library(o, &r, cl);
	for (j = 0; j < r.pools; j++)
		pool_fn(o, p, j + 1, B_AT(&p->pools, r.slot, j));
	preflight(o, p, &r);
	server_steps(o, p, &r);
	if (r.mounts) {
		mount_steps(o, p, &r, cl, &b);
		fstab_lines(o, p, cl, r.client, &b);
	}
	fputs("\n# ---- the run: preflight, then each step ----\n"
	    "zp_main() {\n\tset -eu\n\tzp_args \"$@\"\n\tzp_preflight\n", o);
	if (r.pools)
		fputs("\tzp_do_pools\n", o);
	if (r.datasets)
		fputs("\tzp_do_datasets\n", o);
	if (r.shares)
		fputs("\tzp_do_shares\n", o);
	if (r.mounts)
		fputs("\tzp_do_mounts\n", o);
	fputs("\tzp_finish\n\texit 0\n}\n\n"
	    "# the only line that does anything; the word after \"$@\" "
	    "tells a whole\n# script from one cut short\n"
	    "zp_main \"$@\" zp-script-end\n", o);
	free(b.s);
	return ferror(o) ? -1 : 0;
}

int zp_script_host(FILE *out, const struct zp_script_plan *p,
    const struct zp_host *h, const struct zp_script_opts *o)
{
	return write_script(out, p, h, o);
}

int zp_script_controller(FILE *out, const struct zp_script_plan *p,
    int32_t c, const struct zp_script_opts *o)
{
	struct zp_host h = { ZP_CTRL(p->m, c)->id, c, -1 };

	return write_script(out, p, &h, o);
}

int zp_script_client(FILE *out, const struct zp_script_plan *p, int32_t c,
    const struct zp_script_opts *o)
{
	struct zp_host h = { ZP_CLIENT(p->m, c)->id, -1, c };

	return write_script(out, p, &h, o);
}
