/* diagram: the SVG of a model (docs/diagram.md). The page is laid out
 * twice by one code path, first without output to learn its height (the
 * root element states it), then for real; every pass is linear. */
#include "zplan/diagram.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/arena.h"
#include "zplan/poolcap.h"
#include "zplan/text.h"
#include "zplan/units.h"

/* the page */
#define PAGE_W 1080L
#define MARGIN 20L
/* enclosure view: a slot is a CELL_W x CELL_H cell on a PITCH grid */
#define CELL_W 38L
#define CELL_H 28L
#define PITCH_X 40L
#define PITCH_Y 30L
#define COLS 12L        /* slots per row: half of a 24-bay tray */
#define MIN_COLS 6L     /* the narrowest box, so that its title fits */
#define PAD 8L
#define EHEAD 22L       /* an enclosure's title band */
#define GAP 16L         /* between rows of boxes */
/* network view */
#define BOX_W 360L      /* controllers and clients */
#define SW_W 150L
#define NHEAD 24L
#define SWHEAD 38L
#define PROW 18L        /* one port */
#define INT_COLS 8L     /* internal disks per row under a controller */
#define CHAR_W 7L       /* estimated advance of a character at 11-12px */

static const char *const palette[] = {
	"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948",
	"#b07aa1", "#ff9da7", "#9c755f", "#8cd17d", "#a0cbe8", "#ffbe7d"
};
#define NPALETTE (sizeof(palette) / sizeof(palette[0]))

#define EMPTY_FILL "#e6e6e6"
#define EMPTY_STROKE "#c8c8c8"
#define UNUSED_FILL "#ffffff"
#define UNUSED_STROKE "#999999"
#define DATA_STROKE "#444444"
#define MARK_STROKE "#000000"   /* log and cache */

const char *zp_diagram_pool_colour(size_t i)
{
	return palette[i % NPALETTE];
}

struct dg {
	const struct zp_model *m;
	FILE *out;              /* NULL: measuring only */
	int32_t *slot_disk;     /* every enclosure's slots; -1 empty */
	size_t *slot_off;       /* enclosure -> its slot 0 in slot_disk */
	int32_t *internal;      /* internal disks, grouped by controller */
	size_t *int_off;        /* controller -> its first in internal */
	size_t *cp_off, *kp_off;        /* controller, client -> first port */
	uint32_t *cp_mounts, *kp_mounts;
	uint32_t *cp_attach, *kp_attach;        /* port -> place on switch */
	uint32_t *sw_left, *sw_right;   /* connections on each switch side */
	uint32_t *ctrl_pools;
	long *ctrl_y, *sw_y, *cl_y;
	size_t undrawn;         /* disks with no slot or controller to sit in */
	long page_w;            /* PAGE_W, or wider for a wide chassis */
	bool embed;             /* no XML declaration: inside an HTML page */
};

static void pr(struct dg *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void pr(struct dg *d, const char *fmt, ...)
{
	va_list ap;

	if (!d->out)
		return;
	va_start(ap, fmt);
	vfprintf(d->out, fmt, ap);
	va_end(ap);
}

static size_t nchars(const char *s)
{
	size_t n = 0;

	for (; s && *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;
	return n;
}

/* s as XML character data, cut to max characters with an ellipsis (max 0:
 * whole); what XML cannot hold becomes '?'. */
static void esc(struct dg *d, const char *s, size_t max)
{
	if (d->out && s)
		zp_xml_text(d->out, s, strlen(s), max);
}

static const char *pl(size_t n)
{
	return n == 1 ? "" : "s";
}

static long lmax(long a, long b)
{
	return a > b ? a : b;
}

/* ---- what a slot looks like ---- */

struct look {
	char fill[8];
	const char *stroke;
	long sw;                /* stroke width */
	bool dashed;
	char label[16];
};

static unsigned hexval(const char *c)
{
	return (unsigned)strtoul(c, NULL, 16);
}

/* Perceived brightness of "#rrggbb", 0..255. */
static unsigned brightness(const char *hex)
{
	unsigned v = hexval(hex + 1);

	return (299 * (v >> 16) + 587 * (v >> 8 & 0xFF) + 114 * (v & 0xFF)) /
	    1000;
}

/* A spare: its pool's colour, 40% strong on white. */
static void tint(const char *hex, char *out)
{
	unsigned v = hexval(hex + 1) & 0xFFFFFF, r = v >> 16 & 0xFF,
	    g = v >> 8 & 0xFF, b = v & 0xFF;

	snprintf(out, 8, "#%02x%02x%02x", 255 - (255 - r) * 2 / 5,
	    255 - (255 - g) * 2 / 5, 255 - (255 - b) * 2 / 5);
}

static char vdev_letter(enum zp_vkind k)
{
	return k == ZP_VDEV_MIRROR ? 'm' : k == ZP_VDEV_DISK ? 'd' : 'z';
}

/* The look of a disk used as kind (ZP_USE_NONE: unused) in a pool of
 * colour c, or of an empty slot (empty); no label. The legend draws its
 * samples through here too. */
static void look_kind(struct look *l, enum zp_use_kind kind, const char *c,
    bool empty)
{
	memset(l, 0, sizeof(*l));
	l->sw = 1;
	if (empty) {
		strcpy(l->fill, EMPTY_FILL);
		l->stroke = EMPTY_STROKE;
		return;
	}
	switch (kind) {
	case ZP_USE_NONE:
		strcpy(l->fill, UNUSED_FILL);
		l->stroke = UNUSED_STROKE;
		break;
	case ZP_USE_DATA:
		strcpy(l->fill, c);
		l->stroke = DATA_STROKE;
		break;
	case ZP_USE_SPARE:
		tint(c, l->fill);
		l->stroke = c;
		l->sw = 2;
		break;
	default:        /* log, and cache dashed */
		strcpy(l->fill, c);
		l->stroke = MARK_STROKE;
		l->sw = 2;
		l->dashed = kind == ZP_USE_CACHE;
		break;
	}
}

/* The look and label of disk di (-1: an empty slot); role gets the
 * tooltip's words for where it is used. */
static void look_of(const struct zp_model *m, int32_t di, struct look *l,
    char *role, size_t rlen)
{
	const struct zp_disk_use *u = di >= 0 ? &m->use[di] : NULL;
	const struct zp_pool *p;

	if (!u || u->kind == ZP_USE_NONE || u->pool < 0 ||
	    (size_t)u->pool >= m->pools.len) {
		look_kind(l, ZP_USE_NONE, NULL, !u);
		snprintf(role, rlen, u ? "unused (in no pool)" : "empty");
		return;
	}
	p = ZP_POOL(m, u->pool);
	look_kind(l, u->kind, zp_diagram_pool_colour((size_t)u->pool), false);
	switch (u->kind) {
	case ZP_USE_DATA:
		if (u->vdev < p->vdevs.n) {
			enum zp_vkind k = p->vdevs.v[u->vdev].kind;

			snprintf(l->label, sizeof(l->label), "%c%u",
			    vdev_letter(k), u->vdev);
			snprintf(role, rlen, "%s-%u", zp_vkind_name(k),
			    u->vdev);
		} else
			snprintf(role, rlen, "data");
		break;
	case ZP_USE_LOG:
		if (p->log.n > 1)
			snprintf(l->label, sizeof(l->label), "L%u", u->vdev);
		else
			strcpy(l->label, "L");
		if (u->vdev < p->log.n && p->log.v[u->vdev].n > 1)
			snprintf(role, rlen, "log, mirror of log vdev %u",
			    u->vdev);
		else
			snprintf(role, rlen, "log");
		break;
	case ZP_USE_CACHE:
		strcpy(l->label, "C");
		snprintf(role, rlen, "cache");
		break;
	default:
		strcpy(l->label, "S");
		snprintf(role, rlen, "hot spare");
		break;
	}
}

/* The rectangle, slot number (num < 0: none) and label of a cell. */
static void draw_look(struct dg *d, long x, long y, const struct look *l,
    long num)
{
	const char *w = brightness(l->fill) < 140 ? " w" : "";

	pr(d, "<rect x=\"%ld\" y=\"%ld\" width=\"%ld\" height=\"%ld\" "
	    "fill=\"%s\" stroke=\"%s\" stroke-width=\"%ld\"%s/>", x + 1, y + 1,
	    CELL_W - 2, CELL_H - 2, l->fill, l->stroke, l->sw, l->dashed ?
	    " stroke-dasharray=\"4 2\"" : "");
	if (num >= 0)
		pr(d, "<text class=\"n%s\" x=\"%ld\" y=\"%ld\">%ld</text>", w,
		    x + 4, y + 10, num);
	if (l->label[0])
		pr(d, "<text class=\"l%s\" x=\"%ld\" y=\"%ld\">%s</text>", w,
		    x + CELL_W / 2, y + 21, l->label);
}

/* One slot of place (an enclosure, or a controller for internal disks):
 * a group with its tooltip, so that a viewer names what it points at. */
static void cell(struct dg *d, long x, long y, int32_t di, const char *kind,
    size_t owner, const char *place, long slot, size_t k)
{
	const struct zp_model *m = d->m;
	char role[96];
	struct look l;

	look_of(m, di, &l, role, sizeof(role));
	pr(d, "<g id=\"%s-%zu-%zu\"><title>", kind, owner, k);
	if (di >= 0) {
		const struct zp_disk *dk = ZP_DISK(m, di);
		const struct zp_drive_type *t = zp_disk_type(m, dk);
		const struct zp_disk_use *u = &m->use[di];

		esc(d, dk->id, 0);
		pr(d, " (");
		esc(d, place, 0);
		if (slot >= 0)
			pr(d, " slot %ld", slot);
		else
			pr(d, " internal");
		if (t) {
			pr(d, ", ");
			esc(d, t->id, 0);
		}
		pr(d, "): ");
		if (u->kind != ZP_USE_NONE && u->pool >= 0 &&
		    (size_t)u->pool < m->pools.len) {
			esc(d, ZP_POOL(m, u->pool)->name, 0);
			pr(d, " ");
		}
		esc(d, role, 0);
	} else {
		esc(d, place, 0);
		pr(d, " slot %ld: empty", slot);
	}
	pr(d, "</title>");
	draw_look(d, x, y, &l, slot);
	pr(d, "</g>\n");
}

/* ---- enclosures ---- */

/* A chassis with a layout is drawn as its front shows it; without one,
 * 12 slots a row. */
static long encl_cols(const struct zp_enclosure *e)
{
	if (e->columns)
		return (long)e->columns;
	return e->slots < COLS ? (long)e->slots : COLS;
}

static long grid_w(long cols)
{
	return lmax(cols, MIN_COLS) * PITCH_X - (PITCH_X - CELL_W) + 2 * PAD;
}

static long grid_rows(size_t n, long cols)
{
	return cols ? (long)((n + (size_t)cols - 1) / (size_t)cols) : 0;
}

static long encl_h(const struct zp_enclosure *e)
{
	long rows = e->rows ? (long)e->rows : grid_rows(e->slots, encl_cols(e));

	return EHEAD + rows * PITCH_Y + PAD;
}

static void enclosure(struct dg *d, size_t ei, long x, long y)
{
	const struct zp_enclosure *e = ZP_ENCL(d->m, ei);
	long cols = encl_cols(e), w = grid_w(cols);
	size_t s, idn = nchars(e->id), avail = (size_t)(w - 2 * PAD) / CHAR_W;
	char count[64];

	if (e->rows)
		snprintf(count, sizeof(count), "%u slot%s, front %u x %u",
		    e->slots, pl(e->slots), e->rows, e->columns);
	else
		snprintf(count, sizeof(count), "%u slot%s", e->slots,
		    pl(e->slots));
	pr(d, "<g id=\"encl-%zu\"><rect class=\"box\" x=\"%ld\" y=\"%ld\" "
	    "width=\"%ld\" height=\"%ld\" rx=\"4\"/>\n<text class=\"h\" "
	    "x=\"%ld\" y=\"%ld\">", ei, x, y, w, encl_h(e), x + PAD, y + 16);
	esc(d, e->id, avail);
	pr(d, "<tspan class=\"s\" dx=\"8\">%s", count);
	/* the model where room is left */
	if (e->model && avail > idn + strlen(count) + 8) {
		pr(d, ", ");
		esc(d, e->model, avail - idn - strlen(count) - 6);
	}
	pr(d, "</tspan></text>\n");
	for (s = 0; s < e->slots; s++)
		cell(d, x + PAD + (long)(s % (size_t)cols) * PITCH_X,
		    y + EHEAD + (long)(s / (size_t)cols) * PITCH_Y,
		    d->slot_disk[d->slot_off[ei] + s], "slot", ei, e->id,
		    (long)(e->first_slot + s), s);
	pr(d, "</g>\n");
}

/* Two enclosures a row, in file order. */
static long enclosures(struct dg *d, long y)
{
	const struct zp_model *m = d->m;
	size_t i;

	if (!m->enclosures.len)
		return y;
	pr(d, "<text class=\"sec\" x=\"%ld\" y=\"%ld\">Enclosures</text>\n",
	    MARGIN, y + 16);
	y += 28;
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_enclosure *a = ZP_ENCL(m, i), *b;
		long h = encl_h(a), wb;

		enclosure(d, i, MARGIN, y);
		/* a second beside it, right-aligned, where both fit */
		if (i + 1 < m->enclosures.len) {
			b = ZP_ENCL(m, i + 1);
			wb = grid_w(encl_cols(b));
			if (grid_w(encl_cols(a)) + GAP + wb <=
			    d->page_w - 2 * MARGIN) {
				h = lmax(h, encl_h(b));
				enclosure(d, ++i, d->page_w - MARGIN - wb, y);
			}
		}
		y += h + GAP;
	}
	if (d->undrawn) {
		pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">%zu disk%s not "
		    "drawn: no enclosure slot or controller holds %s</text>\n",
		    MARGIN, y + 10, d->undrawn, pl(d->undrawn),
		    d->undrawn == 1 ? "it" : "them");
		y += 20;
	}
	return y;
}

/* ---- legend ---- */

static long legend(struct dg *d, long y)
{
	static const struct {
		enum zp_use_kind kind;
		const char *label, *caption;
	} marks[] = {
		{ ZP_USE_DATA, "m3", "data: mirror-3 of its pool" },
		{ ZP_USE_LOG, "L", "log" },
		{ ZP_USE_CACHE, "C", "cache (L2ARC)" },
		{ ZP_USE_SPARE, "S", "hot spare" },
		{ ZP_USE_NONE, "", "unused disk" },
		{ ZP_USE_NONE, NULL, "empty slot" },    /* no label: empty */
	};
	const struct zp_model *m = d->m;
	const char *c0 = m->pools.len ? zp_diagram_pool_colour(0) : "#bbbbbb";
	long x = MARGIN;
	size_t i;

	pr(d, "<g id=\"legend\"><text class=\"sec\" x=\"%ld\" y=\"%ld\">Legend"
	    "</text>\n", MARGIN, y + 16);
	y += 28;
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		const char *ctrl = p->controller.idx >= 0 &&
		    (size_t)p->controller.idx < m->controllers.len ?
		    ZP_CTRL(m, p->controller.idx)->id : NULL;
		size_t nn = nchars(p->name), nc = nchars(ctrl), nl;
		char layout[128];
		long w;

		zp_pool_layout(p, layout, sizeof(layout));
		nl = strlen(layout);
		w = 24 + (long)(nn > 40 ? 41 : nn) * CHAR_W + 8 +
		    ((ctrl ? (long)(nc > 20 ? 21 : nc) + 2 : 0) +
		    (long)(nl > 40 ? 41 : nl)) * 6 + 24;

		if (x + w > d->page_w - MARGIN && x > MARGIN) {
			x = MARGIN;
			y += 22;
		}
		pr(d, "<g id=\"pool-%zu\"><rect x=\"%ld\" y=\"%ld\" "
		    "width=\"18\" height=\"14\" fill=\"%s\" "
		    "stroke=\"" DATA_STROKE "\"/><text x=\"%ld\" y=\"%ld\">",
		    i, x, y, zp_diagram_pool_colour(i), x + 24, y + 12);
		esc(d, p->name, 40);
		pr(d, "<tspan class=\"s\" dx=\"6\">");
		if (ctrl) {
			esc(d, ctrl, 20);
			pr(d, ", ");
		}
		esc(d, layout, 40);
		pr(d, "</tspan>");
		pr(d, "</text></g>\n");
		x += w;
	}
	if (m->pools.len)
		y += 30;
	x = MARGIN;
	for (i = 0; i < sizeof(marks) / sizeof(marks[0]); i++) {
		struct look l;
		long w = CELL_W + 28 + (long)strlen(marks[i].caption) * CHAR_W;

		look_kind(&l, marks[i].kind, c0, !marks[i].label);
		if (marks[i].label)
			strcpy(l.label, marks[i].label);
		pr(d, "<g id=\"mark-%zu\">", i);
		draw_look(d, x, y, &l, -1);
		pr(d, "<text x=\"%ld\" y=\"%ld\">%s</text></g>\n",
		    x + CELL_W + 8, y + 19, marks[i].caption);
		x += w;
	}
	y += CELL_H + 20;
	pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">Fill: the pool. "
	    "Label: the data vdev as zpool status numbers it, m mirror, "
	    "z raidz, d single disk; the members of a vdev share its "
	    "label.</text>\n", MARGIN, y);
	pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">L log (L1: the pool's "
	    "log vdev 1 where it has several), C cache, S hot spare. Small "
	    "figure: the slot. Hover a slot for its disk.</text></g>\n",
	    MARGIN, y + 16);
	return y + 28;
}

/* ---- network ---- */

static int sw_ok(const struct zp_model *m, const struct zp_port *p)
{
	return p->sw.idx >= 0 && (size_t)p->sw.idx < m->switches.len;
}

static const char *const role_names[] = { "data", "standby", "management" };

/* One port as a row of its box; the dot marks its cable. */
static void port_row(struct dg *d, const struct zp_port *p, const char *id,
    long x, long y, uint32_t mounts, bool cable_right)
{
	const struct zp_model *m = d->m;
	char addr[80] = "";

	if (p->has_addr)
		zp_addr_str(&p->addr, addr, sizeof(addr));
	pr(d, "<g id=\"%s\"><title>", id);
	esc(d, p->id, 0);
	pr(d, ": %s port", role_names[p->role]);
	if (p->speed) {
		pr(d, ", ");
		esc(d, p->speed, 0);
	}
	pr(d, ", mtu %u", p->mtu);
	if (addr[0])
		pr(d, ", %s", addr);
	if (sw_ok(m, p)) {
		pr(d, ", switch ");
		esc(d, ZP_SW(m, p->sw.idx)->id, 0);
	}
	pr(d, "; %u mount%s</title>", mounts, pl(mounts));
	pr(d, "<rect class=\"p%c\" x=\"%ld\" y=\"%ld\" width=\"%ld\" "
	    "height=\"%ld\"/><text x=\"%ld\" y=\"%ld\">", "dsm"[p->role],
	    x + 4, y + 1, BOX_W - 8, PROW - 2, x + 10, y + 13);
	esc(d, p->id, 10);
	pr(d, "</text>");
	if (p->speed) {
		pr(d, "<text x=\"%ld\" y=\"%ld\">", x + 86, y + 13);
		esc(d, p->speed, 8);
		pr(d, "</text>");
	}
	if (addr[0]) {
		pr(d, "<text x=\"%ld\" y=\"%ld\">", x + 148, y + 13);
		esc(d, addr, 22);
		pr(d, "</text>");
	}
	pr(d, "<text class=\"r%s\" x=\"%ld\" y=\"%ld\">", p->role ? " s" : "",
	    x + BOX_W - 10, y + 13);
	if (p->role == ZP_ROLE_DATA)
		pr(d, "%u mount%s", mounts, pl(mounts));
	else if (mounts)
		pr(d, "%s, %u mount%s", role_names[p->role], mounts,
		    pl(mounts));
	else
		pr(d, "%s", role_names[p->role]);
	pr(d, "</text>");
	if (sw_ok(m, p))
		pr(d, "<circle cx=\"%ld\" cy=\"%ld\" r=\"3\"/>", cable_right ?
		    x + BOX_W : x, y + PROW / 2);
	pr(d, "</g>\n");
}

static size_t n_internal(const struct dg *d, size_t c)
{
	return d->int_off[c + 1] - d->int_off[c];
}

static long ctrl_h(const struct dg *d, size_t c)
{
	const struct zp_controller *k = ZP_CTRL(d->m, c);
	size_t ni = n_internal(d, c);
	long h = NHEAD + (long)(k->ports.n ? k->ports.n : 1) * PROW + 6;

	if (ni)
		h += 22 + grid_rows(ni, INT_COLS) * PITCH_Y;
	return h;
}

static long client_h(const struct zp_client *k)
{
	return NHEAD + (long)(k->ports.n ? k->ports.n : 1) * PROW + 6;
}

static long switch_h(const struct dg *d, size_t s)
{
	uint32_t n = d->sw_left[s] > d->sw_right[s] ? d->sw_left[s] :
	    d->sw_right[s];

	return SWHEAD + (long)(n ? n : 1) * PROW + 6;
}

static void controller(struct dg *d, size_t c, long x, long y)
{
	const struct zp_model *m = d->m;
	const struct zp_controller *k = ZP_CTRL(m, c);
	long h = NHEAD + (long)(k->ports.n ? k->ports.n : 1) * PROW + 6;
	size_t i, ni = n_internal(d, c);
	char id[48];

	pr(d, "<g id=\"ctrl-%zu\"><rect class=\"box\" x=\"%ld\" y=\"%ld\" "
	    "width=\"%ld\" height=\"%ld\" rx=\"4\"/><text class=\"h\" "
	    "x=\"%ld\" y=\"%ld\">", c, x, y, BOX_W, h, x + PAD, y + 17);
	esc(d, k->id, 24);
	pr(d, "<tspan class=\"s\" dx=\"8\">");
	if (k->has_memory) {
		char mem[32];

		zp_fmt_size(k->memory, false, mem, sizeof(mem));
		pr(d, "%s, ", mem);
	}
	pr(d, "%u pool%s", d->ctrl_pools[c], pl(d->ctrl_pools[c]));
	if (k->peer.name) {
		pr(d, ", peer ");
		esc(d, k->peer.name, 16);
	}
	pr(d, "</tspan></text>\n");
	if (!k->ports.n)
		pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">no ports</text>\n",
		    x + 10, y + NHEAD + 13);
	for (i = 0; i < k->ports.n; i++) {
		snprintf(id, sizeof(id), "cport-%zu-%zu", c, i);
		port_row(d, &k->ports.v[i], id, x, y + NHEAD + (long)i * PROW,
		    d->cp_mounts[d->cp_off[c] + i], true);
	}
	if (ni) {
		y += h + 4;
		pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">internal disks"
		    "</text>\n", x + 4, y + 12);
		y += 18;
		for (i = 0; i < ni; i++)
			cell(d, x + 4 + (long)(i % INT_COLS) * PITCH_X, y +
			    (long)(i / INT_COLS) * PITCH_Y,
			    d->internal[d->int_off[c] + i], "int", c, k->id,
			    -1, i);
	}
	pr(d, "</g>\n");
}

static void client(struct dg *d, size_t c, long x, long y)
{
	static const char *const os[] = { "linux", "solaris", "freebsd" };
	const struct zp_client *k = ZP_CLIENT(d->m, c);
	size_t i;
	char id[48];

	pr(d, "<g id=\"client-%zu\"><rect class=\"box\" x=\"%ld\" "
	    "y=\"%ld\" width=\"%ld\" height=\"%ld\" rx=\"4\"/><text "
	    "class=\"h\" x=\"%ld\" y=\"%ld\">", c, x, y, BOX_W, client_h(k),
	    x + PAD, y + 17);
	esc(d, k->id, 30);
	pr(d, "<tspan class=\"s\" dx=\"8\">%s</tspan></text>\n", os[k->os]);
	if (!k->ports.n)
		pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">no ports</text>\n",
		    x + 10, y + NHEAD + 13);
	for (i = 0; i < k->ports.n; i++) {
		snprintf(id, sizeof(id), "kport-%zu-%zu", c, i);
		port_row(d, &k->ports.v[i], id, x, y + NHEAD + (long)i * PROW,
		    d->kp_mounts[d->kp_off[c] + i], false);
	}
	pr(d, "</g>\n");
}

static void switch_box(struct dg *d, size_t s, long x, long y)
{
	const struct zp_switch *w = ZP_SW(d->m, s);

	pr(d, "<g id=\"switch-%zu\"><title>", s);
	esc(d, w->id, 0);
	if (w->model) {
		pr(d, ", ");
		esc(d, w->model, 0);
	}
	pr(d, "</title><rect class=\"sw\" x=\"%ld\" y=\"%ld\" "
	    "width=\"%ld\" height=\"%ld\" rx=\"4\"/><text class=\"h\" "
	    "x=\"%ld\" y=\"%ld\">", x, y, SW_W, switch_h(d, s), x + PAD,
	    y + 17);
	esc(d, w->id, 17);
	pr(d, "</text><text class=\"s\" x=\"%ld\" y=\"%ld\">%u of %u port%s",
	    x + PAD, y + 31, d->sw_left[s] + d->sw_right[s], w->ports,
	    pl(w->ports));
	if (w->has_mtu)
		pr(d, ", mtu %u", w->mtu);
	pr(d, "</text></g>\n");
}

static long attach_y(const struct dg *d, size_t s, uint32_t k)
{
	return d->sw_y[s] + SWHEAD + (long)k * PROW + PROW / 2;
}

/* A cable from a port (x1, y1) to its point on a switch (x2, y2). */
static void cable(struct dg *d, const char *cls, long x1, long y1, long x2,
    long y2)
{
	pr(d, "<line class=\"%s\" x1=\"%ld\" y1=\"%ld\" x2=\"%ld\" "
	    "y2=\"%ld\"/><circle cx=\"%ld\" cy=\"%ld\" r=\"2.5\"/>\n", cls,
	    x1, y1, x2, y2, x2, y2);
}

/* Controllers left, switches in the middle, clients right; a line from
 * every cabled port to its own point on its switch. */
static long network(struct dg *d, long y)
{
	static const char *const line_cls[] = { "ld", "ls", "lm" };
	const struct zp_model *m = d->m;
	const long xs = (d->page_w - SW_W) / 2;
	const long xk = d->page_w - MARGIN - BOX_W;
	long yc, ys, yk, top, tall;
	size_t i, j;

	if (!m->controllers.len && !m->clients.len && !m->switches.len)
		return y;
	pr(d, "<text class=\"sec\" x=\"%ld\" y=\"%ld\">Network</text>\n",
	    MARGIN, y + 16);
	pr(d, "<text class=\"s\" x=\"%ld\" y=\"%ld\">controllers</text>"
	    "<text class=\"s\" x=\"%ld\" y=\"%ld\">switches</text>"
	    "<text class=\"s\" x=\"%ld\" y=\"%ld\">clients</text>\n", MARGIN,
	    y + 40, xs, y + 40, xk, y + 40);
	top = y + 48;
	/* each column centred on the tallest: shorter cables */
	yc = ys = yk = 0;
	for (i = 0; i < m->controllers.len; i++)
		yc += ctrl_h(d, i) + GAP;
	for (i = 0; i < m->switches.len; i++)
		ys += switch_h(d, i) + GAP;
	for (i = 0; i < m->clients.len; i++)
		yk += client_h(ZP_CLIENT(m, i)) + GAP;
	tall = lmax(lmax(yc, ys), lmax(yk, GAP));
	yc = top + (tall - yc) / 2;
	ys = top + (tall - ys) / 2;
	yk = top + (tall - yk) / 2;
	for (i = 0; i < m->controllers.len; i++) {
		d->ctrl_y[i] = yc;
		yc += ctrl_h(d, i) + GAP;
	}
	for (i = 0; i < m->switches.len; i++) {
		d->sw_y[i] = ys;
		ys += switch_h(d, i) + GAP;
	}
	for (i = 0; i < m->clients.len; i++) {
		d->cl_y[i] = yk;
		yk += client_h(ZP_CLIENT(m, i)) + GAP;
	}
	/* switches, then cables with a dot on the switch, then the boxes
	 * that draw their own ports' dots */
	for (i = 0; i < m->switches.len; i++)
		switch_box(d, i, xs, d->sw_y[i]);
	pr(d, "<g id=\"cables\">\n");
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *k = ZP_CTRL(m, i);

		for (j = 0; j < k->ports.n; j++) {
			const struct zp_port *p = &k->ports.v[j];

			if (sw_ok(m, p))
				cable(d, line_cls[p->role], MARGIN + BOX_W,
				    d->ctrl_y[i] + NHEAD + (long)j * PROW +
				    PROW / 2, xs, attach_y(d, (size_t)p->sw.idx,
				    d->cp_attach[d->cp_off[i] + j]));
		}
	}
	for (i = 0; i < m->clients.len; i++) {
		const struct zp_client *k = ZP_CLIENT(m, i);

		for (j = 0; j < k->ports.n; j++) {
			const struct zp_port *p = &k->ports.v[j];

			if (sw_ok(m, p))
				cable(d, line_cls[p->role], xk, d->cl_y[i] +
				    NHEAD + (long)j * PROW + PROW / 2,
				    xs + SW_W,
				    attach_y(d, (size_t)p->sw.idx,
				    d->kp_attach[d->kp_off[i] + j]));
		}
	}
	pr(d, "</g>\n");
	for (i = 0; i < m->controllers.len; i++)
		controller(d, i, MARGIN, d->ctrl_y[i]);
	for (i = 0; i < m->clients.len; i++)
		client(d, i, xk, d->cl_y[i]);
	y = top + tall;
	/* what the lines mean */
	pr(d, "<g id=\"netlegend\">");
	for (i = 0; i < 3; i++) {
		static const char *const what[] = {
			"data port: N mounts go through it",
			"standby port (takes over the peer's)",
			"management port"
		};
		long x = MARGIN + (long)i * 330;

		pr(d, "<line class=\"%s\" x1=\"%ld\" y1=\"%ld\" x2=\"%ld\" "
		    "y2=\"%ld\"/><text x=\"%ld\" y=\"%ld\">%s</text>",
		    line_cls[i], x, y + 6, x + 40, y + 6, x + 48, y + 10,
		    what[i]);
	}
	pr(d, "</g>\n");
	return y + 24;
}

/* ---- the page ---- */

static long page(struct dg *d, long h)
{
	const struct zp_model *m = d->m;
	long y = MARGIN;

	if (!d->embed)
		pr(d, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
	pr(d, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%ld\" "
	    "height=\"%ld\" viewBox=\"0 0 %ld %ld\">\n", d->page_w, h,
	    d->page_w, h);
	pr(d, "<style>\n"
	    "text{font-family:'DejaVu Sans',Verdana,Arial,sans-serif;"
	    "font-size:11px;fill:#222}\n"
	    ".t{font-size:18px;font-weight:bold}\n"
	    ".sec{font-size:14px;font-weight:bold}\n"
	    ".h{font-size:12px;font-weight:bold}\n"
	    ".s{fill:#666;font-weight:normal}\n"
	    ".n{font-size:8px;fill:#333}\n"
	    ".l{font-weight:bold;text-anchor:middle;fill:#111}\n"
	    ".w{fill:#fff}\n"
	    ".r{text-anchor:end}\n"
	    ".box{fill:#f7f7f7;stroke:#888}\n"
	    ".sw{fill:#eef3f8;stroke:#557}\n"
	    ".pd{fill:#fff;stroke:#ccc}\n"
	    ".ps{fill:#ececec;stroke:#ccc}\n"
	    ".pm{fill:#fbf1d9;stroke:#ccc}\n"
	    ".ld{stroke:#333;stroke-width:1.5}\n"
	    ".ls{stroke:#999;stroke-width:1.5;stroke-dasharray:6 4}\n"
	    ".lm{stroke:#b8860b;stroke-width:1.5;stroke-dasharray:2 3}\n"
	    "circle{fill:#333}\n"
	    "</style>\n");
	pr(d, "<rect width=\"100%%\" height=\"100%%\" fill=\"#ffffff\"/>\n");
	pr(d, "<text class=\"t\" x=\"%ld\" y=\"%ld\">", MARGIN, y + 18);
	esc(d, m->name ? m->name : "zplan model", 80);
	pr(d, "</text>\n<text class=\"s\" x=\"%ld\" y=\"%ld\">%zu enclosure%s, "
	    "%zu disk%s, %zu pool%s, %zu controller%s, %zu switch%s, %zu "
	    "client%s, %zu mount%s</text>\n", MARGIN, y + 38,
	    m->enclosures.len, pl(m->enclosures.len), m->disks.len,
	    pl(m->disks.len), m->pools.len, pl(m->pools.len),
	    m->controllers.len, pl(m->controllers.len), m->switches.len,
	    m->switches.len == 1 ? "" : "es", m->clients.len,
	    pl(m->clients.len), m->mounts.len, pl(m->mounts.len));
	y += 56;
	y = enclosures(d, y);
	y = legend(d, y);
	y = network(d, y + 8);
	pr(d, "</svg>\n");
	return y + MARGIN;
}

/* ---- indexes, built once ---- */

static void index_slots(struct dg *d)
{
	const struct zp_model *m = d->m;
	size_t i, total = 0, nc = m->controllers.len;

	d->slot_off = zp_xcalloc(m->enclosures.len + 1, sizeof(size_t));
	for (i = 0; i < m->enclosures.len; i++) {
		d->slot_off[i] = total;
		total += ZP_ENCL(m, i)->slots;
	}
	d->slot_disk = zp_xcalloc(total + 1, sizeof(int32_t));
	for (i = 0; i < total; i++)
		d->slot_disk[i] = -1;
	/* internal disks grouped by controller: count, then place */
	d->int_off = zp_xcalloc(nc + 2, sizeof(size_t));
	d->internal = zp_xcalloc(m->disks.len + 1, sizeof(int32_t));
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *k = ZP_DISK(m, i);
		int32_t e = zp_disk_encl(k), c = zp_disk_ctrl(k);

		const struct zp_enclosure *en = e >= 0 &&
		    (size_t)e < m->enclosures.len ? ZP_ENCL(m, e) : NULL;

		if (en && k->slot >= (int32_t)en->first_slot &&
		    (uint32_t)k->slot - en->first_slot < en->slots) {
			int32_t *s = &d->slot_disk[d->slot_off[e] +
			    (size_t)k->slot - en->first_slot];

			/* slot-conflict reports a second; draw the first */
			if (*s < 0)
				*s = (int32_t)i;
			else
				d->undrawn++;
		} else if (e < 0 && c >= 0 && (size_t)c < nc)
			d->int_off[c + 2]++;
		else
			d->undrawn++;
	}
	for (i = 2; i < nc + 2; i++)
		d->int_off[i] += d->int_off[i - 1];
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *k = ZP_DISK(m, i);
		int32_t c = zp_disk_ctrl(k);

		if (zp_disk_encl(k) < 0 && c >= 0 && (size_t)c < nc)
			d->internal[d->int_off[c + 1]++] = (int32_t)i;
	}
}

/* Prefix offsets of ports per owner. */
static size_t *port_offsets(const struct zp_vec *v, size_t stride_off,
    size_t *total)
{
	size_t *off = zp_xcalloc(v->len + 1, sizeof(size_t)), i, t = 0;

	for (i = 0; i < v->len; i++) {
		const struct zp_ports *p = (const struct zp_ports *)
		    (v->data + i * v->size + stride_off);

		off[i] = t;
		t += p->n;
	}
	off[v->len] = t;
	*total = t;
	return off;
}

static void index_network(struct dg *d)
{
	const struct zp_model *m = d->m;
	size_t i, j, ncp, nkp, nsw = m->switches.len;

	d->cp_off = port_offsets(&m->controllers,
	    offsetof(struct zp_controller, ports), &ncp);
	d->kp_off = port_offsets(&m->clients, offsetof(struct zp_client,
	    ports), &nkp);
	d->cp_mounts = zp_xcalloc(ncp + 1, sizeof(uint32_t));
	d->kp_mounts = zp_xcalloc(nkp + 1, sizeof(uint32_t));
	d->cp_attach = zp_xcalloc(ncp + 1, sizeof(uint32_t));
	d->kp_attach = zp_xcalloc(nkp + 1, sizeof(uint32_t));
	d->sw_left = zp_xcalloc(nsw + 1, sizeof(uint32_t));
	d->sw_right = zp_xcalloc(nsw + 1, sizeof(uint32_t));
	d->ctrl_pools = zp_xcalloc(m->controllers.len + 1, sizeof(uint32_t));
	d->ctrl_y = zp_xcalloc(m->controllers.len + 1, sizeof(long));
	d->sw_y = zp_xcalloc(nsw + 1, sizeof(long));
	d->cl_y = zp_xcalloc(m->clients.len + 1, sizeof(long));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *t = ZP_MOUNT(m, i);

		if (t->ctrl >= 0 && (size_t)t->ctrl < m->controllers.len &&
		    t->port >= 0 &&
		    (size_t)t->port < ZP_CTRL(m, t->ctrl)->ports.n)
			d->cp_mounts[d->cp_off[t->ctrl] + (size_t)t->port]++;
		if (t->client >= 0 && (size_t)t->client < m->clients.len &&
		    t->client_port >= 0 && (size_t)t->client_port <
		    ZP_CLIENT(m, t->client)->ports.n)
			d->kp_mounts[d->kp_off[t->client] +
			    (size_t)t->client_port]++;
	}
	/* each cable its own point on its switch, in file order */
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *k = ZP_CTRL(m, i);

		for (j = 0; j < k->ports.n; j++)
			if (sw_ok(m, &k->ports.v[j]))
				d->cp_attach[d->cp_off[i] + j] =
				    d->sw_left[k->ports.v[j].sw.idx]++;
	}
	for (i = 0; i < m->clients.len; i++) {
		const struct zp_client *k = ZP_CLIENT(m, i);

		for (j = 0; j < k->ports.n; j++)
			if (sw_ok(m, &k->ports.v[j]))
				d->kp_attach[d->kp_off[i] + j] =
				    d->sw_right[k->ports.v[j].sw.idx]++;
	}
	for (i = 0; i < m->pools.len; i++) {
		int32_t c = ZP_POOL(m, i)->controller.idx;

		if (c >= 0 && (size_t)c < m->controllers.len)
			d->ctrl_pools[c]++;
	}
}

static int draw(const struct zp_model *m, FILE *out, bool embed)
{
	struct dg d;
	size_t i;
	long h;

	memset(&d, 0, sizeof(d));
	d.m = m;
	d.embed = embed;
	d.page_w = PAGE_W;
	for (i = 0; i < m->enclosures.len; i++)
		d.page_w = lmax(d.page_w, grid_w(encl_cols(ZP_ENCL(m, i))) +
		    2 * MARGIN);
	index_slots(&d);
	index_network(&d);
	h = page(&d, 0);
	d.out = out;
	page(&d, h);
	free(d.slot_disk);
	free(d.slot_off);
	free(d.internal);
	free(d.int_off);
	free(d.cp_off);
	free(d.kp_off);
	free(d.cp_mounts);
	free(d.kp_mounts);
	free(d.cp_attach);
	free(d.kp_attach);
	free(d.sw_left);
	free(d.sw_right);
	free(d.ctrl_pools);
	free(d.ctrl_y);
	free(d.sw_y);
	free(d.cl_y);
	return fflush(out) || ferror(out) ? -1 : 0;
}

int zp_diagram_svg(const struct zp_model *m, FILE *out)
{
	return draw(m, out, false);
}

int zp_diagram_svg_embed(const struct zp_model *m, FILE *out)
{
	return draw(m, out, true);
}
