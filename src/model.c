/* model: creation, release and small shared queries. */
#include "zplan/model.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/policy.h"

struct zp_model *zp_model_new(const char *file)
{
	struct zp_model *m = zp_xcalloc(1, sizeof(*m));

	zp_arena_init(&m->arena);
	m->file = file;
	zp_policy_defaults(&m->policy, &m->arena);
	zp_vec_init(&m->drive_types, sizeof(struct zp_drive_type));
	zp_vec_init(&m->controllers, sizeof(struct zp_controller));
	zp_vec_init(&m->enclosures, sizeof(struct zp_enclosure));
	zp_vec_init(&m->disks, sizeof(struct zp_disk));
	zp_vec_init(&m->pools, sizeof(struct zp_pool));
	zp_vec_init(&m->filesystems, sizeof(struct zp_fs));
	zp_vec_init(&m->switches, sizeof(struct zp_switch));
	zp_vec_init(&m->clients, sizeof(struct zp_client));
	zp_vec_init(&m->groups, sizeof(struct zp_mount_group));
	zp_vec_init(&m->mounts, sizeof(struct zp_mount));
	zp_vec_init(&m->dups, sizeof(struct zp_dup));
	zp_vec_init(&m->reuses, sizeof(struct zp_reuse));
	return m;
}

void zp_model_free(struct zp_model *m)
{
	struct zp_htab *tabs[8];
	struct zp_vec *vecs[12];
	size_t i;

	if (!m)
		return;
	tabs[0] = &m->h_types;
	tabs[1] = &m->h_ctrls;
	tabs[2] = &m->h_encls;
	tabs[3] = &m->h_disks;
	tabs[4] = &m->h_pools;
	tabs[5] = &m->h_fs;
	tabs[6] = &m->h_switches;
	tabs[7] = &m->h_clients;
	vecs[0] = &m->drive_types;
	vecs[1] = &m->controllers;
	vecs[2] = &m->enclosures;
	vecs[3] = &m->disks;
	vecs[4] = &m->pools;
	vecs[5] = &m->filesystems;
	vecs[6] = &m->switches;
	vecs[7] = &m->clients;
	vecs[8] = &m->groups;
	vecs[9] = &m->mounts;
	vecs[10] = &m->dups;
	vecs[11] = &m->reuses;
	for (i = 0; i < 8; i++)
		zp_htab_release(tabs[i]);
	for (i = 0; i < 12; i++)
		zp_vec_release(vecs[i]);
	free(m->use);
	zp_arena_release(&m->arena);
	free(m);
}

const char *zp_media_name(enum zp_media m)
{
	static const char *const names[] = { "unknown", "hdd", "ssd", "nvme" };
	return names[m];
}

const char *zp_vkind_name(enum zp_vkind k)
{
	static const char *const names[] = {
		"disk", "mirror", "raidz1", "raidz2", "raidz3"
	};
	return names[k];
}

unsigned zp_vkind_parity(enum zp_vkind k)
{
	return k >= ZP_VDEV_RAIDZ1 ? (unsigned)(k - ZP_VDEV_RAIDZ1 + 1) : 0;
}

const char *zp_platform_name(enum zp_platform p)
{
	static const char *const names[] = {
		"openzfs", "openzfs-2.0", "legacy"
	};
	return names[p];
}

const struct zp_drive_type *zp_disk_type(const struct zp_model *m,
    const struct zp_disk *d)
{
	return d->type.idx >= 0 ? ZP_DT(m, d->type.idx) : NULL;
}

const struct zp_disk *zp_ref_disk(const struct zp_model *m,
    const struct zp_ref *r)
{
	return r->idx >= 0 ? ZP_DISK(m, r->idx) : NULL;
}

uint32_t zp_pool_ashift(const struct zp_model *m, const struct zp_pool *p)
{
	return p->has_ashift ? p->ashift : m->policy.ashift;
}

const struct zp_kv *zp_kv_get(const struct zp_kvs *kv, const char *key)
{
	size_t i;

	for (i = 0; i < kv->n; i++)
		if (strcmp(kv->v[i].key, key) == 0)
			return &kv->v[i];
	return NULL;
}
