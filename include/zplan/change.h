/* change: owns planning zplan change: from what zpool status shows of a
 * host (zstatus.h) and the explicit model, the additive, data-safe steps
 * that take each pool of the host to the model (zpool add, attach,
 * replace; remove and detach only where allowed), and the refusals: every
 * difference that cannot be made without destroying data, each an error
 * at the model's node naming the pool, the vdev and why. Pure: no host is
 * touched; change_script.c writes the steps as a script. */
#ifndef ZPLAN_CHANGE_H
#define ZPLAN_CHANGE_H

#include <stdbool.h>

#include "zplan/diag.h"
#include "zplan/model.h"
#include "zplan/zstatus.h"

enum zc_kind {
	ZC_REPLACE,     /* zpool replace POOL OLD NEW */
	ZC_ATTACH,      /* zpool attach POOL OLD NEW (a mirror member, or a
			 * raidz vdev's expansion by a disk) */
	ZC_ADD,         /* zpool add POOL [log|cache|spare] VDEV */
	ZC_DETACH,      /* zpool detach POOL OLD (--allow-remove) */
	ZC_REMOVE       /* zpool remove POOL OLD (--allow-remove) */
};

struct zc_step {
	enum zc_kind kind;
	int32_t pool;                   /* model pool */
	const char *cls;                /* ADD: NULL (data), log, cache,
					 * spare */
	const struct zp_vdev *vdev;     /* ADD of a data or log vdev */
	const struct zp_ref *disk;      /* the new disk: ADD of cache or
					 * spare, ATTACH, REPLACE */
	const char *old;                /* the device or vdev zpool knows:
					 * ATTACH, REPLACE, DETACH, REMOVE */
	const char **gone;              /* DETACH, REMOVE: its device paths
					 * (done once none is there) */
	size_t ngone;
	const char *what;               /* the step, for its progress line */
};

struct zc_plan {
	struct zp_arena arena;
	struct zp_vec steps;            /* struct zc_step, in script order */
	struct zp_vec pools;            /* int32_t: the host's model pools */
	size_t refused;
};

/* Plans the change of host (a controller id of m; NULL: every pool of m)
 * from st. Refusals go to d as errors (nothing is to be written when
 * plan->refused); the steps to plan. allow_remove permits removing logs,
 * caches, spares, and data vdevs where ZFS can. */
void zp_change_plan(const struct zp_model *m, const struct zs_status *st,
    const char *host, bool allow_remove, struct zc_plan *plan,
    struct zp_diags *d);
void zp_change_release(struct zc_plan *plan);

#endif
