/* poolcap: a pool's capacity from the model. */
#include "zplan/poolcap.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static enum zp_cap_kind cap_kind(enum zp_vkind k)
{
	return k == ZP_VDEV_DISK ? ZP_CAP_DISK : k == ZP_VDEV_MIRROR ?
	    ZP_CAP_MIRROR : ZP_CAP_RAIDZ;
}

const char zp_pool_too_large[] = "its disks' sizes sum past 2^64 bytes "
    "(16 EiB), which no figure can hold";
#define too_large zp_pool_too_large

/* *s += v; false (and *s unchanged) where the sum would pass 2^64. */
static bool add_size(uint64_t *s, uint64_t v)
{
	if (*s > UINT64_MAX - v)
		return false;
	*s += v;
	return true;
}

/* Adds the sizes of n disks to *s; false on overflow. */
static bool sum_sizes(const struct zp_model *m, const struct zp_ref *r,
    size_t n, uint64_t *s)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct zp_disk *d = zp_ref_disk(m, &r[i]);
		const struct zp_drive_type *t = d ? zp_disk_type(m, d) : NULL;

		if (t && !add_size(s, t->size))
			return false;
	}
	return true;
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
			if (!add_size(&v[i].raw_bytes, t->size)) {
				*why = too_large;
				rc = -1;
				goto out;
			}
			if (t->size > out->largest_data_disk)
				out->largest_data_disk = t->size;
			out->data_disks++;
		}
	}
	rc = zp_cap_pool(v, p->vdevs.n, zp_pool_ashift(m, p),
	    m->policy.platform, part, &out->cap, why);
	if (rc != 0 && (strcmp(*why, "pool too large") == 0 ||
	    strcmp(*why, "vdev too large") == 0))
		*why = too_large;
	for (i = 0; i < p->log.n; i++)
		if (!sum_sizes(m, p->log.v[i].members, p->log.v[i].n,
		    &out->log_bytes)) {
			*why = too_large;
			rc = -1;
		}
	if (!sum_sizes(m, p->cache.v, p->cache.n, &out->cache_bytes)) {
		*why = too_large;
		rc = -1;
	}
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
