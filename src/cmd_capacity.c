/* cmd_capacity: zplan capacity: each pool's size as ZFS computes it, per
 * controller and in total. */
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/poolcap.h"
#include "zplan/text.h"

#define TB 1000000000000ULL
#define TIB (1ULL << 40)

struct sums {
	uint64_t raw, size, usable;
};

static void add(struct sums *s, const struct zp_cap_pool *c)
{
	/* saturate rather than wrap on an absurd fleet */
	s->raw = s->raw + c->raw_bytes < s->raw ? UINT64_MAX :
	    s->raw + c->raw_bytes;
	s->size = s->size + c->pool_size_bytes < s->size ? UINT64_MAX :
	    s->size + c->pool_size_bytes;
	s->usable = s->usable + c->usable_bytes < s->usable ? UINT64_MAX :
	    s->usable + c->usable_bytes;
}

static uint64_t at_fill(uint64_t usable, uint32_t pct)
{
	return usable / 100 * pct + usable % 100 * pct / 100;
}

/* The text tables: every column as wide as its widest cell, so that long
 * pool names, layouts and controller ids keep the columns aligned. A size
 * is two right-aligned figures, TB and TiB; the size columns of the pool
 * table and of the controller table line up. */
#define NSIZE 4

struct sizes {
	char tb[NSIZE][24], tib[NSIZE][24];
};

struct widths {
	size_t lead[4];         /* pool, controller, layout, disks */
	size_t tb[NSIZE], tib[NSIZE];
};

static const char *const size_head[NSIZE] = {
	"RAW", "POOL SIZE", "USABLE", "USABLE AT FILL"
};

static size_t wmax(size_t w, const char *s)
{
	size_t n = strlen(s);

	return n > w ? n : w;
}

static void fill_sizes(struct sizes *z, const struct sums *s, uint32_t pct,
    struct widths *w)
{
	uint64_t v[NSIZE] = { s->raw, s->size, s->usable,
	    at_fill(s->usable, pct) };
	int k;

	for (k = 0; k < NSIZE; k++) {
		zp_fmt_fixed2(v[k], TB, z->tb[k], sizeof(z->tb[k]));
		zp_fmt_fixed2(v[k], TIB, z->tib[k], sizeof(z->tib[k]));
		w->tb[k] = wmax(w->tb[k], z->tb[k]);
		w->tib[k] = wmax(w->tib[k], z->tib[k]);
	}
}

static size_t size_w(const struct widths *w, int k)
{
	size_t n = w->tb[k] + w->tib[k] + 9;     /* "T TB  T TiB" */

	return n > strlen(size_head[k]) ? n : strlen(size_head[k]);
}

static void print_sizes(const struct widths *w, const struct sizes *z)
{
	int k;

	for (k = 0; k < NSIZE; k++) {
		size_t n = w->tb[k] + w->tib[k] + 9;     /* "T TB  T TiB" */

		printf("  %*s TB  %*s TiB", (int)w->tb[k], z->tb[k],
		    (int)w->tib[k], z->tib[k]);
		if (k < NSIZE - 1)
			printf("%*s", (int)(size_w(w, k) - n), "");
	}
	printf("\n");
}

static void print_heads(const struct widths *w)
{
	int k;

	for (k = 0; k < NSIZE; k++)
		printf("  %-*s", k < NSIZE - 1 ? (int)size_w(w, k) : 0,
		    size_head[k]);
	printf("\n");
}

/* The width of the pool table's first four columns with their gaps. */
static size_t lead_w(const struct widths *w)
{
	return w->lead[0] + 2 + w->lead[1] + 2 + w->lead[2] + 2 + w->lead[3];
}

static const char *ctrl_id(const struct zp_model *m, const struct zp_pool *p)
{
	return p->controller.idx >= 0 ? ZP_CTRL(m, p->controller.idx)->id :
	    "-";
}

static void text(const struct zp_model *m, const struct zp_pool_cap *pc,
    const struct sums *per, const struct sums *total)
{
	static const char *const parts[] = { "linux", "none", "keep" };
	const uint32_t pct = m->policy.fill_percent;
	size_t np = m->pools.len, nc = m->controllers.len, i, first = 10;
	struct widths w = { { 4, 10, 6, 5 }, { 0 }, { 0 } };
	struct sizes *z = zp_xcalloc(np + nc + 1, sizeof(*z));
	char (*layout)[128] = zp_xcalloc(np + 1, sizeof(*layout));
	char keep[32] = "", disks[24];

	for (i = 0; i < np; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct sums s = { 0, 0, 0 };

		add(&s, &pc[i].cap);
		zp_pool_layout(p, layout[i], sizeof(layout[i]));
		snprintf(disks, sizeof(disks), "%llu",
		    (unsigned long long)pc[i].data_disks);
		w.lead[0] = wmax(w.lead[0], p->name);
		w.lead[1] = wmax(w.lead[1], ctrl_id(m, p));
		w.lead[2] = wmax(w.lead[2], layout[i]);
		w.lead[3] = wmax(w.lead[3], disks);
		fill_sizes(&z[i], &s, pct, &w);
	}
	for (i = 0; i < nc; i++) {
		first = wmax(first, ZP_CTRL(m, i)->id);
		fill_sizes(&z[np + i], &per[i], pct, &w);
	}
	fill_sizes(&z[np + nc], total, pct, &w);
	/* the controller table's first column spans the pool table's four */
	if (first > lead_w(&w))
		w.lead[2] += first - lead_w(&w);
	first = lead_w(&w);
	if (m->policy.partitioning == ZP_PART_KEEP)
		zp_fmt_size(m->policy.partition_keep, false, keep, sizeof(keep));
	printf("platform %s, partitioning %s%s%s, usable at %u%% fill\n\n",
	    zp_platform_name(m->policy.platform),
	    parts[m->policy.partitioning], keep[0] ? " " : "", keep, pct);
	printf("%-*s  %-*s  %-*s  %*s", (int)w.lead[0], "POOL",
	    (int)w.lead[1], "CONTROLLER", (int)w.lead[2], "LAYOUT",
	    (int)w.lead[3], "DISKS");
	print_heads(&w);
	for (i = 0; i < np; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		printf("%-*s  %-*s  %-*s  %*llu", (int)w.lead[0], p->name,
		    (int)w.lead[1], ctrl_id(m, p), (int)w.lead[2], layout[i],
		    (int)w.lead[3], (unsigned long long)pc[i].data_disks);
		print_sizes(&w, &z[i]);
	}
	if (nc) {
		printf("\n%-*s", (int)first, "CONTROLLER");
		print_heads(&w);
		for (i = 0; i < nc; i++) {
			printf("%-*s", (int)first, ZP_CTRL(m, i)->id);
			print_sizes(&w, &z[np + i]);
		}
	}
	printf("\n%-*s", (int)first, "TOTAL");
	print_sizes(&w, &z[np + nc]);
	free(z);
	free(layout);
}

/* Written by hand, not through jansson: byte counts of a fleet pass
 * 2^63, which jansson's signed integers cannot hold. */
static void json(const struct zp_model *m, const struct zp_pool_cap *pc,
    const struct sums *per, const struct sums *total)
{
	char layout[128];
	size_t i;

	printf("{\"pools\": [");
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const struct zp_cap_pool *c = &pc[i].cap;

		zp_pool_layout(p, layout, sizeof(layout));
		printf("%s\n  {\"name\": ", i ? "," : "");
		zp_json_str(stdout, p->name);
		printf(", \"controller\": ");
		if (p->controller.idx >= 0)
			zp_json_str(stdout, ZP_CTRL(m, p->controller.idx)->id);
		else
			printf("null");
		printf(", \"layout\": ");
		zp_json_str(stdout, layout);
		printf(", \"data_disks\": %llu, \"raw_bytes\": %llu, "
		    "\"pool_size_bytes\": %llu, \"usable_bytes\": %llu, "
		    "\"slop_bytes\": %llu, \"log_bytes\": %llu, "
		    "\"cache_bytes\": %llu, \"spares\": %u}",
		    (unsigned long long)pc[i].data_disks,
		    (unsigned long long)c->raw_bytes,
		    (unsigned long long)c->pool_size_bytes,
		    (unsigned long long)c->usable_bytes,
		    (unsigned long long)c->slop_bytes,
		    (unsigned long long)pc[i].log_bytes,
		    (unsigned long long)pc[i].cache_bytes, pc[i].spares);
	}
	printf("],\n \"controllers\": [");
	for (i = 0; i < m->controllers.len; i++) {
		printf("%s\n  {\"id\": ", i ? "," : "");
		zp_json_str(stdout, ZP_CTRL(m, i)->id);
		printf(", \"raw_bytes\": %llu, \"pool_size_bytes\": %llu, "
		    "\"usable_bytes\": %llu}", (unsigned long long)per[i].raw,
		    (unsigned long long)per[i].size,
		    (unsigned long long)per[i].usable);
	}
	printf("],\n \"total\": {\"raw_bytes\": %llu, \"pool_size_bytes\": "
	    "%llu, \"usable_bytes\": %llu}}\n", (unsigned long long)total->raw,
	    (unsigned long long)total->size,
	    (unsigned long long)total->usable);
}

static int exec_capacity(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	static const char *const formats[] = { "text", "json", NULL };
	struct zp_pool_cap *pc;
	struct sums *per, total = { 0, 0, 0 };
	struct zp_diags d;
	struct zp_model *m;
	struct zp_args a;
	int c, fmt = 0, status;
	size_t i;

	zp_args_init(&a, &zp_cmd_capacity, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		if ((fmt = zp_format_option(&zp_cmd_capacity, a.arg,
		    formats)) < 0)
			return 2;
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	zp_diags_init(&d, a.operand[0]);
	m = zp_cmd_load(a.operand[0], &d, &a.policy, &status);
	if (!m || zp_diags_failed(&d, false)) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan capacity: %s; nothing computed\n", m ?
		    "the model has errors" : "the model cannot be read");
		zp_model_free(m);
		zp_diags_release(&d);
		return status ? status : 1;
	}
	pc = zp_xcalloc(m->pools.len + 1, sizeof(*pc));
	per = zp_xcalloc(m->controllers.len + 1, sizeof(*per));
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const char *why;

		/* the rules have vouched for every reference and size */
		zp_pool_capacity(m, p, &pc[i], &why);
		add(&total, &pc[i].cap);
		if (p->controller.idx >= 0)
			add(&per[p->controller.idx], &pc[i].cap);
	}
	if (fmt == 1)
		json(m, pc, per, &total);
	else
		text(m, pc, per, &total);
	free(pc);
	free(per);
	zp_model_free(m);
	zp_diags_release(&d);
	return 0;
}

const struct zp_cmd zp_cmd_capacity = {
	"capacity", "[--format text|json] [--policy KEY=VALUE]... "
	"[--disable RULE]... FILE",
	"pool size and usable space per pool, controller and in total, as "
	"ZFS computes them", exec_capacity
};
