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
	zp_vec_init(&m->dev_dups, sizeof(struct zp_dup));
	zp_vec_init(&m->reuses, sizeof(struct zp_reuse));
	zp_vec_init(&m->far_locs, sizeof(struct zp_loc));
	zp_vec_init(&m->idents, sizeof(struct zp_disk_ident));
	return m;
}

bool zp_ref_broken(const struct zp_model *m, int k, const char *name)
{
	const struct zp_broken *b;

	if ((m->broken_kinds >> k) & 1)
		return true;
	if (k != ZP_K_DISK)
		return false;
	for (b = m->broken; b; b = b->next) {
		size_t n = strlen(b->prefix);
		const char *s = name + n;
		uint64_t v = 0;

		if (strncmp(name, b->prefix, n) != 0 || !*s)
			continue;
		while (*s >= '0' && *s <= '9' && v <= UINT32_MAX)
			v = v * 10 + (uint64_t)(*s++ - '0');
		if (!*s && v >= b->lo && v <= b->hi)
			return true;
	}
	return false;
}

void zp_model_free(struct zp_model *m)
{
	struct zp_htab *tabs[8];
	struct zp_vec *vecs[15];
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
	vecs[12] = &m->far_locs;
	vecs[13] = &m->dev_dups;
	vecs[14] = &m->idents;
	for (i = 0; i < 8; i++)
		zp_htab_release(tabs[i]);
	for (i = 0; i < 15; i++)
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

const char *zp_srv_os_name(enum zp_srv_os os)
{
	static const char *const names[] = { "linux", "freebsd", "illumos" };
	return names[os];
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
	return d->type >= 0 ? ZP_DT(m, d->type) : NULL;
}

#define AT_FAR 0x80000000u
#define AT_COL_BITS 20
#define AT_MAX_DLINE 2047u

zp_at zp_at_pack(struct zp_model *m, struct zp_loc base, struct zp_loc l)
{
	uint32_t dl = l.line - base.line;

	if (!l.line)
		return 0;
	if (l.line >= base.line && dl <= AT_MAX_DLINE && l.col >= 1 &&
	    l.col < (1u << AT_COL_BITS))
		return dl << AT_COL_BITS | l.col;
	*(struct zp_loc *)zp_vec_push(&m->far_locs) = l;
	return AT_FAR | (uint32_t)(m->far_locs.len - 1);
}

struct zp_loc zp_at_loc(const struct zp_model *m, struct zp_loc base,
    zp_at a)
{
	struct zp_loc l = { 0, 0 };

	if (a & AT_FAR)
		return *ZP_VEC_AT(&m->far_locs, struct zp_loc, a & ~AT_FAR);
	if (a) {
		l.line = base.line + (a >> AT_COL_BITS);
		l.col = a & ((1u << AT_COL_BITS) - 1);
	}
	return l;
}

struct zp_loc zp_disk_loc(const struct zp_model *m, const struct zp_disk *d,
    enum zp_disk_field f)
{
	return zp_at_loc(m, d->loc, d->at[f]);
}

struct zp_ref zp_disk_ref(const struct zp_model *m, const struct zp_disk *d,
    enum zp_disk_field f)
{
	struct zp_ref r;

	r.name = f == ZP_DF_TYPE ? d->type_name : d->place_name;
	r.idx = f == ZP_DF_TYPE ? d->type : d->place;
	r.loc = zp_disk_loc(m, d, f);
	return r;
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

const struct zp_disk_ident *zp_disk_ident(const struct zp_model *m,
    size_t i)
{
	size_t lo = 0, hi = m->idents.len;

	if (i >= m->disks.len || !ZP_DISK(m, i)->has_ident)
		return NULL;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct zp_disk_ident *x = ZP_VEC_AT(&m->idents,
		    struct zp_disk_ident, mid);

		if (x->disk == i)
			return x;
		if (x->disk < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

int32_t zp_disk_host(const struct zp_model *m, const struct zp_disk *d)
{
	const struct zp_enclosure *e;
	size_t i;

	if (d->place < 0)
		return -1;
	if (d->internal)
		return d->place;
	e = ZP_ENCL(m, d->place);
	for (i = 0; i < e->paths.n; i++)
		if (e->paths.v[i].ctrl.idx >= 0)
			return e->paths.v[i].ctrl.idx;
	for (i = 0; i < e->controllers.n; i++)
		if (e->controllers.v[i].idx >= 0)
			return e->controllers.v[i].idx;
	return m->controllers.len ? 0 : -1;
}
