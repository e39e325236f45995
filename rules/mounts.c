/* Mount rules (rules.md "Network and mounts"): the mount list m->mounts,
 * generated (round-robin, all) or written out (explicit), is judged the
 * same way: owners, balance, duplicates, options, shares. A generated
 * mount is located at its group, an explicit one at its list entry. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/mount.h"
#include "zplan/rule.h"

/* ---- helpers ---- */

static const char *mount_path(struct zp_diags *d, const struct zp_model *m,
    const struct zp_mount *mt)
{
	const struct zp_mount_group *g = ZP_GROUP(m, mt->group);

	if (mt->entry >= 0)
		return zp_pathf(d, "mounts[%u].list[%d]", g->src, mt->entry);
	return zp_pathf(d, "mounts[%u]", g->src);
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The mounts of group g are m->mounts[start[g] .. start[g + 1]): mount.c
 * lays the groups out one after the other. */
static size_t *group_starts(const struct zp_model *m)
{
	size_t *start = zp_xcalloc(m->groups.len + 1, sizeof(size_t));
	size_t i;

	for (i = 0; i < m->mounts.len; i++)
		start[ZP_MOUNT(m, i)->group + 1]++;
	for (i = 0; i < m->groups.len; i++)
		start[i + 1] += start[i];
	return start;
}

/* ---- mount-owner ---- */

static void check_mount_owner(const struct zp_model *m, struct zp_diags *d)
{
	struct zp_htab h;
	struct zp_arena keys;
	struct zp_vec recs;     /* first mount, count */
	size_t i;
	struct rec { int32_t first; size_t count; };

	zp_htab_init(&h, 16);
	zp_arena_init(&keys);
	zp_vec_init(&recs, sizeof(struct rec));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_pool *p;
		char key[32];
		int32_t r;

		if (ZP_FS(m, mt->fs)->pool < 0)
			continue;       /* name-invalid reports it */
		p = ZP_POOL(m, ZP_FS(m, mt->fs)->pool);
		if (p->controller.idx < 0 || p->controller.idx == mt->ctrl)
			continue;
		snprintf(key, sizeof(key), "%d:%d", mt->ctrl,
		    ZP_FS(m, mt->fs)->pool);
		if ((r = zp_htab_get(&h, key)) < 0) {
			struct rec *x = zp_vec_push(&recs);

			r = (int32_t)recs.len - 1;
			zp_htab_put(&h, zp_arena_strdup(&keys, key), r);
			x->first = (int32_t)i;
		}
		ZP_VEC_AT(&recs, struct rec, r)->count++;
	}
	for (i = 0; i < recs.len; i++) {
		const struct rec *x = ZP_VEC_AT(&recs, struct rec, i);
		const struct zp_mount *mt = ZP_MOUNT(m, x->first);
		const struct zp_pool *p = ZP_POOL(m, ZP_FS(m, mt->fs)->pool);
		const struct zp_controller *c = ZP_CTRL(m, mt->ctrl);
		const char *owner = ZP_CTRL(m, p->controller.idx)->id;

		zp_report(d, ZR_MOUNT_OWNER, zp_mount_via_loc(m, mt),
		    zp_mount_via_path(d, m, mt), "pool %s belongs to %s, yet %zu %s "
		    "of its filesystems go%s through %s (first: %s on %s via "
		    "%s/%s); mount through a data port of %s", p->name, owner,
		    x->count, plural(x->count, "mount", "mounts"),
		    x->count == 1 ? "es" : "", c->id, ZP_FS(m, mt->fs)->name,
		    ZP_CLIENT(m, mt->client)->id, c->id,
		    mt->port >= 0 ? c->ports.v[mt->port].id : "?", owner);
	}
	zp_vec_release(&recs);
	zp_arena_release(&keys);
	zp_htab_release(&h);
}

const struct zp_rule zp_rule_mount_owner = {
	"mount-owner", ZP_SEV_WARNING,
	"a mount through a port of a controller that does not own the "
	"filesystem's pool",
	check_mount_owner
};

/* ---- mount-balance ---- */

/* Scratch arrays indexed by controller, port and client, zero between
 * groups (each group resets what it touched). */
struct bal {
	const struct zp_model *m;
	struct zp_diags *d;
	size_t *units, *left, *cnt;     /* per controller */
	size_t *total;                  /* per controller: mounts in group */
	size_t *hist;                   /* pending controllers per count */
	size_t *port;                   /* per flat controller port */
	int32_t *pfirst;                /* per flat port: first mount */
	int32_t *pbase;                 /* first flat port of a controller */
	int32_t *ctrls;                 /* controllers of the group */
	size_t nctrl;
	int32_t *cfirst;                /* per client: first mount in group */
	int32_t *cnext;                 /* per mount (group-relative): next
	                                 * mount of the same client */
	int32_t *clast;                 /* per client: last mount seen */
	size_t *ccnt;                   /* per controller, for one client */
};

/* A mount begins a new "turn" of its controller unless it mounts the
 * same filesystem through the same controller as the mount before it:
 * strategy all mounts each filesystem on every client in a row, and those
 * mounts are one filesystem served, not C. */
static bool new_turn(const struct zp_model *m, size_t s, size_t i)
{
	const struct zp_mount *a, *b;

	if (i == s)
		return true;
	a = ZP_MOUNT(m, i - 1);
	b = ZP_MOUNT(m, i);
	return a->fs != b->fs || a->ctrl != b->ctrl;
}

/* (a) Prefixes. cnt[c] counts c's turns so far, left[c] its turns still
 * to come; c is pending while left[c] > 0. Counts only grow and the
 * pending set only shrinks, so the least count among pending controllers
 * only grows: a histogram and a rising pointer find it in linear time. A
 * violation can only appear where some count grows, so each step checks
 * the controller that just served. */
static void balance_prefix(struct bal *b, size_t gi, size_t s, size_t e)
{
	const struct zp_model *m = b->m;
	const struct zp_mount_group *g = ZP_GROUP(m, gi);
	size_t i, k, nturns = 0, npending = 0, min = 0;
	size_t bad = SIZE_MAX;

	for (i = s; i < e; i++)
		if (new_turn(m, s, i)) {
			b->units[ZP_MOUNT(m, i)->ctrl]++;
			nturns++;
		}
	for (k = 0; k < b->nctrl; k++)
		b->left[b->ctrls[k]] = b->units[b->ctrls[k]];
	b->hist = zp_xcalloc(nturns + 2, sizeof(size_t));
	b->hist[0] = npending = b->nctrl;
	for (i = s; i < e && npending; i++) {
		int32_t c = ZP_MOUNT(m, i)->ctrl;

		if (!new_turn(m, s, i))
			continue;
		b->hist[b->cnt[c]]--;
		b->cnt[c]++;
		if (--b->left[c] > 0)
			b->hist[b->cnt[c]]++;
		else
			npending--;
		while (npending && !b->hist[min])
			min++;
		if (npending && b->cnt[c] > min + 1) {
			bad = i;
			break;
		}
	}
	if (bad != SIZE_MAX) {
		const struct zp_mount *mt = ZP_MOUNT(m, bad);
		const struct zp_controller *hi = ZP_CTRL(m, mt->ctrl);
		const struct zp_controller *lo = NULL;
		bool all = g->strategy == ZP_MNT_ALL;

		for (k = 0; k < b->nctrl && !lo; k++)
			if (b->left[b->ctrls[k]] > 0 &&
			    b->cnt[b->ctrls[k]] == min)
				lo = ZP_CTRL(m, b->ctrls[k]);
		zp_report(b->d, ZR_MOUNT_BALANCE, mt->loc,
		    mount_path(b->d, m, mt), "by mount %zu of the list (%s via "
		    "%s/%s) %s has served %zu filesystems%s and %s %zu, though "
		    "%s still has filesystems to serve; %s", bad - s + 1,
		    ZP_FS(m, mt->fs)->name, hi->id,
		    mt->port >= 0 ? hi->ports.v[mt->port].id : "?", hi->id,
		    b->cnt[mt->ctrl], all ? " (each to every client)" : "",
		    lo ? lo->id : "?", min, lo ? lo->id : "?",
		    g->strategy == ZP_MNT_EXPLICIT ? "order the list so that "
		    "the controllers take turns" : "the interleave takes one "
		    "filesystem of each pool in turn: give the controllers "
		    "alike pools (count and filesystems), or write the list "
		    "out (strategy explicit)");
	}
	free(b->hist);
	b->hist = NULL;
	for (k = 0; k < b->nctrl; k++) {
		int32_t c = b->ctrls[k];

		b->units[c] = b->left[c] = b->cnt[c] = 0;
	}
}

/* (b) One controller's data ports carry totals that differ by more than
 * one. */
static void balance_ports(struct bal *b, size_t s, size_t e)
{
	const struct zp_model *m = b->m;
	size_t i, k, j;

	for (i = s; i < e; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (mt->port >= 0 &&
		    !b->port[b->pbase[mt->ctrl] + mt->port]++)
			b->pfirst[b->pbase[mt->ctrl] + mt->port] = (int32_t)i;
	}
	for (k = 0; k < b->nctrl; k++) {
		const struct zp_controller *c = ZP_CTRL(m, b->ctrls[k]);
		size_t *pc = &b->port[b->pbase[b->ctrls[k]]];
		int32_t hi = -1, lo = -1;
		size_t ndata = 0;

		for (j = 0; j < c->ports.n; j++) {
			if (c->ports.v[j].role != ZP_ROLE_DATA)
				continue;
			ndata++;
			if (hi < 0 || pc[j] > pc[hi])
				hi = (int32_t)j;
			if (lo < 0 || pc[j] < pc[lo])
				lo = (int32_t)j;
		}
		if (ndata >= 2 && pc[hi] > pc[lo] + 1) {
			/* located at the busiest port's first mount */
			const struct zp_mount *mt = ZP_MOUNT(m,
			    b->pfirst[b->pbase[b->ctrls[k]] + hi]);

			zp_report(b->d, ZR_MOUNT_BALANCE, mt->loc,
			    mount_path(b->d, m, mt), "%s/%s carries %zu "
			    "mounts of the list but %s/%s %zu; spread the "
			    "mounts of %s over its %zu data ports, at most "
			    "one apart", c->id, c->ports.v[hi].id, pc[hi],
			    c->id, c->ports.v[lo].id, pc[lo], c->id, ndata);
		}
	}
	for (i = s; i < e; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (mt->port >= 0)
			b->port[b->pbase[mt->ctrl] + mt->port] = 0;
	}
}

/* "4" or "4-5": what each of n clients gets of total when dealt evenly. */
static void even_share(size_t total, size_t n, char *buf, size_t len)
{
	if (total % n)
		snprintf(buf, len, "%zu-%zu", total / n, total / n + 1);
	else
		snprintf(buf, len, "%zu", total / n);
}

/* (c) One client's mounts per controller differ by more than one where
 * the filesystems allowed better: with C clients and M_c mounts through
 * controller c, an even deal gives each client floor(M_c / C) or
 * ceil(M_c / C) of c. A client is uneven when its counts differ by more
 * than one and at least one of them is outside that range (so that
 * another deal would have done better). One finding per group: the first
 * such client, and how many more there are. */
static void balance_clients(struct bal *b, size_t s, size_t e)
{
	const struct zp_model *m = b->m;
	size_t i, k, nclients = 0, nbig = 0, nbad = 0;
	int32_t bad = -1, bad_hi = -1, bad_lo = -1;
	size_t bad_hin = 0, bad_lon = 0;
	int32_t *clients, *tl;

	if (b->nctrl < 2)
		return;
	clients = zp_xcalloc(e - s + 1, sizeof(int32_t));
	tl = zp_xcalloc(b->nctrl, sizeof(int32_t));
	/* each client's mounts, as a linked list through cnext */
	for (i = s; i < e; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (b->cfirst[mt->client] < 0) {
			b->cfirst[mt->client] = (int32_t)(i - s);
			clients[nclients++] = mt->client;
		} else {
			b->cnext[b->clast[mt->client]] = (int32_t)(i - s);
		}
		b->clast[mt->client] = (int32_t)(i - s);
		b->cnext[i - s] = -1;
	}
	for (k = 0; k < b->nctrl; k++)
		if (b->total[b->ctrls[k]] >= nclients)
			nbig++;
	for (k = 0; k < nclients; k++) {
		int32_t x = clients[k], j, hi = -1, lo = -1;
		size_t nt = 0, big = 0, t, hin, lon;
		bool outside = false;

		for (j = b->cfirst[x]; j >= 0; j = b->cnext[j]) {
			int32_t c = ZP_MOUNT(m, s + (size_t)j)->ctrl;

			if (!b->ccnt[c]++)
				tl[nt++] = c;
		}
		for (t = 0; t < nt; t++) {
			int32_t c = tl[t];
			size_t n = b->ccnt[c];

			if (b->total[c] >= nclients)
				big++;
			if (n < b->total[c] / nclients ||
			    n > (b->total[c] + nclients - 1) / nclients)
				outside = true;
			if (hi < 0 || n > b->ccnt[hi])
				hi = c;
			if (lo < 0 || n < b->ccnt[lo])
				lo = c;
		}
		/* a controller this client never mounts from counts 0, which
		 * is outside the even deal when the controller has at least
		 * one mount for each client */
		if (big < nbig)
			outside = true;
		hin = b->ccnt[hi];
		lon = nt < b->nctrl ? 0 : b->ccnt[lo];
		if (outside && hin > lon + 1) {
			if (bad < 0) {
				bad = x;
				bad_hi = hi;
				bad_hin = hin;
				bad_lon = lon;
				if (nt < b->nctrl) {
					for (t = 0; t < b->nctrl; t++)
						if (!b->ccnt[b->ctrls[t]]) {
							lo = b->ctrls[t];
							break;
						}
				}
				bad_lo = lo;
			}
			nbad++;
		}
		for (t = 0; t < nt; t++)
			b->ccnt[tl[t]] = 0;
	}
	if (bad >= 0) {
		const struct zp_mount *mt = ZP_MOUNT(m, s +
		    (size_t)b->cfirst[bad]);
		char more[80] = "", share_hi[48], share_lo[48];

		even_share(b->total[bad_hi], nclients, share_hi,
		    sizeof(share_hi));
		even_share(b->total[bad_lo], nclients, share_lo,
		    sizeof(share_lo));
		if (nbad > 1)
			snprintf(more, sizeof(more), " (and %zu more %s like "
			    "it)", nbad - 1, plural(nbad - 1, "client",
			    "clients"));
		zp_report(b->d, ZR_MOUNT_BALANCE, mt->loc,
		    mount_path(b->d, m, mt), "%s mounts %zu filesystems "
		    "through %s but %zu through %s%s; deal each controller's "
		    "filesystems evenly%s: each of the %zu clients can have %s "
		    "of %s and %s of %s",
		    ZP_CLIENT(m, bad)->id, bad_hin, ZP_CTRL(m, bad_hi)->id,
		    bad_lon, ZP_CTRL(m, bad_lo)->id, more,
		    mt->entry >= 0 ? "" : " (round-robin does not here: "
		    "write the list out)", nclients, share_hi,
		    ZP_CTRL(m, bad_hi)->id, share_lo, ZP_CTRL(m, bad_lo)->id);
	}
	for (k = 0; k < nclients; k++)
		b->cfirst[clients[k]] = -1;
	free(tl);
	free(clients);
}

static void check_mount_balance(const struct zp_model *m, struct zp_diags *d)
{
	struct bal b = { 0 };
	size_t *start, gi, i, nports = 0;

	if (!m->mounts.len)
		return;
	b.m = m;
	b.d = d;
	start = group_starts(m);
	b.units = zp_xcalloc(m->controllers.len, sizeof(size_t));
	b.left = zp_xcalloc(m->controllers.len, sizeof(size_t));
	b.cnt = zp_xcalloc(m->controllers.len, sizeof(size_t));
	b.total = zp_xcalloc(m->controllers.len, sizeof(size_t));
	b.ccnt = zp_xcalloc(m->controllers.len, sizeof(size_t));
	b.ctrls = zp_xcalloc(m->controllers.len, sizeof(int32_t));
	b.pbase = zp_xcalloc(m->controllers.len + 1, sizeof(int32_t));
	for (i = 0; i < m->controllers.len; i++) {
		b.pbase[i] = (int32_t)nports;
		nports += ZP_CTRL(m, i)->ports.n;
	}
	b.port = zp_xcalloc(nports + 1, sizeof(size_t));
	b.pfirst = zp_xcalloc(nports + 1, sizeof(int32_t));
	b.cfirst = zp_xcalloc(m->clients.len, sizeof(int32_t));
	b.clast = zp_xcalloc(m->clients.len, sizeof(int32_t));
	for (i = 0; i < m->clients.len; i++)
		b.cfirst[i] = -1;
	b.cnext = zp_xcalloc(m->mounts.len, sizeof(int32_t));
	for (gi = 0; gi < m->groups.len; gi++) {
		size_t s = start[gi], e = start[gi + 1];

		if (s == e)
			continue;
		b.nctrl = 0;
		for (i = s; i < e; i++) {
			int32_t c = ZP_MOUNT(m, i)->ctrl;

			if (!b.total[c]++)
				b.ctrls[b.nctrl++] = c;
		}
		balance_prefix(&b, gi, s, e);
		balance_ports(&b, s, e);
		balance_clients(&b, s, e);
		for (i = 0; i < b.nctrl; i++)
			b.total[b.ctrls[i]] = 0;
	}
	free(b.units);
	free(b.left);
	free(b.cnt);
	free(b.total);
	free(b.ccnt);
	free(b.ctrls);
	free(b.pbase);
	free(b.port);
	free(b.pfirst);
	free(b.cfirst);
	free(b.clast);
	free(b.cnext);
	free(start);
}

const struct zp_rule zp_rule_mount_balance = {
	"mount-balance", ZP_SEV_WARNING,
	"the mount list is not balanced over controllers (in every prefix), "
	"over each controller's data ports, or per client",
	check_mount_balance
};

/* ---- mount-duplicate ---- */

/* The directory a mount directory names, lexically: repeated and
 * trailing slashes and . components dropped, each .. taking the component
 * before it (at the root, nothing), so that /mnt/a/, /mnt//a and
 * /mnt/b/../a name one directory. out holds strlen(at) + 2 bytes. */
static void dir_normal(const char *at, char *out)
{
	bool abs = *at == '/';
	char *base = out + abs, *p = base;

	out[0] = '/';
	for (;;) {
		size_t n;

		while (*at == '/')
			at++;
		if (!*at)
			break;
		n = strcspn(at, "/");
		if (n == 2 && at[0] == '.' && at[1] == '.') {
			char *last = p;

			while (last > base && last[-1] != '/')
				last--;
			if (p > base && !(p - last == 2 && last[0] == '.' &&
			    last[1] == '.'))
				p = last > base ? last - 1 : base;
			else if (!abs) {
				if (p > base)
					*p++ = '/';
				*p++ = '.';
				*p++ = '.';
			}
		} else if (!(n == 1 && at[0] == '.')) {
			if (p > base)
				*p++ = '/';
			memcpy(p, at, n);
			p += n;
		}
		at += n;
	}
	if (p == out)
		*p++ = '.';
	*p = '\0';
}

/* A mount's key in the table of directories: client, then the normalised
 * directory. */
static char *dir_key(struct zp_arena *a, int32_t client, const char *at)
{
	size_t n = strlen(at), o;
	char *k = zp_arena_alloc(a, n + 26);

	o = (size_t)snprintf(k, 24, "%d:", client);
	dir_normal(at, k + o);
	return k;
}

/* Generated duplicates come in bulk (two groups that mount the same
 * filesystems): one finding per (kind, client, group, earlier group). */
struct dup_rec {
	int32_t first, second;  /* mounts */
	int kind;               /* 0: filesystem twice, 1: directory */
	size_t count;
};

static void check_mount_duplicate(const struct zp_model *m,
    struct zp_diags *d)
{
	struct zp_htab dir_seen, bulk;
	struct zp_arena keys;
	struct zp_vec recs;
	int32_t *dupof, *cstart, *byclient, *fs_client, *fs_first;
	unsigned char *kindof;
	size_t i, nc = m->clients.len;

	if (!m->mounts.len)
		return;
	/* pass 1, client by client: the earlier mount each mount repeats
	 * (dupof, kindof), found through arrays indexed by filesystem and a
	 * table of directories */
	dupof = zp_xcalloc(m->mounts.len, sizeof(int32_t));
	kindof = zp_xcalloc(m->mounts.len, 1);
	cstart = zp_xcalloc(nc + 2, sizeof(int32_t));
	byclient = zp_xcalloc(m->mounts.len, sizeof(int32_t));
	fs_client = zp_xcalloc(m->filesystems.len + 1, sizeof(int32_t));
	fs_first = zp_xcalloc(m->filesystems.len + 1, sizeof(int32_t));
	for (i = 0; i < m->mounts.len; i++)
		cstart[ZP_MOUNT(m, i)->client + 2]++;
	for (i = 0; i < nc; i++)
		cstart[i + 2] += cstart[i + 1];
	for (i = 0; i < m->mounts.len; i++)
		byclient[cstart[ZP_MOUNT(m, i)->client + 1]++] = (int32_t)i;
	for (i = 0; i < m->filesystems.len; i++)
		fs_client[i] = -1;
	zp_htab_init(&dir_seen, m->mounts.len);
	zp_arena_init(&keys);
	for (i = 0; i < m->mounts.len; i++) {
		int32_t j = byclient[i];
		const struct zp_mount *mt = ZP_MOUNT(m, j);

		dupof[j] = -1;
		if (fs_client[mt->fs] == mt->client) {
			dupof[j] = fs_first[mt->fs];
			continue;
		}
		fs_client[mt->fs] = mt->client;
		fs_first[mt->fs] = j;
		dupof[j] = zp_htab_put(&dir_seen, dir_key(&keys, mt->client,
		    mt->at), j);
		kindof[j] = 1;
	}
	free(cstart);
	free(byclient);
	free(fs_client);
	free(fs_first);
	/* pass 2, in list order: report */
	zp_htab_init(&bulk, 16);
	zp_vec_init(&recs, sizeof(struct dup_rec));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_mount *first;
		const struct zp_client *cl = ZP_CLIENT(m, mt->client);
		int32_t f = dupof[i], kind = kindof[i];

		if (f < 0)
			continue;
		first = ZP_MOUNT(m, f);
		if (mt->entry >= 0) {
			if (kind == 0)
				zp_report(d, ZR_MOUNT_DUPLICATE, mt->loc,
				    mount_path(d, m, mt), "%s mounts %s again "
				    "(first at line %u); drop one of the two",
				    cl->id, ZP_FS(m, mt->fs)->name,
				    first->loc.line);
			else
				zp_report(d, ZR_MOUNT_DUPLICATE, mt->loc,
				    mount_path(d, m, mt), "%s mounts %s on %s, "
				    "where it already mounts %s (line %u); give "
				    "each mount its own directory", cl->id,
				    ZP_FS(m, mt->fs)->name, mt->at,
				    ZP_FS(m, first->fs)->name, first->loc.line);
			continue;
		}
		/* generated: tally */
		{
			char bk[64];
			int32_t r;
			struct dup_rec *x;

			snprintf(bk, sizeof(bk), "%d:%d:%d:%d", kind,
			    mt->client, mt->group, first->group);
			if ((r = zp_htab_get(&bulk, bk)) < 0) {
				r = (int32_t)recs.len;
				zp_htab_put(&bulk, zp_arena_strdup(&keys, bk),
				    r);
				x = zp_vec_push(&recs);
				x->first = f;
				x->second = (int32_t)i;
				x->kind = kind;
			}
			ZP_VEC_AT(&recs, struct dup_rec, r)->count++;
		}
	}
	for (i = 0; i < recs.len; i++) {
		const struct dup_rec *x = ZP_VEC_AT(&recs, struct dup_rec, i);
		const struct zp_mount *mt = ZP_MOUNT(m, x->second);
		const struct zp_mount *first = ZP_MOUNT(m, x->first);
		const char *cl = ZP_CLIENT(m, mt->client)->id;
		bool dir = x->kind == 1;
		size_t n = x->count;
		char more[64] = "";

		if (n > 1)
			snprintf(more, sizeof(more), dir ? ", and %zu more like "
			    "it" : " and %zu more", n - 1);
		if (!dir)
			zp_report(d, ZR_MOUNT_DUPLICATE, mt->loc,
			    mount_path(d, m, mt), "%s mounts %s%s again (first "
			    "at line %u); keep each filesystem of %s in one "
			    "mount group", cl, ZP_FS(m, mt->fs)->name, more,
			    first->loc.line, cl);
		else
			zp_report(d, ZR_MOUNT_DUPLICATE, mt->loc,
			    mount_path(d, m, mt), "%s mounts %s on %s, where "
			    "it already mounts %s (line %u%s); give each mount "
			    "its own directory (an `at` with {pool} and {fs})",
			    cl, ZP_FS(m, mt->fs)->name, mt->at,
			    ZP_FS(m, first->fs)->name, first->loc.line, more);
	}
	zp_vec_release(&recs);
	zp_arena_release(&keys);
	zp_htab_release(&bulk);
	zp_htab_release(&dir_seen);
	free(dupof);
	free(kindof);
}

const struct zp_rule zp_rule_mount_duplicate = {
	"mount-duplicate", ZP_SEV_ERROR,
	"one client mounts one filesystem twice, or two mounts share a mount "
	"directory on one client",
	check_mount_duplicate
};

/* ---- mount-dir-invalid ---- */

enum dir_fault { DIR_OK, DIR_RELATIVE, DIR_DOTS, DIR_SYSTEM, DIR_NFAULTS };

/* What is wrong with a client mount directory; norm gets its normalised
 * form (strlen(at) + 2 bytes). */
static enum dir_fault dir_fault(const char *at, char *norm)
{
	static const char *const system[] = {
		"/", "/etc", "/usr", "/bin", "/sbin", "/boot", "/dev", "/proc",
		"/sys", "/run", "/var", "/root", NULL
	};
	const char *c;
	size_t i;

	dir_normal(at, norm);
	if (*at != '/')
		return DIR_RELATIVE;
	for (c = at; *c; c += strcspn(c, "/")) {
		size_t n;

		c += strspn(c, "/");
		n = strcspn(c, "/");
		if ((n == 1 && c[0] == '.') ||
		    (n == 2 && c[0] == '.' && c[1] == '.'))
			return DIR_DOTS;
	}
	for (i = 0; system[i]; i++)
		if (strcmp(norm, system[i]) == 0)
			return DIR_SYSTEM;
	/* /lib*: /lib, /lib32, /lib64, /libx32 (not /library) */
	if (strncmp(norm, "/lib", 4) == 0 &&
	    norm[4 + strspn(norm + 4, "0123456789x")] == '\0')
		return DIR_SYSTEM;
	return DIR_OK;
}

static const char *const dir_says[DIR_NFAULTS] = {
	[DIR_RELATIVE] = "is not absolute: where it lands would depend on "
	    "the directory the mount runs in",
	[DIR_DOTS] = "has a . or .. component",
	[DIR_SYSTEM] = "is a system directory: the share would hide the "
	    "client's own",
};

/* Per group and fault, the generated mounts it covers: one finding. */
struct dir_tally {
	int32_t first;
	size_t count;
};

static void report_dir(struct zp_diags *d, const struct zp_model *m,
    const struct zp_mount *mt, enum dir_fault f, const char *norm,
    size_t more)
{
	const struct zp_mount_group *g = ZP_GROUP(m, mt->group);
	struct zp_loc loc = mt->entry >= 0 || !g->at_loc.line ? mt->loc :
	    g->at_loc;
	char also[64] = "";

	if (more)
		snprintf(also, sizeof(also), " (and %zu more mounts of this "
		    "group)", more);
	zp_report(d, ZR_MOUNT_DIR_INVALID, loc, mount_path(d, m, mt),
	    "%s mounts %s on \"%s\"%s, which %s%s%s; mount shares under an "
	    "absolute directory of their own, like /mnt/{pool}/{fs}",
	    ZP_CLIENT(m, mt->client)->id, ZP_FS(m, mt->fs)->name, mt->at,
	    also, dir_says[f], f == DIR_DOTS ? ": it names " : "",
	    f == DIR_DOTS ? norm : "");
}

static void check_mount_dir_invalid(const struct zp_model *m,
    struct zp_diags *d)
{
	struct dir_tally *t;
	char buf[256], *norm;
	size_t i, cap = sizeof(buf);

	if (!m->mounts.len)
		return;
	t = zp_xcalloc(m->groups.len * DIR_NFAULTS + 1, sizeof(*t));
	norm = buf;
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		size_t n = strlen(mt->at) + 2;
		enum dir_fault f;
		struct dir_tally *x;

		if (n > cap) {
			if (norm != buf)
				free(norm);
			norm = zp_xmalloc(cap = n);
		}
		if ((f = dir_fault(mt->at, norm)) == DIR_OK)
			continue;
		if (mt->entry >= 0) {
			report_dir(d, m, mt, f, norm, 0);
			continue;
		}
		x = &t[(size_t)mt->group * DIR_NFAULTS + f];
		if (x->count++ == 0)
			x->first = (int32_t)i;
	}
	for (i = 0; i < m->groups.len * DIR_NFAULTS; i++) {
		const struct zp_mount *mt;

		if (!t[i].count)
			continue;
		mt = ZP_MOUNT(m, t[i].first);
		if (strlen(mt->at) + 2 > cap) {
			if (norm != buf)
				free(norm);
			norm = zp_xmalloc(cap = strlen(mt->at) + 2);
		}
		dir_fault(mt->at, norm);
		report_dir(d, m, mt, (enum dir_fault)(i % DIR_NFAULTS), norm,
		    t[i].count - 1);
	}
	if (norm != buf)
		free(norm);
	free(t);
}

const struct zp_rule zp_rule_mount_dir_invalid = {
	"mount-dir-invalid", ZP_SEV_ERROR,
	"a client mount directory that is not absolute, has a . or .. "
	"component, or is a system directory (/, /etc, /usr, /bin, /sbin, "
	"/lib*, /boot, /dev, /proc, /sys, /run, /var, /root)",
	check_mount_dir_invalid
};

/* ---- nfs-options ---- */

static bool pow2_in(uint64_t v, uint64_t lo, uint64_t hi)
{
	return v >= lo && v <= hi && !(v & (v - 1));
}

/* The nearest power of two within 4096..1048576, for the fix. */
static uint64_t near_xfer(uint64_t v)
{
	uint64_t p = 4096;

	if (v <= 4096)
		return 4096;
	if (v >= 1048576)
		return 1048576;
	while (p * 2 <= v)
		p *= 2;
	if (v - p > p * 2 - v)
		p *= 2;
	return p;
}

/* The first client of os in the group's mounts, and how many there are. */
static int32_t group_clients_of(const struct zp_model *m, size_t s, size_t e,
    enum zp_os os, bool other, unsigned char *seen, size_t *n)
{
	int32_t first = -1;
	size_t i;

	*n = 0;
	for (i = s; i < e; i++) {
		int32_t c = ZP_MOUNT(m, i)->client;
		bool match = (ZP_CLIENT(m, c)->os == os) != other;

		if (!match || seen[c])
			continue;
		seen[c] = 1;
		if (first < 0)
			first = c;
		(*n)++;
	}
	for (i = s; i < e; i++)
		seen[ZP_MOUNT(m, i)->client] = 0;
	return first;
}

static const char *os_name(enum zp_os os)
{
	return os == ZP_OS_LINUX ? "linux" : os == ZP_OS_SOLARIS ? "solaris" :
	    "freebsd";
}

/* The server address of mount i, or NULL. */
static const struct zp_addr *server_addr(const struct zp_model *m, size_t i)
{
	const struct zp_mount *mt = ZP_MOUNT(m, i);
	const struct zp_ports *sp;

	if (mt->ctrl < 0 || mt->port < 0)
		return NULL;
	sp = &ZP_CTRL(m, mt->ctrl)->ports;
	return (size_t)mt->port < sp->n && sp->v[mt->port].has_addr ?
	    &sp->v[mt->port].addr : NULL;
}

/* Whether words holds proto=tcp, proto=udp or proto=rdma (IPv4 only). */
static bool v4_proto_word(const char *words)
{
	static const char *const v4[] = { "tcp", "udp", "rdma", NULL };
	const char *p = words;

	while ((p = strstr(p, "proto=")) != NULL) {
		size_t i, n;

		if (p == words || p[-1] == ',' || p[-1] == ' ') {
			p += 6;
			n = strcspn(p, ", ");
			for (i = 0; v4[i]; i++)
				if (strlen(v4[i]) == n &&
				    strncmp(p, v4[i], n) == 0)
					return true;
		} else {
			p += 6;
		}
	}
	return false;
}

/* nfs(5): an IPv6 server takes tcp6/udp6/rdma6 (zplan writes those for
 * proto tcp or rdma), an IPv4 one tcp/udp/rdma. A family fixed by hand
 * that the group's servers do not have is an error, once per group. */
static void proto_family(const struct zp_model *m, struct zp_diags *d,
    const struct zp_nfsopts *o, size_t s, size_t e, const char *base)
{
	bool six = o->proto && o->proto[strlen(o->proto) - 1] == '6';
	bool hand4 = o->extra && v4_proto_word(o->extra);
	size_t i;

	if (!six && !hand4)
		return;
	for (i = s; i < e; i++) {
		const struct zp_addr *a = server_addr(m, i);
		char buf[64];

		if (!a || (six ? a->family == 6 : a->family == 4))
			continue;
		zp_addr_str(a, buf, sizeof(buf));
		if (six)
			zp_report(d, ZR_NFS_OPTIONS, o->proto_loc,
			    zp_pathf(d, "%s.proto", base), "proto %s is for "
			    "IPv6 servers, but %s mounts from the IPv4 address "
			    "%s (nfs(5)); write proto: %.*s, which zplan turns "
			    "into %s for IPv6 servers", o->proto,
			    ZP_CLIENT(m, ZP_MOUNT(m, i)->client)->id, buf,
			    (int)strlen(o->proto) - 1, o->proto, o->proto);
		else
			zp_report(d, ZR_NFS_OPTIONS, o->loc, zp_pathf(d,
			    "%s.extra", base), "extra options fix an IPv4 "
			    "proto, but %s mounts from the IPv6 address %s, "
			    "which nfs(5) reaches only by tcp6, udp6 or rdma6 "
			    "(mount.nfs: \"Address family not supported\"); "
			    "write proto: tcp instead, which zplan turns into "
			    "tcp6 there", ZP_CLIENT(m, ZP_MOUNT(m, i)->client)->id,
			    buf);
		return;
	}
}

static void check_nfs_options(const struct zp_model *m, struct zp_diags *d)
{
	static const char *const versions[] = { "3", "4", "4.1", "4.2", NULL };
	unsigned char *seen;
	size_t *start, gi, k;

	start = group_starts(m);
	seen = zp_xcalloc(m->clients.len + 1, 1);
	for (gi = 0; gi < m->groups.len; gi++) {
		const struct zp_mount_group *g = ZP_GROUP(m, gi);
		const struct zp_nfsopts *o = &g->options;
		const char *base = zp_pathf(d, "mounts[%u].options", g->src);
		size_t n;
		int32_t c;

		if (o->has_rsize && !pow2_in(o->rsize, 4096, 1048576))
			zp_report(d, ZR_NFS_OPTIONS, o->rsize_loc,
			    zp_pathf(d, "%s.rsize", base), "rsize %llu is not "
			    "a power of two from 4096 to 1048576; use %llu",
			    (unsigned long long)o->rsize,
			    (unsigned long long)near_xfer(o->rsize));
		if (o->has_wsize && !pow2_in(o->wsize, 4096, 1048576))
			zp_report(d, ZR_NFS_OPTIONS, o->wsize_loc,
			    zp_pathf(d, "%s.wsize", base), "wsize %llu is not "
			    "a power of two from 4096 to 1048576; use %llu",
			    (unsigned long long)o->wsize,
			    (unsigned long long)near_xfer(o->wsize));
		if (o->vers) {
			for (k = 0; versions[k]; k++)
				if (strcmp(o->vers, versions[k]) == 0)
					break;
			if (!versions[k])
				zp_report(d, ZR_NFS_OPTIONS, o->vers_loc,
				    zp_pathf(d, "%s.vers", base), "unknown NFS "
				    "version \"%s\"; use 3, 4, 4.1 or 4.2%s",
				    o->vers, strcmp(o->vers, "4.0") == 0 ?
				    " (4.0 is written 4)" : "");
		}
		if (o->proto && strcmp(o->proto, "tcp") != 0 &&
		    strcmp(o->proto, "rdma") != 0 &&
		    strcmp(o->proto, "tcp6") != 0 &&
		    strcmp(o->proto, "rdma6") != 0)
			zp_report(d, ZR_NFS_OPTIONS, o->proto_loc,
			    zp_pathf(d, "%s.proto", base), "unknown proto "
			    "\"%s\"; use tcp or rdma", o->proto);
		proto_family(m, d, o, start[gi], start[gi + 1], base);
		if (o->has_nconnect && (o->nconnect < 1 || o->nconnect > 16))
			zp_report(d, ZR_NFS_OPTIONS, o->nconnect_loc,
			    zp_pathf(d, "%s.nconnect", base), "nconnect %u is "
			    "outside 1..16 (Linux allows at most 16 "
			    "connections per server); use %u", o->nconnect,
			    o->nconnect < 1 ? 1 : 16);
		/* options that do not apply to some clients: a note each */
		if (o->forcedirectio == 1) {
			c = group_clients_of(m, start[gi], start[gi + 1],
			    ZP_OS_SOLARIS, true, seen, &n);
			if (c >= 0)
				zp_report_sev(d, ZR_NFS_OPTIONS, ZP_SEV_NOTE,
				    o->forcedirectio_loc, zp_pathf(d,
				    "%s.forcedirectio", base), "forcedirectio "
				    "is a Solaris mount option: %s (%s)%s %s "
				    "no such option, so it is left out there "
				    "and applications must open files with "
				    "O_DIRECT to bypass the client cache",
				    ZP_CLIENT(m, c)->id,
				    os_name(ZP_CLIENT(m, c)->os), n > 1 ?
				    zp_pathf(d, " and %zu more %s", n - 1,
				    plural(n - 1, "client", "clients")) : "",
				    n > 1 ? "have" : "has");
		}
		if (o->has_nconnect && o->nconnect > 1) {
			c = group_clients_of(m, start[gi], start[gi + 1],
			    ZP_OS_LINUX, true, seen, &n);
			if (c >= 0)
				zp_report_sev(d, ZR_NFS_OPTIONS, ZP_SEV_NOTE,
				    o->nconnect_loc, zp_pathf(d, "%s.nconnect",
				    base), "nconnect is a Linux mount option: "
				    "%s (%s)%s mount%s without it, over one "
				    "connection to the server", ZP_CLIENT(m, c)->id,
				    os_name(ZP_CLIENT(m, c)->os), n > 1 ?
				    zp_pathf(d, " and %zu more %s", n - 1,
				    plural(n - 1, "client", "clients")) : "",
				    n > 1 ? "" : "s");
		}
	}
	free(seen);
	free(start);
}

const struct zp_rule zp_rule_nfs_options = {
	"nfs-options", ZP_SEV_ERROR,
	"rsize/wsize not a power of two in 4096..1048576, unknown vers or "
	"proto, nconnect outside 1..16 (notes: options a client's OS lacks)",
	check_nfs_options
};

/* ---- share-missing ---- */

static void check_share_missing(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_fs *f = ZP_FS(m, mt->fs);
		const struct zp_mount_group *g = ZP_GROUP(m, mt->group);
		struct zp_loc loc = mt->loc;

		if (f->share != ZP_SHARE_NONE)
			continue;
		if (mt->entry >= 0 && g->list[mt->entry].fs.loc.line)
			loc = g->list[mt->entry].fs.loc;
		zp_report(d, ZR_SHARE_MISSING, loc, mount_path(d, m, mt),
		    "%s mounts %s, which is not shared; add `share: nfs` to "
		    "%s (line %u) or drop the mount", ZP_CLIENT(m,
		    mt->client)->id, f->name, f->name, f->name_loc.line);
	}
}

const struct zp_rule zp_rule_share_missing = {
	"share-missing", ZP_SEV_ERROR,
	"a mount of a filesystem that is not shared",
	check_share_missing
};
