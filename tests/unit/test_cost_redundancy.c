/* Correctness at scale for the redundancy rules (rules/redundancy.c): a
 * model of 20,000 mirrors and one of 80,000 (the same block repeated 4
 * times as often), every 10th mirror with both halves in one enclosure and
 * each block carrying one finding of every other rule of the family. The
 * 4x model must give exactly 4 times the findings of each rule: a rule
 * that lost or repeated findings as the model grows fails here, and one
 * that does work quadratic in the model (80,000 mirrors, 179,200 disks)
 * would not finish. No wall-time assertions. */
#include <criterion/criterion.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zplan/load.h"
#include "zplan/rule.h"

#define MIRRORS_PER_BLOCK 100
#define BLOCKS_1X 200                   /* 200 x 100 = 20,000 mirrors */

/* The rules of the family and their findings per block. */
static const struct {
	int rule;
	size_t per_block;
} family[] = {
	{ ZR_POOL_EMPTY, 1 },
	{ ZR_MIRROR_WIDTH, 1 },
	{ ZR_RAIDZ_WIDTH, 1 },
	{ ZR_MIRROR_ISOLATION, MIRRORS_PER_BLOCK / 10 },
	{ ZR_VDEV_MISMATCH, 1 },
	{ ZR_VDEV_SIZE_MISMATCH, 1 },
	{ ZR_MEDIA_MIXED, 1 },
	{ ZR_NO_REDUNDANCY, 1 },
	{ ZR_ENCLOSURE_PATH, 1 },
};
#define NFAMILY (sizeof(family) / sizeof(family[0]))

/* Block b: controller h<b>; enclosures a<b> (110 HDDs), b<b> (100 HDDs),
 * c<b> (mixed), y<b> (1 HDD), all cabled to h<b>, and x<b> cabled to no
 * controller. Pool p<b> holds the 100 mirrors a-j + b-j, except that
 * every 10th is a-j + a-(100 + j/10): both halves in a<b>. Then one small
 * pool per other rule. */
static void write_block(FILE *f, unsigned b, int section)
{
	unsigned j;

	switch (section) {
	case 0:
		fprintf(f, "  - {id: h%u}\n", b);
		break;
	case 1:
		fprintf(f,
		    "  - {id: a%u, slots: 110, controllers: [h%u]}\n"
		    "  - {id: b%u, slots: 100, controllers: [h%u]}\n"
		    "  - {id: c%u, slots: 12}\n"
		    "  - {id: y%u, slots: 1}\n"
		    "  - {id: x%u, slots: 1, controllers: []}\n",
		    b, b, b, b, b, b, b);
		break;
	case 2:
		fprintf(f,
		    "  - {enclosure: a%u, slots: 0-109, type: hdd}\n"
		    "  - {enclosure: b%u, slots: 0-99, type: hdd}\n"
		    "  - {enclosure: c%u, slots: 0-9, type: hdd}\n"
		    "  - {enclosure: c%u, slots: 10-10, type: hdd-600g}\n"
		    "  - {enclosure: c%u, slots: 11-11, type: ssd}\n"
		    "  - {enclosure: y%u, slots: 0-0, type: hdd}\n"
		    "  - {enclosure: x%u, slots: 0-0, type: hdd}\n",
		    b, b, b, b, b, b, b);
		break;
	case 3:
		fprintf(f, "  - name: p%u\n    controller: h%u\n    vdevs:\n",
		    b, b);
		for (j = 0; j < MIRRORS_PER_BLOCK; j++)
			if (j % 10 == 0)
				fprintf(f, "      - mirror: [a%u-%u, a%u-%u]\n",
				    b, j, b, 100 + j / 10);
			else
				fprintf(f, "      - mirror: [a%u-%u, b%u-%u]\n",
				    b, j, b, j);
		fprintf(f,
		    /* pool-empty */
		    "  - {name: e%u, controller: h%u}\n"
		    /* mirror-width: a log mirror of one */
		    "  - name: w%u\n    controller: h%u\n"
		    "    vdevs: [{mirror: [c%u-0, b%u-0]}]\n"
		    "    log: [{mirror: [c%u-1]}]\n"
		    /* vdev-mismatch (2-way, 3-way); enclosure-path (x) */
		    "  - name: m%u\n    controller: h%u\n"
		    "    vdevs: [{mirror: [c%u-2, b%u-10]}, "
		    "{mirror: [c%u-3, b%u-20, x%u-0]}]\n"
		    /* vdev-size-mismatch: 600 GB next to 300 GB */
		    "  - name: s%u\n    controller: h%u\n"
		    "    vdevs: [{mirror: [c%u-10, b%u-30]}]\n"
		    /* media-mixed: SSD with HDD */
		    "  - name: d%u\n    controller: h%u\n"
		    "    vdevs: [{mirror: [c%u-11, b%u-40]}]\n"
		    /* no-redundancy: two single disks */
		    "  - name: n%u\n    controller: h%u\n"
		    "    vdevs: [{disk: c%u-4}, {disk: c%u-5}]\n"
		    /* raidz-width: 3 over policy.max_raidz_width 2 */
		    "  - name: z%u\n    controller: h%u\n"
		    "    vdevs: [{raidz1: [c%u-6, b%u-50, y%u-0]}]\n",
		    b, b,
		    b, b, b, b, b,
		    b, b, b, b, b, b, b,
		    b, b, b, b,
		    b, b, b, b,
		    b, b, b, b,
		    b, b, b, b, b);
		break;
	}
}

static char *write_model(unsigned blocks)
{
	static const char *const heads[] = {
		"controllers:\n", "enclosures:\n", "disks:\n", "pools:\n"
	};
	char *path = strdup("/tmp/zplan-cost-XXXXXX");
	int fd = mkstemp(path);
	FILE *f;
	unsigned b;
	int s;

	cr_assert(fd >= 0, "mkstemp");
	f = fdopen(fd, "w");
	cr_assert_not_null(f);
	fprintf(f, "zplan: 1\n"
	    "policy: {spares_per_pool: 0, max_raidz_width: 2}\n"
	    "drive_types:\n"
	    "  hdd: {media: hdd, size: 300GB}\n"
	    "  hdd-600g: {media: hdd, size: 600GB}\n"
	    "  ssd: {media: ssd, size: 300GB}\n");
	for (s = 0; s < 4; s++) {
		fputs(heads[s], f);
		for (b = 0; b < blocks; b++)
			write_block(f, b, s);
	}
	cr_assert_eq(fclose(f), 0);
	return path;
}

/* Loads and checks a model of blocks blocks; counts[i] gets the findings
 * of family[i]. */
static void run(unsigned blocks, size_t *counts)
{
	char *path = write_model(blocks);
	struct zp_diags d;
	struct zp_model *m;
	size_t i, k, other_errors = 0;
	int status = 0;

	zp_diags_init(&d, path);
	m = zp_load(path, &d, &status);
	cr_assert_not_null(m, "the generated model did not load");
	cr_assert_eq(status, 0);
	cr_assert_eq(ZP_N(m, pools), (size_t)blocks * 8);
	zp_rules_run(m, &d);
	for (k = 0; k < NFAMILY; k++)
		counts[k] = 0;
	for (i = 0; i < d.v.len; i++) {
		const struct zp_diag *x = ZP_VEC_AT(&d.v, struct zp_diag, i);
		bool mine = false;

		for (k = 0; k < NFAMILY; k++)
			if (x->rule == family[k].rule) {
				counts[k]++;
				mine = true;
			}
		/* the model is what it means to be: no other errors */
		if (!mine && x->sev == ZP_SEV_ERROR)
			other_errors++;
	}
	cr_expect_eq(other_errors, 0, "%zu errors of other rules",
	    other_errors);
	zp_model_free(m);
	zp_diags_release(&d);
	unlink(path);
	free(path);
}

Test(cost_redundancy, findings_scale_linearly)
{
	size_t one[NFAMILY], four[NFAMILY], k;

	run(BLOCKS_1X, one);
	run(4 * BLOCKS_1X, four);
	for (k = 0; k < NFAMILY; k++) {
		const char *id = zp_rules[family[k].rule]->id;

		cr_expect_eq(one[k], family[k].per_block * BLOCKS_1X,
		    "%s: %zu findings on 20,000 mirrors, want %zu", id, one[k],
		    family[k].per_block * BLOCKS_1X);
		cr_expect_eq(four[k], 4 * one[k],
		    "%s: %zu findings on 80,000 mirrors, want 4 x %zu", id,
		    four[k], one[k]);
	}
}
