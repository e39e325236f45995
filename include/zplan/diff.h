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

#endif
