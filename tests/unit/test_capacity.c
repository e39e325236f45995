/* Unit tests for capacity: each step of capacity.md against figures worked
 * by hand or measured on real OpenZFS (capacity.md section 6). */
#include <criterion/criterion.h>

#include "zplan/capacity.h"

#define KIB	((uint64_t)1 << 10)
#define MIB	((uint64_t)1 << 20)
#define GIB	((uint64_t)1 << 30)
#define TIB	((uint64_t)1 << 40)
#define PIB	((uint64_t)1 << 50)

static const struct zp_partitioning part_none = { ZP_PART_NONE, 0 };
static const struct zp_partitioning part_linux = { ZP_PART_LINUX, 0 };

static struct zp_cap_pool
pool_of(const struct zp_cap_vdev *v, size_t n, unsigned ashift,
    enum zp_platform plat, struct zp_partitioning part)
{
	struct zp_cap_pool p;
	const char *why = NULL;

	cr_assert_eq(zp_cap_pool(v, n, ashift, plat, part, &p, &why), 0,
	    "zp_cap_pool: %s", why ? why : "?");
	return p;
}

static struct zp_cap_vdev
mirror(unsigned n, uint64_t size)
{
	return (struct zp_cap_vdev){ ZP_CAP_MIRROR, 0, n, size, 512, 0 };
}

static struct zp_cap_vdev
raidz(unsigned p, unsigned n, uint64_t size)
{
	return (struct zp_cap_vdev){ ZP_CAP_RAIDZ, p, n, size, 512, 0 };
}

static struct zp_cap_vdev
disk(uint64_t size)
{
	return (struct zp_cap_vdev){ ZP_CAP_DISK, 0, 1, size, 512, 0 };
}

/* capacity.md section 6: measured on OpenZFS 2.4.99, platform openzfs,
 * partitioning none. */
Test(capacity, measured_8_mirrors_of_300g)
{
	struct zp_cap_vdev v[8];

	for (int i = 0; i < 8; i++)
		v[i] = mirror(2, 300000000000);
	struct zp_cap_pool p = pool_of(v, 8, 12, ZP_PLAT_OPENZFS, part_none);
	cr_expect_eq(p.pool_size_bytes, 2388001816576);
	cr_expect_eq(p.usable_bytes, 2313913630720);
	cr_expect_eq(p.slop_bytes, 56908316672);
	cr_expect_eq(p.raw_bytes, 16 * (uint64_t)300000000000);
}

Test(capacity, measured_raidz2_of_8x4t)
{
	struct zp_cap_vdev v = raidz(2, 8, 4000000000000);
	struct zp_cap_pool p = pool_of(&v, 1, 12, ZP_PLAT_OPENZFS, part_none);

	cr_expect_eq(p.pool_size_bytes, 31988916420608);
	cr_expect_eq(p.usable_bytes, 22604681314304);
	cr_expect_eq(p.slop_bytes, 125225140224);
}

Test(capacity, measured_2_raidz1_of_5x960g)
{
	struct zp_cap_vdev v[2] = { raidz(1, 5, 960000000000),
	    raidz(1, 5, 960000000000) };
	struct zp_cap_pool p = pool_of(v, 2, 9, ZP_PLAT_OPENZFS, part_none);

	cr_expect_eq(p.pool_size_bytes, 9586367004672);
	cr_expect_eq(p.usable_bytes, 7520420626432);
	cr_expect_eq(p.slop_bytes, 109991428096);
}

/* capacity.md section 3: one 1000 GiB disk, 124 metaslabs of 8 GiB. */
Test(capacity, one_1000g_disk)
{
	uint64_t asize = zp_cap_leaf_asize(1000 * GIB);
	unsigned shift = zp_cap_ms_shift(asize, ZP_PLAT_OPENZFS);

	cr_expect_eq(asize, 1000 * GIB - 4 * MIB - 512 * KIB);
	cr_expect_eq(shift, 33);
	cr_expect_eq(zp_cap_ms_count(asize, shift), 124);

	struct zp_cap_vdev v = disk(1000 * GIB);
	struct zp_cap_pool p = pool_of(&v, 1, 12, ZP_PLAT_OPENZFS, part_none);
	cr_expect_eq(p.pool_size_bytes, 992 * GIB);
	/* 124 metaslabs, one to the embedded log: 123 * 8 GiB left */
	cr_expect_eq(p.embedded_log_bytes, 8 * GIB);
	cr_expect_eq(p.deflated_bytes, 984 * GIB);
}

Test(capacity, leaf_asize)
{
	/* aligned down to 256 KiB before the 4.5 MiB comes off */
	cr_expect_eq(zp_cap_leaf_asize(64 * MIB + 256 * KIB - 1),
	    64 * MIB - 4 * MIB - 512 * KIB);
	/* below SPA_MINDEVSIZE, or smaller than the labels: nothing */
	cr_expect_eq(zp_cap_leaf_asize(64 * MIB - 1), 0);
	cr_expect_eq(zp_cap_leaf_asize(4 * MIB), 0);
	cr_expect_eq(zp_cap_leaf_asize(0), 0);
}

Test(capacity, deflate_ratio)
{
	/* raidz2 of 8, ashift 12: 32 data sectors + 2 * ceil(32/6) = 44,
	 * rounded up to a multiple of 3: 45 sectors = 184320 bytes;
	 * 131072 / 360 = 364 (71.09%). */
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_RAIDZ, 2, 8, 12), 364);
	/* raidz1 of 5, ashift 9: 256 + 64 = 320 sectors, even: 512*256/320 */
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_RAIDZ, 1, 5, 9), 409);
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_MIRROR, 0, 2, 12), 512);
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_DISK, 0, 1, 16), 512);
	/* invalid: no UB, ratio 0 */
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_RAIDZ, 2, 2, 12), 0);
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_RAIDZ, 4, 9, 12), 0);
	cr_expect_eq(zp_cap_deflate_ratio(ZP_CAP_RAIDZ, 1, 3, 8), 0);
	cr_expect_eq(zp_cap_deflate(1 << 20, 364), 2048 * 364);
	cr_expect_eq(zp_cap_deflate(511, 512), 0);
}

Test(capacity, ms_shift_openzfs)
{
	/* floor 24: 64 MiB / 16 = 4 MiB, highbit 23 */
	cr_expect_eq(zp_cap_ms_shift(64 * MIB, ZP_PLAT_OPENZFS), 24);
	cr_expect_eq(zp_cap_ms_shift(0, ZP_PLAT_OPENZFS), 24);
	/* fewer than 16 of 512 MiB: 4 GiB / 16 = 256 MiB, highbit 29 */
	cr_expect_eq(zp_cap_ms_shift(4 * GIB, ZP_PLAT_OPENZFS), 29);
	cr_expect_eq(zp_cap_ms_shift(1 * GIB, ZP_PLAT_OPENZFS), 27);
	/* 16 to 200 of 512 MiB: stays 29 */
	cr_expect_eq(zp_cap_ms_shift(50 * GIB, ZP_PLAT_OPENZFS), 29);
	cr_expect_eq(zp_cap_ms_shift(100 * GIB, ZP_PLAT_OPENZFS), 29);
	/* cap 34: 10 TiB / 200 = 51.2 GiB, highbit 36 */
	cr_expect_eq(zp_cap_ms_shift(10 * TIB, ZP_PLAT_OPENZFS), 34);
	cr_expect_eq(zp_cap_ms_shift(10 * TIB, ZP_PLAT_OPENZFS_2_0), 34);
	/* 2 PiB is exactly 2^17 metaslabs of 16 GiB: still 34 */
	cr_expect_eq(zp_cap_ms_shift(2 * PIB, ZP_PLAT_OPENZFS), 34);
	cr_expect_eq(zp_cap_ms_count(2 * PIB, 34), (uint64_t)1 << 17);
	/* above: grows so that no more than 2^17 remain */
	uint64_t big = 2 * PIB + 16 * GIB;
	cr_expect_eq(zp_cap_ms_shift(big, ZP_PLAT_OPENZFS), 35);
	cr_expect_eq(zp_cap_ms_count(big, 35), 65536);
	cr_expect_eq(zp_cap_ms_shift(4 * PIB, ZP_PLAT_OPENZFS), 36);
	cr_expect_eq(zp_cap_ms_shift(UINT64_MAX, ZP_PLAT_OPENZFS), 47);
	cr_expect_leq(zp_cap_ms_count(UINT64_MAX, 47), (uint64_t)1 << 17);
}

Test(capacity, ms_shift_legacy)
{
	/* highbit64(asize / 200) with no cap */
	cr_expect_eq(zp_cap_ms_shift(10 * TIB, ZP_PLAT_LEGACY), 36);
	cr_expect_eq(zp_cap_ms_shift(4 * PIB, ZP_PLAT_LEGACY), 45);
	/* 64 MiB / 200 = 335544, highbit 19: the old floor of 17 never bites */
	cr_expect_eq(zp_cap_ms_shift(64 * MIB, ZP_PLAT_LEGACY), 19);
	cr_expect_eq(zp_cap_ms_shift(1 * GIB, ZP_PLAT_LEGACY), 23);
	cr_expect_eq(zp_cap_ms_shift(0, ZP_PLAT_LEGACY), 17);
	cr_expect_eq(zp_cap_ms_count(123, 64), 0);
}

Test(capacity, slop)
{
	/* cap: 1/32 of 8 PiB is 256 TiB, capped at 128 GiB */
	cr_expect_eq(zp_cap_slop(8 * PIB, 0, ZP_PLAT_OPENZFS), 128 * GIB);
	cr_expect_eq(zp_cap_slop(8 * PIB, 8 * GIB, ZP_PLAT_OPENZFS), 120 * GIB);
	/* embedded log takes at most half: 32 GiB - min(40, 16) GiB */
	cr_expect_eq(zp_cap_slop(TIB, 40 * GIB, ZP_PLAT_OPENZFS), 16 * GIB);
	/* floor 128 MiB: 1 GiB / 32 = 32 MiB */
	cr_expect_eq(zp_cap_slop(GIB, 0, ZP_PLAT_OPENZFS), 128 * MIB);
	cr_expect_eq(zp_cap_slop(GIB, 0, ZP_PLAT_OPENZFS_2_0), 128 * MIB);
	/* ... but never more than half the pool */
	cr_expect_eq(zp_cap_slop(100 * MIB, 0, ZP_PLAT_OPENZFS), 50 * MIB);
	cr_expect_eq(zp_cap_slop(100 * MIB, 0, ZP_PLAT_OPENZFS_2_0), 50 * MIB);
	cr_expect_eq(zp_cap_slop(0, 0, ZP_PLAT_OPENZFS), 0);
	/* openzfs-2.0 has no cap and no embedded log */
	cr_expect_eq(zp_cap_slop(8 * PIB, 8 * GIB, ZP_PLAT_OPENZFS_2_0),
	    256 * TIB);
	/* legacy: 1/64, at least 32 MiB */
	cr_expect_eq(zp_cap_slop(64 * TIB, 0, ZP_PLAT_LEGACY), TIB);
	cr_expect_eq(zp_cap_slop(GIB, 0, ZP_PLAT_LEGACY), 32 * MIB);
}

Test(capacity, embedded_log_only_above_64_metaslabs)
{
	cr_expect_eq(zp_cap_embedded_log_ms(64, ZP_PLAT_OPENZFS), 0);
	cr_expect_eq(zp_cap_embedded_log_ms(65, ZP_PLAT_OPENZFS), 1);
	cr_expect_eq(zp_cap_embedded_log_ms(1000, ZP_PLAT_OPENZFS_2_0), 0);
	cr_expect_eq(zp_cap_embedded_log_ms(1000, ZP_PLAT_LEGACY), 0);

	/* asize exactly 32 GiB: 64 metaslabs of 512 MiB, none to the log */
	struct zp_cap_vdev v = disk(32 * GIB + 4 * MIB + 512 * KIB);
	struct zp_cap_pool p = pool_of(&v, 1, 12, ZP_PLAT_OPENZFS, part_none);
	cr_expect_eq(p.pool_size_bytes, 32 * GIB);
	cr_expect_eq(p.embedded_log_bytes, 0);
	cr_expect_eq(p.deflated_bytes, 32 * GIB);
	cr_expect_eq(p.slop_bytes, GIB);

	/* 65 metaslabs: one of 512 MiB to the log, which halves the slop */
	v.min_child_bytes += 512 * MIB;
	p = pool_of(&v, 1, 12, ZP_PLAT_OPENZFS, part_none);
	cr_expect_eq(p.pool_size_bytes, 32 * GIB + 512 * MIB);
	cr_expect_eq(p.embedded_log_bytes, 512 * MIB);
	cr_expect_eq(p.deflated_bytes, 32 * GIB);
	cr_expect_eq(p.slop_bytes, 512 * MIB);
	cr_expect_eq(p.usable_bytes, 32 * GIB - 512 * MIB);
}

Test(capacity, gpt_partition)
{
	/* 512-byte sectors, a "1 TB" disk of 1953525168 sectors:
	 * 1953525168 - 33 - 16384 - 2048 = 1953506703, down to a multiple of
	 * 2048: 1953505280 sectors (sectors 2048..1953507327, what
	 * zpool create leaves as partition 1) = 1000194703360 bytes. */
	cr_expect_eq(zp_cap_gpt_partition(1000204886016, 512), 1000194703360);
	cr_expect_eq(zp_cap_gpt_partition(1000204886016, 0), 1000194703360);
	/* 4096-byte sectors, same disk: 244190646 sectors;
	 * 244190646 - (4 + 1) - 16384 - 2048 = 244172209, down to a multiple
	 * of 2048: 244170752 sectors = 1000123400192 bytes. */
	cr_expect_eq(zp_cap_gpt_partition(1000204886016, 4096), 1000123400192);
	/* 4 TB: 7812500000 - 18465 = 7812481535 -> 7812481024 sectors */
	cr_expect_eq(zp_cap_gpt_partition(4000000000000, 512),
	    (uint64_t)7812481024 * 512);
	/* too small, or smaller than the GPT itself: 0, no underflow */
	cr_expect_eq(zp_cap_gpt_partition(0, 512), 0);
	cr_expect_eq(zp_cap_gpt_partition(9 * MIB, 512), 0);
	cr_expect_eq(zp_cap_gpt_partition(70 * MIB, 4096), 0);
	cr_expect_eq(zp_cap_gpt_partition(TIB, 520), 0);

	struct zp_partitioning keep = { ZP_PART_KEEP, 2 * GIB };
	cr_expect_eq(zp_cap_device_bytes(100 * GIB, 512, keep), 98 * GIB);
	cr_expect_eq(zp_cap_device_bytes(GIB, 512, keep), 0);
	cr_expect_eq(zp_cap_device_bytes(GIB, 512, part_none), GIB);
}

Test(capacity, top_asize)
{
	uint64_t a[3] = { 10 * GIB, 8 * GIB, 9 * GIB };

	cr_expect_eq(zp_cap_top_asize(ZP_CAP_MIRROR, a, 3), 8 * GIB);
	cr_expect_eq(zp_cap_top_asize(ZP_CAP_DISK, a, 1), 10 * GIB);
	cr_expect_eq(zp_cap_top_asize(ZP_CAP_RAIDZ, a, 3), 24 * GIB);
	cr_expect_eq(zp_cap_top_asize(ZP_CAP_MIRROR, a, 0), 0);
	cr_expect_eq(zp_cap_top_asize(ZP_CAP_MIRROR, NULL, 2), 0);
	uint64_t huge[2] = { UINT64_MAX, UINT64_MAX };
	cr_expect_eq(zp_cap_top_asize(ZP_CAP_RAIDZ, huge, 2), 0);
}

Test(capacity, mirror_of_unequal_disks_counts_smallest)
{
	uint64_t small = 300000000000, large = 600000000000;
	uint64_t leaves[2] = { zp_cap_leaf_asize(large),
	    zp_cap_leaf_asize(small) };

	cr_expect_eq(zp_cap_top_asize(ZP_CAP_MIRROR, leaves, 2),
	    zp_cap_leaf_asize(small));

	struct zp_cap_vdev uneq = mirror(2, small);
	uneq.raw_bytes = small + large;
	struct zp_cap_vdev eq = mirror(2, small);
	struct zp_cap_vdev one = disk(small);
	struct zp_cap_pool pu = pool_of(&uneq, 1, 12, ZP_PLAT_OPENZFS,
	    part_linux);
	struct zp_cap_pool pe = pool_of(&eq, 1, 12, ZP_PLAT_OPENZFS,
	    part_linux);
	struct zp_cap_pool pd = pool_of(&one, 1, 12, ZP_PLAT_OPENZFS,
	    part_linux);
	cr_expect_eq(pu.raw_bytes, small + large);
	cr_expect_eq(pe.raw_bytes, 2 * small);
	cr_expect_eq(pu.pool_size_bytes, pe.pool_size_bytes);
	cr_expect_eq(pu.usable_bytes, pe.usable_bytes);
	cr_expect_eq(pu.usable_bytes, pd.usable_bytes);
}

static const enum zp_platform plats[] = { ZP_PLAT_OPENZFS,
    ZP_PLAT_OPENZFS_2_0, ZP_PLAT_LEGACY };
static const uint64_t sizes[] = { 100 * MIB, 8 * GIB, 73000000000,
    300000000000, 4000000000000, 20000000000000 };

/* Adding a mirror vdev never shrinks the pool, and usable never exceeds
 * raw. */
Test(capacity, property_mirrors_grow)
{
	static struct zp_cap_vdev v[64];

	for (size_t pi = 0; pi < 3; pi++) {
		for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]); si++) {
			uint64_t prev_use = 0, prev_size = 0;

			for (size_t n = 1; n <= 64; n++) {
				v[n - 1] = mirror(2, sizes[si]);
				struct zp_cap_pool p = pool_of(v, n, 12,
				    plats[pi], part_linux);
				cr_assert_leq(p.usable_bytes, p.raw_bytes);
				cr_assert_leq(p.pool_size_bytes, p.raw_bytes);
				cr_assert_geq(p.usable_bytes, prev_use,
				    "plat %zu size %zu n %zu", pi, si, n);
				cr_assert_gt(p.pool_size_bytes, prev_size);
				prev_use = p.usable_bytes;
				prev_size = p.pool_size_bytes;
			}
		}
	}
}

/* A wider raidz never holds less, at every parity and common ashift. */
Test(capacity, property_raidz_widths_grow)
{
	static const unsigned ashifts[] = { 9, 12, 13, 16 };

	for (size_t pi = 0; pi < 3; pi++) {
		for (size_t ai = 0; ai < 4; ai++) {
			for (size_t si = 0; si < sizeof(sizes) / sizeof(sizes[0]);
			    si++) {
				for (unsigned par = 1; par <= 3; par++) {
					uint64_t prev = 0;

					for (unsigned w = par + 1; w <= 32; w++) {
						struct zp_cap_vdev v =
						    raidz(par, w, sizes[si]);
						struct zp_cap_pool p = pool_of(&v,
						    1, ashifts[ai], plats[pi],
						    part_linux);
						cr_assert_leq(p.usable_bytes,
						    p.raw_bytes);
						cr_assert_geq(p.usable_bytes,
						    prev, "plat %zu ashift %u "
						    "size %zu raidz%u w %u", pi,
						    ashifts[ai], si, par, w);
						prev = p.usable_bytes;
					}
				}
			}
		}
	}
}

/* Reference system D: 60 x 4 TB as 30 two-way mirrors, ashift 12, GPT;
 * the site (legacy) showed 108T in df -h, which rounds up. */
Test(capacity, reference_system_d)
{
	struct zp_cap_vdev v[30];

	for (int i = 0; i < 30; i++)
		v[i] = mirror(2, 4000000000000);
	struct zp_cap_pool l = pool_of(v, 30, 12, ZP_PLAT_LEGACY, part_linux);
	cr_expect_eq(l.raw_bytes, 240000000000000);
	cr_expect_eq((l.usable_bytes + TIB - 1) / TIB, 108);
	cr_expect_eq(l.pool_size_bytes, 119571889520640);
	cr_expect_eq(l.usable_bytes, 117703578746880);
	cr_expect_eq(l.slop_bytes, 1868310773760);

	struct zp_cap_pool o = pool_of(v, 30, 12, ZP_PLAT_OPENZFS, part_linux);
	cr_expect_eq(o.pool_size_bytes, 119571889520640);
	cr_expect_eq(o.embedded_log_bytes, 515396075520);
	cr_expect_eq(o.slop_bytes, 68719476736);
	cr_expect_eq(o.usable_bytes, 118987773968384);

	struct zp_cap_pool t = pool_of(v, 30, 12, ZP_PLAT_OPENZFS_2_0,
	    part_linux);
	cr_expect_eq(t.pool_size_bytes, 119571889520640);
	cr_expect_eq(t.slop_bytes, 3736621547520);
	cr_expect_eq(t.usable_bytes, 115835267973120);
}

Test(capacity, degenerate_input)
{
	struct zp_cap_pool p;
	const char *why = NULL;

	/* no vdevs: zero space; legacy's 32 MiB slop leaves 0, no wrap */
	p = pool_of(NULL, 0, 12, ZP_PLAT_LEGACY, part_none);
	cr_expect_eq(p.usable_bytes, 0);
	cr_expect_eq(p.slop_bytes, 32 * MIB);

	/* disks smaller than their labels: raw only */
	struct zp_cap_vdev tiny = mirror(2, 3 * MIB);
	p = pool_of(&tiny, 1, 12, ZP_PLAT_OPENZFS, part_linux);
	cr_expect_eq(p.raw_bytes, 6 * MIB);
	cr_expect_eq(p.pool_size_bytes, 0);
	cr_expect_eq(p.usable_bytes, 0);
	p = pool_of(&tiny, 1, 12, ZP_PLAT_LEGACY, part_none);
	cr_expect_eq(p.usable_bytes, 0);

	/* smallest pool ZFS accepts: 64 MiB, 59.5 MiB asize, 16 MiB
	 * metaslabs (floor 24): 3 of them */
	struct zp_cap_vdev min = disk(64 * MIB);
	p = pool_of(&min, 1, 9, ZP_PLAT_OPENZFS, part_none);
	cr_expect_eq(p.pool_size_bytes, 48 * MIB);
	cr_expect_eq(p.slop_bytes, 24 * MIB);
	cr_expect_eq(p.usable_bytes, 24 * MIB);

	/* invalid descriptors are refused with a reason */
	struct zp_cap_vdev bad[] = {
		{ ZP_CAP_MIRROR, 0, 1, GIB, 512, 0 },
		{ ZP_CAP_RAIDZ, 2, 2, GIB, 512, 0 },
		{ ZP_CAP_RAIDZ, 0, 4, GIB, 512, 0 },
		{ ZP_CAP_DISK, 0, 2, GIB, 512, 0 },
		{ ZP_CAP_DISK, 0, 1, GIB, 1024, 0 },
		{ (enum zp_cap_kind)7, 0, 1, GIB, 512, 0 },
		{ ZP_CAP_MIRROR, 0, 3, UINT64_MAX / 2, 512, 0 },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why = NULL;
		cr_expect_eq(zp_cap_pool(&bad[i], 1, 12, ZP_PLAT_OPENZFS,
		    part_linux, &p, &why), -1, "bad[%zu]", i);
		cr_expect_not_null(why);
		cr_expect_eq(p.usable_bytes, 0);
	}
	cr_expect_eq(zp_cap_pool(&min, 1, 8, ZP_PLAT_OPENZFS, part_none, &p,
	    &why), -1);
	cr_expect_eq(zp_cap_pool(&min, 1, 17, ZP_PLAT_OPENZFS, part_none, &p,
	    NULL), -1);
	cr_expect_eq(zp_cap_pool(NULL, 1, 12, ZP_PLAT_OPENZFS, part_none, &p,
	    NULL), -1);

	/* raw sums that would wrap are refused, not wrapped */
	struct zp_cap_vdev huge[2] = { disk((uint64_t)INT64_MAX),
	    disk((uint64_t)INT64_MAX) };
	huge[0].raw_bytes = UINT64_MAX - 1;
	cr_expect_eq(zp_cap_pool(huge, 2, 12, ZP_PLAT_OPENZFS, part_none, &p,
	    &why), -1);
}
