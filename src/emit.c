/* emit: the explicit model as YAML or JSON. One small writer serves both
 * formats, so that they cannot drift apart: containers are block (one item
 * a line) or flow (one line), scalars are quoted where the format needs. */
#include "zplan/emit.h"

#include <errno.h>
#include <string.h>
#include <strings.h>

#include "zplan/rule.h"
#include "zplan/text.h"

/* ---- scalars ---- */

static bool numberish(const char *s)
{
	const char *p = s;
	bool digit = false;

	if (*p == '+' || *p == '-')
		p++;
	if (*p == '.' && (strcasecmp(p + 1, "inf") == 0 ||
	    strcasecmp(p + 1, "nan") == 0))
		return true;
	if (!(*p >= '0' && *p <= '9') && !(*p == '.' && p[1] >= '0' &&
	    p[1] <= '9'))
		return false;
	/* YAML 1.1 and 1.2 numbers: 1_000, 0x1F, 0o17, 0b101, 1.5e3, 1:30;
	 * dates too (2001-12-14) */
	for (; *p; p++) {
		if (*p >= '0' && *p <= '9')
			digit = true;
		else if (!strchr("_.:+-eExXoObBaAcCdDfF", *p))
			return false;
	}
	return digit;
}

/* Code points YAML reads as line breaks, or refuses, or a BOM: at the
 * start of s, their length in bytes; 0 otherwise. */
static size_t special_utf8(const unsigned char *u)
{
	if (u[0] == 0xC2 && u[1] >= 0x80 && u[1] <= 0x9F)
		return 2;       /* C1 controls, NEL among them */
	if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0xA8 || u[2] == 0xA9))
		return 3;       /* line and paragraph separators */
	if (u[0] == 0xEF && ((u[1] == 0xBB && u[2] == 0xBF) ||
	    (u[1] == 0xBF && (u[2] == 0xBE || u[2] == 0xBF))))
		return 3;       /* BOM, noncharacters */
	return 0;
}

bool zp_yaml_plain(const char *s)
{
	static const char *const words[] = {
		"null", "~", "true", "false", "yes", "no", "on", "off", "y",
		"n", "=", "<<", NULL
	};
	const unsigned char *u = (const unsigned char *)s;
	size_t n = strlen(s), i;

	if (!n || s[0] == ' ' || s[n - 1] == ' ' || strchr("-?~", s[0]) ||
	    strncmp(s, "...", 3) == 0 || numberish(s))
		return false;
	for (i = 0; n <= 5 && words[i]; i++)
		if (strcasecmp(s, words[i]) == 0)
			return false;
	for (i = 0; i < n; i++) {
		/* indicators and flow punctuation anywhere: simpler than
		 * YAML's rules of where each one matters, and never wrong */
		if (u[i] < 0x20 || u[i] == 0x7F ||
		    strchr(",[]{}#&*!|>'\"%@`:\\", u[i]))
			return false;
		if (u[i] >= 0x80 && special_utf8(u + i))
			return false;
	}
	return true;
}

void zp_yaml_str(FILE *out, const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t k;

	if (zp_yaml_plain(s)) {
		fputs(s, out);
		return;
	}
	putc_unlocked('"', out);
	while (*u) {
		if (*u == '"' || *u == '\\') {
			putc_unlocked('\\', out);
			putc_unlocked(*u++, out);
		} else if (*u == '\n') {
			fputs("\\n", out);
			u++;
		} else if (*u == '\t') {
			fputs("\\t", out);
			u++;
		} else if (*u < 0x20 || *u == 0x7F) {
			fprintf(out, "\\x%02X", *u++);
		} else if (*u >= 0x80 && (k = special_utf8(u))) {
			unsigned cp = k == 2 ? u[1] : ((u[0] & 0x0Fu) << 12) |
			    ((u[1] & 0x3Fu) << 6) | (u[2] & 0x3Fu);

			fprintf(out, "\\u%04X", cp);
			u += k;
		} else {
			putc_unlocked(*u++, out);
		}
	}
	putc_unlocked('"', out);
}

void zp_size_str(uint64_t bytes, char *buf, size_t len)
{
	static const struct {
		const char *unit;
		uint64_t size;
	} units[] = {
		{ "PB", 1000000000000000ULL }, { "TB", 1000000000000ULL },
		{ "GB", 1000000000ULL }, { "MB", 1000000ULL },
		{ "KB", 1000ULL },
		{ "PiB", 1ULL << 50 }, { "TiB", 1ULL << 40 },
		{ "GiB", 1ULL << 30 }, { "MiB", 1ULL << 20 },
		{ "KiB", 1ULL << 10 }
	};
	size_t i;

	for (i = 0; bytes && i < sizeof(units) / sizeof(units[0]); i++)
		if (bytes % units[i].size == 0) {
			snprintf(buf, len, "%llu%s", (unsigned long long)
			    (bytes / units[i].size), units[i].unit);
			return;
		}
	snprintf(buf, len, "%llu", (unsigned long long)bytes);
}

/* ---- the writer ---- */

#define MAX_DEPTH 12

struct frame {
	char kind;              /* 'm' mapping, 's' sequence */
	bool flow;
	bool inl;               /* YAML: a mapping opened after "- " */
	size_t n;
	int ind;                /* column of its items */
};

struct w {
	FILE *f;
	bool json;
	int top;                /* -1: nothing open */
	struct frame st[MAX_DEPTH];
};

static void newline(struct w *w, int ind)
{
	static const char spaces[] = "                                ";

	putc_unlocked('\n', w->f);
	while (ind > 0) {
		int k = ind < 32 ? ind : 32;

		fwrite(spaces, 1, (size_t)k, w->f);
		ind -= k;
	}
}

/* What goes before a value: after a key, " " (YAML, unless the value is a
 * block container, which starts on its own lines); in a sequence, the
 * item's separator. */
static void before(struct w *w, bool block)
{
	struct frame *f;

	if (w->top < 0)
		return;
	f = &w->st[w->top];
	if (f->kind == 'm') {
		if (!w->json && !block)
			putc_unlocked(' ', w->f);
		return;
	}
	if (f->flow) {
		if (f->n)
			fputs(", ", w->f);
	} else if (w->json) {
		if (f->n)
			putc_unlocked(',', w->f);
		newline(w, f->ind);
	} else {
		newline(w, f->ind);
		fputs("- ", w->f);
	}
	f->n++;
}

static void text(struct w *w, const char *s)
{
	if (w->json)
		zp_json_str(w->f, s);
	else
		zp_yaml_str(w->f, s);
}

static void key(struct w *w, const char *k)
{
	struct frame *f = &w->st[w->top];

	if (f->flow) {
		if (f->n)
			fputs(", ", w->f);
	} else if (w->json) {
		if (f->n)
			putc_unlocked(',', w->f);
		newline(w, f->ind);
	} else if (!(f->inl && !f->n) && !(w->top == 0 && !f->n)) {
		newline(w, f->ind);
	}
	text(w, k);
	fputs(w->json ? ": " : ":", w->f);
	f->n++;
}

/* Opens a mapping or sequence; block ones with no items would read back as
 * null in YAML, so an empty one is always flow. */
static void w_open(struct w *w, char kind, bool flow, size_t items)
{
	struct frame *parent = w->top >= 0 ? &w->st[w->top] : NULL;
	struct frame *f;

	flow = flow || !items;
	before(w, !flow);
	f = &w->st[++w->top];
	f->kind = kind;
	f->flow = flow;
	f->n = 0;
	f->inl = false;
	if (w->json) {
		f->ind = parent ? parent->ind + 2 : 2;
	} else if (!parent) {
		f->ind = 0;
	} else {
		f->ind = parent->ind + 2;
		f->inl = parent->kind == 's' && !flow;
	}
	if (flow || w->json)
		putc_unlocked(kind == 'm' ? '{' : '[', w->f);
}

static void w_close(struct w *w)
{
	struct frame *f = &w->st[w->top--];

	if (w->json && !f->flow && f->n)
		newline(w, w->top >= 0 ? w->st[w->top].ind : 0);
	if (f->flow || w->json)
		putc_unlocked(f->kind == 'm' ? '}' : ']', w->f);
	if (w->top < 0)
		putc_unlocked('\n', w->f);
}

static void v_str(struct w *w, const char *s)
{
	before(w, false);
	text(w, s);
}

static void v_uint(struct w *w, uint64_t v)
{
	before(w, false);
	fprintf(w->f, "%llu", (unsigned long long)v);
}

static void v_bool(struct w *w, bool b)
{
	before(w, false);
	fputs(b ? "true" : "false", w->f);
}

static void v_size(struct w *w, uint64_t bytes)
{
	char buf[32];

	zp_size_str(bytes, buf, sizeof(buf));
	v_str(w, buf);
}

static void k_str(struct w *w, const char *k, const char *v)
{
	key(w, k);
	v_str(w, v);
}

static void k_uint(struct w *w, const char *k, uint64_t v)
{
	key(w, k);
	v_uint(w, v);
}

static void k_size(struct w *w, const char *k, uint64_t v)
{
	key(w, k);
	v_size(w, v);
}

/* A list of references by name, in one line. */
static void k_refs(struct w *w, const char *k, const struct zp_ref *r,
    size_t n)
{
	size_t i;

	key(w, k);
	w_open(w, 's', true, n);
	for (i = 0; i < n; i++)
		v_str(w, r[i].name);
	w_close(w);
}

static void k_kvs(struct w *w, const char *k, const struct zp_kvs *kv)
{
	size_t i;

	key(w, k);
	w_open(w, 'm', true, kv->n);
	for (i = 0; i < kv->n; i++)
		k_str(w, kv->v[i].key, kv->v[i].val);
	w_close(w);
}

/* ---- sections, in model.md order ---- */

static void policy(struct w *w, const struct zp_policy *p)
{
	static const char *const sev[] = { "error", "warning", "note" };
	size_t n = 0;
	int i;

	key(w, "policy");
	w_open(w, 'm', false, 1);
	k_uint(w, "spares_per_pool", p->spares_per_pool);
	k_str(w, "mirror_isolation", p->mirror_isolation == ZP_ISO_NONE ?
	    "none" : "enclosure");
	k_uint(w, "ashift", p->ashift);
	k_uint(w, "max_raidz_width", p->max_raidz_width);
	k_str(w, "platform", zp_platform_name(p->platform));
	if (p->partitioning == ZP_PART_KEEP)
		k_size(w, "partitioning", p->partition_keep);
	else
		k_str(w, "partitioning", p->partitioning == ZP_PART_NONE ?
		    "none" : "linux");
	k_uint(w, "l2arc_ram_percent", p->l2arc_ram_percent);
	k_uint(w, "fill_percent", p->fill_percent);
	k_str(w, "vdev_id", p->vdev_id_external ? "external" : "auto");
	for (i = 0; i < ZP_NRULES; i++)
		n += p->disabled[i] != 0;
	key(w, "disable");
	w_open(w, 's', true, n);
	for (i = 0; i < ZP_NRULES; i++)
		if (p->disabled[i])
			v_str(w, zp_rules[i]->id);
	w_close(w);
	for (n = 0, i = 0; i < ZP_NRULES; i++)
		n += p->severity[i] >= 0;
	key(w, "severity");
	w_open(w, 'm', true, n);
	for (i = 0; i < ZP_NRULES; i++)
		if (p->severity[i] >= 0)
			k_str(w, zp_rules[i]->id, sev[p->severity[i]]);
	w_close(w);
	w_close(w);
}

static void drive_types(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "drive_types");
	w_open(w, 'm', false, m->drive_types.len);
	for (i = 0; i < m->drive_types.len; i++) {
		const struct zp_drive_type *t = ZP_DT(m, i);

		key(w, t->id);
		w_open(w, 'm', true, 1);
		if (t->media != ZP_MEDIA_NONE)
			k_str(w, "media", zp_media_name(t->media));
		k_size(w, "size", t->size);
		if (t->sector != 512)
			k_uint(w, "sector", t->sector);
		if (t->rpm)
			k_uint(w, "rpm", t->rpm);
		if (t->bus)
			k_str(w, "bus", t->bus);
		if (t->model)
			k_str(w, "model", t->model);
		w_close(w);
	}
	w_close(w);
}

static void ports(struct w *w, const struct zp_ports *p, bool server)
{
	static const char *const roles[] = { "data", "standby", "management" };
	size_t i;

	key(w, "ports");
	w_open(w, 's', false, p->n);
	for (i = 0; i < p->n; i++) {
		const struct zp_port *x = &p->v[i];

		w_open(w, 'm', true, 1);
		k_str(w, "id", x->id);
		if (x->speed)
			k_str(w, "speed", x->speed);
		if (x->mtu != 1500)
			k_uint(w, "mtu", x->mtu);
		if (x->has_addr) {
			char buf[80];

			zp_addr_str(&x->addr, buf, sizeof(buf));
			k_str(w, "address", buf);
		}
		if (server && x->role != ZP_ROLE_DATA)
			k_str(w, "role", roles[x->role]);
		if (x->sw.name)
			k_str(w, "switch", x->sw.name);
		w_close(w);
	}
	w_close(w);
}

static void hbas(struct w *w, const struct zp_hbas *h)
{
	size_t i;

	key(w, "hbas");
	w_open(w, 's', false, h->n);
	for (i = 0; i < h->n; i++) {
		w_open(w, 'm', true, 1);
		k_str(w, "id", h->v[i].id);
		k_str(w, "pci", h->v[i].pci);
		w_close(w);
	}
	w_close(w);
}

static void paths(struct w *w, const struct zp_paths *p)
{
	size_t i;

	key(w, "paths");
	w_open(w, 's', false, p->n);
	for (i = 0; i < p->n; i++) {
		w_open(w, 'm', true, 1);
		k_str(w, "controller", p->v[i].ctrl.name);
		k_str(w, "hba", p->v[i].hba);
		k_uint(w, "port", p->v[i].port);
		w_close(w);
	}
	w_close(w);
}

static void controllers(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "controllers");
	w_open(w, 's', false, m->controllers.len);
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);

		w_open(w, 'm', false, 1);
		k_str(w, "id", c->id);
		if (c->model)
			k_str(w, "model", c->model);
		if (c->has_memory)
			k_size(w, "memory", c->memory);
		if (c->peer.name)
			k_str(w, "peer", c->peer.name);
		if (c->os != ZP_SRV_LINUX)
			k_str(w, "os", zp_srv_os_name(c->os));
		if (c->hbas.n)
			hbas(w, &c->hbas);
		if (c->ports.n)
			ports(w, &c->ports, true);
		w_close(w);
	}
	w_close(w);
}

static void enclosures(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "enclosures");
	w_open(w, 's', false, m->enclosures.len);
	for (i = 0; i < m->enclosures.len; i++) {
		const struct zp_enclosure *e = ZP_ENCL(m, i);

		/* its paths are a block list: then so is the enclosure */
		w_open(w, 'm', !e->paths.n, 1);
		k_str(w, "id", e->id);
		if (e->model)
			k_str(w, "model", e->model);
		if (e->slots)
			k_uint(w, "slots", e->slots);
		if (e->first_slot)
			k_uint(w, "first_slot", e->first_slot);
		if (e->rows) {
			key(w, "layout");
			w_open(w, 'm', true, 2);
			k_uint(w, "rows", e->rows);
			k_uint(w, "columns", e->columns);
			w_close(w);
		}
		if (e->controllers.set)
			k_refs(w, "controllers", e->controllers.v,
			    e->controllers.n);
		if (e->paths.n)
			paths(w, &e->paths);
		w_close(w);
	}
	w_close(w);
}

static void disks(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "disks");
	w_open(w, 's', false, m->disks.len);
	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *d = ZP_DISK(m, i);

		w_open(w, 'm', true, 1);
		k_str(w, "id", d->id);
		if (zp_disk_encl_name(d)) {
			k_str(w, "enclosure", zp_disk_encl_name(d));
			if (d->slot >= 0)
				k_uint(w, "slot", (uint64_t)d->slot);
		}
		if (d->internal)
			k_str(w, "controller", d->place_name);
		if (d->type_name)
			k_str(w, "type", d->type_name);
		if (!d->dev_default)
			k_str(w, "dev", d->dev);
		if (d->has_ident) {
			const struct zp_disk_ident *x = zp_disk_ident(m, i);

			if (x->wwn)
				k_str(w, "wwn", x->wwn);
			if (x->serial)
				k_str(w, "serial", x->serial);
		}
		w_close(w);
	}
	w_close(w);
}

static void vdev(struct w *w, const struct zp_vdev *v)
{
	/* "- mirror: [a, b]" in YAML, {"mirror": [...]} on one line in JSON */
	w_open(w, 'm', w->json, 1);
	if (v->kind == ZP_VDEV_DISK && v->n == 1)
		k_str(w, "disk", v->members[0].name);
	else
		k_refs(w, zp_vkind_name(v->kind), v->members, v->n);
	w_close(w);
}

static void vdev_list(struct w *w, const char *k, const struct zp_vdevs *vs,
    bool bare)
{
	size_t i, singles = 0;

	for (i = 0; i < vs->n; i++)
		singles += vs->v[i].kind == ZP_VDEV_DISK && vs->v[i].n == 1;
	key(w, k);
	/* a log of single disks in one line, as people write it */
	w_open(w, 's', bare && singles == vs->n, vs->n);
	for (i = 0; i < vs->n; i++)
		if (bare && vs->v[i].kind == ZP_VDEV_DISK && vs->v[i].n == 1)
			v_str(w, vs->v[i].members[0].name);
		else
			vdev(w, &vs->v[i]);
	w_close(w);
}

/* An intent left as written (only when planning failed). */
static void intent(struct w *w, const char *k, const struct zp_intent *in,
    bool layout)
{
	key(w, k);
	w_open(w, 'm', true, 1);
	if (layout) {
		k_str(w, "layout", zp_vkind_name(in->layout));
		k_uint(w, "width", in->width);
	}
	k_uint(w, "count", in->count);
	if (in->type.name)
		k_str(w, "type", in->type.name);
	w_close(w);
}

static void pools(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "pools");
	w_open(w, 's', false, m->pools.len);
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		bool left = p->unplanned;

		w_open(w, 'm', false, 1);
		k_str(w, "name", p->name);
		if (p->controller.name)
			k_str(w, "controller", p->controller.name);
		if (p->has_ashift)
			k_uint(w, "ashift", p->ashift);
		if (p->vdevs.n)
			vdev_list(w, "vdevs", &p->vdevs, false);
		else if (left && p->vdevs_intent.set)
			intent(w, "vdevs", &p->vdevs_intent, true);
		if (p->log.n)
			vdev_list(w, "log", &p->log, true);
		else if (left && p->log_intent.set)
			intent(w, "log", &p->log_intent, true);
		if (p->cache.n)
			k_refs(w, "cache", p->cache.v, p->cache.n);
		else if (left && p->cache_intent.set)
			intent(w, "cache", &p->cache_intent, false);
		if (p->spares.n)
			k_refs(w, "spares", p->spares.v, p->spares.n);
		else if (left && p->spares_intent.set)
			intent(w, "spares", &p->spares_intent, false);
		if (left && p->from.set)
			k_refs(w, "from", p->from.v, p->from.n);
		if (p->options.n)
			k_kvs(w, "options", &p->options);
		if (p->properties.n)
			k_kvs(w, "properties", &p->properties);
		w_close(w);
	}
	w_close(w);
}

static void filesystems(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "filesystems");
	w_open(w, 's', false, m->filesystems.len);
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);

		w_open(w, 'm', true, 1);
		k_str(w, "name", f->name);
		if (f->properties.n)
			k_kvs(w, "properties", &f->properties);
		if (f->share == ZP_SHARE_NFS && !f->share_opts) {
			k_str(w, "share", "nfs");
		} else if (f->share == ZP_SHARE_NFS) {
			key(w, "share");
			w_open(w, 'm', true, 1);
			k_str(w, "nfs", f->share_opts);
			w_close(w);
		}
		w_close(w);
	}
	w_close(w);
}

static void switches(struct w *w, const struct zp_model *m)
{
	size_t i;

	key(w, "switches");
	w_open(w, 's', false, m->switches.len);
	for (i = 0; i < m->switches.len; i++) {
		const struct zp_switch *s = ZP_SW(m, i);

		w_open(w, 'm', true, 1);
		k_str(w, "id", s->id);
		if (s->model)
			k_str(w, "model", s->model);
		if (s->ports)
			k_uint(w, "ports", s->ports);
		if (s->has_mtu)
			k_uint(w, "mtu", s->mtu);
		w_close(w);
	}
	w_close(w);
}

static void clients(struct w *w, const struct zp_model *m)
{
	static const char *const oses[] = { "linux", "solaris", "freebsd" };
	size_t i;

	key(w, "clients");
	w_open(w, 's', false, m->clients.len);
	for (i = 0; i < m->clients.len; i++) {
		const struct zp_client *c = ZP_CLIENT(m, i);

		w_open(w, 'm', false, 1);
		k_str(w, "id", c->id);
		if (c->os != ZP_OS_LINUX)
			k_str(w, "os", oses[c->os]);
		if (c->ports.n)
			ports(w, &c->ports, false);
		w_close(w);
	}
	w_close(w);
}

static void nfs_options(struct w *w, const struct zp_nfsopts *o)
{
	size_t n = !!o->vers + o->has_rsize + o->has_wsize + !!o->proto +
	    o->has_nconnect + (o->forcedirectio >= 0) + (o->hard >= 0) +
	    !!o->timeo + !!o->actimeo + !!o->extra;

	if (!n)
		return;
	key(w, "options");
	w_open(w, 'm', true, n);
	if (o->vers)
		k_str(w, "vers", o->vers);
	if (o->has_rsize)
		k_uint(w, "rsize", o->rsize);
	if (o->has_wsize)
		k_uint(w, "wsize", o->wsize);
	if (o->proto)
		k_str(w, "proto", o->proto);
	if (o->has_nconnect)
		k_uint(w, "nconnect", o->nconnect);
	if (o->forcedirectio >= 0) {
		key(w, "forcedirectio");
		v_bool(w, o->forcedirectio);
	}
	if (o->hard >= 0) {
		key(w, "hard");
		v_bool(w, o->hard);
	}
	if (o->timeo)
		k_str(w, "timeo", o->timeo);
	if (o->actimeo)
		k_str(w, "actimeo", o->actimeo);
	if (o->extra)
		k_str(w, "extra", o->extra);
	w_close(w);
}

/* A group's mounts are m->mounts[*at ..] while their group is gi. A
 * generated mount without a server port (its controller has no data port)
 * has no explicit form: such a group stays generated, as written. */
static void group(struct w *w, const struct zp_model *m, int32_t gi,
    size_t *at)
{
	static const char *const strategies[] = {
		"round-robin", "all", "explicit"
	};
	const struct zp_mount_group *g = ZP_GROUP(m, gi);
	size_t first = *at, end = first, i;
	bool keep = false;

	while (end < m->mounts.len && ZP_MOUNT(m, end)->group == gi) {
		keep = keep || ZP_MOUNT(m, end)->port < 0;
		end++;
	}
	*at = end;
	w_open(w, 'm', false, 1);
	k_str(w, "strategy", strategies[keep ? g->strategy :
	    ZP_MNT_EXPLICIT]);
	if (g->clients.set)
		k_refs(w, "clients", g->clients.v, g->clients.n);
	if (g->controllers.set)
		k_refs(w, "controllers", g->controllers.v, g->controllers.n);
	if (g->pools.set)
		k_refs(w, "pools", g->pools.v, g->pools.n);
	nfs_options(w, &g->options);
	if (keep) {
		k_str(w, "at", g->at);
		w_close(w);
		return;
	}
	key(w, "list");
	w_open(w, 's', false, end - first);
	for (i = first; i < end; i++) {
		const struct zp_mount *x = ZP_MOUNT(m, i);
		const struct zp_controller *c = ZP_CTRL(m, x->ctrl);
		char via[160];

		snprintf(via, sizeof(via), "%s/%s", c->id,
		    c->ports.v[x->port].id);
		w_open(w, 'm', true, 1);
		k_str(w, "client", ZP_CLIENT(m, x->client)->id);
		k_str(w, "fs", ZP_FS(m, x->fs)->name);
		k_str(w, "via", via);
		k_str(w, "at", x->at);
		w_close(w);
	}
	w_close(w);
	w_close(w);
}

static void mounts(struct w *w, const struct zp_model *m)
{
	size_t i, at = 0;

	key(w, "mounts");
	if (m->groups.len == 1) {
		group(w, m, 0, &at);
		return;
	}
	w_open(w, 's', false, m->groups.len);
	for (i = 0; i < m->groups.len; i++)
		group(w, m, (int32_t)i, &at);
	w_close(w);
}

int zp_emit(const struct zp_model *m, enum zp_emit_fmt fmt, FILE *out)
{
	struct w w;

	memset(&w, 0, sizeof(w));
	w.f = out;
	w.json = fmt == ZP_EMIT_JSON;
	w.top = -1;
	w_open(&w, 'm', false, 1);
	k_uint(&w, "zplan", 1);
	if (m->name)
		k_str(&w, "name", m->name);
	policy(&w, &m->policy);
	if (m->drive_types.len)
		drive_types(&w, m);
	if (m->controllers.len)
		controllers(&w, m);
	if (m->enclosures.len)
		enclosures(&w, m);
	if (m->disks.len)
		disks(&w, m);
	if (m->pools.len)
		pools(&w, m);
	if (m->filesystems.len)
		filesystems(&w, m);
	if (m->switches.len)
		switches(&w, m);
	if (m->clients.len)
		clients(&w, m);
	if (m->has_mounts)
		mounts(&w, m);
	w_close(&w);
	if (fflush(out) || ferror(out)) {
		if (!errno)
			errno = EIO;
		return -1;
	}
	return 0;
}
