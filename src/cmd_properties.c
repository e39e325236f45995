/* cmd_properties: zplan properties [--format text|json] [NAME]: the ZFS
 * property catalogue (src/props.def) for users: what each property takes,
 * where it applies, when it can be set, its default, the release that
 * brought it; pool features and compatibility names. docs/properties.md is
 * this command's text output. */
#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/props.h"
#include "zplan/text.h"

static const char *const type_names[] = { "number", "size", "index",
	"string" };
static const char *const attr_names[] = { "inherited", "default",
	"at creation", "read-only", "not at creation" };

/* "filesystem,volume,root" into buf. */
static const char *objs_str(unsigned objs, char *buf, size_t len)
{
	static const char *const n[] = { "filesystem", "volume", "root",
		"pool" };
	size_t k;

	buf[0] = '\0';
	for (k = 0; k < 4; k++)
		if (objs & (1u << k))
			snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
			    buf[0] ? "," : "", n[k]);
	return buf;
}

/* What p takes, as one line: its "takes" text or its values. */
static const char *takes_str(const struct zp_prop *p, char *buf, size_t len)
{
	const struct zp_prop_val *v;

	if (p->takes || !p->vals) {
		snprintf(buf, len, "%s", p->takes ? p->takes : "");
		return buf;
	}
	buf[0] = '\0';
	for (v = p->vals; v->name; v++)
		snprintf(buf + strlen(buf), len - strlen(buf), "%s%s",
		    v == p->vals ? "" : " | ", v->name);
	return buf;
}

static json_t *prop_json(const struct zp_prop *p)
{
	char o[64], r[16];
	json_t *j = json_pack("{s:s,s:s,s:s,s:s,s:s,s:s}", "name", p->name,
	    "space", p->space == ZP_SPACE_DS ? "dataset" : "pool", "type",
	    type_names[p->type], "objects", objs_str(p->objs, o, sizeof(o)),
	    "set", attr_names[p->attr], "since",
	    zp_release_str(p->since, r, sizeof(r)));
	const struct zp_prop_val *v;

	json_object_set_new(j, "alias", p->alias ? json_string(p->alias) :
	    json_null());
	json_object_set_new(j, "default", json_string(p->dflt));
	if (p->takes)
		json_object_set_new(j, "takes", json_string(p->takes));
	if (p->vals) {
		json_t *a = json_array();

		for (v = p->vals; v->name; v++)
			json_array_append_new(a, json_pack("{s:s,s:s}", "value",
			    v->name, "since", zp_release_str(v->since, r,
			    sizeof(r))));
		json_object_set_new(j, "values", a);
	}
	return j;
}

static void print_json(const struct zp_prop *one, const struct zp_feature *f)
{
	json_t *root, *a;
	size_t k;
	char r[16];

	if (one)
		root = prop_json(one);
	else if (f)
		root = json_pack("{s:s,s:s,s:s}", "name", f->name, "guid",
		    f->guid, "since", zp_release_str(f->since, r, sizeof(r)));
	else {
		root = json_pack("{s:s}", "follows", "OpenZFS 2.4");
		a = json_array();
		for (k = 0; k < zp_nprops; k++)
			json_array_append_new(a, prop_json(&zp_props[k]));
		json_object_set_new(root, "properties", a);
		a = json_array();
		for (k = 0; k < zp_nfeatures; k++)
			json_array_append_new(a, json_pack("{s:s,s:s,s:s}",
			    "name", zp_features[k].name, "guid",
			    zp_features[k].guid, "since", zp_release_str(
			    zp_features[k].since, r, sizeof(r))));
		json_object_set_new(root, "features", a);
		a = json_array();
		for (k = 0; k < zp_ncompats; k++)
			json_array_append_new(a, json_pack("{s:s,s:s}", "name",
			    zp_compats[k].name, "since", zp_release_str(
			    zp_compats[k].since, r, sizeof(r))));
		json_object_set_new(root, "compatibility", a);
	}
	json_dumpf(root, stdout, JSON_INDENT(2));
	fputc('\n', stdout);
	json_decref(root);
}

static void print_one(const struct zp_prop *p)
{
	char o[64], r[16], t[700];

	printf("name:     %s\n", p->name);
	if (p->alias)
		printf("alias:    %s\n", p->alias);
	printf("type:     %s\n", type_names[p->type]);
	printf("applies:  %s (%s)\n", objs_str(p->objs, o, sizeof(o)),
	    p->space == ZP_SPACE_DS ? "zfs create -o, zpool create -O" :
	    "zpool create -o");
	printf("set:      %s\n", attr_names[p->attr]);
	printf("since:    %s\n", zp_release_str(p->since, r,
	    sizeof(r)));
	if (p->dflt[0])
		printf("default:  %s\n", p->dflt);
	printf("takes:    %s\n", takes_str(p, t, sizeof(t)));
	for (size_t k = 0; k < zp_nneeds; k++)
		if (strcmp(zp_needs[k].prop, p->name) == 0)
			printf("needs:    feature@%s for %s%s\n",
			    zp_needs[k].feature, zp_needs[k].value,
			    strcmp(zp_needs[k].value, "*") == 0 ? " but off" :
			    zp_needs[k].value[0] == '>' ? "" : " (and longer)");
}

static void print_table(void)
{
	char o[64], r[16], t[700];
	size_t k;

	printf("OpenZFS 2.4: %zu properties, %zu features, %zu compatibility "
	    "names\n\n", zp_nprops, zp_nfeatures, zp_ncompats);
	printf("%-22s %-13s %-6s %-23s %-15s %-12s %s\n", "NAME", "ALIAS",
	    "TYPE", "APPLIES TO", "SET", "SINCE", "TAKES");
	for (k = 0; k < zp_nprops; k++) {
		const struct zp_prop *p = &zp_props[k];

		printf("%-22s %-13s %-6s %-23s %-15s %-12s %s\n", p->name,
		    p->alias ? p->alias : "-", type_names[p->type],
		    objs_str(p->objs, o, sizeof(o)), attr_names[p->attr],
		    zp_release_str(p->since, r, sizeof(r)),
		    takes_str(p, t, sizeof(t)));
	}
	printf("\n%-22s %-36s %s\n", "FEATURE (feature@NAME)", "GUID",
	    "SINCE");
	for (k = 0; k < zp_nfeatures; k++)
		printf("%-22s %-36s %s\n", zp_features[k].name,
		    zp_features[k].guid, zp_release_str(zp_features[k].since, r,
		    sizeof(r)));
	printf("\n%-22s %-12s %s\n", "VALUE OF", "VALUE", "NEEDS FEATURE");
	for (k = 0; k < zp_nneeds; k++)
		printf("%-22s %-12s feature@%s\n", zp_needs[k].prop,
		    strcmp(zp_needs[k].value, "*") == 0 ? "(not off)" :
		    zp_needs[k].value, zp_needs[k].feature);
	printf("\n%-22s %s\n", "COMPATIBILITY", "SINCE");
	printf("%-22s %s\n%-22s %s\n", "off", "2.1", "legacy", "2.1");
	for (k = 0; k < zp_ncompats; k++)
		printf("%-22s %s\n", zp_compats[k].name, zp_release_str(
		    zp_compats[k].since, r, sizeof(r)));
}

/* NAME: a dataset property, else a pool property, else a feature. */
static int lookup(const char *name, const struct zp_prop **p,
    const struct zp_feature **f)
{
	const char *cands[256], *near;
	size_t k, n = 0;

	*f = NULL;
	if ((*p = zp_prop_find(name, ZP_SPACE_DS)) ||
	    (*p = zp_prop_find(name, ZP_SPACE_POOL)))
		return 0;
	if ((*f = zp_feature_find(strncmp(name, "feature@", 8) == 0 ?
	    name + 8 : name)))
		return 0;
	for (k = 0; k < zp_nprops && n < 255; k++)
		cands[n++] = zp_props[k].name;
	cands[n] = NULL;
	near = zp_nearest(name, cands);
	fprintf(stderr, "zplan properties: no ZFS property or feature named "
	    "\"%s\"%s%s%s\n", name, near ? "; did you mean " : "",
	    near ? near : "", near ? "?" : "");
	return -1;
}

static int exec_properties(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		ZP_OPTS_END
	};
	static const char *const formats[] = { "text", "json", NULL };
	const struct zp_prop *p = NULL;
	const struct zp_feature *f = NULL;
	struct zp_args a;
	int c, fmt = 0;

	zp_args_init(&a, &zp_cmd_properties, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		if ((fmt = zp_format_option(&zp_cmd_properties, a.arg,
		    formats)) < 0)
			return 2;
	if (c < 0 || zp_args_operands(&a, 0, 1, "takes at most one NAME"))
		return a.status;
	if (a.n == 1 && lookup(a.operand[0], &p, &f) != 0)
		return 2;
	if (fmt == 1)
		print_json(p, f);
	else if (p)
		print_one(p);
	else if (f) {
		char r[16];

		printf("name:     feature@%s\nguid:     %s\ntakes:    enabled "
		    "| disabled (zpool create -o)\nsince:    OpenZFS %s\n",
		    f->name, f->guid, zp_release_str(f->since, r, sizeof(r)));
	} else
		print_table();
	if (fflush(stdout) == 0 && !ferror(stdout))
		return 0;
	fprintf(stderr, "zplan properties: cannot write standard output: %s\n",
	    strerror(errno ? errno : EIO));
	return 2;
}

const struct zp_cmd zp_cmd_properties = {
	"properties", "[--format text|json] [NAME]",
	"the ZFS property catalogue: what each property takes and where",
	exec_properties
};
