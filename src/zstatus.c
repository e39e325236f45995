/* zstatus: `zpool status -j` into a vdev tree per pool (the text of zpool
 * status: zstatus_text.c). Nested output
 * gives each vdev under its parent's "vdevs"; --json-flat-vdevs lists
 * every vdev in the pool's "vdevs" with a "parent" key, yet may still nest
 * copies (OpenZFS's writer recurses twice). Both are read the same way:
 * every vdev object anywhere is one record, its parent is its "parent" key
 * or else the vdev it sits in, and a record seen twice under one parent
 * is kept once. */
#include "zplan/zstatus.h"

#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/htab.h"
#include "zplan/jsonin.h"
#include "zplan/text.h"

#define MAX_DEPTH 16            /* real trees are 4 deep: root, mirror,
				 * spare or replacing, disk */
#define STATUS_CMD "zpool status -j"

struct rd {
	struct zp_jin j;
	struct zs_status *st;
	char *why;
	size_t len;
	bool failed;
};

static void fail(struct rd *r, struct zp_loc loc, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(struct rd *r, struct zp_loc loc, const char *fmt, ...)
{
	va_list ap;
	int n;

	if (r->failed)
		return;
	r->failed = true;
	n = snprintf(r->why, r->len, "%s:%u:%u: error: ", r->j.name,
	    loc.line, loc.col);
	if (n < 0 || (size_t)n >= r->len)
		return;
	va_start(ap, fmt);
	vsnprintf(r->why + n, r->len - (size_t)n, fmt, ap);
	va_end(ap);
	/* it may quote the status: no control character reaches stderr */
	zp_ctl_escape_in_place(r->why, r->len);
}

/* The current value as text: NULL for null; containers are an error. */
static const char *str(struct rd *r, const char *key)
{
	if (r->j.ev.type != ZP_EV_SCALAR) {
		fail(r, r->j.ev.loc, "\"%s\" must be a string, not %s", key,
		    r->j.ev.type == ZP_EV_MAP ? "an object" : "a list");
		return NULL;
	}
	if (zp_jin_null(&r->j))
		return NULL;
	return zp_arena_strndup(&r->st->arena, r->j.ev.text, r->j.ev.len);
}

static bool is_map(struct rd *r, const char *what)
{
	if (r->j.ev.type == ZP_EV_MAP)
		return true;
	fail(r, r->j.ev.loc, "%s must be an object", what);
	return false;
}

static void vdev_map(struct rd *r, const char *enclosing, uint8_t section,
    size_t depth);

/* One vdev object, the value of key; j.ev is its start. */
static void vdev_obj(struct rd *r, const char *key, const char *enclosing,
    uint8_t section, size_t depth)
{
	static const char *const keys[] = {
		"name", "vdev_type", "path", "was", "state", "aux", "class",
		"used_by", "parent", "vdevs", NULL
	};
	struct zs_vdev *v;
	const char *parent = NULL, *name;
	size_t i;

	if (!is_map(r, "a vdev"))
		return;
	if (depth > MAX_DEPTH) {
		fail(r, r->j.ev.loc, "vdevs nested deeper than %d levels",
		    MAX_DEPTH);
		return;
	}
	name = zp_arena_strdup(&r->st->arena, key);
	i = r->st->vdevs.len;
	v = zp_vec_push(&r->st->vdevs);
	v->name = name;
	v->loc = r->j.ev.loc;
	v->section = section;
	v->up = v->child = v->last = v->next = -1;
	for (zp_jin_next(&r->j); !r->failed && r->j.ev.type != ZP_EV_MAP_END;
	    zp_jin_next(&r->j)) {
		const char *k = r->j.ev.text, *s = NULL;
		int n;

		for (n = 0; keys[n] && strcmp(keys[n], k) != 0; n++)
			;
		zp_jin_next(&r->j);
		if (n == 9) {
			/* the vec may move: no pointer into it across this */
			vdev_map(r, name, section, depth + 1);
			continue;
		}
		if (!keys[n]) {
			zp_jin_skip(&r->j);
			continue;
		}
		s = str(r, keys[n]);
		v = ZS_VDEV(r->st, i);
		switch (n) {
		case 0:
			if (s)
				v->name = s;
			break;
		case 1:
			v->type = s;
			break;
		case 2:
			v->path = s;
			break;
		case 3:
			v->was = s;
			break;
		case 4:
			v->state = s;
			break;
		case 5:
			v->aux = s;
			break;
		case 6:
			v->cls = s;
			break;
		case 7:
			v->used_by = s;
			break;
		case 8:
			parent = s;
			break;
		}
	}
	ZS_VDEV(r->st, i)->parent = parent ? parent : enclosing;
}

/* A "vdevs", "logs", "l2cache", "spares", "special" or "dedup" object:
 * vdevs by name. */
static void vdev_map(struct rd *r, const char *enclosing, uint8_t section,
    size_t depth)
{
	if (r->j.ev.type == ZP_EV_SCALAR && zp_jin_null(&r->j))
		return;
	if (!is_map(r, "\"vdevs\", \"logs\", \"l2cache\", \"spares\", "
	    "\"special\" and \"dedup\""))
		return;
	for (zp_jin_next(&r->j); !r->failed && r->j.ev.type != ZP_EV_MAP_END;
	    zp_jin_next(&r->j)) {
		const char *key = r->j.ev.text;

		zp_jin_next(&r->j);
		vdev_obj(r, key, enclosing, section, depth);
	}
}

static bool leaf_type(const char *t)
{
	return t && (strcmp(t, "disk") == 0 || strcmp(t, "file") == 0);
}

/* Drops the records seen twice under one parent, then links each to its
 * parent. */
static void link_pool(struct rd *r, struct zs_pool *p)
{
	struct zs_status *st = r->st;
	struct zp_htab seen, names;
	size_t i, w = p->first, n = p->end - p->first;
	size_t head = 0, tail = 0;
	int32_t *queue, *depth;

	zp_htab_init(&seen, n * 2 + 1);
	zp_htab_init(&names, n + 1);
	for (i = p->first; i < p->end; i++) {
		struct zs_vdev *v = ZS_VDEV(st, i);
		const char *k = zp_arena_printf(&st->arena, "%s\x1f%s", v->name,
		    v->parent ? v->parent : "");

		if (zp_htab_put(&seen, k, (int32_t)w) >= 0)
			continue;
		*ZS_VDEV(st, w) = *v;
		/* only interior vdevs are parents: a leaf's name may come
		 * twice (a spare in use), an interior vdev's never does */
		if (!leaf_type(ZS_VDEV(st, w)->type))
			zp_htab_put(&names, ZS_VDEV(st, w)->name, (int32_t)w);
		w++;
	}
	st->vdevs.len = w;
	p->end = w;
	p->root = -1;
	for (i = p->first; i < p->end && !r->failed; i++) {
		struct zs_vdev *v = ZS_VDEV(st, i), *up;
		int32_t u;

		if (!v->parent) {
			/* the root: of type root, else (an output without
			 * vdev_type there) the data vdev named as the pool */
			if (p->root < 0 && v->type ?
			    strcmp(v->type, "root") == 0 :
			    p->root < 0 && v->section == ZS_DATA &&
			    strcmp(v->name, p->name) == 0)
				p->root = (int32_t)i;
			continue;
		}
		u = zp_htab_get(&names, v->parent);
		if (u < 0 || (size_t)u == i) {
			fail(r, v->loc, "vdev %s names parent %s, which pool "
			    "%s does not have", v->name, v->parent, p->name);
			break;
		}
		v->up = u;
		up = ZS_VDEV(st, u);
		if (up->last >= 0)
			ZS_VDEV(st, up->last)->next = (int32_t)i;
		else
			up->child = (int32_t)i;
		up->last = (int32_t)i;
	}
	/* bound the depth of what hangs from the tops, so that walks of the
	 * tree stay shallow whatever the file says */
	queue = zp_xcalloc(p->end - p->first + 1, sizeof(*queue));
	depth = zp_xcalloc(p->end - p->first + 1, sizeof(*depth));
	for (i = p->first; i < p->end; i++)
		if (ZS_VDEV(st, i)->up < 0)
			queue[tail++] = (int32_t)i;
	while (head < tail && !r->failed) {
		int32_t v = queue[head], c;
		int32_t dv = depth[head++];

		for (c = ZS_VDEV(st, v)->child; c >= 0;
		    c = ZS_VDEV(st, c)->next) {
			if (dv + 1 > MAX_DEPTH) {
				fail(r, ZS_VDEV(st, c)->loc, "vdevs nested "
				    "deeper than %d levels", MAX_DEPTH);
				break;
			}
			if (tail <= p->end - p->first) {
				depth[tail] = dv + 1;
				queue[tail++] = c;
			}
		}
	}
	free(queue);
	free(depth);
	zp_htab_release(&seen);
	zp_htab_release(&names);
}

static void pool_obj(struct rd *r, const char *key)
{
	static const char *const keys[] = {
		"name", "state", "vdevs", "logs", "l2cache", "spares",
		"special", "dedup", NULL
	};
	static const uint8_t section[] = {
		0, 0, ZS_DATA, ZS_LOG, ZS_CACHE, ZS_SPARE, ZS_SPECIAL,
		ZS_SPECIAL
	};
	struct zs_pool p = { 0 };

	if (!is_map(r, "a pool"))
		return;
	p.name = zp_arena_strdup(&r->st->arena, key);
	p.loc = r->j.ev.loc;
	p.first = r->st->vdevs.len;
	for (zp_jin_next(&r->j); !r->failed && r->j.ev.type != ZP_EV_MAP_END;
	    zp_jin_next(&r->j)) {
		const char *k = r->j.ev.text, *s;
		int n;

		for (n = 0; keys[n] && strcmp(keys[n], k) != 0; n++)
			;
		zp_jin_next(&r->j);
		if (!keys[n]) {
			zp_jin_skip(&r->j);
		} else if (n >= 2) {
			vdev_map(r, NULL, section[n], 0);
		} else {
			s = str(r, keys[n]);
			if (n == 0 && s)
				p.name = s;     /* keyed by guid: the name */
			else if (n == 1)
				p.state = s;
		}
	}
	if (r->failed)
		return;
	p.end = r->st->vdevs.len;
	link_pool(r, &p);
	*(struct zs_pool *)zp_vec_push(&r->st->pools) = p;
}

static void version(struct rd *r)
{
	if (!is_map(r, "\"output_version\""))
		return;
	for (zp_jin_next(&r->j); !r->failed && r->j.ev.type != ZP_EV_MAP_END;
	    zp_jin_next(&r->j)) {
		bool cmd = strcmp(r->j.ev.text, "command") == 0;
		const char *s;

		zp_jin_next(&r->j);
		if (!cmd) {
			zp_jin_skip(&r->j);
			continue;
		}
		s = str(r, "command");
		if (!r->failed && (!s || strcmp(s, "zpool status") != 0))
			fail(r, r->j.ev.loc, "this is the output of \"%s\", "
			    "not of zpool status; run `%s`", s ? s : "null",
			    STATUS_CMD);
	}
}

static int read_json(struct rd *r)
{
	struct zp_loc top;
	bool versioned = false;

	zp_jin_next(&r->j);
	top = r->j.ev.loc;
	if (r->j.ev.type != ZP_EV_MAP)
		fail(r, top, "not zpool status output: the top is not an "
		    "object; run `%s`", STATUS_CMD);
	else
		zp_jin_next(&r->j);
	for (; !r->failed && r->j.ev.type != ZP_EV_MAP_END;
	    zp_jin_next(&r->j)) {
		const char *k = r->j.ev.text;

		zp_jin_next(&r->j);
		if (strcmp(k, "output_version") == 0) {
			versioned = true;
			version(r);
		} else if (strcmp(k, "pools") == 0) {
			if (r->j.ev.type == ZP_EV_SCALAR && zp_jin_null(&r->j))
				continue;
			if (!is_map(r, "\"pools\""))
				break;
			for (zp_jin_next(&r->j); !r->failed &&
			    r->j.ev.type != ZP_EV_MAP_END; zp_jin_next(&r->j)) {
				const char *key = r->j.ev.text;

				zp_jin_next(&r->j);
				pool_obj(r, key);
			}
		} else {
			zp_jin_skip(&r->j);
		}
	}
	if (!r->failed && !versioned)
		fail(r, top, "not zpool status output: no \"output_version\" "
		    "(OpenZFS 2.3 or later writes it); run `%s`", STATUS_CMD);
	return r->failed ? -1 : 0;
}

int zs_read(struct zs_status *st, const char *path, char *why, size_t len)
{
	struct rd r;
	const char *name;
	char *buf;
	size_t blen, i;
	int rc;

	memset(st, 0, sizeof(*st));
	zp_arena_init(&st->arena);
	zp_vec_init(&st->pools, sizeof(struct zs_pool));
	zp_vec_init(&st->vdevs, sizeof(struct zs_vdev));
	if (zp_jin_read(path, &name, &buf, &blen, why, len))
		return -1;
	st->file = zp_arena_strdup(&st->arena, name);
	for (i = 0; i < blen && (buf[i] == ' ' || buf[i] == '\t' ||
	    buf[i] == '\r' || buf[i] == '\n'); i++)
		;
	if (i == blen || buf[i] != '{') {
		rc = zs_read_text(st, st->file, buf, blen, why, len);
		free(buf);
		return rc;
	}
	memset(&r, 0, sizeof(r));
	r.st = st;
	r.why = why;
	r.len = len;
	/* --json-int writes guids as integers above 2^63 */
	if (zp_jin_open_buf(&r.j, st->file, buf, blen,
	    JSON_DECODE_INT_AS_REAL, why, len))
		return -1;
	rc = read_json(&r);
	zp_jin_close(&r.j);
	return rc;
}

void zs_release(struct zs_status *st)
{
	zp_vec_release(&st->pools);
	zp_vec_release(&st->vdevs);
	zp_arena_release(&st->arena);
}

enum zs_class zs_class_of(const struct zs_vdev *v)
{
	static const struct {
		const char *name;
		enum zs_class cls;
	} map[] = {
		{ "normal", ZS_DATA }, { "log", ZS_LOG },
		{ "l2cache", ZS_CACHE }, { "spare", ZS_SPARE },
		{ "special", ZS_SPECIAL }, { "dedup", ZS_SPECIAL }
	};
	size_t i;

	for (i = 0; v->cls && i < sizeof(map) / sizeof(map[0]); i++)
		if (strcmp(v->cls, map[i].name) == 0)
			return map[i].cls;
	return (enum zs_class)v->section;
}

const char *zs_dev(const struct zs_vdev *v)
{
	return v->path ? v->path : v->was ? v->was : v->name;
}

bool zs_online(const char *state)
{
	return state && (strcmp(state, "ONLINE") == 0 ||
	    strcmp(state, "HEALTHY") == 0);
}
