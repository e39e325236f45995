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

/* "4.80 TB  4.37 TiB" in a fixed-width cell. */
static const char *both(uint64_t bytes, char *buf, size_t len)
{
	char a[24], b[24];

	zp_fmt_fixed2(bytes, TB, a, sizeof(a));
	zp_fmt_fixed2(bytes, TIB, b, sizeof(b));
	snprintf(buf, len, "%9s TB %9s TiB", a, b);
	return buf;
}

static uint64_t at_fill(uint64_t usable, uint32_t pct)
{
	return usable / 100 * pct + usable % 100 * pct / 100;
}

static void text(const struct zp_model *m, const struct zp_pool_cap *pc,
    const struct sums *per, const struct sums *total)
{
	static const char *const parts[] = { "linux", "none", "keep" };
	char b1[80], b2[80], b3[80], b4[80], layout[128], keep[32] = "";
	size_t i;

	if (m->policy.partitioning == ZP_PART_KEEP)
		zp_fmt_size(m->policy.partition_keep, false, keep, sizeof(keep));
	printf("platform %s, partitioning %s%s%s, usable at %u%% fill\n\n",
	    zp_platform_name(m->policy.platform),
	    parts[m->policy.partitioning], keep[0] ? " " : "", keep,
	    m->policy.fill_percent);
	printf("%-12s %-10s %-16s %5s  %-26s %-26s %-26s %-26s\n", "POOL",
	    "CONTROLLER", "LAYOUT", "DISKS", "RAW", "POOL SIZE", "USABLE",
	    "USABLE AT FILL");
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const struct zp_cap_pool *c = &pc[i].cap;

		zp_pool_layout(p, layout, sizeof(layout));
		printf("%-12s %-10s %-16s %5llu  %-26s %-26s %-26s %-26s\n",
		    p->name, p->controller.idx >= 0 ?
		    ZP_CTRL(m, p->controller.idx)->id : "-", layout,
		    (unsigned long long)pc[i].data_disks,
		    both(c->raw_bytes, b1, sizeof(b1)),
		    both(c->pool_size_bytes, b2, sizeof(b2)),
		    both(c->usable_bytes, b3, sizeof(b3)),
		    both(at_fill(c->usable_bytes, m->policy.fill_percent), b4,
		    sizeof(b4)));
	}
	if (m->controllers.len) {
		printf("\n%-46s %-26s %-26s %-26s %-26s\n", "CONTROLLER", "RAW",
		    "POOL SIZE", "USABLE", "USABLE AT FILL");
		for (i = 0; i < m->controllers.len; i++)
			printf("%-46s %-26s %-26s %-26s %-26s\n",
			    ZP_CTRL(m, i)->id, both(per[i].raw, b1, sizeof(b1)),
			    both(per[i].size, b2, sizeof(b2)),
			    both(per[i].usable, b3, sizeof(b3)),
			    both(at_fill(per[i].usable, m->policy.fill_percent),
			    b4, sizeof(b4)));
	}
	printf("\n%-46s %-26s %-26s %-26s %-26s\n", "TOTAL",
	    both(total->raw, b1, sizeof(b1)), both(total->size, b2, sizeof(b2)),
	    both(total->usable, b3, sizeof(b3)),
	    both(at_fill(total->usable, m->policy.fill_percent), b4,
	    sizeof(b4)));
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
