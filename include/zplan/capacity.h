/* capacity: owns the capacity arithmetic of capacity.md (disk to leaf vdev,
 * top-level asize, raidz deflation, metaslabs, slop, pool totals) as pure
 * 64-bit integer functions, with no dependency on the model. */
#ifndef ZPLAN_CAPACITY_H
#define ZPLAN_CAPACITY_H

#include <stddef.h>
#include <stdint.h>

/* Which ZFS does the sums (model.md policy.platform). */
enum zp_platform {
	ZP_PLAT_OPENZFS,	/* OpenZFS 2.1 and later: embedded log class */
	ZP_PLAT_OPENZFS_2_0,	/* OpenZFS 0.7 to 2.0; metaslabs as 0.8+ */
	ZP_PLAT_LEGACY,		/* Solaris, illumos < 2015, ZoL <= 0.6.4 */
};

/* What a whole disk loses before ZFS sees it (policy.partitioning). */
enum zp_part {
	ZP_PART_LINUX,	/* OpenZFS's GPT label, partition 1 */
	ZP_PART_NONE,	/* the whole device */
	ZP_PART_KEEP,	/* keep_bytes kept back per disk, then as NONE */
};

struct zp_partitioning {
	enum zp_part kind;
	uint64_t keep_bytes;	/* ZP_PART_KEEP only */
};

enum zp_cap_kind { ZP_CAP_DISK, ZP_CAP_MIRROR, ZP_CAP_RAIDZ };

/* Every step returns 0 where ZFS would have no space (a disk smaller than
 * its labels, a partition below 64 MiB, an invalid argument); none of them
 * underflows or overflows. Sizes are bytes. */

/* 1. Disk to leaf vdev. */

/* Bytes of GPT partition 1 that zpool create writes on a whole disk of
 * size bytes with logical sector 512 or 4096 (0 means 512):
 * P2ALIGN(S - (16384/L + 1) - 16384 - 2048, 2048) sectors, S = size / L.
 * 0 if it would be below 64 MiB (zpool_label_disk refuses) or sector is
 * another value. */
uint64_t zp_cap_gpt_partition(uint64_t size, uint32_t sector);

/* The device size ZFS opens (osize) for one disk under partitioning. */
uint64_t zp_cap_device_bytes(uint64_t size, uint32_t sector,
    struct zp_partitioning part);

/* Leaf asize: P2ALIGN(osize, 256 KiB) - 4.5 MiB; 0 below 64 MiB. */
uint64_t zp_cap_leaf_asize(uint64_t osize);

/* 2. Top-level vdev. */

/* Top-level asize from its children's leaf asizes: disk, mirror: the
 * smallest; raidz: n * the smallest. 0 if n is 0 or on overflow. */
uint64_t zp_cap_top_asize(enum zp_cap_kind kind, const uint64_t *child_asize,
    size_t n);

/* Deflate ratio (units of 1/512) for a 128 KiB block: 512 for disk and
 * mirror; for raidz of nchildren with nparity at ashift, 2^17 / (its
 * allocated size >> 9). 0 for an invalid raidz (nparity not 1..3,
 * nchildren <= nparity) or ashift not 9..16. */
uint32_t zp_cap_deflate_ratio(enum zp_cap_kind kind, unsigned nparity,
    unsigned nchildren, unsigned ashift);

/* (space >> 9) * ratio: what the DMU sees of raw allocatable space; never
 * more than space (0 for a ratio above 512, which no vdev has). */
uint64_t zp_cap_deflate(uint64_t space, uint32_t ratio);

/* 3. Metaslabs. */

/* log2 of the metaslab size of a top-level vdev of asize. */
unsigned zp_cap_ms_shift(uint64_t asize, enum zp_platform plat);

/* asize >> shift: whole metaslabs; the remainder is never allocated. */
uint64_t zp_cap_ms_count(uint64_t asize, unsigned shift);

/* Metaslabs a normal-class vdev of ms_count gives to the embedded log
 * class: 1 above 64 on ZP_PLAT_OPENZFS, else 0. */
uint64_t zp_cap_embedded_log_ms(uint64_t ms_count, enum zp_platform plat);

/* 4. Slop. space: deflated normal-class space (embedded log excluded);
 * embedded_log: deflated embedded log space (ZP_PLAT_OPENZFS only). */
uint64_t zp_cap_slop(uint64_t space, uint64_t embedded_log,
    enum zp_platform plat);

/* Pool totals. */

/* One data vdev. min_child_bytes is the size as sold of the member whose
 * device is smallest (for a disk vdev, its one disk) and sector that
 * member's logical sector size (0 means 512). raw_bytes is the sum of the
 * members' sizes as sold; 0 means nchildren * min_child_bytes (all equal).
 * nchildren: 1 for a disk, 2 or more for a mirror, nparity+1 to 255 for
 * raidz; nparity 1..3 for raidz, ignored otherwise. */
struct zp_cap_vdev {
	enum zp_cap_kind kind;
	unsigned nparity;
	unsigned nchildren;
	uint64_t min_child_bytes;
	uint32_t sector;
	uint64_t raw_bytes;
};

struct zp_cap_pool {
	uint64_t raw_bytes;		/* sum of member sizes as sold */
	uint64_t pool_size_bytes;	/* zpool list SIZE: sum of ms_count << shift */
	uint64_t deflated_bytes;	/* normal-class dspace (spa_rdspace) */
	uint64_t embedded_log_bytes;	/* deflated embedded log metaslabs */
	uint64_t slop_bytes;
	uint64_t usable_bytes;		/* deflated - slop, 0 if slop is larger */
};

/* Sums n data vdevs (n may be 0) at ashift (9..16). Returns 0, or -1 with
 * *why (if why is not NULL) set to a static lowercase message when a
 * descriptor is invalid or a sum would overflow 64 bits; out is zeroed
 * first either way. A vdev too small for ZFS adds its raw bytes only. */
int zp_cap_pool(const struct zp_cap_vdev *v, size_t n, unsigned ashift,
    enum zp_platform plat, struct zp_partitioning part,
    struct zp_cap_pool *out, const char **why);

#endif
