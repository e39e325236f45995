/* zstatus: owns reading what `zpool status` prints of a host into one vdev
 * tree per pool: `zpool status -j` (OpenZFS 2.3 and later) in all its
 * forms (numbers as strings or, with --json-int, integers; vdevs nested
 * or, with --json-flat-vdevs, flat with "parent" keys), and the text of
 * `zpool status` with or without -P and -L (src/zstatus_text.c), told
 * apart by the input itself. */
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
	/* some leaf is named as zpool names it without -P (its device's
	 * name in its directory: sda, wwn-0x5000c500a1b2c3d4), so it has no
	 * path: match model devices by zs_short_dev too */
	bool short_names;
};

#define ZS_POOL(st, i) ZP_VEC_AT(&(st)->pools, struct zs_pool, i)
#define ZS_VDEV(st, i) ZP_VEC_AT(&(st)->vdevs, struct zs_vdev, i)

/* Reads path ("-": standard input): JSON if it starts with "{", else
 * text. Returns 0, or -1 with a located message ("FILE:LINE:COL: error:
 * ...") in why. Every vdev but a pool's
 * root and its log, cache, spare and special top-levels has an `up`;
 * children keep the order of the file. */
int zs_read(struct zs_status *st, const char *path, char *why, size_t len);
void zs_release(struct zs_status *st);
/* The text reader: buf (len bytes) into st, which zs_read has set up;
 * name is the input's name for messages. */
int zs_read_text(struct zs_status *st, const char *name, const char *buf,
    size_t len, char *why, size_t wlen);
/* The name zpool status gives a whole disk at dev without -P: dev with
 * its directory dropped where zpool drops it (/dev/disk/by-id/X: X,
 * /dev/sda: sda, /dev/dsk/c0t0d0: c0t0d0); dev itself elsewhere. */
const char *zs_short_dev(const char *dev);

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
