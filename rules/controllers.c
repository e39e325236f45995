/* Controllers and balance rules (rules.md "Controllers and balance"): an
 * active-active pair names each other, and carries about as much each. */
#include <stdlib.h>
#include <string.h>

#include "zplan/poolcap.h"
#include "zplan/rule.h"

/* Whether controller i is the one its id resolves to: a second controller
 * of one id is id-duplicate's. */
static bool ctrl_first(const struct zp_model *m, size_t i)
{
	return zp_htab_get(&m->h_ctrls, ZP_CTRL(m, i)->id) == (int32_t)i;
}

/* ---- peer-mismatch ---- */

static void check_peer_mismatch(const struct zp_model *m, struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);
		const struct zp_controller *o;
		const char *path;

		if (!c->peer.name || c->peer.idx < 0 || !ctrl_first(m, i))
			continue;       /* no peer, or ref-unknown's */
		path = zp_pathf(d, "controllers[%u].peer", c->src);
		if ((size_t)c->peer.idx == i) {
			zp_report(d, ZR_PEER_MISMATCH, c->peer.loc, path,
			    "controller %s names itself as peer; name its "
			    "partner controller, or remove peer", c->id);
			continue;
		}
		o = ZP_CTRL(m, c->peer.idx);
		if (o->peer.name && o->peer.idx < 0)
			continue;       /* the partner's peer is ref-unknown's */
		if (!o->peer.name)
			zp_report(d, ZR_PEER_MISMATCH, c->peer.loc, path,
			    "controller %s names %s as peer, but %s names no "
			    "peer; add `peer: %s` to %s, or remove the peer "
			    "of %s", c->id, o->id, o->id, c->id, o->id, c->id);
		else if ((size_t)o->peer.idx == (size_t)c->peer.idx)
			zp_report(d, ZR_PEER_MISMATCH, c->peer.loc, path,
			    "controller %s names %s as peer, but %s names "
			    "itself (line %u); make the peer of %s %s, or "
			    "change the peer of %s", c->id, o->id, o->id,
			    o->peer.loc.line, o->id, c->id, c->id);
		else if ((size_t)o->peer.idx != i &&
		    ZP_CTRL(m, o->peer.idx)->peer.idx == c->peer.idx)
			zp_report(d, ZR_PEER_MISMATCH, c->peer.loc, path,
			    "controller %s names %s as peer, but %s and %s "
			    "are a pair (line %u); give %s another partner, or "
			    "remove its peer", c->id, o->id, o->id, o->peer.name,
			    o->peer.loc.line, c->id);
		else if ((size_t)o->peer.idx != i)
			zp_report(d, ZR_PEER_MISMATCH, c->peer.loc, path,
			    "controller %s names %s as peer, but %s names %s "
			    "(line %u); the two of a pair name each other: "
			    "make the peer of %s %s, or change the peer of %s",
			    c->id, o->id, o->id, o->peer.name, o->peer.loc.line,
			    o->id, c->id, c->id);
	}
}

const struct zp_rule zp_rule_peer_mismatch = {
	"peer-mismatch", ZP_SEV_ERROR,
	"peer not reciprocal, or names itself",
	check_peer_mismatch
};

/* ---- pool-balance ---- */

struct load {
	size_t pools;
	uint64_t usable;        /* sum of the pools' usable bytes */
	uint64_t largest;       /* the largest pool's usable bytes */
	bool unknown;           /* a pool's capacity is not known yet */
};

static uint64_t udiff(uint64_t a, uint64_t b)
{
	return a > b ? a - b : b - a;
}

static const char *plural(size_t n)
{
	return n == 1 ? "" : "s";
}

static void balance_pair(const struct zp_model *m, struct zp_diags *d,
    size_t ia, size_t ib, const struct load *la, const struct load *lb)
{
	const struct zp_controller *a = ZP_CTRL(m, ia), *b = ZP_CTRL(m, ib);
	bool by_cap = false, by_count;
	uint64_t largest = la->largest > lb->largest ? la->largest :
	    lb->largest;
	const char *more, *fewer, *heavy = NULL, *light = NULL;
	char ua[64], ub[64], lg[64], why[200], fix[300];

	by_count = (la->pools > lb->pools ? la->pools - lb->pools :
	    lb->pools - la->pools) > 1;
	if (!la->unknown && !lb->unknown)
		by_cap = udiff(la->usable, lb->usable) > largest;
	if (!by_count && !by_cap)
		return;
	more = la->pools > lb->pools ? a->id : b->id;
	fewer = la->pools > lb->pools ? b->id : a->id;
	if (by_cap) {
		heavy = la->usable > lb->usable ? a->id : b->id;
		light = la->usable > lb->usable ? b->id : a->id;
	}
	zp_fmt_size(largest, false, lg, sizeof(lg));
	if (by_cap && by_count)
		snprintf(why, sizeof(why), "pool counts differ by more than "
		    "one and usable capacity by more than the largest pool "
		    "(%s)", lg);
	else if (by_cap)
		snprintf(why, sizeof(why), "usable capacity differs by more "
		    "than the largest pool (%s)", lg);
	else
		snprintf(why, sizeof(why), "pool counts differ by more than "
		    "one");
	if (by_cap && by_count && strcmp(heavy, more) != 0)
		snprintf(fix, sizeof(fix), "move disks from the pools of %s to "
		    "those of %s, and a pool from %s to %s", heavy, light,
		    more, fewer);
	else if (by_cap)
		snprintf(fix, sizeof(fix), "move a pool or disks from %s to %s",
		    heavy, light);
	else
		snprintf(fix, sizeof(fix), "move a pool from %s to %s", more,
		    fewer);
	if (la->unknown || lb->unknown) {
		zp_report(d, ZR_POOL_BALANCE, a->id_loc,
		    zp_pathf(d, "controllers[%u]", a->src),
		    "active-active pair %s and %s is unbalanced: %s owns %zu "
		    "pool%s, %s %zu (capacity not known: a pool is an intent "
		    "or has errors): "
		    "%s; %s", a->id, b->id, a->id, la->pools, plural(la->pools),
		    b->id, lb->pools, why, fix);
		return;
	}
	zp_fmt_size(la->usable, false, ua, sizeof(ua));
	zp_fmt_size(lb->usable, false, ub, sizeof(ub));
	zp_report(d, ZR_POOL_BALANCE, a->id_loc,
	    zp_pathf(d, "controllers[%u]", a->src),
	    "active-active pair %s and %s is unbalanced: %s owns %zu pool%s "
	    "(%s usable), %s %zu (%s): %s; %s", a->id, b->id, a->id, la->pools,
	    plural(la->pools), ua, b->id, lb->pools, ub, why, fix);
}

static void check_pool_balance(const struct zp_model *m, struct zp_diags *d)
{
	struct load *ld;
	size_t i;

	if (!m->controllers.len)
		return;
	ld = zp_xcalloc(m->controllers.len, sizeof(*ld));
	/* each pool's capacity once, added to its owner */
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct load *l;
		struct zp_pool_cap cap;
		const char *why;

		if (p->controller.idx < 0)
			continue;
		l = &ld[p->controller.idx];
		l->pools++;
		if (p->vdevs_intent.set ||
		    zp_pool_capacity(m, p, &cap, &why) != 0) {
			l->unknown = true;
			continue;
		}
		l->usable += cap.cap.usable_bytes;
		if (cap.cap.usable_bytes > l->largest)
			l->largest = cap.cap.usable_bytes;
	}
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);
		size_t j;

		if (c->peer.idx < 0 || (size_t)c->peer.idx <= i ||
		    !ctrl_first(m, i))
			continue;       /* reported at the pair's first */
		j = (size_t)c->peer.idx;
		if (ZP_CTRL(m, j)->peer.idx != (int32_t)i)
			continue;       /* not a pair: peer-mismatch */
		balance_pair(m, d, i, j, &ld[i], &ld[j]);
	}
	free(ld);
}

const struct zp_rule zp_rule_pool_balance = {
	"pool-balance", ZP_SEV_WARNING,
	"in an active-active pair, usable capacity or pool count differs by "
	"more than one pool's worth between the two controllers",
	check_pool_balance
};
