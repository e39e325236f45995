/* Unit tests for packed locations (zp_at): a disk keeps the places of its
 * fields in 4 bytes each, relative to its entry; places that do not fit
 * (a field thousands of lines below its entry, a column past 2^20 in
 * minified JSON) go to the model's far table. Either way a finding must
 * name the exact line and column. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/rule.h"

static struct zp_loc L(uint32_t line, uint32_t col)
{
	struct zp_loc l = { line, col };
	return l;
}

Test(locs, pack_round_trips_near_and_far)
{
	struct zp_model *m = zp_model_new("x.yaml");
	const struct zp_loc base = L(100, 5);
	const struct zp_loc cases[] = {
		L(100, 5), L(100, 1), L(101, 80), L(2147, 3),  /* near */
		L(2148, 3),             /* 2048 lines below: far */
		L(100, (1u << 20) - 1), /* the last near column */
		L(100, 1u << 20),       /* far */
		L(99, 7),               /* above its entry: far */
		L(4000000000u, 4000000000u),
	};
	size_t i, far = 0;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		zp_at a = zp_at_pack(m, base, cases[i]);
		struct zp_loc back = zp_at_loc(m, base, a);

		cr_assert_eq(back.line, cases[i].line, "case %zu", i);
		cr_assert_eq(back.col, cases[i].col, "case %zu", i);
		far += (a & 0x80000000u) != 0;
	}
	cr_assert_eq(far, 4, "near places stay out of the far table");
	cr_assert_eq(m->far_locs.len, 4);
	/* absent stays absent */
	cr_assert_eq(zp_at_pack(m, base, L(0, 0)), 0);
	cr_assert_eq(zp_at_loc(m, base, 0).line, 0);
	zp_model_free(m);
}

/* Writes text to model<suffix> in a new temporary directory. */
static char *temp_with(const char *text, size_t len, const char *suffix)
{
	char dir[] = "/tmp/zplan-locs-XXXXXX", *path = malloc(64);
	FILE *f;

	cr_assert_not_null(mkdtemp(dir));
	snprintf(path, 64, "%s/model%s", dir, suffix);
	f = fopen(path, "w");
	cr_assert_not_null(f);
	cr_assert_eq(fwrite(text, 1, len, f), len);
	fclose(f);
	return path;
}

static void remove_temp(char *path)
{
	unlink(path);
	*strrchr(path, '/') = '\0';
	rmdir(path);
	free(path);
}

/* The one finding of rule id in the model at path. */
static struct zp_diag finding(const char *path, const char *id)
{
	struct zp_diags d;
	struct zp_diag found = { 0 };
	struct zp_model *m;
	size_t i, n = 0;
	int status = 0;

	zp_diags_init(&d, path);
	m = zp_cmd_load(path, &d, NULL, &status);
	cr_assert_not_null(m, "%s does not load", path);
	for (i = 0; i < d.v.len; i++) {
		const struct zp_diag *x = ZP_VEC_AT(&d.v, struct zp_diag, i);

		if (x->rule == zp_rule_find(id)) {
			found = *x;
			n++;
		}
	}
	cr_assert_eq(n, 1, "%zu %s findings", n, id);
	zp_model_free(m);
	zp_diags_release(&d);
	return found;
}

static const char head[] =
    "zplan: 1\n"
    "drive_types: {hdd: {media: hdd, size: 4TB}}\n"
    "controllers: [{id: h1}]\n"
    "enclosures: [{id: e1, slots: 12}]\n";

/* A disk written as a block whose slot is 3,000 lines below its entry. */
Test(locs, field_far_below_its_entry)
{
	size_t cap = sizeof(head) + 3000 * 4 + 256, n;
	char *text = malloc(cap), *path;
	struct zp_diag x;
	int i;

	n = (size_t)snprintf(text, cap, "%sdisks:\n  - id: d0\n", head);
	for (i = 0; i < 3000; i++)
		n += (size_t)snprintf(text + n, cap - n, "  #\n");
	n += (size_t)snprintf(text + n, cap - n, "    type: hdd\n"
	    "    enclosure: e1\n    slot: 40\n");
	path = temp_with(text, n, ".yaml");
	x = finding(path, "slot-range");
	/* head 4 lines, "disks:", "- id", 3000 comments, type, enclosure */
	cr_assert_eq(x.loc.line, 4 + 1 + 1 + 3000 + 2 + 1);
	cr_assert_eq(x.loc.col, 11);
	remove_temp(path);
	free(text);
}

/* Minified JSON: everything on line 1, the slot past column 2^20. */
Test(locs, column_past_two_to_the_twenty)
{
	size_t pad = (1u << 20) + 1000, cap = pad + 1024, n, col;
	char *text = malloc(cap), *path, *at;
	struct zp_diag x;

	n = (size_t)snprintf(text, cap, "{\"zplan\": 1, \"name\": \"");
	memset(text + n, 'a', pad);
	n += pad;
	n += (size_t)snprintf(text + n, cap - n, "\", \"drive_types\": "
	    "{\"hdd\": {\"media\": \"hdd\", \"size\": \"4TB\"}}, "
	    "\"enclosures\": [{\"id\": \"e1\", \"slots\": 12}], \"disks\": "
	    "[{\"id\": \"d0\", \"type\": \"hdd\", \"enclosure\": \"e1\", "
	    "\"slot\": 40}]}\n");
	at = strstr(text + pad, "\"slot\": 40");
	col = (size_t)(at - text) + strlen("\"slot\": ") + 1;
	path = temp_with(text, n, ".json");
	x = finding(path, "slot-range");
	cr_assert_eq(x.loc.line, 1);
	cr_assert_eq(x.loc.col, col, "column %u, not %zu", x.loc.col, col);
	remove_temp(path);
	free(text);
}
