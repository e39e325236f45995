/* vdevid: the names OpenZFS's vdev_id gives, and the vdev_id.conf that
 * makes them. Facts from udev/vdev_id and vdev_id.conf(5):
 * - an `alias NAME LINK` line wins over everything; LINK must be one of
 *   the udev links of the device (full path or base name), so a kernel
 *   name such as /dev/sdb never matches;
 * - in topology sas_direct, a disk is named <channel><slot>: the channel
 *   from the `channel PCI PORT NAME` line whose PCI (bus:device.function,
 *   without the PCI domain) and PORT (the first phy / phys_per_port) are
 *   the disk's HBA and port, the slot its bay_identifier, renumbered by
 *   `slot LINUX MAPPED CHANNEL` lines; the first `slot` line names the
 *   slot source (`slot bay`);
 * - channel lines are matched without stopping at the first, so two
 *   enclosures behind one HBA port get no usable name (multijbod mode
 *   aside);
 * - with `multipath yes`, only device-mapper multipath devices are named
 *   through channels (the lowest-numbered path's HBA and port), so both
 *   paths' channel lines carry one name and a single-path enclosure in
 *   that file is left unnamed. */
#include "zplan/vdevid.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/version.h"

struct zp_vdevid {
	const struct zp_model *m;
	bool *multipath;            /* per controller */
	bool *byvdev;               /* per enclosure: a disk with a by-vdev dev */
	size_t *first;              /* per enclosure: its first path in shared */
	bool *shared;               /* per path: its HBA port serves another */
};

static const char byvdev[] = "/dev/disk/by-vdev/";

/* The PCI address as vdev_id compares it: without the domain. */
static const char *pci_key(const char *pci)
{
	return pci + 5;
}

static const struct zp_hba *path_hba(const struct zp_model *m,
    const struct zp_path *p)
{
	if (p->ctrl.idx < 0 || p->hba_idx < 0)
		return NULL;
	return &ZP_CTRL(m, p->ctrl.idx)->hbas.v[p->hba_idx];
}

static bool same_port(const struct zp_model *m, const struct zp_path *a,
    const struct zp_path *b)
{
	const struct zp_hba *x = path_hba(m, a), *y = path_hba(m, b);

	return x && y && a->ctrl.idx == b->ctrl.idx && a->port == b->port &&
	    strcmp(pci_key(x->pci), pci_key(y->pci)) == 0;
}

/* Marks paths whose (controller, HBA, port) another enclosure uses too,
 * through a table keyed by that triple. */
static void find_shared(struct zp_vdevid *v)
{
	const struct zp_model *m = v->m;
	struct zp_htab h;
	struct zp_arena a;
	size_t i, j, n = 0;
	int32_t *owner;

	for (i = 0; i < m->enclosures.len; i++) {
		v->first[i] = n;
		n += ZP_ENCL(m, i)->paths.n;
	}
	v->first[i] = n;
	v->shared = zp_xcalloc(n ? n : 1, sizeof(bool));
	owner = zp_xcalloc(n ? n : 1, sizeof(int32_t));
	zp_htab_init(&h, n);
	zp_arena_init(&a);
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_paths *ps = &ZP_ENCL(m, i)->paths;

		for (j = 0; j < ps->n; j++) {
			const struct zp_hba *x = path_hba(m, &ps->v[j]);
			const char *key;
			int32_t prev;

			if (!x)
				continue;
			key = zp_arena_printf(&a, "%d %s %u", ps->v[j].ctrl.idx,
			    pci_key(x->pci), ps->v[j].port);
			owner[v->first[i] + j] = (int32_t)i;
			prev = zp_htab_put(&h, key, (int32_t)(v->first[i] + j));
			if (prev >= 0 && owner[prev] != (int32_t)i)
				v->shared[prev] = v->shared[v->first[i] + j] =
				    true;
		}
	}
	/* a third enclosure on that port found only the first: spread it */
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_paths *ps = &ZP_ENCL(m, i)->paths;

		for (j = 0; j < ps->n; j++) {
			const struct zp_hba *x = path_hba(m, &ps->v[j]);
			int32_t first;

			if (!x || v->shared[v->first[i] + j])
				continue;
			first = zp_htab_get(&h, zp_arena_printf(&a, "%d %s %u",
			    ps->v[j].ctrl.idx, pci_key(x->pci),
			    ps->v[j].port));
			if (first >= 0 && v->shared[first])
				v->shared[v->first[i] + j] = true;
		}
	}
	free(owner);
	zp_htab_release(&h);
	zp_arena_release(&a);
}

struct zp_vdevid *zp_vdevid_new(const struct zp_model *m)
{
	struct zp_vdevid *v = zp_xcalloc(1, sizeof(*v));
	size_t i, j, k;

	v->m = m;
	v->multipath = zp_xcalloc(m->controllers.len + 1, sizeof(bool));
	v->first = zp_xcalloc(m->enclosures.len + 1, sizeof(size_t));
	v->byvdev = zp_xcalloc(m->enclosures.len + 1, sizeof(bool));
	find_shared(v);
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *d = ZP_DISK(m, i);

		if (!d->internal && d->place >= 0 && strncmp(d->dev, byvdev,
		    sizeof(byvdev) - 1) == 0)
			v->byvdev[d->place] = true;
	}
	/* multipath mode for the enclosures whose disks channels name: an
	 * array of multipath LUNs with their own devs needs none */
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_paths *ps = &ZP_ENCL(m, i)->paths;

		if (!v->byvdev[i])
			continue;

		for (j = 0; j < ps->n; j++)
			for (k = j + 1; k < ps->n; k++)
				if (path_hba(m, &ps->v[j]) &&
				    path_hba(m, &ps->v[k]) &&
				    ps->v[j].ctrl.idx == ps->v[k].ctrl.idx &&
				    !same_port(m, &ps->v[j], &ps->v[k]))
					v->multipath[ps->v[j].ctrl.idx] = true;
	}
	return v;
}

void zp_vdevid_free(struct zp_vdevid *v)
{
	if (!v)
		return;
	free(v->multipath);
	free(v->byvdev);
	free(v->first);
	free(v->shared);
	free(v);
}

bool zp_vdevid_multipath(const struct zp_vdevid *v, int32_t c)
{
	return c >= 0 && v->multipath[c];
}

/* Whether the channel lines of host c can name enclosure e's disks. */
static enum zp_vid_gap encl_gap(const struct zp_vdevid *v, int32_t c,
    int32_t e)
{
	const struct zp_paths *ps = &ZP_ENCL(v->m, e)->paths;
	size_t j, n = 0;

	for (j = 0; j < ps->n; j++) {
		if (ps->v[j].ctrl.idx != c || !path_hba(v->m, &ps->v[j]))
			continue;
		if (v->shared[v->first[e] + j])
			return ZP_GAP_SHARED;
		n++;
	}
	if (!n)
		return ZP_GAP_NO_PATH;
	if (n < 2 && v->multipath[c])
		return ZP_GAP_SINGLE;
	return ZP_GAP_NONE;
}

/* Whether name is "<enclosure>-<slot>", the name a channel gives. */
static bool channel_name(const char *name, const struct zp_disk *d)
{
	const char *e = zp_disk_encl_name(d);
	size_t n = strlen(e);
	char *end;
	unsigned long s;

	if (strncmp(name, e, n) != 0 || name[n] != '-' || d->slot < 0)
		return false;
	if (name[n + 1] < '0' || name[n + 1] > '9' ||
	    (name[n + 1] == '0' && name[n + 2]))
		return false;
	s = strtoul(name + n + 1, &end, 10);
	return !*end && s == (unsigned long)d->slot;
}

enum zp_vid_how zp_vdevid_how(const struct zp_vdevid *v, int32_t ctrl,
    size_t i, enum zp_vid_gap *gap)
{
	const struct zp_model *m = v->m;
	const struct zp_disk *d = ZP_DISK(m, i);
	const struct zp_disk_ident *x;

	*gap = ZP_GAP_NO_PATH;
	if (strncmp(d->dev, byvdev, sizeof(byvdev) - 1) != 0 ||
	    m->policy.vdev_id_external)
		return ZP_VID_OWN;
	if (ctrl >= 0 && !d->internal && d->place >= 0) {
		*gap = encl_gap(v, ctrl, d->place);
		if (*gap == ZP_GAP_NONE) {
			if (channel_name(d->dev + sizeof(byvdev) - 1, d))
				return ZP_VID_CHANNEL;
			*gap = ZP_GAP_NAME;
		}
	}
	x = zp_disk_ident(m, i);
	return x && x->wwn ? ZP_VID_ALIAS : ZP_VID_NONE;
}

/* ---- the file ---- */

/* A udev link naming a whole disk, which an alias line can point at. */
static bool udev_link(const char *dev)
{
	static const char *const dirs[] = {
		"/dev/disk/by-id/", "/dev/disk/by-path/", "/dev/mapper/", NULL
	};
	size_t i, n = strlen(dev);

	if (strpbrk(dev, " \t\n\r\v\f#"))
		return false;
	for (i = 0; dirs[i]; i++)
		if (strncmp(dev, dirs[i], strlen(dirs[i])) == 0)
			break;
	if (!dirs[i])
		return false;
	/* a partition: by-id/...-part3; a dm name ending p<digits> */
	while (n && dev[n - 1] >= '0' && dev[n - 1] <= '9')
		n--;
	if (n != strlen(dev) && (dev[n - 1] == 'p' ||
	    (n >= 5 && strncmp(dev + n - 5, "-part", 5) == 0)))
		return false;
	return true;
}

static void header(FILE *out, const struct zp_model *m, int32_t ctrl,
    const char *model, const char *sha256)
{
	const char *host = ctrl >= 0 ? ZP_CTRL(m, ctrl)->id : "localhost";

	fprintf(out, "# vdev_id.conf of %s from the model ", host);
	for (; *model; model++)
		putc((unsigned char)*model < 0x20 || *model == 0x7f ? '?' :
		    *model, out);
	fprintf(out, "\n# (sha256 %s), by zplan %s.\n", sha256, ZPLAN_VERSION);
	fprintf(out, "# Install as /etc/zfs/vdev_id.conf on %s, then run "
	    "`udevadm trigger`:\n# each disk appears as "
	    "/dev/disk/by-vdev/<id>, by its id in the model.\n", host);
}

/* Where an enclosure's bays are numbered from first_slot, the slot lines
 * that renumber the kernel's bay_identifier (from 0, the SES element
 * order) to the model's slots, for its channel only. */
static void slots(FILE *out, const struct zp_enclosure *x)
{
	uint32_t b;

	if (!x->first_slot)
		return;
	fprintf(out, "# %s numbers its bays from %u\n", x->id, x->first_slot);
	for (b = 0; b < x->slots; b++)
		fprintf(out, "slot %u %u %s-\n", b, b + x->first_slot, x->id);
}

/* The channel lines of host ctrl: one per path, named "<enclosure>-". */
static long channels(FILE *out, const struct zp_vdevid *v, int32_t ctrl,
    bool *started, const char *model, const char *sha256)
{
	const struct zp_model *m = v->m;
	long n = 0;
	size_t e, j;

	for (e = 0; ctrl >= 0 && e < m->enclosures.len; e++) {
		const struct zp_enclosure *x = ZP_ENCL(m, e);
		enum zp_vid_gap gap = encl_gap(v, ctrl, (int32_t)e);

		if (gap == ZP_GAP_NO_PATH || !v->byvdev[e])
			continue;
		if (!*started) {
			header(out, m, ctrl, model, sha256);
			fprintf(out, "\nmultipath %s\ntopology sas_direct\n"
			    "phys_per_port 4\nslot bay\n\n"
			    "#       PCI_ID   PORT  CHANNEL\n",
			    v->multipath[ctrl] ? "yes" : "no");
			*started = true;
		}
		if (gap != ZP_GAP_NONE) {
			fprintf(out, "# %s: no channel (%s)\n", x->id,
			    gap == ZP_GAP_SHARED ? "its HBA port serves "
			    "another enclosure too" : "one path, and this "
			    "file is in multipath mode");
			continue;
		}
		for (j = 0; j < x->paths.n; j++) {
			const struct zp_path *p = &x->paths.v[j];
			const struct zp_hba *h = path_hba(m, p);

			if (p->ctrl.idx != ctrl || !h)
				continue;
			fprintf(out, "channel %-8s %-5u %s-\n", pci_key(h->pci),
			    p->port, x->id);
			n++;
		}
		slots(out, x);
	}
	return n;
}

/* Every disk the pools of ctrl use, once, in disk order. */
static void host_disks(const struct zp_model *m, int32_t ctrl, bool *used)
{
	size_t p, v, k;

	for (p = 0; p < m->pools.len; p++) {
		const struct zp_pool *pl = ZP_POOL(m, p);
		const struct zp_vdevs *lists[2] = { &pl->vdevs, &pl->log };
		const struct zp_refs *refs[2] = { &pl->cache, &pl->spares };
		size_t l;

		if (pl->controller.idx != ctrl)
			continue;
		for (l = 0; l < 2; l++)
			for (v = 0; v < lists[l]->n; v++)
				for (k = 0; k < lists[l]->v[v].n; k++)
					if (lists[l]->v[v].members[k].idx >= 0)
						used[lists[l]->v[v].members[k].
						    idx] = true;
		for (l = 0; l < 2; l++)
			for (k = 0; k < refs[l]->n; k++)
				if (refs[l]->v[k].idx >= 0)
					used[refs[l]->v[k].idx] = true;
	}
}

long zp_vdevid_write(FILE *out, const struct zp_vdevid *v, int32_t ctrl,
    const char *model, const char *sha256)
{
	const struct zp_model *m = v->m;
	bool started = false, *used, gap_line = false;
	long n;
	size_t i;

	n = channels(out, v, ctrl, &started, model, sha256);
	used = zp_xcalloc(m->disks.len + 1, sizeof(bool));
	host_disks(m, ctrl, used);
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *d = ZP_DISK(m, i);
		const struct zp_disk_ident *x;
		enum zp_vid_gap gap;
		enum zp_vid_how how;

		if (!used[i])
			continue;
		how = zp_vdevid_how(v, ctrl, i, &gap);
		if (how == ZP_VID_OWN && !udev_link(d->dev))
			continue;
		if (how == ZP_VID_CHANNEL || how == ZP_VID_NONE)
			continue;
		if (!started) {
			header(out, m, ctrl, model, sha256);
			started = true;
		}
		if (!gap_line) {
			putc('\n', out);
			gap_line = true;
		}
		x = zp_disk_ident(m, i);
		if (how == ZP_VID_ALIAS)
			fprintf(out, "alias %s /dev/disk/by-id/%s%s\n", d->id,
			    strncmp(x->wwn, "eui.", 4) == 0 ? "nvme-" :
			    "wwn-", x->wwn);
		else
			fprintf(out, "alias %s %s\n", d->id, d->dev);
		n++;
	}
	free(used);
	return ferror(out) ? -1 : n;
}
