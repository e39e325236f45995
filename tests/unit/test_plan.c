/* Unit tests for src/plan.c's two pure steps: quotas (how many disks each
 * enclosure gives) and the deal (which vdev gets them). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "zplan/plan.h"

#define N 16

static void
quota_is(size_t n, const uint32_t *avail, const uint32_t *used, uint32_t k,
    uint32_t width, uint32_t cap, const uint32_t *want)
{
	uint32_t q[N];
	size_t i;

	cr_assert_eq(zp_plan_quota(n, avail, used, k, width, cap, q), 0);
	for (i = 0; i < n; i++)
		cr_assert_eq(q[i], want[i], "place %zu: quota %u, want %u", i,
		    q[i], want[i]);
}

/* Reference system B: 38 two-way mirrors over 8 enclosures of 20 free
 * HDDs give 10 from the first four and 9 from the others; the 4 spares
 * then come from the four that gave 9. */
Test(quota, reference_b)
{
	uint32_t avail[8], used[8] = { 0 }, spare_avail[8], spare_used[8];
	const uint32_t data[8] = { 10, 10, 10, 10, 9, 9, 9, 9 };
	const uint32_t spares[8] = { 0, 0, 0, 0, 1, 1, 1, 1 };
	size_t i;

	for (i = 0; i < 8; i++) {
		avail[i] = 20;
		spare_avail[i] = 20 - data[i];
		spare_used[i] = data[i];
	}
	quota_is(8, avail, used, 38, 2, 1, data);
	quota_is(8, spare_avail, spare_used, 4, 1, 1, spares);
}

/* The remainder goes where more disks stay free, then to the lower index. */
Test(quota, remainder_to_most_free)
{
	const uint32_t avail[3] = { 4, 9, 9 }, used[3] = { 0, 0, 0 };
	const uint32_t want[3] = { 2, 3, 2 };

	quota_is(3, avail, used, 7, 1, 1, want);
}

/* The pool's disks already in a place count: the spare goes where the
 * pool has none, though other places have more free disks. */
Test(quota, used_counts)
{
	const uint32_t avail[3] = { 5, 5, 1 }, used[3] = { 2, 2, 0 };
	const uint32_t want[3] = { 0, 0, 1 };

	quota_is(3, avail, used, 1, 1, 1, want);
}

/* A place with few disks gives all it has; the others even out above. */
Test(quota, water_fill)
{
	const uint32_t avail[3] = { 1, 10, 10 }, used[3] = { 0, 0, 0 };
	const uint32_t want[3] = { 1, 5, 5 };

	quota_is(3, avail, used, 11, 1, 1, want);
}

/* 10 free in one enclosure and 2 + 2 in two others: 4 mirrors fit (each
 * takes one of the big one's disks), 5 do not. */
Test(quota, isolation_bound)
{
	const uint32_t avail[3] = { 10, 2, 2 }, used[3] = { 0, 0, 0 };
	const uint32_t want[3] = { 4, 2, 2 };
	uint32_t q[3];

	quota_is(3, avail, used, 4, 2, 1, want);
	cr_assert_eq(zp_plan_quota(3, avail, used, 5, 2, 1, q), -1);
	/* without isolation (cap = width) the 14 disks hold 7 mirrors */
	cr_assert_eq(zp_plan_quota(3, avail, used, 7, 2, 2, q), 0);
	cr_assert_eq(zp_plan_quota(3, avail, used, 8, 2, 2, q), -1);
}

Test(quota, nothing)
{
	uint32_t q[1] = { 7 };
	const uint32_t a[1] = { 3 }, u[1] = { 0 };

	cr_assert_eq(zp_plan_quota(0, NULL, NULL, 1, 2, 1, NULL), -1);
	cr_assert_eq(zp_plan_quota(0, NULL, NULL, 0, 2, 1, NULL), 0);
	cr_assert_eq(zp_plan_quota(1, a, u, 0, 2, 1, q), 0);
	cr_assert_eq(q[0], 0);
}

/* The B quotas dealt into mirrors: partners in different enclosures, each
 * enclosure in as many vdevs as its quota, partners at the same depth. */
Test(deal, reference_b)
{
	const uint32_t quota[8] = { 10, 10, 10, 10, 9, 9, 9, 9 };
	uint32_t out[76], seen[8] = { 0 };
	size_t v;

	cr_assert_eq(zp_plan_deal(8, quota, 38, 2, 1, out), 0);
	for (v = 0; v < 38; v++) {
		uint32_t a = out[2 * v], b = out[2 * v + 1];

		cr_assert_lt(a, b, "vdev %zu: %u, %u", v, a, b);
		cr_assert_eq(seen[a], seen[b], "vdev %zu: partners at "
		    "different depths", v);
		seen[a]++;
		seen[b]++;
	}
	for (v = 0; v < 8; v++)
		cr_assert_eq(seen[v], quota[v]);
	/* the first vdevs pair the enclosures that give most */
	cr_assert_eq(out[0], 0);
	cr_assert_eq(out[1], 1);
	cr_assert_eq(out[2], 2);
	cr_assert_eq(out[3], 3);
}

/* A place that holds more than the later vdevs can take gives it now. */
Test(deal, forced_first)
{
	const uint32_t quota[3] = { 4, 2, 2 };
	uint32_t out[8];
	size_t v;

	cr_assert_eq(zp_plan_deal(3, quota, 4, 2, 1, out), 0);
	for (v = 0; v < 4; v++)
		cr_assert_eq(out[2 * v], 0, "vdev %zu lacks place 0", v);
}

Test(deal, bad_quota)
{
	const uint32_t quota[2] = { 5, 1 };
	uint32_t out[6];

	/* 3 mirrors: place 0 cannot be in 5 of them */
	cr_assert_eq(zp_plan_deal(2, quota, 3, 2, 1, out), -1);
}

Test(deal, too_much)
{
	const uint32_t quota[2] = { 3, 3 };
	uint32_t out[4];

	/* 6 disks for 2 mirrors: some would be left over */
	cr_assert_eq(zp_plan_deal(2, quota, 2, 2, 1, out), -1);
}

/* raidz2 of 8 over 5 enclosures: at most 2 members per enclosure, and
 * every enclosure with quota left is used before a second member. */
Test(deal, raidz_spread)
{
	const uint32_t quota[5] = { 4, 3, 3, 3, 3 };
	uint32_t out[16], per[5];
	size_t v, j;

	cr_assert_eq(zp_plan_deal(5, quota, 2, 8, 2, out), 0);
	for (v = 0; v < 2; v++) {
		size_t distinct = 0;

		memset(per, 0, sizeof(per));
		for (j = 0; j < 8; j++)
			per[out[v * 8 + j]]++;
		for (j = 0; j < 5; j++) {
			cr_assert_leq(per[j], 2);
			distinct += per[j] > 0;
		}
		cr_assert_eq(distinct, 5, "vdev %zu spans %zu", v, distinct);
	}
}

static uint32_t rnd(uint64_t *s, uint32_t n)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return (uint32_t)((*s >> 33) % n);
}

/* Random shapes: quota succeeds exactly when the bound allows, is even
 * (no disk could move to a less used place), and the deal meets it with
 * at most cap members of a place per vdev. */
Test(plan, random_properties)
{
	uint64_t seed = 42;
	int trial;

	for (trial = 0; trial < 20000; trial++) {
		uint32_t avail[N], used[N], q[N], out[4096], per[N];
		size_t n = 1 + rnd(&seed, 8), i, j, v;
		uint32_t k = 1 + rnd(&seed, 10), width = 1 + rnd(&seed, 6);
		uint32_t cap = 1 + rnd(&seed, width);
		uint64_t bound = 0, sum = 0;
		int rc;

		for (i = 0; i < n; i++) {
			avail[i] = rnd(&seed, 13);
			used[i] = rnd(&seed, 4);
			bound += avail[i] < cap * k ? avail[i] : cap * k;
		}
		rc = zp_plan_quota(n, avail, used, k, width, cap, q);
		cr_assert_eq(rc == 0, bound >= (uint64_t)k * width,
		    "trial %d: rc %d, bound %llu, need %u", trial, rc,
		    (unsigned long long)bound, k * width);
		if (rc)
			continue;
		for (i = 0; i < n; i++) {
			cr_assert_leq(q[i], avail[i]);
			cr_assert_leq(q[i], cap * k);
			sum += q[i];
		}
		cr_assert_eq(sum, (uint64_t)k * width);
		for (i = 0; i < n; i++)
			for (j = 0; j < n; j++)
				if (q[i] && q[j] < avail[j] &&
				    q[j] < cap * k)
					cr_assert_leq(used[i] + q[i],
					    used[j] + q[j] + 1, "trial %d: "
					    "uneven", trial);
		cr_assert_eq(zp_plan_deal(n, q, k, width, cap, out), 0,
		    "trial %d: deal failed", trial);
		memset(per, 0, sizeof(per));
		for (v = 0; v < k; v++) {
			uint32_t here[N] = { 0 };

			for (j = 0; j < width; j++) {
				uint32_t p = out[v * width + j];

				cr_assert_lt(p, n);
				if (j)
					cr_assert_leq(out[v * width + j - 1],
					    p);
				here[p]++;
				per[p]++;
			}
			for (i = 0; i < n; i++)
				cr_assert_leq(here[i], cap, "trial %d",
				    trial);
		}
		for (i = 0; i < n; i++)
			cr_assert_eq(per[i], q[i], "trial %d", trial);
	}
}
