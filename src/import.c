/* import: lsblk --json -b output into a model skeleton. The input is read
 * as located events (jsonin), so that every complaint names its line; the
 * whole input is read before anything is written, so a bad input leaves
 * no partial model behind. */
#include "zplan/import.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/arena.h"
#include "zplan/emit.h"
#include "zplan/htab.h"
#include "zplan/jsonin.h"
#include "zplan/text.h"
#include "zplan/units.h"

#define MAX_DEPTH 64
#define NOTE_CHILDREN 3         /* children named in a note, then a count */

/* One device of lsblk's tree; children are kept only as names. */
struct blk {
	const char *name, *type, *model, *serial, *wwn, *tran, *hctl, *mnt;
	uint64_t size;
	uint32_t sector;        /* 0: not given */
	int rota;               /* -1: null */
	bool has_name, has_type, has_size, has_rota, size_null;
	struct zp_loc loc;
	size_t nchild;
	bool child_all_part;
	const char *child[NOTE_CHILDREN], *child_type[NOTE_CHILDREN];
};

struct dtype {
	const char *id, *media, *model, *bus;
	uint64_t size;
	uint32_t sector;
};

struct disk {
	const struct blk *b;
	const char *id, *dev, *primary, *secondary;
	int32_t type;
};

struct note {
	struct zp_loc loc;
	size_t seq;
	const char *text;
};

struct imp {
	struct zp_jin j;
	struct zp_arena a;
	struct zp_vec devs;     /* struct blk: the top of the tree */
	struct zp_vec notes;    /* struct note */
	char why[1024];
	bool failed;
};

static void fail(struct imp *im, struct zp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(struct imp *im, struct zp_loc loc, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (im->failed)
		return;
	im->failed = true;
	n = snprintf(im->why, sizeof(im->why), "%s:%u:%u: error: ", im->j.name,
	    loc.line, loc.col);
	if (n < 0 || (size_t)n >= sizeof(im->why))
		return;
	va_start(ap, fmt);
	vsnprintf(im->why + n, sizeof(im->why) - (size_t)n, fmt, ap);
	va_end(ap);
	zp_ctl_escape_in_place(im->why, sizeof(im->why));
}

static void note(struct imp *im, struct zp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void note(struct imp *im, struct zp_loc loc, const char *fmt, ...)
{
	char buf[768];
	va_list ap;

	struct note *n;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	zp_ctl_escape_in_place(buf, sizeof(buf));
	n = zp_vec_push(&im->notes);
	n->loc = loc;
	n->seq = im->notes.len;
	n->text = zp_arena_printf(&im->a, "%s:%u:%u: note: %s", im->j.name,
	    loc.line, loc.col, buf);
}

/* Notes in the order of the input, as a compiler's. */
static int note_cmp(const void *a, const void *b)
{
	const struct note *x = a, *y = b;

	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static const char *kind_of(const struct zp_event *ev)
{
	return ev->type == ZP_EV_MAP ? "an object" : "a list";
}

/* The current value as text: NULL for null; an error for a container. */
/* The current string, each control character (text.h: C0, C1, U+2028,
 * bidirectional controls) replaced by '_', as udev replaces what a by-id
 * name cannot hold: nothing import writes, in the model or a comment, can
 * end a line or reach a terminal raw. A kernel name with one is no kernel
 * name: refused. */
static const char *clean_text(struct imp *im, const char *key)
{
	char *s = zp_arena_strndup(&im->a, im->j.ev.text, im->j.ev.len);
	char *w = s;
	const char *r = s;
	size_t n;

	if (!zp_ctl_find(s, im->j.ev.len))
		return s;
	if (strcmp(key, "name") == 0) {
		fail(im, im->j.ev.loc, "\"name\" holds a control character "
		    "(or a NUL), which no kernel device name has; run `%s`",
		    ZP_LSBLK_CMD);
		return NULL;
	}
	while (r < s + im->j.ev.len) {
		if ((n = zp_ctl_len(r))) {
			*w++ = '_';
			r += n;
		} else
			*w++ = *r++;
	}
	*w = '\0';
	note(im, im->j.ev.loc, "\"%s\" holds control characters; "
	    "written with _ in their place", key);
	return s;
}

static const char *text(struct imp *im, const char *key)
{
	if (im->j.ev.type != ZP_EV_SCALAR) {
		fail(im, im->j.ev.loc, "\"%s\" must be a string or null, not "
		    "%s", key, kind_of(&im->j.ev));
		return NULL;
	}
	if (zp_jin_null(&im->j))
		return NULL;
	return clean_text(im, key);
}

/* size and log-sec: a number, or (before util-linux 2.33) a string of
 * digits; a size with a unit means lsblk ran without -b. */
static bool number(struct imp *im, const char *key, uint64_t max,
    uint64_t *out, bool *null)
{
	const char *why;

	*null = false;
	if (im->j.ev.type != ZP_EV_SCALAR) {
		fail(im, im->j.ev.loc, "\"%s\" must be a number, not %s", key,
		    kind_of(&im->j.ev));
		return false;
	}
	if (zp_jin_null(&im->j)) {
		*null = true;
		return true;
	}
	if (zp_parse_uint(im->j.ev.text, max, out, &why)) {
		fail(im, im->j.ev.loc, "\"%s\" is \"%s\", not a number of "
		    "bytes: %s; run `%s`", key, im->j.ev.text,
		    strchr(im->j.ev.text, '.') || strpbrk(im->j.ev.text,
		    "KMGTPkmgtp") ? "lsblk ran without -b" : why,
		    ZP_LSBLK_CMD);
		return false;
	}
	return true;
}

/* rota: true/false since util-linux 2.33, "1"/"0" before. */
static void rotation(struct imp *im, struct blk *b)
{
	const char *t = im->j.ev.text;

	if (im->j.ev.type != ZP_EV_SCALAR) {
		fail(im, im->j.ev.loc, "\"rota\" must be true, false, \"1\" or "
		    "\"0\", not %s", kind_of(&im->j.ev));
		return;
	}
	if (zp_jin_null(&im->j))
		b->rota = -1;
	else if (strcmp(t, "true") == 0 || strcmp(t, "1") == 0)
		b->rota = 1;
	else if (strcmp(t, "false") == 0 || strcmp(t, "0") == 0)
		b->rota = 0;
	else
		fail(im, im->j.ev.loc, "\"rota\" must be true, false, \"1\" or "
		    "\"0\", not \"%s\"", t);
}

/* mountpoints (util-linux 2.37): a list of strings and nulls. */
static void mountpoints(struct imp *im, struct blk *b)
{
	if (im->j.ev.type == ZP_EV_SCALAR) {
		if (!zp_jin_null(&im->j))
			fail(im, im->j.ev.loc, "\"mountpoints\" must be a "
			    "list");
		return;
	}
	if (im->j.ev.type != ZP_EV_SEQ) {
		fail(im, im->j.ev.loc, "\"mountpoints\" must be a list, not "
		    "an object");
		return;
	}
	for (zp_jin_next(&im->j); im->j.ev.type != ZP_EV_SEQ_END;
	    zp_jin_next(&im->j)) {
		const char *m = text(im, "mountpoints");

		if (im->failed)
			return;
		if (m && !b->mnt)
			b->mnt = m;
	}
}

static void device(struct imp *im, struct blk *b, size_t depth);

static void children(struct imp *im, struct blk *b, size_t depth)
{
	if (im->j.ev.type == ZP_EV_SCALAR && zp_jin_null(&im->j))
		return;
	if (im->j.ev.type != ZP_EV_SEQ) {
		fail(im, im->j.ev.loc, "\"children\" must be a list of "
		    "devices");
		return;
	}
	b->child_all_part = true;
	for (zp_jin_next(&im->j); im->j.ev.type != ZP_EV_SEQ_END;
	    zp_jin_next(&im->j)) {
		struct blk c;

		device(im, &c, depth + 1);
		if (im->failed)
			return;
		if (b->nchild < NOTE_CHILDREN) {
			b->child[b->nchild] = c.name;
			b->child_type[b->nchild] = c.type;
		}
		b->nchild++;
		if (!c.type || strcmp(c.type, "part") != 0)
			b->child_all_part = false;
	}
}

/* One device object; im->j.ev is its start. */
static void device(struct imp *im, struct blk *b, size_t depth)
{
	static const char *const keys[] = {
		"name", "size", "rota", "type", "model", "serial", "wwn",
		"tran", "hctl", "mountpoint", "mountpoints", "children",
		"log-sec", NULL
	};

	memset(b, 0, sizeof(*b));
	b->rota = -1;
	b->loc = im->j.ev.loc;
	if (im->j.ev.type != ZP_EV_MAP) {
		fail(im, im->j.ev.loc, "a device must be an object, not %s",
		    im->j.ev.type == ZP_EV_SEQ ? "a list" : "a scalar");
		return;
	}
	if (depth > MAX_DEPTH) {
		fail(im, im->j.ev.loc, "devices nested deeper than %d levels",
		    MAX_DEPTH);
		return;
	}
	for (zp_jin_next(&im->j); !im->failed &&
	    im->j.ev.type != ZP_EV_MAP_END; zp_jin_next(&im->j)) {
		const char *key = im->j.ev.text;
		uint64_t v;
		bool null;
		int k;

		for (k = 0; keys[k] && strcmp(keys[k], key) != 0; k++)
			;
		zp_jin_next(&im->j);
		switch (k) {
		case 0:
			b->name = text(im, "name");
			b->has_name = b->name != NULL;
			break;
		case 1:
			b->has_size = true;
			if (number(im, "size", INT64_MAX, &b->size, &null))
				b->size_null = null;
			break;
		case 2:
			b->has_rota = true;
			rotation(im, b);
			break;
		case 3:
			b->type = text(im, "type");
			b->has_type = b->type != NULL;
			break;
		case 4:
			b->model = text(im, "model");
			break;
		case 5:
			b->serial = text(im, "serial");
			break;
		case 6:
			b->wwn = text(im, "wwn");
			break;
		case 7:
			b->tran = text(im, "tran");
			break;
		case 8:
			b->hctl = text(im, "hctl");
			break;
		case 9:
			if (!b->mnt)
				b->mnt = text(im, "mountpoint");
			break;
		case 10:
			mountpoints(im, b);
			break;
		case 11:
			children(im, b, depth);
			break;
		case 12:
			if (number(im, "log-sec", 65536, &v, &null) && !null)
				b->sector = (uint32_t)v;
			break;
		default:
			zp_jin_skip(&im->j);
			break;
		}
	}
	if (!im->failed && !b->has_name)
		fail(im, b->loc, "a device without \"name\"; run `%s`",
		    ZP_LSBLK_CMD);
}

static void top(struct imp *im)
{
	bool seen = false;
	struct zp_loc loc;

	zp_jin_next(&im->j);
	loc = im->j.ev.loc;
	if (im->j.ev.type != ZP_EV_MAP) {
		fail(im, loc, "not lsblk --json output: the top is not an "
		    "object with \"blockdevices\"; run `%s`", ZP_LSBLK_CMD);
		return;
	}
	for (zp_jin_next(&im->j); !im->failed &&
	    im->j.ev.type != ZP_EV_MAP_END; zp_jin_next(&im->j)) {
		bool bd = strcmp(im->j.ev.text, "blockdevices") == 0;

		zp_jin_next(&im->j);
		if (!bd) {
			zp_jin_skip(&im->j);
			continue;
		}
		seen = true;
		if (im->j.ev.type != ZP_EV_SEQ) {
			fail(im, im->j.ev.loc, "\"blockdevices\" must be a "
			    "list of devices");
			return;
		}
		for (zp_jin_next(&im->j); !im->failed &&
		    im->j.ev.type != ZP_EV_SEQ_END; zp_jin_next(&im->j)) {
			struct blk b;

			device(im, &b, 0);
			if (!im->failed)
				*(struct blk *)zp_vec_push(&im->devs) = b;
		}
	}
	if (!im->failed && !seen)
		fail(im, loc, "not lsblk --json output: no \"blockdevices\"; "
		    "run `%s`", ZP_LSBLK_CMD);
}

/* ---- names ---- */

/* udev's util_replace_whitespace then util_replace_chars (ata_id): blanks
 * at the ends dropped, each run of blanks one '_', any byte outside
 * [0-9A-Za-z#+-.:=@_] and UTF-8 made '_'. */
static size_t udev_clean(const char *s, char *out, size_t len)
{
	size_t o = 0;
	bool blank = false;

	if (!len)
		return 0;
	while (*s == ' ' || *s == '\t' || *s == '\n')
		s++;
	for (; *s && o + 1 < len; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
		    c == '\v' || c == '\f') {
			blank = true;
			continue;
		}
		if (blank) {
			out[o++] = '_';
			blank = false;
			if (o + 1 >= len)
				break;
		}
		if ((c >= '0' && c <= '9') || (c >= 'A' && c <= 'Z') ||
		    (c >= 'a' && c <= 'z') || c >= 0x80 ||
		    strchr("#+-.:=@_", c))
			out[o++] = (char)c;
		else
			out[o++] = '_';
	}
	out[o] = '\0';
	return o;
}

static bool is_nvme(const char *name, const char *tran)
{
	if (tran && strcmp(tran, "nvme") == 0)
		return true;
	/* util-linux before 2.34 gives no TRAN for NVMe */
	return !tran && strncmp(name, "nvme", 4) == 0;
}

static bool is_ata(const char *tran)
{
	return tran && (strcmp(tran, "sata") == 0 || strcmp(tran, "ata") == 0 ||
	    strcmp(tran, "pata") == 0);
}

const char *zp_byid_name(const char *name, const char *tran,
    const char *model, const char *serial, const char *wwn, char *buf,
    size_t len)
{
	char m[256], s[256], w[256];

	if (wwn && !udev_clean(wwn, w, sizeof(w)))
		wwn = NULL;
	if (model && !udev_clean(model, m, sizeof(m)))
		model = NULL;
	if (serial && !udev_clean(serial, s, sizeof(s)))
		serial = NULL;
	if (is_nvme(name, tran)) {
		/* nvme-$ID_WWN (the namespace's wwid, "eui.0025..."), else the
		 * model and serial kept for compatibility */
		if (wwn)
			snprintf(buf, len, "nvme-%s", w);
		else if (model && serial)
			snprintf(buf, len, "nvme-%s_%s", m, s);
		else
			return NULL;
		return buf;
	}
	if (wwn)
		snprintf(buf, len, "wwn-%s", w);
	else if (is_ata(tran) && model && serial)
		snprintf(buf, len, "ata-%s_%s", m, s);
	else if (serial && ((tran && strcmp(tran, "virtio") == 0) ||
	    (!tran && strncmp(name, "vd", 2) == 0)))
		snprintf(buf, len, "virtio-%s", s);
	else
		return NULL;
	return buf;
}

/* "14tb", "3.84tb", "960gb": the size as drives are sold, to 3 digits. */
static void size_tag(uint64_t bytes, char *buf, size_t len)
{
	static const struct {
		uint64_t unit;
		const char *name;
	} u[] = {
		{ 1000000000000000ULL, "pb" }, { 1000000000000ULL, "tb" },
		{ 1000000000ULL, "gb" }, { 1000000ULL, "mb" }, { 1000ULL, "kb" }
	};
	const size_t n = sizeof(u) / sizeof(u[0]);
	uint64_t c, step;
	size_t i;

	for (i = 0; i < n && bytes < u[i].unit; i++)
		;
	if (i == n) {
		snprintf(buf, len, "%llub", (unsigned long long)bytes);
		return;
	}
	/* hundredths of the unit, rounded to 3 significant digits */
	step = u[i].unit / 100;
	c = bytes / u[i].unit * 100 + (bytes % u[i].unit + step / 2) / step;
	if (c >= 10000)
		c = (c + 50) / 100 * 100;
	else if (c >= 1000)
		c = (c + 5) / 10 * 10;
	if (c >= 100000 && i > 0) {     /* 999.6 GB is 1 TB */
		c = 100;
		i--;
	}
	if (c % 100 == 0)
		snprintf(buf, len, "%llu%s", (unsigned long long)(c / 100),
		    u[i].name);
	else if (c % 10 == 0)
		snprintf(buf, len, "%llu.%llu%s", (unsigned long long)(c / 100),
		    (unsigned long long)(c % 100 / 10), u[i].name);
	else
		snprintf(buf, len, "%llu.%02llu%s",
		    (unsigned long long)(c / 100),
		    (unsigned long long)(c % 100), u[i].name);
}

/* "ST14000NM001G-2KJ103" -> "st14000nm001g-2kj103": lowercase letters,
 * digits and '.', any other run one '-'. */
static void slug(const char *s, char *out, size_t len)
{
	size_t o = 0;
	bool dash = false;

	for (; *s && o + 2 < len; s++) {
		char c = *s;

		if (c >= 'A' && c <= 'Z')
			c = (char)(c - 'A' + 'a');
		if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
		    c == '.') {
			if (dash && o)
				out[o++] = '-';
			out[o++] = c;
			dash = false;
		} else {
			dash = true;
		}
	}
	out[o] = '\0';
}

/* base (made of id characters) if no id of h has it, else base-2, base-3,
 * ...; cut to the 64 characters an id may have. */
static const char *unique_id(struct imp *im, struct zp_htab *h,
    const char *base, int32_t val)
{
	char buf[80], suffix[24], cut[80];
	size_t k;
	unsigned n;

	/* a cut ends on a letter or digit: "...-drive", not "...-drive-" */
	snprintf(cut, sizeof(cut), "%.64s", base);
	for (k = strlen(cut); k > 1 && strchr("-._:", cut[k - 1]); k--)
		cut[k - 1] = '\0';
	base = cut;
	snprintf(buf, sizeof(buf), "%s", base);
	for (n = 2;; n++) {
		if (zp_htab_get(h, buf) < 0) {
			const char *id = zp_arena_strdup(&im->a, buf);

			zp_htab_put(h, id, val);
			return id;
		}
		snprintf(suffix, sizeof(suffix), "-%u", n);
		snprintf(buf, sizeof(buf), "%.*s%s",
		    (int)(64 - strlen(suffix)), base, suffix);
	}
}

/* A kernel name as an id: "cciss!c0d0" -> "cciss-c0d0". */
static void name_id(const char *name, char *out, size_t len)
{
	size_t o = 0;

	if (!((name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' &&
	    name[0] <= 'Z') || (name[0] >= '0' && name[0] <= '9')))
		out[o++] = 'd';
	for (; *name && o + 1 < len; name++) {
		char c = *name;

		out[o++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
		    (c >= '0' && c <= '9') || strchr("_.:-", c) ? c : '-';
	}
	out[o] = '\0';
}

/* Text for a YAML comment: one line. */
static void comment_text(FILE *out, const char *s)
{
	for (; *s; s++)
		putc((unsigned char)*s < 0x20 || *s == 0x7F ? '?' : *s, out);
}

/* Why a top-level device is not imported (a note), or NULL. */
static const char *left_out(struct imp *im, const struct blk *b)
{
	const char *t = b->type;
	char list[256] = "";
	size_t i, o = 0;

	if (strcmp(t, "loop") == 0)
		return "a loop device (a file, not a disk)";
	if (strcmp(t, "rom") == 0)
		return "a rom device (an optical drive)";
	if (strcmp(t, "disk") != 0)
		return zp_arena_printf(&im->a, "of type %s, not a whole disk",
		    t);
	if (b->nchild) {
		for (i = 0; i < b->nchild && i < NOTE_CHILDREN; i++) {
			int w = snprintf(list + o, sizeof(list) - o, "%s%s",
			    i ? ", " : "", b->child[i] ? b->child[i] : "?");

			if (w > 0 && (size_t)w < sizeof(list) - o)
				o += (size_t)w;
			if (!b->child_all_part && b->child_type[i] && w > 0) {
				w = snprintf(list + o, sizeof(list) - o,
				    " (%s)", b->child_type[i]);
				if (w > 0 && (size_t)w < sizeof(list) - o)
					o += (size_t)w;
			}
		}
		if (b->nchild > NOTE_CHILDREN)
			snprintf(list + o, sizeof(list) - o, " and %zu more",
			    b->nchild - NOTE_CHILDREN);
		return zp_arena_printf(&im->a, "in use: it %s %s",
		    b->child_all_part ? "has partitions" : "holds", list);
	}
	if (b->mnt && strcmp(b->mnt, "[SWAP]") == 0)
		return "in use as swap";
	if (b->mnt)
		return zp_arena_printf(&im->a, "in use: its filesystem is "
		    "mounted on %s", b->mnt);
	if (b->has_size && !b->size_null && b->size == 0)
		return "no medium (size 0)";
	if (b->sector && b->sector != 512 && b->sector != 4096)
		return zp_arena_printf(&im->a, "a logical sector of %u bytes "
		    "(a model's sector is 512 or 4096)", b->sector);
	return NULL;
}

static int32_t count(struct zp_htab *h, struct zp_vec *counts, const char *k)
{
	int32_t i;

	if (!k)
		return 0;
	if ((i = zp_htab_get(h, k)) < 0) {
		i = (int32_t)counts->len;
		zp_htab_put(h, k, i);
		*(uint32_t *)zp_vec_push(counts) = 0;
	}
	return (int32_t)++*ZP_VEC_AT(counts, uint32_t, i);
}

static uint32_t counted(const struct zp_htab *h, const struct zp_vec *counts,
    const char *k)
{
	int32_t i = k ? zp_htab_get(h, k) : -1;

	return i < 0 ? 0 : *ZP_VEC_AT(counts, uint32_t, i);
}

/* Chooses each disk's dev: the by-id name from the WWN, else from the
 * serial, else the kernel name (with a note); a name two disks would
 * share (cheap bridges repeat a WWN) is no name. */
static void choose_devs(struct imp *im, struct zp_vec *disks)
{
	struct zp_htab h;
	struct zp_vec counts;
	char buf[600];
	size_t i;

	zp_htab_init(&h, disks->len * 2 + 1);
	zp_vec_init(&counts, sizeof(uint32_t));
	for (i = 0; i < disks->len; i++) {
		struct disk *d = ZP_VEC_AT(disks, struct disk, i);
		const struct blk *b = d->b;
		const char *p = zp_byid_name(b->name, b->tran, b->model,
		    b->serial, b->wwn, buf, sizeof(buf));

		d->primary = p ? zp_arena_printf(&im->a, "/dev/disk/by-id/%s",
		    p) : NULL;
		p = zp_byid_name(b->name, b->tran, b->model, b->serial, NULL,
		    buf, sizeof(buf));
		d->secondary = p ? zp_arena_printf(&im->a,
		    "/dev/disk/by-id/%s", p) : NULL;
		if (d->secondary && d->primary &&
		    strcmp(d->secondary, d->primary) == 0)
			d->secondary = NULL;
		count(&h, &counts, d->primary);
		count(&h, &counts, d->secondary);
	}
	for (i = 0; i < disks->len; i++) {
		struct disk *d = ZP_VEC_AT(disks, struct disk, i);
		const struct blk *b = d->b;
		char *p;

		if (d->primary && counted(&h, &counts, d->primary) == 1) {
			d->dev = d->primary;
			continue;
		}
		if (d->secondary && counted(&h, &counts, d->secondary) == 1) {
			d->dev = d->secondary;
			note(im, b->loc, "%s: another disk reports the same "
			    "WWN %s; dev is %s", b->name, b->wwn, d->dev);
			continue;
		}
		/* sysfs writes '/' of a device's path as '!' (cciss!c0d0) */
		d->dev = zp_arena_printf(&im->a, "/dev/%s", b->name);
		for (p = (char *)d->dev; (p = strchr(p, '!')); p++)
			*p = '/';
		if (d->primary || d->secondary)
			note(im, b->loc, "%s: another disk reports the same "
			    "%s; dev is %s, which may change at reboot: "
			    "replace it with the disk's /dev/disk/by-path name",
			    b->name, d->primary ? "WWN" : "model and serial",
			    d->dev);
		else
			note(im, b->loc, "%s: no WWN%s, so udev gives it no "
			    "by-id name zplan can know; dev is %s, which may "
			    "change at reboot: replace it with its name in "
			    "/dev/disk/by-id or /dev/disk/by-path", b->name,
			    is_ata(b->tran) || is_nvme(b->name, b->tran) ?
			    " and no serial" : "", d->dev);
	}
	zp_vec_release(&counts);
	zp_htab_release(&h);
}

static void write_model(const char *ctrl, const struct zp_vec *types,
    const struct zp_vec *disks, FILE *out)
{
	size_t i;

	fprintf(out, "# A zplan model skeleton, written by zplan import "
	    "lsblk from the output of\n#   %s\n# %zu disk%s of %zu drive "
	    "type%s, internal to controller %s. Disks in use\n# (with "
	    "partitions or a mounted filesystem), loop and rom devices are "
	    "left out.\n# Next: add pools (docs/model.md), then run zplan "
	    "check on this file.\nzplan: 1\n", ZP_LSBLK_CMD, disks->len,
	    disks->len == 1 ? "" : "s", types->len, types->len == 1 ? "" :
	    "s", ctrl);
	fprintf(out, "drive_types:%s\n", types->len ? "" : " {}");
	for (i = 0; i < types->len; i++) {
		const struct dtype *t = ZP_VEC_AT(types, struct dtype, i);
		char dec[32], bin[32];

		fputs("  ", out);
		zp_yaml_str(out, t->id);
		fprintf(out, ": {media: %s, size: %llu", t->media,
		    (unsigned long long)t->size);
		if (t->sector)
			fprintf(out, ", sector: %u", t->sector);
		if (t->bus) {
			fputs(", bus: ", out);
			zp_yaml_str(out, t->bus);
		}
		if (t->model) {
			fputs(", model: ", out);
			zp_yaml_str(out, t->model);
		}
		zp_fmt_size(t->size, true, dec, sizeof(dec));
		zp_fmt_size(t->size, false, bin, sizeof(bin));
		fprintf(out, "}  # %s, %s\n", dec, bin);
	}
	fputs("controllers:\n  - id: ", out);
	zp_yaml_str(out, ctrl);
	fprintf(out, "\ndisks:%s\n", disks->len ? "" : " []");
	for (i = 0; i < disks->len; i++) {
		const struct disk *d = ZP_VEC_AT(disks, struct disk, i);
		const struct blk *b = d->b;

		fputs("  - {id: ", out);
		zp_yaml_str(out, d->id);
		fputs(", controller: ", out);
		zp_yaml_str(out, ctrl);
		fputs(", type: ", out);
		zp_yaml_str(out, ZP_VEC_AT(types, struct dtype, d->type)->id);
		fputs(", dev: ", out);
		zp_yaml_str(out, d->dev);
		fputc('}', out);
		if (b->hctl || b->serial) {
			fputs("  # ", out);
			if (b->hctl) {
				fputs("hctl ", out);
				comment_text(out, b->hctl);
			}
			if (b->serial) {
				fputs(b->hctl ? ", serial " : "serial ", out);
				comment_text(out, b->serial);
			}
		}
		fputc('\n', out);
	}
}

/* Every device of the tree's top: a disk to import, or a note why not. */
static void collect(struct imp *im, struct zp_vec *types, struct zp_vec *disks)
{
	struct zp_htab h_types, h_type_ids, h_disk_ids;
	size_t i;

	zp_htab_init(&h_types, 64);
	zp_htab_init(&h_type_ids, 64);
	zp_htab_init(&h_disk_ids, im->devs.len * 2 + 1);
	for (i = 0; i < im->devs.len && !im->failed; i++) {
		const struct blk *b = ZP_VEC_AT(&im->devs, struct blk, i);
		const char *why, *media, *key;
		char base[160], tag[32], sl[96], idbuf[80];
		struct disk *d;
		int32_t t;

		if (!b->has_type) {
			fail(im, b->loc, "device %s has no \"type\"; run `%s`",
			    b->name, ZP_LSBLK_CMD);
			break;
		}
		if (strcmp(b->type, "part") == 0) {
			fail(im, b->loc, "partition %s is not under its disk: "
			    "lsblk ran with --list; run `%s`",
			    b->name, ZP_LSBLK_CMD);
			break;
		}
		if ((why = left_out(im, b))) {
			note(im, b->loc, "left out %s: %s", b->name, why);
			continue;
		}
		if (!b->has_size || b->size_null) {
			fail(im, b->loc, "disk %s has no \"size\"; run `%s`",
			    b->name, ZP_LSBLK_CMD);
			break;
		}
		if (is_nvme(b->name, b->tran))
			media = "nvme";
		else if (!b->has_rota || b->rota < 0) {
			fail(im, b->loc, "disk %s has no \"rota\", so hdd and "
			    "ssd cannot be told apart; run `%s`", b->name,
			    ZP_LSBLK_CMD);
			break;
		} else
			media = b->rota ? "hdd" : "ssd";
		key = zp_arena_printf(&im->a, "%s\x1f%llu\x1f%u\x1f%s", media,
		    (unsigned long long)b->size, b->sector,
		    b->model ? b->model : "");
		if ((t = zp_htab_get(&h_types, key)) < 0) {
			struct dtype *dt = zp_vec_push(types);

			t = (int32_t)(types->len - 1);
			zp_htab_put(&h_types, key, t);
			size_tag(b->size, tag, sizeof(tag));
			slug(b->model ? b->model : "", sl, sizeof(sl));
			snprintf(base, sizeof(base), "%s-%s%s%s", media, tag,
			    sl[0] ? "-" : "", sl);
			dt->id = unique_id(im, &h_type_ids, base, t);
			dt->media = media;
			dt->size = b->size;
			dt->sector = b->sector;
			dt->model = b->model;
			/* util-linux before 2.34 gives NVMe no TRAN */
			dt->bus = b->tran ? b->tran :
			    strcmp(media, "nvme") == 0 ? "nvme" : NULL;
		}
		d = zp_vec_push(disks);
		d->b = b;
		d->type = t;
		name_id(b->name, idbuf, sizeof(idbuf));
		d->id = unique_id(im, &h_disk_ids, idbuf,
		    (int32_t)(disks->len - 1));
	}
	zp_htab_release(&h_types);
	zp_htab_release(&h_type_ids);
	zp_htab_release(&h_disk_ids);
}

int zp_import_lsblk(const char *path, const char *controller, FILE *out,
    FILE *err)
{
	struct imp im;
	struct zp_vec types, disks;
	int status = 0;
	size_t i;

	memset(&im, 0, sizeof(im));
	if (zp_jin_open(&im.j, path, 0, im.why, sizeof(im.why))) {
		fprintf(err, "%s\n", im.why);
		return 2;
	}
	zp_arena_init(&im.a);
	zp_vec_init(&im.devs, sizeof(struct blk));
	zp_vec_init(&im.notes, sizeof(struct note));
	zp_vec_init(&types, sizeof(struct dtype));
	zp_vec_init(&disks, sizeof(struct disk));
	top(&im);
	if (!im.failed)
		collect(&im, &types, &disks);
	if (!im.failed)
		choose_devs(&im, &disks);
	if (im.failed) {
		fprintf(err, "%s\n", im.why);
		status = 2;
	} else {
		if (im.notes.len)
			qsort(im.notes.data, im.notes.len, sizeof(struct note),
			    note_cmp);
		for (i = 0; i < im.notes.len; i++)
			fprintf(err, "%s\n", ZP_VEC_AT(&im.notes, struct note,
			    i)->text);
		if (!disks.len)
			fprintf(err, "%s: note: no free disk found; the model "
			    "has none\n", im.j.name);
		write_model(controller, &types, &disks, out);
	}
	zp_vec_release(&types);
	zp_vec_release(&disks);
	zp_vec_release(&im.devs);
	zp_vec_release(&im.notes);
	zp_arena_release(&im.a);
	zp_jin_close(&im.j);
	return status;
}
