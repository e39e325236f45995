/* plan: owns the planner: after link, it resolves every pool's intents
 * (vdevs, log, cache, spares; model.md "Planner intents") into explicit
 * lists of free disks, pools in file order, and records the disks' use as
 * link.c does, so that rules and commands see an explicit model. */
#ifndef ZPLAN_PLAN_H
#define ZPLAN_PLAN_H

#include <stddef.h>
#include <stdint.h>

#include "zplan/diag.h"
#include "zplan/model.h"

/* Plans every intent of m under its policy. A pool that cannot be planned
 * gets one plan-infeasible error, at the intent that fails, naming what is
 * short; it takes no disk and is marked unplanned. */
void zp_plan(struct zp_model *m, struct zp_diags *d);

/* The two steps of the choice, pure functions (tests call them).
 *
 * zp_plan_quota: k vdevs of width members each are to be drawn from n
 * places (enclosures); place i has avail[i] free disks of the type and the
 * pool already has used[i] there. Sets quota[i], the disks place i gives:
 * at most avail[i] and at most cap * k (cap: members one vdev may take from
 * one place), so that the pool's disks per place (used + quota) are as
 * even as they can be; what is left after the even share goes to places
 * with more free disks left, then to lower i. Returns 0, or -1 when the
 * places cannot give k * width under those bounds. */
int zp_plan_quota(size_t n, const uint32_t *avail, const uint32_t *used,
    uint32_t k, uint32_t width, uint32_t cap, uint32_t *quota);

/* zp_plan_deal: deals the quotas (summing to k * width, each at most
 * cap * k) out to k vdevs: out[v * width + j] is the place of member j of
 * vdev v, ascending within a vdev. A vdev takes at most cap members of one
 * place and as many places as it can; the places with the most quota left
 * go first, ties to lower i. Returns 0, or -1 when the quotas break the
 * bounds above. */
int zp_plan_deal(size_t n, const uint32_t *quota, uint32_t k, uint32_t width,
    uint32_t cap, uint32_t *out);

#endif
