/* Unit tests for the property catalogue (src/props.def, src/props.c): each
 * line of tests/data/props-cases.txt gives a property, a value zfs
 * accepts and one it refuses at the boundary; every settable property of
 * the catalogue must have a line, every read-only one is refused, every
 * property is refused on an object it does not apply to, and lookups by
 * alias find the full name. Run from the top of the tree, or with TOP. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/props.h"

static unsigned obj_of(const char *s)
{
	return strcmp(s, "fs") == 0 ? ZP_OBJ_FS : strcmp(s, "vol") == 0 ?
	    ZP_OBJ_VOL : strcmp(s, "root") == 0 ? ZP_OBJ_ROOT : ZP_OBJ_POOL;
}

static enum zp_platform plat_of(const char *s)
{
	if (!s || strcmp(s, "openzfs") == 0)
		return ZP_PLAT_OPENZFS;
	return strcmp(s, "legacy") == 0 ? ZP_PLAT_LEGACY : ZP_PLAT_OPENZFS_2_0;
}

static FILE *cases(void)
{
	const char *top = getenv("TOP");
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/tests/data/props-cases.txt",
	    top ? top : ".");
	f = fopen(path, "r");
	cr_assert(f, "cannot open %s", path);
	return f;
}

static char long_value[4097];

static const char *val(const char *s)
{
	if (strcmp(s, "@long") != 0)
		return s;
	memset(long_value, 'a', 4096);
	long_value[4096] = '\0';
	return long_value;
}

/* Whether catalogue entry p has a line (by its name or alias). */
static bool covered[1024];

Test(props, every_case_line)
{
	FILE *f = cases();
	char line[8192];
	unsigned n = 0;

	while (fgets(line, sizeof(line), f)) {
		char *w[6] = { 0 }, *save = NULL, *t;
		int k = 0;
		struct zp_prop_verdict v;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		for (t = strtok_r(line, " \t\n", &save); t && k < 6;
		    t = strtok_r(NULL, " \t\n", &save))
			w[k++] = t;
		cr_assert(k >= 4, "short line: %s", line);
		n++;
		if (strcmp(w[0], "later") == 0) {
			cr_expect_eq(zp_prop_check(w[2], w[3], obj_of(w[1]),
			    plat_of(w[4]), "x", &v), ZP_PROP_LATER,
			    "%s=%s on %s: expected a note, got %d: %s", w[2],
			    w[3], w[4], v.kind, v.msg);
			cr_expect_eq(zp_prop_check(w[2], w[3], obj_of(w[1]),
			    ZP_PLAT_OPENZFS, "x", &v), ZP_PROP_OK,
			    "%s=%s on openzfs: %s", w[2], w[3], v.msg);
			continue;
		}
		if (strcmp(w[2], "-") != 0)
			cr_expect_eq(zp_prop_check(w[1], val(w[2]),
			    obj_of(w[0]), plat_of(w[4]), "x", &v), ZP_PROP_OK,
			    "%s %s=%s refused: %s", w[0], w[1], w[2], v.msg);
		if (strcmp(w[3], "-") != 0) {
			enum zp_verdict r = zp_prop_check(w[1], val(w[3]),
			    obj_of(w[0]), plat_of(w[4]), "x", &v);

			cr_expect(r == ZP_PROP_INVALID || r == ZP_PROP_UNKNOWN,
			    "%s %s=%.40s accepted", w[0], w[1], w[3]);
			cr_expect(v.msg[0], "%s: no message", w[1]);
		}
		if (strcmp(w[2], "-") != 0 && v.prop)
			covered[v.prop - zp_props] = true;
	}
	fclose(f);
	cr_assert_gt(n, 100);
	for (size_t i = 0; i < zp_nprops; i++)
		if (zp_props[i].attr != ZP_PA_READONLY &&
		    zp_props[i].attr != ZP_PA_NOCREATE &&
		    strcmp(zp_props[i].name, "mlslabel") != 0)
			cr_expect(covered[i], "%s (%s) has no accepted case in "
			    "props-cases.txt", zp_props[i].name,
			    zp_props[i].space == ZP_SPACE_DS ? "dataset" :
			    "pool");
}

Test(props, readonly_refused_everywhere)
{
	struct zp_prop_verdict v;

	for (size_t i = 0; i < zp_nprops; i++) {
		const struct zp_prop *p = &zp_props[i];
		unsigned o = p->space == ZP_SPACE_POOL ? ZP_OBJ_POOL :
		    p->objs & ZP_OBJ_FS ? ZP_OBJ_FS : ZP_OBJ_VOL;

		if (p->attr != ZP_PA_READONLY)
			continue;
		cr_expect_eq(zp_prop_check(p->name, "1", o, ZP_PLAT_OPENZFS,
		    "x", &v), ZP_PROP_UNKNOWN, "read-only %s accepted",
		    p->name);
		cr_expect(strstr(v.msg, "read-only"), "%s: %s", p->name, v.msg);
	}
}

Test(props, wrong_object_refused)
{
	static const unsigned objs[] = { ZP_OBJ_FS, ZP_OBJ_VOL, ZP_OBJ_ROOT };
	struct zp_prop_verdict v;

	for (size_t i = 0; i < zp_nprops; i++) {
		const struct zp_prop *p = &zp_props[i];

		if (p->space != ZP_SPACE_DS || p->attr == ZP_PA_READONLY)
			continue;
		for (size_t k = 0; k < 3; k++)
			if (!(p->objs & objs[k]))
				cr_expect_eq(zp_prop_check(p->name, "1",
				    objs[k], ZP_PLAT_OPENZFS, "x", &v),
				    ZP_PROP_INVALID, "%s accepted on %s",
				    p->name, zp_obj_name(objs[k]));
		/* a dataset property among the pool's options */
		if (!zp_prop_find(p->name, ZP_SPACE_POOL))
			cr_expect_eq(zp_prop_check(p->name, "on", ZP_OBJ_POOL,
			    ZP_PLAT_OPENZFS, "x", &v), ZP_PROP_INVALID,
			    "%s accepted in pool options", p->name);
	}
}

Test(props, aliases_and_case)
{
	struct zp_prop_verdict v;

	for (size_t i = 0; i < zp_nprops; i++) {
		const struct zp_prop *p = &zp_props[i];
		char up[64];
		size_t k;

		if (p->alias)
			cr_expect_eq(zp_prop_find(p->alias, p->space), p,
			    "alias %s", p->alias);
		cr_expect_eq(zp_prop_find(p->name, p->space), p, "%s", p->name);
		for (k = 0; p->name[k] && k < 63; k++)
			up[k] = (char)(k ? p->name[k] : p->name[k] - 32);
		up[k] = '\0';
		cr_expect_eq(zp_prop_check(up, "on", p->space == ZP_SPACE_DS ?
		    ZP_OBJ_FS : ZP_OBJ_POOL, ZP_PLAT_OPENZFS, "x", &v),
		    ZP_PROP_UNKNOWN, "%s accepted", up);
	}
	cr_expect_str_eq(zp_prop_find("compress", ZP_SPACE_DS)->name,
	    "compression");
	cr_expect_str_eq(zp_prop_find("dedup", ZP_SPACE_POOL)->name,
	    "dedupratio");
	cr_expect_null(zp_prop_find("ATime", ZP_SPACE_DS));
}

Test(props, names_that_are_not_names)
{
	static const char *const bad[] = { "", "mountpoint=/srv/other",
		"Com.Example:x", "a b:c", "compresion", NULL };
	struct zp_prop_verdict v;

	for (size_t i = 0; bad[i]; i++)
		cr_expect_eq(zp_prop_check(bad[i], "x", ZP_OBJ_FS,
		    ZP_PLAT_OPENZFS, "x", &v), ZP_PROP_UNKNOWN, "\"%s\"",
		    bad[i]);
	cr_expect_eq(zp_prop_check("com.example:owner", "ops", ZP_OBJ_FS,
	    ZP_PLAT_OPENZFS, "x", &v), ZP_PROP_OK);
	cr_expect_eq(zp_prop_check("com.example:owner", "ops", ZP_OBJ_POOL,
	    ZP_PLAT_OPENZFS, "x", &v), ZP_PROP_UNKNOWN);
	cr_expect(strstr(v.msg, "zpool create -o"));
	zp_prop_check("compresion", "lz4", ZP_OBJ_FS, ZP_PLAT_OPENZFS, "x", &v);
	cr_expect(strstr(v.msg, "did you mean compression"), "%s", v.msg);
}

Test(props, zfs_numbers)
{
	uint64_t n;
	const char *why;

	cr_expect_eq(zp_zfs_number("1K", &n, &why), 0);
	cr_expect_eq(n, 1024);
	cr_expect_eq(zp_zfs_number("1.5KiB", &n, &why), 0);
	cr_expect_eq(n, 1536);
	cr_expect_eq(zp_zfs_number("2gb", &n, &why), 0);
	cr_expect_eq(n, (uint64_t)2 << 30);
	cr_expect_eq(zp_zfs_number("1BB", &n, &why), -1);
	cr_expect_eq(zp_zfs_number("16E", &n, &why), -1);
	cr_expect_eq(zp_zfs_number("-1", &n, &why), -1);
	cr_expect_eq(zp_zfs_number("K", &n, &why), -1);
}

Test(props, catalogue_consistent)
{
	for (size_t i = 0; i < zp_ncompats; i++) {
		char buf[2048], *save = NULL, *w;

		snprintf(buf, sizeof(buf), "%s", zp_compats[i].features);
		cr_expect(buf[0], "%s lists no feature", zp_compats[i].name);
		for (w = strtok_r(buf, " ", &save); w;
		    w = strtok_r(NULL, " ", &save))
			cr_expect_not_null(zp_feature_find(w), "%s lists %s, no "
			    "feature of the catalogue", zp_compats[i].name, w);
	}
	for (size_t i = 0; i < zp_nneeds; i++) {
		cr_expect_not_null(zp_feature_find(zp_needs[i].feature), "%s",
		    zp_needs[i].feature);
		cr_expect_not_null(zp_prop_find(zp_needs[i].prop, ZP_SPACE_DS),
		    "%s", zp_needs[i].prop);
	}
	/* the newest set has every feature the catalogue knows */
	for (size_t i = 0; i < zp_nfeatures; i++)
		cr_expect(strstr(zp_compat_find("openzfs-2.4")->features,
		    zp_features[i].name), "openzfs-2.4 lacks %s",
		    zp_features[i].name);
}
