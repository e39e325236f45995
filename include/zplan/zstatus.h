/* zstatus: owns reading `zpool status -j` (OpenZFS 2.3 and later) in all
 * its forms (numbers as strings or, with --json-int, integers; vdevs
 * nested or, with --json-flat-vdevs, flat with "parent" keys) into one
 * vdev tree per pool. */
#ifndef ZPLAN_ZSTATUS_H
#define ZPLAN_ZSTATUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zplan/arena.h"
#include "zplan/model.h"

/* Where a top-level vdev sits: data, log, cache (l2cache), spare, or a
 * special or dedup class vdev. */
enum zs_class { ZS_DATA, ZS_LOG, ZS_CACHE, ZS_SPARE, ZS_SPECIAL };

struct zs_vdev {
	const char *name, *type, *path, *was, *state, *aux, *cls, *used_by;
	const char *parent;         /* "parent" key, else the enclosing vdev */
	struct zp_loc loc;          /* in the status file */
	uint8_t section;            /* enum zs_class of the key it came under */
	int32_t up, child, last, next;  /* tree links, -1: none */
};

struct zs_pool {
	const char *name, *state;
	struct zp_loc loc;
	size_t first, end;          /* its vdevs: vdevs[first..end) */
	int32_t root;               /* the vdev of type root, or -1 */
};

struct zs_status {
	const char *file;
	struct zp_arena arena;
	struct zp_vec pools;        /* struct zs_pool */
	struct zp_vec vdevs;        /* struct zs_vdev; duplicates dropped */
};

#define ZS_POOL(st, i) ZP_VEC_AT(&(st)->pools, struct zs_pool, i)
#define ZS_VDEV(st, i) ZP_VEC_AT(&(st)->vdevs, struct zs_vdev, i)

/* Reads path ("-": standard input). Returns 0, or -1 with a located
 * message ("FILE:LINE:COL: error: ...") in why. Every vdev but a pool's
 * root and its log, cache, spare and special top-levels has an `up`;
 * children keep the order of the file. */
int zs_read(struct zs_status *st, const char *path, char *why, size_t len);
void zs_release(struct zs_status *st);

/* The class of a top-level vdev: its "class", else the key it came
 * under. */
enum zs_class zs_class_of(const struct zs_vdev *v);
/* The device path of a leaf: "path", else "was" (a missing device), else
 * its name. */
const char *zs_dev(const struct zs_vdev *v);
/* Whether a state is healthy: ONLINE (or HEALTHY, as an early 2.3
 * manual wrote it). */
bool zs_online(const char *state);

#endif
