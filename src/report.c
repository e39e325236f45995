/* report: the HTML page of zplan report (docs/report.md): header and
 * hosts, findings with their model lines, capacity with bars, the diagram,
 * mounts per port and per client, script summaries. One pass a section;
 * the only thing built ahead is the index of the model's line starts. */
#include "zplan/report.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/diagram.h"
#include "zplan/poolcap.h"
#include "zplan/rule.h"
#include "zplan/script.h"
#include "zplan/text.h"
#include "zplan/version.h"

#define TB 1000000000000ULL
#define TIB (1ULL << 40)
#define BAR_W 260       /* px of the longest bar */

struct rp {
	const struct zp_report_in *in;
	const struct zp_model *m;
	FILE *out;
	size_t *line_off;       /* byte offset of each line start; [0] unused */
	size_t nlines;
};

static const char *const sev_name[] = { "error", "warning", "note" };

static void pr(struct rp *r, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void pr(struct rp *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfprintf(r->out, fmt, ap);
	va_end(ap);
}

/* Input text, escaped. */
static void esc(struct rp *r, const char *s)
{
	if (s)
		zp_xml_text(r->out, s, strlen(s), 0);
}

static const char *pl(uint64_t n)
{
	return n == 1 ? "" : "s";
}

/* ---- the page's frame ---- */

static const char style[] =
    "body{font:14px/1.45 'DejaVu Sans',Verdana,Arial,sans-serif;color:#222;"
    "margin:24px auto;max-width:1120px;padding:0 16px}\n"
    "h1{font-size:24px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 8px;"
    "border-bottom:2px solid #4e79a7;padding-bottom:2px}\n"
    "h3{font-size:15px;margin:16px 0 6px}\n"
    ".sub{color:#555}.muted{color:#777}\n"
    "table{border-collapse:collapse;margin:4px 0 8px}\n"
    "th,td{padding:3px 8px;text-align:left;vertical-align:top;"
    "border-bottom:1px solid #ddd}\n"
    "th{background:#f0f3f7;font-weight:bold}\n"
    "td.num,th.num{text-align:right;white-space:nowrap}\n"
    "tr.sum td{font-weight:bold;border-top:2px solid #999}\n"
    ".tib{color:#777;font-size:12px}\n"
    ".sev{display:inline-block;min-width:58px;text-align:center;"
    "border-radius:3px;padding:0 4px;font-weight:bold;color:#fff}\n"
    ".error{background:#c0392b}.warning{background:#d68910}"
    ".note{background:#5d6d7e}\n"
    ".counts span{margin-right:10px}\n"
    "pre.src{margin:4px 0 2px;padding:4px 6px;background:#f7f7f7;"
    "border-left:3px solid #bbb;font:12px/1.35 'DejaVu Sans Mono',"
    "monospace;white-space:pre-wrap;word-break:break-all}\n"
    "pre.src .hit{background:#fdebd0;display:block}\n"
    ".ln{color:#999;display:inline-block;min-width:44px}\n"
    "td code{white-space:nowrap}\n"
    "code{font:12px 'DejaVu Sans Mono',monospace}\n"
    ".diagram svg{max-width:100%;height:auto}\n"
    ".legend span{margin-right:14px;white-space:nowrap}\n"
    ".key{display:inline-block;width:12px;height:12px;vertical-align:-1px;"
    "margin-right:4px;border:1px solid #666}\n"
    "svg rect{print-color-adjust:exact;-webkit-print-color-adjust:exact}\n"
    "@media print{body{margin:0;max-width:none}h2{break-after:avoid}"
    "tr,pre.src{break-inside:avoid}nav{display:none}}\n"
    "nav a{margin-right:12px}\n";

static void head(struct rp *r)
{
	const struct zp_model *m = r->m;

	pr(r, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
	    "charset=\"utf-8\">\n<meta name=\"viewport\" content=\""
	    "width=device-width, initial-scale=1\">\n<title>zplan report: ");
	esc(r, m->name ? m->name : m->file);
	/* no script, no fetch: the policy says so to the browser too */
	pr(r, "</title>\n<meta http-equiv=\"Content-Security-Policy\" "
	    "content=\"default-src 'none'; style-src 'unsafe-inline'; "
	    "img-src data:\">\n<style>\n%s</style>\n</head>\n<body>\n",
	    style);
}

/* ---- header and hosts ---- */

static void counts(struct rp *r)
{
	const struct zp_diags *d = r->in->d;

	pr(r, "<p class=\"counts\" id=\"counts\">");
	pr(r, "<span><span class=\"sev error\">%zu</span> error%s</span>",
	    d->errors, pl(d->errors));
	pr(r, "<span><span class=\"sev warning\">%zu</span> warning%s</span>",
	    d->warnings, pl(d->warnings));
	pr(r, "<span><span class=\"sev note\">%zu</span> note%s</span></p>\n",
	    d->notes, pl(d->notes));
}

static void hosts(struct rp *r)
{
	const struct zp_model *m = r->m;
	size_t i;

	pr(r, "<h2 id=\"hosts\">Hosts</h2>\n");
	if (!m->controllers.len && !m->clients.len) {
		pr(r, "<p class=\"muted\">The model names no controllers or "
		    "clients: its pools are scripted for localhost.</p>\n");
		return;
	}
	pr(r, "<table><thead><tr><th>host</th><th>role</th><th>model / "
	    "OS</th><th class=\"num\">memory</th><th>peer</th><th class=\"num\">"
	    "ports</th></tr></thead><tbody>\n");
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);
		char mem[32] = "";

		if (c->has_memory)
			zp_fmt_size(c->memory, false, mem, sizeof(mem));
		pr(r, "<tr><td>");
		esc(r, c->id);
		pr(r, "</td><td>controller</td><td>");
		esc(r, c->model);
		pr(r, "</td><td class=\"num\">%s</td><td>", mem);
		esc(r, c->peer.name);
		pr(r, "</td><td class=\"num\">%zu</td></tr>\n", c->ports.n);
	}
	for (i = 0; i < m->clients.len; i++) {
		static const char *const os[] = { "linux", "solaris",
		    "freebsd" };
		const struct zp_client *c = ZP_CLIENT(m, i);

		pr(r, "<tr><td>");
		esc(r, c->id);
		pr(r, "</td><td>client</td><td>%s</td><td></td><td></td>"
		    "<td class=\"num\">%zu</td></tr>\n", os[c->os], c->ports.n);
	}
	pr(r, "</tbody></table>\n");
}

static void title(struct rp *r)
{
	const struct zp_model *m = r->m;

	pr(r, "<header>\n<h1 id=\"title\">");
	esc(r, m->name ? m->name : m->file);
	pr(r, "</h1>\n<p class=\"sub\">zplan report of <code>");
	esc(r, m->file);
	pr(r, "</code>: %zu enclosure%s, %zu disk%s, %zu pool%s, %zu "
	    "controller%s, %zu client%s, %zu mount%s</p>\n",
	    m->enclosures.len, pl(m->enclosures.len), m->disks.len,
	    pl(m->disks.len), m->pools.len, pl(m->pools.len),
	    m->controllers.len, pl(m->controllers.len), m->clients.len,
	    pl(m->clients.len), m->mounts.len, pl(m->mounts.len));
	counts(r);
	pr(r, "</header>\n<nav><a href=\"#findings\">Findings</a><a href=\""
	    "#capacity\">Capacity</a><a href=\"#diagram\">Diagram</a><a "
	    "href=\"#mounts\">Mounts</a><a href=\"#scripts\">Scripts</a>"
	    "</nav>\n");
}

/* ---- findings ---- */

static void index_lines(struct rp *r)
{
	const char *s = r->in->src;
	size_t i, n = 1;

	if (!s || !r->in->d->v.len)
		return;
	for (i = 0; i < r->in->len; i++)
		n += s[i] == '\n';
	r->line_off = zp_xcalloc(n + 2, sizeof(size_t));
	r->nlines = n;
	n = 1;
	r->line_off[1] = 0;
	for (i = 0; i < r->in->len; i++)
		if (s[i] == '\n')
			r->line_off[++n] = i + 1;
}

/* One line of the model, numbered; hit marks the one a finding is at. */
static void src_line(struct rp *r, uint32_t ln, bool hit)
{
	size_t a = r->line_off[ln], b;

	b = ln < r->nlines ? r->line_off[ln + 1] : r->in->len;
	while (b > a && (r->in->src[b - 1] == '\n' ||
	    r->in->src[b - 1] == '\r'))
		b--;
	pr(r, "<span%s><span class=\"ln\">%u</span>", hit ? " class=\"hit\"" :
	    "", ln);
	/* a minified JSON line may be megabytes: 400 characters show it */
	zp_xml_text(r->out, r->in->src + a, b - a, 400);
	pr(r, "</span>%s", hit ? "" : "\n");
}

static void finding(struct rp *r, const struct zp_diag *g)
{
	const char *id = zp_rules[g->rule]->id;

	pr(r, "<tr class=\"f\"><td><span class=\"sev %s\">%s</span></td>"
	    "<td><code>%s</code></td><td class=\"num\">", sev_name[g->sev],
	    sev_name[g->sev], id);
	if (g->loc.line)
		pr(r, "%u:%u", g->loc.line, g->loc.col);
	pr(r, "</td><td><div class=\"msg\">");
	esc(r, g->msg);
	pr(r, "</div>");
	if (g->path) {
		pr(r, "<div class=\"muted\"><code>");
		esc(r, g->path);
		pr(r, "</code></div>");
	}
	if (g->loc.line && g->loc.line <= r->nlines) {
		pr(r, "<pre class=\"src\">");
		if (g->loc.line > 1)
			src_line(r, g->loc.line - 1, false);
		src_line(r, g->loc.line, true);
		pr(r, "</pre>");
	}
	pr(r, "</td></tr>\n");
}

static void findings(struct rp *r)
{
	const struct zp_diags *d = r->in->d;
	size_t i;

	pr(r, "<h2 id=\"findings\">Findings</h2>\n");
	if (!d->v.len) {
		pr(r, "<p>No findings: the model passes every rule.</p>\n");
		return;
	}
	index_lines(r);
	pr(r, "<table id=\"findings-table\"><thead><tr><th>severity</th>"
	    "<th>rule</th><th class=\"num\">line:col</th><th>finding, and the "
	    "model lines it points at</th></tr></thead><tbody>\n");
	for (i = 0; i < d->v.len; i++)
		finding(r, ZP_VEC_AT(&d->v, struct zp_diag, i));
	pr(r, "</tbody></table>\n");
}

/* ---- capacity ---- */

struct sums {
	uint64_t raw, size, usable;
	bool ok;
};

static uint64_t sat_add(uint64_t a, uint64_t b)
{
	return a + b < a ? UINT64_MAX : a + b;
}

static void add(struct sums *s, const struct zp_cap_pool *c)
{
	s->raw = sat_add(s->raw, c->raw_bytes);
	s->size = sat_add(s->size, c->pool_size_bytes);
	s->usable = sat_add(s->usable, c->usable_bytes);
	s->ok = true;
}

static void size_cell(struct rp *r, uint64_t bytes)
{
	char a[32], b[32];

	zp_fmt_fixed2(bytes, TB, a, sizeof(a));
	zp_fmt_fixed2(bytes, TIB, b, sizeof(b));
	pr(r, "<td class=\"num\">%s TB<br><span class=\"tib\">%s TiB</span>"
	    "</td>", a, b);
}

static long px(uint64_t v, uint64_t max)
{
	return max ? (long)((double)v / (double)max * BAR_W + 0.5) : 0;
}

/* usable, reserved (size - usable) and redundancy (raw - size), to scale */
static void bar(struct rp *r, const struct sums *s, uint64_t max)
{
	uint64_t res = s->size > s->usable ? s->size - s->usable : 0;
	uint64_t red = s->raw > s->size ? s->raw - s->size : 0;
	long u = px(s->usable, max), v = px(res, max), w = px(red, max);

	pr(r, "<td><svg class=\"bar\" width=\"%d\" height=\"14\" role=\"img\">"
	    "<rect x=\"0\" y=\"1\" width=\"%ld\" height=\"12\" "
	    "fill=\"#4e79a7\"/><rect x=\"%ld\" y=\"1\" width=\"%ld\" "
	    "height=\"12\" fill=\"#f28e2b\"/><rect x=\"%ld\" y=\"1\" "
	    "width=\"%ld\" height=\"12\" fill=\"#c8c8c8\"/></svg></td>",
	    BAR_W + 2, u, u, v, u + v, w);
}

static void cap_row(struct rp *r, const char *cls, const char *name,
    const char *ctrl, const char *layout, const struct sums *s,
    uint64_t max)
{
	pr(r, "<tr%s%s%s><td>", cls ? " class=\"" : "", cls ? cls : "",
	    cls ? "\"" : "");
	esc(r, name);
	pr(r, "</td><td>");
	esc(r, ctrl);
	pr(r, "</td><td>");
	esc(r, layout);
	pr(r, "</td>");
	if (!s->ok) {
		pr(r, "<td colspan=\"5\" class=\"muted\">not computed: the pool "
		    "has errors</td></tr>\n");
		return;
	}
	size_cell(r, s->raw);
	size_cell(r, s->size);
	size_cell(r, s->usable);
	size_cell(r, s->size > s->usable ? s->size - s->usable : 0);
	bar(r, s, max);
	pr(r, "</tr>\n");
}

static void cap_head(struct rp *r, const char *first)
{
	pr(r, "<table class=\"cap\"><thead><tr><th>%s</th><th>%s</th>"
	    "<th>%s</th><th class=\"num\">raw</th><th class=\"num\">pool size"
	    "</th><th class=\"num\">usable</th><th class=\"num\">reserved</th>"
	    "<th>usable / reserved / redundancy</th></tr></thead><tbody>\n",
	    first, first[0] == 'p' ? "controller" : "", first[0] == 'p' ?
	    "layout" : "");
}

static void cap_legend(struct rp *r)
{
	pr(r, "<p class=\"legend\"><span><span class=\"key\" style=\""
	    "background:#4e79a7\"></span>usable</span><span><span class=\"key\""
	    " style=\"background:#f28e2b\"></span>reserved by ZFS (slop "
	    "space)</span><span><span class=\"key\" style=\"background:"
	    "#c8c8c8\"></span>redundancy and labels (raw &minus; pool size)"
	    "</span></p>\n");
}

static void capacity(struct rp *r)
{
	const struct zp_model *m = r->m;
	struct sums *pool = zp_xcalloc(m->pools.len + 1, sizeof(*pool));
	struct sums *per = zp_xcalloc(m->controllers.len + 1, sizeof(*per));
	struct sums total = { 0, 0, 0, true };
	uint64_t max = 0, cmax = 0;
	char layout[128];
	size_t i;

	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		struct zp_pool_cap pc;
		const char *why;

		if (zp_pool_capacity(m, p, &pc, &why))
			continue;
		add(&pool[i], &pc.cap);
		add(&total, &pc.cap);
		if (p->controller.idx >= 0)
			add(&per[p->controller.idx], &pc.cap);
		max = pool[i].raw > max ? pool[i].raw : max;
	}
	for (i = 0; i < m->controllers.len; i++)
		cmax = per[i].raw > cmax ? per[i].raw : cmax;
	cmax = total.raw > cmax ? total.raw : cmax;
	pr(r, "<h2 id=\"capacity\">Capacity</h2>\n<p class=\"sub\">As ZFS "
	    "computes it (platform %s, ashift %u by default); usable at %u%% "
	    "fill is %u%% of the usable column.</p>\n",
	    zp_platform_name(m->policy.platform), m->policy.ashift,
	    m->policy.fill_percent, m->policy.fill_percent);
	cap_legend(r);
	cap_head(r, "pool");
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		zp_pool_layout(p, layout, sizeof(layout));
		cap_row(r, "pool", p->name, p->controller.idx >= 0 ?
		    ZP_CTRL(m, p->controller.idx)->id : "-", layout, &pool[i],
		    max);
	}
	pr(r, "</tbody></table>\n");
	cap_head(r, "controller");
	for (i = 0; i < m->controllers.len; i++) {
		per[i].ok = true;
		cap_row(r, "ctrl", ZP_CTRL(m, i)->id, "", "", &per[i], cmax);
	}
	cap_row(r, "sum", "total", "", "", &total, cmax);
	pr(r, "</tbody></table>\n");
	free(pool);
	free(per);
}

/* ---- the diagram ---- */

static void diagram(struct rp *r)
{
	pr(r, "<h2 id=\"diagram\">Diagram</h2>\n");
	if (r->in->d->errors) {
		pr(r, "<p class=\"muted\">Drawn once the model has no errors."
		    "</p>\n");
		return;
	}
	pr(r, "<div class=\"diagram\">\n");
	zp_diagram_svg_embed(r->m, r->out);
	pr(r, "</div>\n");
}

/* ---- mounts ---- */

/* One row of a chart: label, count, a bar to scale. */
static void chart_row(struct rp *r, const char *a, const char *b,
    uint32_t n, uint32_t max)
{
	pr(r, "<tr><td>");
	esc(r, a);
	if (b) {
		pr(r, " <span class=\"muted\">");
		esc(r, b);
		pr(r, "</span>");
	}
	pr(r, "</td><td class=\"num\">%u</td><td><svg class=\"bar\" width=\"%d\""
	    " height=\"14\" role=\"img\"><rect x=\"0\" y=\"1\" width=\"%ld\" "
	    "height=\"12\" fill=\"#59a14f\"/></svg></td></tr>\n", n, BAR_W + 2,
	    px(n, max));
}

static void port_chart(struct rp *r, const uint32_t *n, const size_t *off)
{
	const struct zp_model *m = r->m;
	uint32_t max = 1;
	size_t i, j;

	for (i = 0; i < off[m->controllers.len]; i++)
		max = n[i] > max ? n[i] : max;
	pr(r, "<h3>Per controller port</h3>\n<table class=\"chart\" id=\""
	    "mounts-ports\"><thead><tr><th>port</th><th class=\"num\">mounts"
	    "</th><th></th></tr></thead><tbody>\n");
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);

		for (j = 0; j < c->ports.n; j++) {
			const struct zp_port *p = &c->ports.v[j];

			if (p->role != ZP_ROLE_DATA)
				continue;
			chart_row(r, c->id, p->id, n[off[i] + j], max);
		}
	}
	pr(r, "</tbody></table>\n");
}

static void client_chart(struct rp *r, const uint32_t *n)
{
	const struct zp_model *m = r->m;
	uint32_t max = 1;
	size_t i;

	for (i = 0; i < m->clients.len; i++)
		max = n[i] > max ? n[i] : max;
	pr(r, "<h3>Per client</h3>\n<table class=\"chart\" id=\""
	    "mounts-clients\"><thead><tr><th>client</th><th class=\"num\">"
	    "mounts</th><th></th></tr></thead><tbody>\n");
	for (i = 0; i < m->clients.len; i++)
		chart_row(r, ZP_CLIENT(m, i)->id, NULL, n[i], max);
	pr(r, "</tbody></table>\n");
}

static void mounts(struct rp *r)
{
	const struct zp_model *m = r->m;
	size_t *off = zp_xcalloc(m->controllers.len + 1, sizeof(size_t));
	uint32_t *port, *client;
	size_t i;

	pr(r, "<h2 id=\"mounts\">Mounts</h2>\n");
	for (i = 0; i < m->controllers.len; i++)
		off[i + 1] = off[i] + ZP_CTRL(m, i)->ports.n;
	port = zp_xcalloc(off[m->controllers.len] + 1, sizeof(*port));
	client = zp_xcalloc(m->clients.len + 1, sizeof(*client));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (mt->ctrl >= 0 && (size_t)mt->ctrl < m->controllers.len &&
		    mt->port >= 0 &&
		    (size_t)mt->port < ZP_CTRL(m, mt->ctrl)->ports.n)
			port[off[mt->ctrl] + (size_t)mt->port]++;
		if (mt->client >= 0 && (size_t)mt->client < m->clients.len)
			client[mt->client]++;
	}
	if (!m->mounts.len)
		pr(r, "<p class=\"muted\">The model mounts nothing.</p>\n");
	else {
		pr(r, "<p class=\"sub\">%zu mount%s; the data ports of each "
		    "controller, and each client.</p>\n", m->mounts.len,
		    pl(m->mounts.len));
		port_chart(r, port, off);
		client_chart(r, client);
	}
	free(off);
	free(port);
	free(client);
}

/* ---- scripts ---- */

struct steps {
	uint32_t pools, fs, shares, mounts;
};

static void host_row(struct rp *r, const struct zp_host *h,
    const struct steps *s)
{
	const uint32_t n[4] = { s->pools, s->fs, s->shares, s->mounts };
	int k;

	pr(r, "<tr><td>");
	esc(r, h->id);
	pr(r, "</td><td><code>");
	esc(r, h->id);
	pr(r, ".sh</code></td>");
	for (k = 0; k < 4; k++)
		pr(r, n[k] ? "<td class=\"num\">%u</td>" :
		    "<td class=\"num muted\">%u</td>", n[k]);
	pr(r, "<td class=\"num\">%u</td></tr>\n", n[0] + n[1] + n[2] + n[3]);
}

/* Steps by host slot: controllers, then "localhost" (pools without a
 * controller), then clients. */
static struct steps *count_steps(const struct zp_model *m)
{
	size_t nc = m->controllers.len, i;
	struct steps *s = zp_xcalloc(nc + 1 + m->clients.len + 1, sizeof(*s));

	for (i = 0; i < m->pools.len; i++) {
		int32_t c = ZP_POOL(m, i)->controller.idx;

		s[c >= 0 ? (size_t)c : nc].pools++;
	}
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		int32_t c;

		if (f->pool < 0)
			continue;
		c = ZP_POOL(m, f->pool)->controller.idx;
		s[c >= 0 ? (size_t)c : nc].fs++;
		s[c >= 0 ? (size_t)c : nc].shares += f->share == ZP_SHARE_NFS;
	}
	for (i = 0; i < m->mounts.len; i++)
		if (ZP_MOUNT(m, i)->client >= 0)
			s[nc + 1 + (size_t)ZP_MOUNT(m, i)->client].mounts++;
	return s;
}

static void scripts(struct rp *r)
{
	const struct zp_model *m = r->m;
	struct zp_script_plan *plan;
	const struct zp_host *h;
	struct steps *s;
	size_t n, i, nc = m->controllers.len;

	pr(r, "<h2 id=\"scripts\">Scripts</h2>\n");
	if (r->in->d->errors) {
		pr(r, "<p class=\"muted\">zplan script writes no script for a "
		    "model with errors.</p>\n");
		return;
	}
	plan = zp_script_plan_new(m);
	n = zp_script_hosts(plan, &h);
	s = count_steps(m);
	pr(r, "<p class=\"sub\">What <code>zplan script -o DIR</code> writes: "
	    "one script per host, each checking everything before it changes "
	    "anything. Its steps by kind:</p>\n<table id=\"scripts-table\">"
	    "<thead><tr><th>host</th><th>script</th><th class=\"num\">pools "
	    "(zpool create)</th><th class=\"num\">filesystems (zfs create)"
	    "</th><th class=\"num\">NFS shares</th><th class=\"num\">NFS "
	    "mounts</th><th class=\"num\">steps</th></tr></thead><tbody>\n");
	for (i = 0; i < n; i++) {
		struct steps t = { 0, 0, 0, 0 };

		if (h[i].ctrl >= 0)
			t = s[h[i].ctrl];
		else if (h[i].ctrl == ZP_HOST_LOCAL)
			t = s[nc];
		if (h[i].client >= 0)
			t.mounts = s[nc + 1 + (size_t)h[i].client].mounts;
		host_row(r, &h[i], &t);
	}
	pr(r, "</tbody></table>\n");
	free(s);
	zp_script_plan_free(plan);
}

int zp_report_html(const struct zp_report_in *in, FILE *out)
{
	struct rp r;

	memset(&r, 0, sizeof(r));
	r.in = in;
	r.m = in->m;
	r.out = out;
	head(&r);
	title(&r);
	findings(&r);
	hosts(&r);
	capacity(&r);
	diagram(&r);
	mounts(&r);
	scripts(&r);
	pr(&r, "<footer><p class=\"muted\">Made by zplan %s from <code>",
	    ZPLAN_VERSION);
	esc(&r, in->m->file);
	pr(&r, "</code>.</p></footer>\n</body>\n</html>\n");
	free(r.line_off);
	return fflush(out) || ferror(out) ? -1 : 0;
}
