/* poolcap: a pool's capacity from the model. */
#include "zplan/poolcap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum zp_cap_kind cap_kind(enum zp_vkind k)
{
	return k == ZP_VDEV_DISK ? ZP_CAP_DISK : k == ZP_VDEV_MIRROR ?
	    ZP_CAP_MIRROR : ZP_CAP_RAIDZ;
}

static uint64_t sum_sizes(const struct zp_model *m, const struct zp_ref *r,
    size_t n)
{
	uint64_t s = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		const struct zp_disk *d = zp_ref_disk(m, &r[i]);
		const struct zp_drive_type *t = d ? zp_disk_type(m, d) : NULL;

		if (t)
			s += t->size;
	}
	return s;
}

int zp_pool_capacity(const struct zp_model *m, const struct zp_pool *p,
    struct zp_pool_cap *out, const char **why)
{
	struct zp_partitioning part = {
		m->policy.partitioning, m->policy.partition_keep
	};
	struct zp_cap_vdev vs[64], *v = vs;
	size_t i, j;
	int rc;

	memset(out, 0, sizeof(*out));
	if (p->vdevs.n > sizeof(vs) / sizeof(vs[0]))
		v = zp_xcalloc(p->vdevs.n, sizeof(*v));
	for (i = 0; i < p->vdevs.n; i++) {
		const struct zp_vdev *x = &p->vdevs.v[i];
		uint64_t best = UINT64_MAX;

		memset(&v[i], 0, sizeof(v[i]));
		v[i].kind = cap_kind(x->kind);
		v[i].nparity = zp_vkind_parity(x->kind);
		v[i].nchildren = (unsigned)x->n;
		for (j = 0; j < x->n; j++) {
			const struct zp_disk *d = zp_ref_disk(m, &x->members[j]);
			const struct zp_drive_type *t = d ? zp_disk_type(m, d) :
			    NULL;
			uint64_t dev;

			if (!t) {
				*why = "a vdev member or its drive type is "
				    "unknown";
				rc = -1;
				goto out;
			}
			/* the member whose device ZFS sees as smallest */
			dev = zp_cap_device_bytes(t->size, t->sector, part);
			if (dev < best) {
				best = dev;
				v[i].min_child_bytes = t->size;
				v[i].sector = t->sector;
			}
			v[i].raw_bytes += t->size;
			if (t->size > out->largest_data_disk)
				out->largest_data_disk = t->size;
			out->data_disks++;
		}
	}
	rc = zp_cap_pool(v, p->vdevs.n, zp_pool_ashift(m, p),
	    m->policy.platform, part, &out->cap, why);
	for (i = 0; i < p->log.n; i++)
		out->log_bytes += sum_sizes(m, p->log.v[i].members,
		    p->log.v[i].n);
	out->cache_bytes = sum_sizes(m, p->cache.v, p->cache.n);
	out->spares = (uint32_t)p->spares.n;
out:
	if (v != vs)
		free(v);
	return rc;
}

void zp_pool_layout(const struct zp_pool *p, char *buf, size_t len)
{
	size_t i = 0, o = 0;

	buf[0] = '\0';
	while (i < p->vdevs.n && o < len) {
		const struct zp_vdev *x = &p->vdevs.v[i];
		size_t j = i + 1;
		int w;

		while (j < p->vdevs.n && p->vdevs.v[j].kind == x->kind &&
		    p->vdevs.v[j].n == x->n)
			j++;
		if (x->kind == ZP_VDEV_DISK)
			w = snprintf(buf + o, len - o, "%s%zu x disk",
			    o ? " + " : "", j - i);
		else
			w = snprintf(buf + o, len - o, "%s%zu x %s-%zu",
			    o ? " + " : "", j - i, zp_vkind_name(x->kind),
			    x->n);
		if (w < 0)
			break;
		o += (size_t)w;
		i = j;
	}
}
