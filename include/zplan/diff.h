/* diff: owns comparing a model's pools with what a host has (zstatus.h):
 * each difference a finding of one drift-* rule (rules/drift.c), located
 * at the model's node: the pool, the vdev, the member. */
#ifndef ZPLAN_DIFF_H
#define ZPLAN_DIFF_H

#include <stdbool.h>

#include "zplan/diag.h"
#include "zplan/model.h"
#include "zplan/zstatus.h"

/* Compares m (loaded, planned, without errors) with st. host: the id of a
 * controller of m, whose pools are the ones expected; NULL: every pool.
 * A pool of another controller that st shows is compared all the same. */
void zp_diff(const struct zp_model *m, const struct zs_status *st,
    const char *host, struct zp_diags *d);

/* Whether a model dev and a path zpool status shows are one device: the
 * same path, or the path of its partition 1 (what zpool create makes of a
 * whole disk): DEV-part1, or outside /dev/disk/ DEV1 (sda1) and DEVp1
 * (nvme0n1p1) when DEV ends in a digit. */
bool zp_diff_same_dev(const char *dev, const char *path);

/* How one pool of the model and the pool of that name on the host pair up,
 * as zp_diff pairs them (most shared devices first, then in order): what
 * zplan change plans its steps from. Indices are into st->vdevs; -1:
 * none. A member's slot is its leaf, or the spare-N or replacing-N vdev
 * standing in its place. */
struct zp_pairing {
	const struct zp_pool *p;
	const struct zs_pool *sp;
	int32_t *data, *log;            /* per model vdev: its status top */
	int32_t **data_m, **log_m;      /* per vdev, per member: its slot */
	int32_t *cache, *spares;        /* per item: its slot */
	struct zp_vec extra;            /* int32_t: unpaired tops (data,
					 * special, log) and cache and
					 * spare slots */
	int32_t last_data;              /* the pool's last non-log top */
};

/* Pairs pool p of m with sp of st. Release with zp_pairing_release. */
void zp_pair(const struct zp_model *m, const struct zs_status *st,
    const struct zp_pool *p, const struct zs_pool *sp, struct zp_pairing *r);
void zp_pairing_release(struct zp_pairing *r);
/* The slots of a status top: its leaves, and its spare-N and replacing-N
 * vdevs as one each; n of them written to out (at most max); returns
 * how many there are. */
size_t zp_top_slots(const struct zs_status *st, int32_t top, int32_t *out,
    size_t max);

#endif
