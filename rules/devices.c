/* Device rules that need the host (rules.md "Model integrity"): one
 * physical disk counted once (disk-identity), and every device name a
 * script uses made by something on its host (dev-unresolvable). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/osdial.h"
#include "zplan/rule.h"
#include "zplan/vdevid.h"

/* ---- disk-identity ---- */

static void same_ident(const struct zp_model *m, struct zp_diags *d,
    struct zp_htab *h, const struct zp_disk_ident *x, bool wwn)
{
	const char *key = wwn ? x->wwn : x->serial;
	int32_t first;
	const struct zp_disk_ident *f;

	if (!key)
		return;
	first = zp_htab_put(h, key, (int32_t)(x - (const struct zp_disk_ident *)
	    m->idents.data));
	if (first < 0)
		return;
	f = ZP_VEC_AT(&m->idents, struct zp_disk_ident, first);
	zp_report(d, ZR_DISK_IDENTITY, wwn ? x->wwn_loc : x->serial_loc,
	    zp_pathf(d, "disks[%u]", ZP_DISK(m, x->disk)->src),
	    "disks %s and %s have one %s, %s (line %u): one physical disk "
	    "seen through two paths would count twice (a mirror of a disk "
	    "with itself); keep one entry, the multipath device if there is "
	    "one", ZP_DISK(m, f->disk)->id, ZP_DISK(m, x->disk)->id,
	    wwn ? "wwn" : "serial", key, wwn ? f->wwn_loc.line :
	    f->serial_loc.line);
}

static void check_disk_identity(const struct zp_model *m, struct zp_diags *d)
{
	struct zp_htab wwns, serials;
	size_t i;

	if (!m->idents.len)
		return;
	zp_htab_init(&wwns, m->idents.len);
	zp_htab_init(&serials, m->idents.len);
	for (i = 0; i < m->idents.len; i++) {
		const struct zp_disk_ident *x = ZP_VEC_AT(&m->idents,
		    struct zp_disk_ident, i);

		same_ident(m, d, &wwns, x, true);
		same_ident(m, d, &serials, x, false);
	}
	zp_htab_release(&wwns);
	zp_htab_release(&serials);
}

const struct zp_rule zp_rule_disk_identity = {
	"disk-identity", ZP_SEV_ERROR,
	"two disks with one wwn or one serial: one physical disk seen through "
	"two paths, counted twice",
	check_disk_identity
};

/* ---- dev-unresolvable ---- */

/* A disk whose name nothing creates, and why: a gap of vdev_id.conf
 * (Linux) or the dialect's reason. */
struct unres {
	int32_t ctrl, place;
	bool internal;
	int gap;
	const char *why;
	uint32_t disk;
};

static int cmp_unres(const void *a, const void *b)
{
	const struct unres *x = a, *y = b;

	if (x->ctrl != y->ctrl)
		return x->ctrl < y->ctrl ? -1 : 1;
	if (x->internal != y->internal)
		return x->internal ? 1 : -1;
	if (x->place != y->place)
		return x->place < y->place ? -1 : 1;
	if (x->gap != y->gap)
		return x->gap < y->gap ? -1 : 1;
	if (x->why != y->why)
		return x->why && y->why ? strcmp(x->why, y->why) :
		    x->why ? 1 : -1;
	return x->disk < y->disk ? -1 : x->disk > y->disk;
}

static const char *gap_text(enum zp_vid_gap g)
{
	switch (g) {
	case ZP_GAP_SINGLE:
		return "its enclosure has one path from this host, whose "
		    "vdev_id.conf is in multipath mode (another enclosure has "
		    "two), and vdev_id then names only multipath devices by "
		    "channel: give the disks `wwn` (alias lines), or the "
		    "enclosure a second path";
	case ZP_GAP_SHARED:
		return "their enclosure shares an HBA port with another "
		    "(daisy-chained), which vdev_id's channels cannot tell "
		    "apart: give the disks `wwn` (alias lines)";
	case ZP_GAP_NAME:
		return "their ids are not <enclosure>-<slot>, the names "
		    "vdev_id's channels give: give them `wwn` (alias lines), "
		    "or use the range form";
	default:
		return "no channel reaches them: give their enclosure `paths` "
		    "from this host (HBA and port), or each disk its `wwn` "
		    "(alias lines); or set policy vdev_id: external if the "
		    "host has its own vdev_id.conf";
	}
}

/* The disk of r if it is one a script uses and nothing names. */
static void judge(const struct zp_model *m, const struct zp_vdevid *v,
    int32_t ctrl, const struct zp_ref *r, bool *seen, struct zp_vec *out)
{
	const struct zp_disk *x;
	struct unres u;
	enum zp_vid_gap gap;

	if (r->idx < 0 || seen[r->idx])
		return;
	seen[r->idx] = true;
	x = ZP_DISK(m, r->idx);
	u.ctrl = ctrl;
	u.place = x->place;
	u.internal = x->internal;
	u.disk = (uint32_t)r->idx;
	u.gap = 0;
	u.why = NULL;
	if (ctrl < 0 || ZP_CTRL(m, ctrl)->os == ZP_SRV_LINUX) {
		if (zp_vdevid_how(v, ctrl, (size_t)r->idx, &gap) != ZP_VID_NONE)
			return;
		u.gap = (int)gap;
	} else if (x->dev_default) {
		if (!zp_os_dialect(ZP_CTRL(m, ctrl)->os)->default_dev(
		    (struct zp_model *)m, (size_t)r->idx, &u.why) || !u.why)
			return;
	} else if (strncmp(x->dev, "/dev/disk/", 10) == 0) {
		u.why = "there is no /dev/disk/ (udev) on this OS; give a dev "
		    "of its own names";
	} else {
		return;
	}
	*(struct unres *)zp_vec_push(out) = u;
}

static void pool_disks(const struct zp_model *m, const struct zp_vdevid *v,
    const struct zp_pool *p, bool *seen, struct zp_vec *out)
{
	int32_t c = m->controllers.len ? p->controller.idx : -1;
	size_t i, k;

	if (m->controllers.len && c < 0)
		return;         /* ref-unknown's */
	for (i = 0; i < p->vdevs.n; i++)
		for (k = 0; k < p->vdevs.v[i].n; k++)
			judge(m, v, c, &p->vdevs.v[i].members[k], seen, out);
	for (i = 0; i < p->log.n; i++)
		for (k = 0; k < p->log.v[i].n; k++)
			judge(m, v, c, &p->log.v[i].members[k], seen, out);
	for (i = 0; i < p->cache.n; i++)
		judge(m, v, c, &p->cache.v[i], seen, out);
	for (i = 0; i < p->spares.n; i++)
		judge(m, v, c, &p->spares.v[i], seen, out);
}

static void report_unres(const struct zp_model *m, struct zp_diags *d,
    const struct unres *u, size_t n)
{
	const struct zp_disk *a = ZP_DISK(m, u[0].disk);
	const struct zp_disk *z = ZP_DISK(m, u[n - 1].disk);
	const char *host = u->ctrl >= 0 ? ZP_CTRL(m, u->ctrl)->id :
	    "localhost";
	char which[200], range[300];

	if (u->internal || u->place < 0)
		snprintf(which, sizeof(which), "internal");
	else
		snprintf(which, sizeof(which), "of %s", ZP_ENCL(m, u->place)->id);
	if (n > 1)
		snprintf(range, sizeof(range), "%zu %s (%s .. %s)", n,
		    u->internal || u->place < 0 ? "internal disks" :
		    zp_pathf(d, "disks %s", which), a->id, z->id);
	else if (u->internal || u->place < 0)
		snprintf(range, sizeof(range), "internal disk %s", a->id);
	else
		snprintf(range, sizeof(range), "disk %s %s", a->id, which);
	if (u->why)
		zp_report(d, ZR_DEV_UNRESOLVABLE, zp_disk_loc(m, a, ZP_DF_ID),
		    zp_pathf(d, "disks[%u]", a->src), "%s, used by %s's "
		    "pools (%s): %s names nothing the host makes: %s", range,
		    host, zp_srv_os_name(ZP_CTRL(m, u->ctrl)->os), a->dev,
		    u->why);
	else
		zp_report(d, ZR_DEV_UNRESOLVABLE, zp_disk_loc(m, a, ZP_DF_ID),
		    zp_pathf(d, "disks[%u]", a->src), "%s, used by %s's "
		    "pools, %s by-vdev name%s that %s's vdev_id.conf cannot "
		    "create: %s", range, host, n > 1 ? "have" : "has a",
		    n > 1 ? "s" : "", host, u->internal ? "no channel reaches "
		    "an internal disk: give it its `wwn` (an alias line) or a "
		    "dev; or set policy vdev_id: external if the host has its "
		    "own vdev_id.conf" : gap_text((enum zp_vid_gap)u->gap));
}

static void check_dev_unresolvable(const struct zp_model *m,
    struct zp_diags *d)
{
	struct zp_vdevid *v = zp_vdevid_new(m);
	bool *seen = zp_xcalloc(m->disks.len + 1, sizeof(bool));
	struct zp_vec out;
	struct unres *u;
	size_t i, j;

	zp_vec_init(&out, sizeof(struct unres));
	for (i = 0; i < m->pools.len; i++)
		pool_disks(m, v, ZP_POOL(m, i), seen, &out);
	u = (struct unres *)out.data;
	if (out.len)
		qsort(u, out.len, sizeof(*u), cmp_unres);
	for (i = 0; i < out.len; i = j) {
		for (j = i + 1; j < out.len && u[j].ctrl == u[i].ctrl &&
		    u[j].internal == u[i].internal &&
		    u[j].place == u[i].place && u[j].gap == u[i].gap &&
		    u[j].why == u[i].why; j++)
			;
		report_unres(m, d, u + i, j - i);
	}
	zp_vec_release(&out);
	free(seen);
	zp_vdevid_free(v);
}

const struct zp_rule zp_rule_dev_unresolvable = {
	"dev-unresolvable", ZP_SEV_WARNING,
	"a device name a script would use that nothing on its host creates "
	"(vdev_id.conf on Linux; the OS's stable names elsewhere)",
	check_dev_unresolvable
};
