/* diag: collect, filter, sort and print findings. */
#include "zplan/diag.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/rule.h"
#include "zplan/text.h"
#include "zplan/version.h"

static const char *const sev_names[] = { "error", "warning", "note" };

void zp_diags_init(struct zp_diags *d, const char *file)
{
	memset(d, 0, sizeof(*d));
	d->file = strcmp(file, "-") == 0 ? "<stdin>" : file;
	zp_vec_init(&d->v, sizeof(struct zp_diag));
	zp_arena_init(&d->arena);
	if (zp_ctl_find(d->file, strlen(d->file))) {
		size_t cap = strlen(d->file) * 6 + 1;
		char *esc = zp_arena_alloc(&d->arena, cap);

		zp_ctl_escape(esc, cap, d->file);
		d->file = esc;
	}
}

void zp_diags_release(struct zp_diags *d)
{
	zp_vec_release(&d->v);
	zp_arena_release(&d->arena);
}

/* A message cut at the buffer's end must not end inside a character. */
static void trim_utf8(char *s)
{
	size_t n = strlen(s), k = n;

	while (k > 0 && ((unsigned char)s[k - 1] & 0xC0) == 0x80)
		k--;
	if (k > 0 && (unsigned char)s[k - 1] >= 0xC0) {
		unsigned char c = (unsigned char)s[k - 1];
		size_t want = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;

		if (n - (k - 1) < want)
			s[k - 1] = '\0';
	}
}

static void vreport(struct zp_diags *d, int rule, enum zp_sev sev,
    struct zp_loc loc, const char *path, const char *fmt, va_list ap)
{
	struct zp_diag *x = zp_vec_push(&d->v);
	char buf[1024];

	vsnprintf(buf, sizeof(buf), fmt, ap);
	trim_utf8(buf);
	/* a message quotes what it read: no control character in it may
	 * forge a line of the report or reach the terminal (every format
	 * prints this text) */
	zp_ctl_escape_in_place(buf, sizeof(buf));
	x->rule = rule;
	x->sev = sev;
	x->loc = loc;
	x->path = path ? path : "";
	x->msg = zp_arena_strdup(&d->arena, buf);
	x->seq = d->v.len;
}

void zp_report(struct zp_diags *d, int rule, struct zp_loc loc,
    const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(d, rule, zp_rules[rule]->severity, loc, path, fmt, ap);
	va_end(ap);
}

void zp_report_sev(struct zp_diags *d, int rule, enum zp_sev sev,
    struct zp_loc loc, const char *path, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(d, rule, sev, loc, path, fmt, ap);
	va_end(ap);
}

const char *zp_pathf(struct zp_diags *d, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return zp_arena_strdup(&d->arena, buf);
}

static int cmp(const void *a, const void *b)
{
	const struct zp_diag *x = a, *y = b;
	int c;

	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	c = strcmp(zp_rules[x->rule]->id, zp_rules[y->rule]->id);
	if (c)
		return c;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void zp_diags_finish(struct zp_diags *d, const struct zp_policy *p)
{
	size_t i, w = 0;

	for (i = 0; i < d->v.len; i++) {
		struct zp_diag *x = ZP_VEC_AT(&d->v, struct zp_diag, i);
		bool fixed = x->rule == ZR_SYNTAX || x->rule == ZR_SCHEMA ||
		    x->rule == ZR_PLAN_INFEASIBLE;

		if (p && !fixed && p->disabled[x->rule])
			continue;
		if (p && !fixed && p->severity[x->rule] >= 0)
			x->sev = (enum zp_sev)p->severity[x->rule];
		*ZP_VEC_AT(&d->v, struct zp_diag, w++) = *x;
	}
	d->v.len = w;
	/* one file per run: sorting by line, column, id is by file too */
	if (d->v.len)
		qsort(d->v.data, d->v.len, sizeof(struct zp_diag), cmp);
	d->errors = d->warnings = d->notes = 0;
	for (i = 0; i < d->v.len; i++) {
		switch (ZP_VEC_AT(&d->v, struct zp_diag, i)->sev) {
		case ZP_SEV_ERROR:
			d->errors++;
			break;
		case ZP_SEV_WARNING:
			d->warnings++;
			break;
		case ZP_SEV_NOTE:
			d->notes++;
			break;
		}
	}
	d->finished = true;
}

bool zp_diags_failed(const struct zp_diags *d, bool strict)
{
	return d->errors || (strict && d->warnings);
}

void zp_diags_print_lines(const struct zp_diags *d, FILE *out)
{
	size_t i;

	for (i = 0; i < d->v.len; i++) {
		const struct zp_diag *x = ZP_VEC_AT(&d->v, struct zp_diag, i);

		if (x->loc.line)
			fprintf(out, "%s:%u:%u: %s: %s [%s]\n", d->file,
			    x->loc.line, x->loc.col, sev_names[x->sev], x->msg,
			    zp_rules[x->rule]->id);
		else
			fprintf(out, "%s: %s: %s [%s]\n", d->file,
			    sev_names[x->sev], x->msg, zp_rules[x->rule]->id);
	}
}

static void summary(const struct zp_diags *d, FILE *out)
{
	fprintf(out, "%zu error%s, %zu warning%s", d->errors,
	    d->errors == 1 ? "" : "s", d->warnings,
	    d->warnings == 1 ? "" : "s");
	if (d->notes)
		fprintf(out, ", %zu note%s", d->notes, d->notes == 1 ? "" : "s");
	fputc('\n', out);
}

/* A JSON string; bytes that are not UTF-8 (a file name can hold any)
 * become '?'. */
static json_t *jstr(const char *s)
{
	json_t *j = json_string(s);
	char *copy;
	size_t i;

	if (j)
		return j;
	copy = zp_xstrdup(s);
	for (i = 0; copy[i]; i++)
		if ((unsigned char)copy[i] >= 0x80)
			copy[i] = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

static void dump(json_t *j, FILE *out)
{
	json_dumpf(j, out, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
	fputc('\n', out);
	json_decref(j);
}

static json_t *json_diags(const struct zp_diags *d)
{
	json_t *root = json_object(), *arr = json_array();
	size_t i;

	json_object_set_new(root, "file", jstr(d->file));
	for (i = 0; i < d->v.len; i++) {
		const struct zp_diag *x = ZP_VEC_AT(&d->v, struct zp_diag, i);
		json_t *o = json_object();

		json_object_set_new(o, "rule", json_string(zp_rules[x->rule]->id));
		json_object_set_new(o, "severity",
		    json_string(sev_names[x->sev]));
		json_object_set_new(o, "message", jstr(x->msg));
		json_object_set_new(o, "line", json_integer(x->loc.line));
		json_object_set_new(o, "column", json_integer(x->loc.col));
		json_object_set_new(o, "path", jstr(x->path));
		json_array_append_new(arr, o);
	}
	json_object_set_new(root, "diagnostics", arr);
	json_object_set_new(root, "errors", json_integer((json_int_t)d->errors));
	json_object_set_new(root, "warnings",
	    json_integer((json_int_t)d->warnings));
	return root;
}

/* SARIF 2.1.0: one run, tool zplan with the rule catalogue. */
static json_t *sarif(const struct zp_diags *d)
{
	json_t *root = json_object(), *run = json_object(),
	    *driver = json_object(), *rules = json_array(),
	    *results = json_array(), *tool = json_object(),
	    *runs = json_array();
	size_t i;

	json_object_set_new(root, "$schema", json_string(
	    "https://json.schemastore.org/sarif-2.1.0.json"));
	json_object_set_new(root, "version", json_string("2.1.0"));
	json_object_set_new(driver, "name", json_string("zplan"));
	json_object_set_new(driver, "version", json_string(ZPLAN_VERSION));
	for (i = 0; i < ZP_NRULES; i++) {
		json_t *r = json_object(), *cfg = json_object();

		json_object_set_new(r, "id", json_string(zp_rules[i]->id));
		json_object_set_new(r, "shortDescription",
		    json_pack("{s:s}", "text", zp_rules[i]->summary));
		json_object_set_new(cfg, "level",
		    json_string(sev_names[zp_rules[i]->severity]));
		json_object_set_new(r, "defaultConfiguration", cfg);
		json_array_append_new(rules, r);
	}
	json_object_set_new(driver, "rules", rules);
	json_object_set_new(tool, "driver", driver);
	json_object_set_new(run, "tool", tool);
	for (i = 0; i < d->v.len; i++) {
		const struct zp_diag *x = ZP_VEC_AT(&d->v, struct zp_diag, i);
		json_t *res = json_object(), *phys = json_object(),
		    *loc = json_object(), *locs = json_array();

		json_object_set_new(res, "ruleId",
		    json_string(zp_rules[x->rule]->id));
		json_object_set_new(res, "ruleIndex", json_integer(x->rule));
		json_object_set_new(res, "level", json_string(sev_names[x->sev]));
		json_object_set_new(res, "message",
		    json_pack("{s:o}", "text", jstr(x->msg)));
		json_object_set_new(phys, "artifactLocation",
		    json_pack("{s:o}", "uri", jstr(d->file)));
		if (x->loc.line)
			json_object_set_new(phys, "region", json_pack(
			    "{s:i,s:i}", "startLine", (int)x->loc.line,
			    "startColumn", (int)x->loc.col));
		json_object_set_new(loc, "physicalLocation", phys);
		if (x->path[0])
			json_object_set_new(loc, "logicalLocations",
			    json_pack("[{s:o}]", "fullyQualifiedName",
			    jstr(x->path)));
		json_array_append_new(locs, loc);
		json_object_set_new(res, "locations", locs);
		json_array_append_new(results, res);
	}
	json_object_set_new(run, "results", results);
	json_array_append_new(runs, run);
	json_object_set_new(root, "runs", runs);
	return root;
}

void zp_diags_print(const struct zp_diags *d, enum zp_format fmt, FILE *out)
{
	switch (fmt) {
	case ZP_FMT_JSON:
		dump(json_diags(d), out);
		break;
	case ZP_FMT_SARIF:
		dump(sarif(d), out);
		break;
	default:
		zp_diags_print_lines(d, out);
		summary(d, out);
		break;
	}
}
