/* poolcap: owns the capacity of a model's pools: turns a pool's vdevs,
 * disks and policy into capacity.h's descriptors and sums them. */
#ifndef ZPLAN_POOLCAP_H
#define ZPLAN_POOLCAP_H

#include "zplan/capacity.h"
#include "zplan/model.h"

struct zp_pool_cap {
	struct zp_cap_pool cap;
	uint64_t log_bytes, cache_bytes;    /* sizes as sold */
	uint64_t data_disks;
	uint32_t spares;
	uint64_t largest_data_disk;         /* size as sold */
};

/* The capacity of pool p under m's policy. Returns 0, or -1 with *why when
 * a member or its drive type is unresolved (the model has errors) or a
 * vdev cannot be summed. */
int zp_pool_capacity(const struct zp_model *m, const struct zp_pool *p,
    struct zp_pool_cap *out, const char **why);

/* The *why of zp_pool_capacity when a sum of sizes would pass 2^64: the
 * schema rule reports it, so that no command prints a wrapped figure. */
extern const char zp_pool_too_large[];

/* "38 x mirror-2", "1 x raidz2-8", "2 x mirror-2 + 1 x disk". */
void zp_pool_layout(const struct zp_pool *p, char *buf, size_t len);

#endif
