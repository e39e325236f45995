/* load: builds the model straight from the event stream, one section at a
 * time, checking every scalar as it goes (schema), keeping every node's
 * location, and expanding the shorthand that needs no choosing (slot
 * ranges, filesystem templates, defaults). */
#include "zplan/load.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "zplan/policy.h"
#include "zplan/rule.h"
#include "zplan/text.h"
#include "zplan/units.h"

/* Shorthand may create at most this many objects, plus EXPAND_PER_BYTE per
 * byte of input read: a small file cannot grow into gigabytes. */
#define EXPAND_BASE 100000u
#define EXPAND_PER_BYTE 4u
/* Highest slot count of an enclosure (real ones have at most ~106). */
#define MAX_SLOTS 1024u
#define MAX_FS_PER_TEMPLATE 100000u
#define MAX_DEPTH 64

struct ld {
	struct zp_evsrc *src;
	struct zp_event ev;
	struct zp_model *m;
	struct zp_diags *d;
	struct zp_scratch scratch;
	struct zp_htab interned;
	int fatal;              /* exit status 2 when the load must stop */
	size_t depth;
	bool saw_version;
	uint64_t expanded;
	char path[512];
	size_t plen;
	/* disk references not yet looked up (flush_refs), their ids */
	struct zp_vec pending;  /* struct zp_ref * */
	char *pend_text;
	size_t pend_len, pend_cap;
};

/* ---- events and errors ---- */

static bool nx(struct ld *l)
{
	if (l->fatal)
		return false;
	if (!l->src->next(l->src, &l->ev)) {
		zp_report(l->d, ZR_SYNTAX, l->ev.loc, "", "%s", l->src->msg);
		l->fatal = 2;
		return false;
	}
	/* libyaml slows down with the square of flow nesting: stop early */
	if (l->ev.type == ZP_EV_MAP || l->ev.type == ZP_EV_SEQ) {
		if (++l->depth > MAX_DEPTH) {
			zp_report(l->d, ZR_SCHEMA, l->ev.loc, "", "nesting deeper "
			    "than %d levels; a model needs fewer than 10",
			    MAX_DEPTH);
			l->fatal = 2;
			return false;
		}
	} else if (l->ev.type == ZP_EV_MAP_END || l->ev.type == ZP_EV_SEQ_END) {
		l->depth--;
	}
	return true;
}

static const char *path(struct ld *l)
{
	return zp_pathf(l->d, "%s", l->path);
}

/* The path is kept on every key and item, so it is built by hand: printf
 * here cost a tenth of the whole load. */
static void path_add(struct ld *l, const char *s, size_t n)
{
	if (l->plen + n < sizeof(l->path)) {
		memcpy(l->path + l->plen, s, n);
		l->plen += n;
		l->path[l->plen] = '\0';
	}
}

static void path_key(struct ld *l, const char *key)
{
	if (l->plen)
		path_add(l, ".", 1);
	path_add(l, key, strlen(key));
}

static void path_idx(struct ld *l, size_t i)
{
	char buf[24];
	size_t n = sizeof(buf);

	buf[--n] = ']';
	do {
		buf[--n] = (char)('0' + i % 10);
		i /= 10;
	} while (i);
	buf[--n] = '[';
	path_add(l, buf + n, sizeof(buf) - n);
}

static void path_set(struct ld *l, size_t len)
{
	l->plen = len;
	l->path[len] = '\0';
}

__attribute__((format(printf, 3, 4)))
static void err(struct ld *l, struct zp_loc loc, const char *fmt, ...)
{
	char buf[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	zp_report(l->d, ZR_SCHEMA, loc, path(l), "%s", buf);
}

static const char *evname(const struct zp_event *ev)
{
	switch (ev->type) {
	case ZP_EV_MAP:
		return "a mapping";
	case ZP_EV_SEQ:
		return "a list";
	case ZP_EV_ALIAS:
		return "an alias";
	case ZP_EV_SCALAR:
		if (ev->plain && (!ev->len || strcmp(ev->text, "~") == 0 ||
		    strcmp(ev->text, "null") == 0))
			return "nothing";
		return "a scalar";
	default:
		return "the end of the document";
	}
}

static bool is_null(const struct zp_event *ev)
{
	return ev->type == ZP_EV_SCALAR && ev->plain && (!ev->len ||
	    strcmp(ev->text, "~") == 0 || strcmp(ev->text, "null") == 0);
}

/* Anchors and aliases are refused: a model is written out, and an alias
 * bomb must not expand. An alias is never what a reader expects, so
 * expected() reports it; an anchor is reported where it stands. */
static void check_anchor(struct ld *l)
{
	if (l->ev.anchor)
		err(l, l->ev.loc, "YAML anchors (&name) are not supported; "
		    "write the value out in full");
}

static void report_alias(struct ld *l)
{
	err(l, l->ev.loc, "YAML aliases (*%s) are not supported; write the "
	    "value out in full", l->ev.text ? l->ev.text : "");
}

/* Consumes the rest of the node whose first event is current; the first
 * anchor or alias inside it is reported, the node is never expanded. */
static void skip(struct ld *l)
{
	long depth = 0;
	bool told = false;

	/* an end event is not a node: nothing to consume */
	if (l->ev.type == ZP_EV_MAP_END || l->ev.type == ZP_EV_SEQ_END ||
	    l->ev.type == ZP_EV_END)
		return;
	for (;;) {
		if (l->ev.type == ZP_EV_END)
			return;
		if (!told && (l->ev.anchor || l->ev.type == ZP_EV_ALIAS) &&
		    depth > 0) {
			if (l->ev.type == ZP_EV_ALIAS)
				report_alias(l);
			else
				check_anchor(l);
			told = true;
		}
		depth += zp_ev_nesting(l->ev.type);
		if (!depth || !nx(l))
			return;
	}
}

static void expected(struct ld *l, const char *what)
{
	if (l->ev.type == ZP_EV_ALIAS) {
		report_alias(l);
		return;
	}
	err(l, l->ev.loc, "expected %s, found %s", what, evname(&l->ev));
	skip(l);
}

/* ---- mappings and lists ---- */

struct mapit {
	const char *const *keys;
	uint64_t seen;
	uint64_t suggested;     /* keys offered as "did you mean" */
	size_t unknown;         /* unknown keys reported */
	struct zp_loc loc;
	size_t plen;
	const char *what;
};

static bool map_begin(struct ld *l, struct mapit *it, const char *const *keys,
    const char *what)
{
	check_anchor(l);
	it->keys = keys;
	it->seen = it->suggested = 0;
	it->unknown = 0;
	it->loc = l->ev.loc;
	it->plen = l->plen;
	it->what = what;
	if (l->ev.type != ZP_EV_MAP) {
		expected(l, what);
		return false;
	}
	return true;
}

/* Reads the next key; returns its index with the value's first event
 * current, or -1 at the end of the mapping (or on a fatal error). Unknown
 * and repeated keys are reported and skipped. */
static int map_next(struct ld *l, struct mapit *it)
{
	path_set(l, it->plen);
	for (;;) {
		char key[80];
		struct zp_loc kloc;
		int k;

		if (!nx(l) || l->ev.type == ZP_EV_MAP_END)
			return -1;
		kloc = l->ev.loc;
		if (l->ev.type != ZP_EV_SCALAR) {
			err(l, kloc, "a key must be a plain word, not %s",
			    evname(&l->ev));
			skip(l);
			if (!nx(l))
				return -1;
			skip(l);
			continue;
		}
		/* matched in place; copied (before the next event) only for
		 * the message about an unknown key: printf here cost 7% of a
		 * fleet's check */
		for (k = 0; it->keys[k]; k++)
			if (it->keys[k][0] == l->ev.text[0] &&
			    strcmp(it->keys[k], l->ev.text) == 0)
				break;
		if (!it->keys[k]) {
			size_t n = l->ev.len < sizeof(key) ? l->ev.len :
			    sizeof(key) - 1;

			memcpy(key, l->ev.text, n);
			key[n] = '\0';
		} else {
			key[0] = '\0';
		}
		if (!nx(l))
			return -1;
		if (!it->keys[k]) {
			const char *near;

			it->unknown++;
			near = zp_nearest(key, it->keys);

			if (near) {
				err(l, kloc, "unknown key `%s` in %s; did you "
				    "mean `%s`?", key, it->what, near);
				for (k = 0; it->keys[k] != near; k++)
					;
				it->suggested |= 1ULL << k;
			}
			else
				err(l, kloc, "unknown key `%s` in %s", key,
				    it->what);
			skip(l);
			continue;
		}
		if (it->seen & (1ULL << k)) {
			err(l, kloc, "key `%s` appears twice in %s; keep one",
			    it->keys[k], it->what);
			skip(l);
			continue;
		}
		it->seen |= 1ULL << k;
		path_key(l, it->keys[k]);
		return k;
	}
}

static bool map_has(const struct mapit *it, int k)
{
	return (it->seen >> k) & 1;
}

static void map_require(struct ld *l, struct mapit *it, int k)
{
	path_set(l, it->plen);
	/* a misspelt key was reported already as "did you mean" */
	if (!l->fatal && !map_has(it, k) && !((it->suggested >> k) & 1))
		err(l, it->loc, "%s needs the key `%s`", it->what, it->keys[k]);
}

struct seqit {
	size_t idx, plen;
};

/* A list, or nothing (null: an empty list). */
static bool seq_begin(struct ld *l, struct seqit *it, const char *what)
{
	check_anchor(l);
	it->idx = 0;
	it->plen = l->plen;
	if (is_null(&l->ev))
		return false;
	if (l->ev.type != ZP_EV_SEQ) {
		expected(l, what);
		return false;
	}
	return true;
}

/* A top-level section's list; when it is something else (reported),
 * references to its kind give no second error. */
static bool section_begin(struct ld *l, struct seqit *it, const char *what,
    enum zp_kind k)
{
	if (seq_begin(l, it, what))
		return true;
	if (!is_null(&l->ev))
		l->m->broken_kinds |= 1u << k;
	return false;
}

/* Moves to the next item; false at the end of the list. */
static bool seq_next(struct ld *l, struct seqit *it)
{
	path_set(l, it->plen);
	if (!nx(l) || l->ev.type == ZP_EV_SEQ_END)
		return false;
	path_idx(l, it->idx++);
	return true;
}

/* ---- scalars ---- */

/* A control character as a message names it (\x1b, \u0085), in buf. */
static const char *ctl_name(const char *c, char *buf, size_t len)
{
	char one[4] = { 0 };

	memcpy(one, c, zp_ctl_len(c));
	zp_ctl_escape(buf, len, one);
	return buf;
}

/* The current node as text, or NULL (reported) when it is not a scalar
 * or holds a control character. */
static const char *scalar(struct ld *l, const char *what)
{
	const char *c;
	char name[16];

	check_anchor(l);
	if (l->ev.type != ZP_EV_SCALAR || is_null(&l->ev)) {
		expected(l, what);
		return NULL;
	}
	/* one pass over the text for NUL and every other control
	 * character: none may reach a script, a report or a terminal */
	if ((c = zp_ctl_find(l->ev.text, l->ev.len))) {
		if (!*c)
			err(l, l->ev.loc, "%s holds a NUL byte; remove it",
			    what);
		else
			err(l, l->ev.loc, "%s holds a control character "
			    "(%s at byte %zu); remove it: no control character "
			    "may reach a script or a terminal", what,
			    ctl_name(c, name, sizeof(name)), (size_t)(c - l->ev.text) + 1);
		return NULL;
	}
	return l->ev.text;
}

static const char *intern(struct ld *l, const char *s)
{
	int32_t slot = zp_htab_slot(&l->interned, s);
	const char *p;

	if (slot >= 0)
		return zp_htab_key(&l->interned, slot);
	p = zp_arena_strdup(&l->m->arena, s);
	zp_htab_put(&l->interned, p, 0);
	return p;
}

static bool sc_str(struct ld *l, const char **out, struct zp_loc *loc)
{
	const char *s = scalar(l, "a string");

	if (!s)
		return false;
	*out = zp_arena_strndup(&l->m->arena, s, l->ev.len);
	if (loc)
		*loc = l->ev.loc;
	return true;
}

static bool sc_id(struct ld *l, const char **out, struct zp_loc *loc,
    bool shared)
{
	const char *s = scalar(l, "an id"), *why;

	if (!s)
		return false;
	if (!zp_id_valid(s, &why)) {
		err(l, l->ev.loc, "bad id \"%s\": %s", s, why);
		return false;
	}
	*out = shared ? intern(l, s) : zp_arena_strndup(&l->m->arena, s,
	    l->ev.len);
	if (loc)
		*loc = l->ev.loc;
	return true;
}

/* A reference to an object by id; shared names are interned. One whose id
 * is refused (reported) has no name: every caller, a single reference or a
 * list's item, tests name, never stack bytes or the previous item's. */
static void sc_ref(struct ld *l, struct zp_ref *r, bool shared)
{
	r->idx = -1;
	r->name = NULL;
	r->loc = l->ev.loc;
	sc_id(l, &r->name, &r->loc, shared);
}

/* A reference to a disk. It is looked up in batches (flush_refs): one at a
 * time, each lookup in a fleet's id table was a miss to memory. Until then
 * its name is pending_name and its id waits in pend_text, at the offset
 * its idx encodes; the caller hands its final address to defer_ref. */
static const char pending_name[] = "(pending)";

static void sc_disk_ref(struct ld *l, struct zp_ref *r)
{
	const char *s = scalar(l, "a disk id"), *why;
	size_t n;

	r->idx = -1;
	r->name = NULL;
	r->loc = l->ev.loc;
	if (!s)
		return;
	if (!zp_id_valid(s, &why)) {
		err(l, l->ev.loc, "bad id \"%s\": %s", s, why);
		return;
	}
	n = l->ev.len + 1;
	if (l->pend_len + n > l->pend_cap) {
		l->pend_cap = (l->pend_len + n) * 2;
		l->pend_text = zp_xrealloc(l->pend_text, l->pend_cap);
	}
	memcpy(l->pend_text + l->pend_len, s, n);
	r->name = pending_name;
	r->idx = -2 - (int32_t)l->pend_len;
	l->pend_len += n;
}

/* The id a pending reference waits with. */
static const char *pending_id(const struct ld *l, const struct zp_ref *r)
{
	return l->pend_text + (size_t)(-2 - (int64_t)r->idx);
}

static void resolve_pending(struct ld *l, struct zp_ref *r, uint32_t tag)
{
	struct zp_htab *h = &l->m->h_disks;
	const char *s = pending_id(l, r);
	int32_t slot = zp_htab_slot_tag(h, s, tag);

	/* a known disk's id string is shared, not copied (a fleet names
	 * 100,000 disks twice); link.c resolves disks defined later */
	if (slot >= 0) {
		r->name = zp_htab_key(h, slot);
		r->idx = zp_htab_val(h, slot);
	} else {
		r->name = zp_arena_strdup(&l->m->arena, s);
		r->idx = -1;
	}
}

static const char *pending_key(void *ctx, size_t i)
{
	struct ld *l = ctx;

	return pending_id(l, ((struct zp_ref **)l->pending.data)[i]);
}

static void pending_visit(void *ctx, size_t i, uint32_t tag)
{
	struct ld *l = ctx;

	resolve_pending(l, ((struct zp_ref **)l->pending.data)[i], tag);
}

/* Looks up every pending reference, in a prefetched batch. */
static void flush_refs(struct ld *l)
{
	zp_htab_batch(&l->m->h_disks, l->pending.len, pending_key,
	    pending_visit, l);
	l->pending.len = 0;
	l->pend_len = 0;
}

/* r, made by sc_disk_ref, is where it stays: queue it. */
static void defer_ref(struct ld *l, struct zp_ref *r)
{
	if (r->name == pending_name)
		*(struct zp_ref **)zp_vec_push(&l->pending) = r;
}

/* Between references (none made and not yet deferred): flushes a full
 * batch. */
static void maybe_flush(struct ld *l)
{
	if (l->pending.len >= 4096)
		flush_refs(l);
}

/* Records disk i (its id's tag given) in the id table; dups for
 * id-duplicate. */
static void add_disk(struct ld *l, size_t i, uint32_t tag)
{
	const char *id = ZP_DISK(l->m, i)->id;
	int32_t first = zp_htab_put_tag(&l->m->h_disks, id, tag, (int32_t)i);

	if (first >= 0) {
		ZP_DISK(l->m, i)->dup_id = true;
		zp_dup_push(&l->m->dups, ZP_K_DISK, -1, first, (int32_t)i);
	}
}

struct new_disks {
	struct ld *l;
	size_t first;
};

static const char *new_disk_key(void *ctx, size_t i)
{
	struct new_disks *nd = ctx;

	return ZP_DISK(nd->l->m, nd->first + i)->id;
}

static void new_disk_visit(void *ctx, size_t i, uint32_t tag)
{
	struct new_disks *nd = ctx;

	add_disk(nd->l, nd->first + i, tag);
}

/* Records the disks read from index first on, in file order, in a
 * prefetched batch. */
static void add_disks(struct ld *l, size_t first)
{
	struct new_disks nd = { l, first };
	size_t n = l->m->disks.len - first;

	zp_htab_reserve(&l->m->h_disks, n);
	zp_htab_batch(&l->m->h_disks, n, new_disk_key, new_disk_visit, &nd);
}

static bool sc_size(struct ld *l, uint64_t *out, struct zp_loc *loc)
{
	const char *s = scalar(l, "a size such as 300GB or 256GiB"), *why;

	if (!s)
		return false;
	if (zp_parse_size(s, out, &why)) {
		err(l, l->ev.loc, "bad size \"%s\": %s", s, why);
		return false;
	}
	if (loc)
		*loc = l->ev.loc;
	return true;
}

static bool sc_uint(struct ld *l, uint64_t lo, uint64_t hi, uint32_t *out,
    struct zp_loc *loc, const char *what)
{
	const char *s = scalar(l, "a whole number"), *why;
	uint64_t v;

	if (!s)
		return false;
	if (zp_parse_uint(s, hi, &v, &why) || v < lo) {
		err(l, l->ev.loc, "%s must be a whole number from %llu to "
		    "%llu, not \"%s\"", what, (unsigned long long)lo,
		    (unsigned long long)hi, s);
		return false;
	}
	*out = (uint32_t)v;
	if (loc)
		*loc = l->ev.loc;
	return true;
}

static bool sc_bool(struct ld *l, int *out, struct zp_loc *loc)
{
	const char *s = scalar(l, "true or false"), *why;
	bool b;

	if (!s)
		return false;
	if (zp_parse_bool(s, &b, &why)) {
		err(l, l->ev.loc, "expected true or false, not \"%s\"", s);
		return false;
	}
	*out = b;
	if (loc)
		*loc = l->ev.loc;
	return true;
}

static int sc_enum(struct ld *l, const char *const *names, const char *what,
    struct zp_loc *loc)
{
	const char *s = scalar(l, what);
	char list[256] = "";
	int i;

	if (!s)
		return -1;
	for (i = 0; names[i]; i++)
		if (strcmp(names[i], s) == 0) {
			if (loc)
				*loc = l->ev.loc;
			return i;
		}
	for (i = 0; names[i]; i++) {
		strncat(list, names[i], sizeof(list) - strlen(list) - 1);
		if (names[i + 1])
			strncat(list, names[i + 2] ? ", " : " or ",
			    sizeof(list) - strlen(list) - 1);
	}
	err(l, l->ev.loc, "%s must be %s, not \"%s\"", what, list, s);
	return -1;
}

static bool budget(struct ld *l, uint64_t n, struct zp_loc loc,
    const char *what)
{
	uint64_t cap = EXPAND_BASE + EXPAND_PER_BYTE * (uint64_t)l->ev.offset;

	if (l->expanded + n > cap) {
		err(l, loc, "%s would create %llu objects, more than this file "
		    "may expand to (%llu); write them out or use fewer ranges",
		    what, (unsigned long long)n, (unsigned long long)cap);
		return false;
	}
	l->expanded += n;
	return true;
}

enum refmode { REF_COPY, REF_SHARED, REF_DISK };

/* A list of ids (references). */
static void ref_list(struct ld *l, struct zp_refs *out, enum refmode mode,
    const char *what)
{
	struct seqit it;
	size_t mark = zp_scratch_mark(&l->scratch);

	out->set = true;
	out->loc = l->ev.loc;
	if (seq_begin(l, &it, what)) {
		while (seq_next(l, &it)) {
			struct zp_ref r;

			if (mode == REF_DISK)
				sc_disk_ref(l, &r);
			else
				sc_ref(l, &r, mode == REF_SHARED);
			if (r.name)
				zp_scratch_push(&l->scratch, &r, sizeof(r));
		}
	}
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(struct zp_ref), &out->n);
	if (mode == REF_DISK) {
		size_t i;

		for (i = 0; i < out->n; i++)
			defer_ref(l, &out->v[i]);
		maybe_flush(l);
	}
}

/* key: value pairs of free keys (ZFS properties and pool options). */
static void kv_map(struct ld *l, struct zp_kvs *out, const char *what)
{
	size_t mark = zp_scratch_mark(&l->scratch), plen = l->plen;

	check_anchor(l);
	if (l->ev.type != ZP_EV_MAP) {
		expected(l, what);
		return;
	}
	for (;;) {
		struct zp_kv kv = { 0 };

		path_set(l, plen);
		if (!nx(l) || l->ev.type == ZP_EV_MAP_END)
			break;
		kv.loc = l->ev.loc;
		if (!(kv.key = scalar(l, "a property name"))) {
			skip(l);
			if (nx(l))
				skip(l);
			continue;
		}
		/* a fleet's filesystems repeat the same few properties */
		kv.key = intern(l, kv.key);
		if (!nx(l))
			break;
		path_key(l, kv.key);
		if ((kv.val = scalar(l, "a string"))) {
			kv.val = intern(l, kv.val);
			kv.vloc = l->ev.loc;
			zp_scratch_push(&l->scratch, &kv, sizeof(kv));
		}
	}
	path_set(l, plen);
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(struct zp_kv), &out->n);
	for (size_t i = 1; i < out->n; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(out->v[i].key, out->v[j].key) == 0)
				err(l, out->v[i].loc, "key `%s` appears twice "
				    "in %s; keep one", out->v[i].key, what);
}

/* ---- policy ---- */

static void severity_map(struct ld *l)
{
	size_t plen = l->plen;

	check_anchor(l);
	if (l->ev.type != ZP_EV_MAP) {
		expected(l, "a mapping of rule id to error, warning or note");
		return;
	}
	for (;;) {
		char id[80], why[256];
		const char *v;
		struct zp_loc kloc;

		path_set(l, plen);
		if (!nx(l) || l->ev.type == ZP_EV_MAP_END)
			break;
		kloc = l->ev.loc;
		if (!scalar(l, "a rule id")) {
			skip(l);
			if (nx(l))
				skip(l);
			continue;
		}
		snprintf(id, sizeof(id), "severity.%s", l->ev.text);
		if (!nx(l))
			break;
		path_key(l, id + 9);
		if (!(v = scalar(l, "error, warning or note")))
			continue;
		if (zp_policy_set(&l->m->policy, id, v, why, sizeof(why)))
			err(l, zp_rule_find(id + 9) < 0 ? kloc : l->ev.loc,
			    "%s", why);
	}
	path_set(l, plen);
}

static void parse_policy(struct ld *l)
{
	static const char *const keys[] = {
		"spares_per_pool", "mirror_isolation", "ashift",
		"max_raidz_width", "platform", "partitioning",
		"l2arc_ram_percent", "fill_percent", "disable", "severity",
		"vdev_id", NULL
	};
	struct mapit it;
	int k;

	l->m->policy.loc = l->ev.loc;
	if (!map_begin(l, &it, keys, "policy"))
		return;
	while ((k = map_next(l, &it)) >= 0) {
		char why[256];
		const char *v;

		if (k == 8) {           /* disable: a list of rule ids */
			struct seqit si;

			if (!seq_begin(l, &si, "a list of rule ids"))
				continue;
			while (seq_next(l, &si))
				if ((v = scalar(l, "a rule id")) &&
				    zp_policy_set(&l->m->policy, "disable", v,
				    why, sizeof(why)))
					err(l, l->ev.loc, "%s", why);
			continue;
		}
		if (k == 9) {
			severity_map(l);
			continue;
		}
		if ((v = scalar(l, "a policy value")) &&
		    zp_policy_set(&l->m->policy, keys[k], v, why, sizeof(why)))
			err(l, l->ev.loc, "%s", why);
	}
}

/* ---- drive types ---- */

static void parse_drive_types(struct ld *l)
{
	static const char *const keys[] = {
		"media", "size", "sector", "rpm", "bus", "model", NULL
	};
	static const char *const media[] = { "hdd", "ssd", "nvme", NULL };
	size_t plen = l->plen;

	check_anchor(l);
	if (l->ev.type != ZP_EV_MAP) {
		expected(l, "a mapping of drive type id to its properties");
		l->m->broken_kinds |= 1u << ZP_K_TYPE;
		return;
	}
	for (;;) {
		struct zp_drive_type t = { 0 };
		struct mapit it;
		int k;

		path_set(l, plen);
		if (!nx(l) || l->ev.type == ZP_EV_MAP_END)
			break;
		path_key(l, l->ev.type == ZP_EV_SCALAR ? l->ev.text : "?");
		t.sector = 512;
		if (!sc_id(l, &t.id, &t.loc, true)) {
			/* the key was reported (and skipped): skip its value */
			if (nx(l))
				skip(l);
			continue;
		}
		if (!nx(l) || !map_begin(l, &it, keys, "a drive type"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0:
				k = sc_enum(l, media, "media", &t.media_loc);
				if (k >= 0)
					t.media = (enum zp_media)(k + 1);
				break;
			case 1:
				sc_size(l, &t.size, &t.size_loc);
				break;
			case 2: {
				uint32_t s = 512;

				if (sc_uint(l, 512, 4096, &s, &t.sector_loc,
				    "sector") && s != 512 && s != 4096)
					err(l, t.sector_loc, "sector is the "
					    "logical sector size, 512 or 4096, "
					    "not %u", s);
				else if (s == 4096)
					t.sector = s;
				break;
			}
			case 3:
				sc_uint(l, 0, 1000000, &t.rpm, NULL, "rpm");
				break;
			case 4:
				sc_str(l, &t.bus, NULL);
				break;
			case 5:
				sc_str(l, &t.model, NULL);
				break;
			}
		}
		map_require(l, &it, 0);
		map_require(l, &it, 1);
		*(struct zp_drive_type *)zp_vec_push(&l->m->drive_types) = t;
	}
	path_set(l, plen);
}

/* ---- controllers and clients ---- */

static void parse_ports(struct ld *l, struct zp_ports *out, bool server)
{
	static const char *const keys[] = {
		"id", "speed", "mtu", "address", "role", "switch", NULL
	};
	static const char *const roles[] = {
		"data", "standby", "management", NULL
	};
	size_t mark = zp_scratch_mark(&l->scratch);
	struct seqit si;

	if (seq_begin(l, &si, "a list of ports")) {
		while (seq_next(l, &si)) {
			struct zp_port p = { 0 };
			struct mapit it;
			int k;

			p.mtu = 1500;
			p.sw.idx = -1;
			p.loc = l->ev.loc;
			if (!map_begin(l, &it, keys, "a port"))
				continue;
			while ((k = map_next(l, &it)) >= 0) {
				const char *s, *why;

				switch (k) {
				case 0:
					sc_id(l, &p.id, NULL, false);
					break;
				case 1:
					sc_str(l, &p.speed, NULL);
					break;
				case 2:
					sc_uint(l, 68, 65535, &p.mtu, &p.mtu_loc,
					    "mtu");
					break;
				case 3:
					if (!(s = scalar(l, "an address such as "
					    "10.1.1.10/24")))
						break;
					if (zp_parse_addr(s, &p.addr, &why))
						err(l, l->ev.loc, "bad address "
						    "\"%s\": %s", s, why);
					else
						p.has_addr = true;
					p.addr_loc = l->ev.loc;
					break;
				case 4:
					k = sc_enum(l, roles, "role", &p.role_loc);
					if (k >= 0)
						p.role = (enum zp_role)k;
					if (k > 0 && !server)
						err(l, p.role_loc, "a client "
						    "port has no role; remove "
						    "it");
					break;
				case 5:
					sc_ref(l, &p.sw, true);
					break;
				}
			}
			map_require(l, &it, 0);
			if (p.id)
				zp_scratch_push(&l->scratch, &p, sizeof(p));
		}
	}
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark, sizeof(*out->v),
	    &out->n);
}

/* "0000:85:00.0": PCI domain, bus, device and function in hex. */
static bool pci_valid(const char *s)
{
	static const char shape[] = "xxxx:xx:xx.x";
	size_t i;

	for (i = 0; shape[i]; i++) {
		if (shape[i] == 'x' ? !isxdigit((unsigned char)s[i]) :
		    s[i] != shape[i])
			return false;
	}
	return s[i] == '\0';
}

static void parse_hbas(struct ld *l, struct zp_hbas *out)
{
	static const char *const keys[] = { "id", "pci", NULL };
	size_t mark = zp_scratch_mark(&l->scratch);
	struct seqit si;

	if (seq_begin(l, &si, "a list of HBAs")) {
		while (seq_next(l, &si)) {
			struct zp_hba h = { 0 };
			struct mapit it;
			int k;

			h.loc = l->ev.loc;
			if (!map_begin(l, &it, keys, "an HBA"))
				continue;
			while ((k = map_next(l, &it)) >= 0) {
				if (k == 0) {
					sc_id(l, &h.id, NULL, true);
				} else if (sc_str(l, &h.pci, &h.pci_loc) &&
				    !pci_valid(h.pci)) {
					err(l, h.pci_loc, "bad PCI address "
					    "\"%s\": write it as lspci -D "
					    "prints it, such as 0000:85:00.0",
					    h.pci);
					h.pci = NULL;
				}
			}
			map_require(l, &it, 0);
			map_require(l, &it, 1);
			if (h.id && h.pci)
				zp_scratch_push(&l->scratch, &h, sizeof(h));
		}
	}
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(*out->v), &out->n);
}

static void parse_paths(struct ld *l, struct zp_paths *out)
{
	static const char *const keys[] = { "controller", "hba", "port", NULL };
	size_t mark = zp_scratch_mark(&l->scratch);
	struct seqit si;

	if (seq_begin(l, &si, "a list of paths")) {
		while (seq_next(l, &si)) {
			struct zp_path p = { 0 };
			struct mapit it;
			int k;

			p.loc = l->ev.loc;
			p.ctrl.idx = p.hba_idx = -1;
			if (!map_begin(l, &it, keys, "a path"))
				continue;
			while ((k = map_next(l, &it)) >= 0) {
				if (k == 0)
					sc_ref(l, &p.ctrl, true);
				else if (k == 1)
					sc_id(l, &p.hba, &p.hba_loc, true);
				else
					sc_uint(l, 0, 255, &p.port, NULL,
					    "port");
			}
			map_require(l, &it, 0);
			map_require(l, &it, 1);
			if (p.ctrl.name && p.hba)
				zp_scratch_push(&l->scratch, &p, sizeof(p));
		}
	}
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(*out->v), &out->n);
}

static void parse_controllers(struct ld *l)
{
	static const char *const keys[] = {
		"id", "memory", "peer", "ports", "model", "os", "hbas", NULL
	};
	static const char *const oses[] = {
		"linux", "freebsd", "illumos", NULL
	};
	struct seqit si;

	if (!section_begin(l, &si, "a list of controllers", ZP_K_CTRL))
		return;
	while (seq_next(l, &si)) {
		struct zp_controller c = { 0 };
		struct mapit it;
		int k;

		c.loc = l->ev.loc;
		c.src = (uint32_t)(si.idx - 1);
		c.peer.idx = -1;
		if (!map_begin(l, &it, keys, "a controller"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0:
				sc_id(l, &c.id, &c.id_loc, true);
				break;
			case 1:
				c.has_memory = sc_size(l, &c.memory,
				    &c.memory_loc);
				break;
			case 2:
				sc_ref(l, &c.peer, true);
				break;
			case 3:
				parse_ports(l, &c.ports, true);
				break;
			case 4:
				sc_str(l, &c.model, NULL);
				break;
			case 5:
				k = sc_enum(l, oses, "os", &c.os_loc);
				if (k >= 0)
					c.os = (enum zp_srv_os)k;
				break;
			case 6:
				parse_hbas(l, &c.hbas);
				break;
			}
		}
		map_require(l, &it, 0);
		if (c.id)
			*(struct zp_controller *)zp_vec_push(&l->m->controllers) = c;
	}
}

static void parse_clients(struct ld *l)
{
	static const char *const keys[] = { "id", "os", "ports", NULL };
	static const char *const oses[] = { "linux", "solaris", "freebsd", NULL };
	struct seqit si;

	if (!section_begin(l, &si, "a list of clients", ZP_K_CLIENT))
		return;
	while (seq_next(l, &si)) {
		struct zp_client c = { 0 };
		struct mapit it;
		int k;

		c.loc = l->ev.loc;
		c.src = (uint32_t)(si.idx - 1);
		if (!map_begin(l, &it, keys, "a client"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0:
				sc_id(l, &c.id, &c.id_loc, true);
				break;
			case 1:
				k = sc_enum(l, oses, "os", NULL);
				if (k >= 0)
					c.os = (enum zp_os)k;
				break;
			case 2:
				parse_ports(l, &c.ports, false);
				break;
			}
		}
		map_require(l, &it, 0);
		if (c.id)
			*(struct zp_client *)zp_vec_push(&l->m->clients) = c;
	}
}

static void parse_switches(struct ld *l)
{
	static const char *const keys[] = { "id", "model", "ports", "mtu", NULL };
	struct seqit si;

	if (!section_begin(l, &si, "a list of switches", ZP_K_SWITCH))
		return;
	while (seq_next(l, &si)) {
		struct zp_switch s = { 0 };
		struct mapit it;
		int k;

		s.loc = l->ev.loc;
		s.src = (uint32_t)(si.idx - 1);
		if (!map_begin(l, &it, keys, "a switch"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0:
				sc_id(l, &s.id, &s.id_loc, true);
				break;
			case 1:
				sc_str(l, &s.model, NULL);
				break;
			case 2:
				sc_uint(l, 1, 100000, &s.ports, &s.ports_loc,
				    "ports");
				break;
			case 3:
				s.has_mtu = sc_uint(l, 68, 65535, &s.mtu,
				    &s.mtu_loc, "mtu");
				break;
			}
		}
		map_require(l, &it, 0);
		if (s.id)
			*(struct zp_switch *)zp_vec_push(&l->m->switches) = s;
	}
}

/* ---- enclosures and disks ---- */

/* layout: {rows: R, columns: C}, the bays as the chassis shows them. */
static void parse_bay_layout(struct ld *l, struct zp_enclosure *e)
{
	static const char *const keys[] = { "rows", "columns", NULL };
	struct mapit it;
	uint32_t v[2] = { 0, 0 };
	int k;

	if (!map_begin(l, &it, keys, "an enclosure layout ({rows: R, "
	    "columns: C})"))
		return;
	while ((k = map_next(l, &it)) >= 0)
		sc_uint(l, 1, MAX_SLOTS, &v[k], NULL, keys[k]);
	map_require(l, &it, 0);
	map_require(l, &it, 1);
	if (v[0] && v[1]) {
		e->rows = v[0];
		e->columns = v[1];
	}
}

static void parse_enclosures(struct ld *l)
{
	static const char *const keys[] = {
		"id", "model", "slots", "controllers", "first_slot", "layout",
		"paths", NULL
	};
	struct seqit si;

	if (!section_begin(l, &si, "a list of enclosures", ZP_K_ENCL))
		return;
	while (seq_next(l, &si)) {
		struct zp_enclosure e = { 0 };
		struct mapit it;
		int k;

		e.loc = l->ev.loc;
		e.src = (uint32_t)(si.idx - 1);
		if (!map_begin(l, &it, keys, "an enclosure"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0:
				sc_id(l, &e.id, &e.id_loc, true);
				break;
			case 1:
				sc_str(l, &e.model, NULL);
				break;
			case 2:
				sc_uint(l, 1, MAX_SLOTS, &e.slots, &e.slots_loc,
				    "slots");
				break;
			case 3:
				ref_list(l, &e.controllers, REF_SHARED,
				    "a list of controller ids");
				break;
			case 4:
				sc_uint(l, 0, MAX_SLOTS, &e.first_slot, NULL,
				    "first_slot");
				break;
			case 5:
				parse_bay_layout(l, &e);
				break;
			case 6:
				e.paths_loc = l->ev.loc;
				parse_paths(l, &e.paths);
				break;
			}
		}
		map_require(l, &it, 0);
		map_require(l, &it, 2);
		path_set(l, it.plen);
		if (e.rows && e.slots && (uint64_t)e.rows * e.columns < e.slots)
			err(l, it.loc, "enclosure %s has %u slots but its layout "
			    "of %u rows x %u columns has %u bays; make rows x "
			    "columns at least %u", e.id ? e.id : "", e.slots,
			    e.rows, e.columns, e.rows * e.columns, e.slots);
		if (e.id)
			*(struct zp_enclosure *)zp_vec_push(&l->m->enclosures) = e;
	}
}

enum { DK_ID, DK_ENCL, DK_SLOT, DK_SLOTS, DK_TYPE, DK_DEV, DK_CTRL,
	DK_WWN, DK_SERIAL };

/* A disk as read, with every location whole; store_disk packs it. */
struct disk_in {
	const char *id, *dev, *wwn, *serial;
	struct zp_loc loc, id_loc, slot_loc, dev_loc, wwn_loc, serial_loc;
	struct zp_ref encl, ctrl, type;
	uint32_t src;
	int32_t slot;
	bool from_range;
};

static void store_disk(struct ld *l, const struct disk_in *in)
{
	struct zp_model *m = l->m;
	struct zp_disk *x = zp_vec_push(&m->disks);
	/* both given is an error (reported): the enclosure is kept */
	const struct zp_ref *place = in->encl.name || !in->ctrl.name ?
	    &in->encl : &in->ctrl;

	x->id = in->id;
	x->dev = in->dev;
	x->loc = in->loc;
	x->src = in->src;
	x->slot = in->slot;
	x->type_name = in->type.name;
	x->type = -1;
	x->place_name = place->name;
	x->place = -1;
	x->internal = place == &in->ctrl;
	x->from_range = in->from_range;
	x->at[ZP_DF_ID] = zp_at_pack(m, in->loc, in->id_loc);
	x->at[ZP_DF_SLOT] = zp_at_pack(m, in->loc, in->slot_loc);
	x->at[ZP_DF_DEV] = zp_at_pack(m, in->loc, in->dev_loc);
	x->at[ZP_DF_TYPE] = zp_at_pack(m, in->loc, in->type.loc);
	x->at[ZP_DF_PLACE] = zp_at_pack(m, in->loc, place->loc);
	if (in->wwn || in->serial) {
		struct zp_disk_ident *id = zp_vec_push(&m->idents);

		id->disk = (uint32_t)(m->disks.len - 1);
		id->wwn = in->wwn;
		id->serial = in->serial;
		id->wwn_loc = in->wwn_loc;
		id->serial_loc = in->serial_loc;
		x->has_ident = true;
	}
}

/* A disk's wwn as lsblk and udev write it: 0x (or eui.) and 16 or 32 hex
 * digits, kept in lowercase (the case of /dev/disk/by-id/wwn-0x...). A
 * bare 16 or 32 hex digits takes the 0x. NULL (reported) when bad. */
static const char *sc_wwn(struct ld *l, struct zp_loc *loc)
{
	const char *s = scalar(l, "a wwn such as 0x5000c500a1b2c3d4"), *h;
	size_t n, i;
	char *out;

	if (!s)
		return NULL;
	*loc = l->ev.loc;
	if (strncmp(s, "0x", 2) == 0 || strncmp(s, "0X", 2) == 0 ||
	    strncmp(s, "eui.", 4) == 0)
		h = s + (s[0] == 'e' ? 4 : 2);
	else
		h = s;
	n = strlen(h);
	for (i = 0; i < n && isxdigit((unsigned char)h[i]); i++)
		;
	if (i != n || (n != 16 && n != 32)) {
		err(l, *loc, "bad wwn \"%s\": it is 0x and 16 or 32 hex "
		    "digits (lsblk -o WWN), or eui. and 16 or 32 for NVMe", s);
		return NULL;
	}
	out = zp_arena_printf(&l->m->arena, "%s%s", s[0] == 'e' ? "eui." :
	    "0x", h);
	for (i = 0; out[i]; i++)
		out[i] = (char)tolower((unsigned char)out[i]);
	return out;
}

/* A serial number: printable, no blank at either end. */
static const char *sc_serial(struct ld *l, struct zp_loc *loc)
{
	const char *s = scalar(l, "a serial number"), *p;

	if (!s)
		return NULL;
	*loc = l->ev.loc;
	for (p = s; *p; p++)
		if ((unsigned char)*p < 0x20 || *p == 0x7f)
			break;
	if (*p || !*s || s[0] == ' ' || s[strlen(s) - 1] == ' ') {
		err(l, *loc, "bad serial number: it is printable text "
		    "without a blank at either end, as lsblk -o SERIAL "
		    "prints it");
		return NULL;
	}
	return zp_arena_strdup(&l->m->arena, s);
}

/* The ids encl-N of a disk range that could not be read (every N when
 * the range itself cannot be), so that pools naming them give no second
 * error. */
static void broken_range(struct ld *l, const char *encl, const char *range)
{
	struct zp_span spans[64];
	size_t n = 0, i;
	const char *why;

	if (!encl)
		return;
	if (!range || zp_parse_range(range, 2 * MAX_SLOTS - 1, spans, 64, &n,
	    &why)) {
		spans[0].lo = 0;
		spans[0].hi = UINT32_MAX;
		n = 1;
	}
	for (i = 0; i < n; i++) {
		struct zp_broken *b = zp_arena_alloc(&l->m->arena, sizeof(*b));

		b->prefix = zp_arena_printf(&l->m->arena, "%s-", encl);
		b->lo = spans[i].lo;
		b->hi = spans[i].hi;
		b->next = l->m->broken;
		l->m->broken = b;
	}
}

/* "0-3" or "0,2": a range where one slot number is wanted */
static bool range_like(const struct zp_event *ev)
{
	return ev->type == ZP_EV_SCALAR && ev->len > 1 && ev->text[0] >= '0' &&
	    ev->text[0] <= '9' && (memchr(ev->text, '-', ev->len) ||
	    memchr(ev->text, ',', ev->len));
}

static void expand_range(struct ld *l, struct disk_in *d, const char *range,
    struct zp_loc rloc)
{
	struct zp_span spans[64];
	size_t n, i, total = 0;
	const char *why;

	/* bay numbers run to first_slot + slots - 1 (slot-range checks them
	 * against their enclosure) */
	if (zp_parse_range(range, 2 * MAX_SLOTS - 1, spans, 64, &n, &why)) {
		err(l, rloc, "bad slot range \"%s\": %s", range, why);
		broken_range(l, d->encl.name, NULL);
		return;
	}
	for (i = 0; i < n; i++)
		total += spans[i].hi - spans[i].lo + 1;
	if (!budget(l, total, rloc, "this slot range"))
		return;
	d->slot_loc = rloc;
	d->id_loc = rloc;
	d->from_range = true;
	for (i = 0; i < n; i++) {
		for (uint32_t s = spans[i].lo; s <= spans[i].hi; s++) {
			d->slot = (int32_t)s;
			d->id = zp_arena_printf(&l->m->arena, "%s-%u",
			    d->encl.name, s);
			store_disk(l, d);
		}
	}
}

static void parse_disks(struct ld *l)
{
	static const char *const keys[] = {
		"id", "enclosure", "slot", "slots", "type", "dev", "controller",
		"wwn", "serial", NULL
	};
	struct seqit si;
	size_t first = l->m->disks.len;

	if (!section_begin(l, &si, "a list of disks", ZP_K_DISK))
		return;
	while (seq_next(l, &si)) {
		struct disk_in d = { 0 };
		struct mapit it;
		const char *range = NULL, *slot_range = NULL;
		struct zp_loc rloc = { 0, 0 };
		uint32_t slot;
		int k;

		d.loc = l->ev.loc;
		d.src = (uint32_t)(si.idx - 1);
		d.slot = -1;
		d.encl.idx = d.ctrl.idx = d.type.idx = -1;
		if (!map_begin(l, &it, keys, "a disk"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case DK_ID:
				sc_id(l, &d.id, &d.id_loc, false);
				break;
			case DK_ENCL:
				sc_ref(l, &d.encl, true);
				break;
			case DK_SLOT:
				if (range_like(&l->ev)) {
					slot_range = zp_arena_strdup(
					    &l->m->arena, scalar(l, ""));
					d.slot_loc = l->ev.loc;
				} else if (sc_uint(l, 0, 1000000, &slot,
				    &d.slot_loc, "slot"))
					d.slot = (int32_t)slot;
				break;
			case DK_SLOTS:
				if ((range = scalar(l, "a slot range such as "
				    "0-23")))
					range = zp_arena_strdup(&l->m->arena,
					    range);
				rloc = l->ev.loc;
				break;
			case DK_TYPE:
				sc_ref(l, &d.type, true);
				break;
			case DK_DEV:
				sc_str(l, &d.dev, &d.dev_loc);
				break;
			case DK_CTRL:
				sc_ref(l, &d.ctrl, true);
				break;
			case DK_WWN:
				d.wwn = sc_wwn(l, &d.wwn_loc);
				break;
			case DK_SERIAL:
				d.serial = sc_serial(l, &d.serial_loc);
				break;
			}
		}
		if (l->fatal)
			return;
		path_set(l, it.plen);
		map_require(l, &it, DK_TYPE);
		if (slot_range && !map_has(&it, DK_SLOTS) && !d.id) {
			err(l, d.slot_loc, "`slot` takes one slot number, not "
			    "the range \"%s\"; did you mean `slots: %s`?",
			    slot_range, slot_range);
			broken_range(l, d.encl.name, slot_range);
			continue;
		}
		if (slot_range)
			err(l, d.slot_loc, "`slot` takes one slot number, not "
			    "\"%s\"", slot_range);
		if (map_has(&it, DK_SLOTS)) {
			if (map_has(&it, DK_ID) || map_has(&it, DK_DEV) ||
			    map_has(&it, DK_SLOT) || map_has(&it, DK_CTRL) ||
			    map_has(&it, DK_WWN) || map_has(&it, DK_SERIAL)) {
				err(l, d.loc, "a disk range (slots:) takes no "
				    "id, slot, dev, controller, wwn or serial: "
				    "each disk is "
				    "named <enclosure>-<slot>; write disks "
				    "that need them one by one");
				broken_range(l, d.encl.name, range);
				continue;
			}
			map_require(l, &it, DK_ENCL);
			if (range && d.encl.name)
				expand_range(l, &d, range, rloc);
			continue;
		}
		map_require(l, &it, DK_ID);
		if (map_has(&it, DK_ENCL) && map_has(&it, DK_CTRL)) {
			err(l, d.loc, "disk %s is either in an enclosure slot "
			    "or internal to a controller, not both",
			    d.id ? d.id : "");
		} else if (map_has(&it, DK_ENCL) != map_has(&it, DK_SLOT)) {
			err(l, d.loc, "disk %s needs both `enclosure` and "
			    "`slot` (or `controller` for an internal disk)",
			    d.id ? d.id : "");
		} else if (!map_has(&it, DK_ENCL) && !map_has(&it, DK_CTRL)) {
			err(l, d.loc, "disk %s needs `enclosure` and `slot`, "
			    "or `controller` for an internal disk",
			    d.id ? d.id : "");
		}
		if (d.id)
			store_disk(l, &d);
	}
	add_disks(l, first);
}

/* ---- pools ---- */

static const char *const vdev_keys[] = {
	"disk", "mirror", "raidz1", "raidz2", "raidz3", "raidz", NULL
};

/* One vdev: {mirror: [...]}, {raidz2: [...]}, {disk: id}; with bare,
 * also a plain disk id (log devices). */
static bool parse_vdev(struct ld *l, struct zp_vdev *v, bool bare)
{
	struct mapit it;
	int k, n = 0;

	memset(v, 0, sizeof(*v));
	v->loc = l->ev.loc;
	if (bare && l->ev.type == ZP_EV_SCALAR) {
		struct zp_ref r;

		sc_disk_ref(l, &r);
		if (!r.name)
			return false;
		v->kind = ZP_VDEV_DISK;
		v->members = zp_arena_alloc(&l->m->arena, sizeof(r));
		v->members[0] = r;
		v->n = 1;
		defer_ref(l, &v->members[0]);
		maybe_flush(l);
		return true;
	}
	if (!map_begin(l, &it, vdev_keys, bare ? "a log device (a disk id "
	    "or mirror: [...])" : "a vdev (mirror: [...], raidz2: [...], "
	    "disk: id)"))
		return false;
	while ((k = map_next(l, &it)) >= 0) {
		if (n++) {
			err(l, l->ev.loc, "a vdev has one kind; write each "
			    "vdev as its own list item");
			skip(l);
			continue;
		}
		v->kind = k == 5 ? ZP_VDEV_RAIDZ1 : (enum zp_vkind)k;
		/* construct_spec: "unsupported 'log' device: raidz" */
		if (bare && v->kind >= ZP_VDEV_RAIDZ1)
			err(l, l->ev.loc, "a log device is a disk or a mirror; "
			    "zpool create refuses a raidz log");
		if (k == 0) {
			struct zp_ref r;

			sc_disk_ref(l, &r);
			if (!r.name)
				continue;
			v->members = zp_arena_alloc(&l->m->arena, sizeof(r));
			v->members[0] = r;
			v->n = 1;
			defer_ref(l, &v->members[0]);
			maybe_flush(l);
		} else {
			struct zp_refs rs;

			ref_list(l, &rs, REF_DISK, "a list of disk ids");
			v->members = rs.v;
			v->n = rs.n;
		}
	}
	path_set(l, it.plen);
	/* a disk: whose id was refused (reported) is no vdev at all */
	if (n && v->kind == ZP_VDEV_DISK && !v->n)
		return false;
	if (!n && !l->fatal && !it.unknown) {
		err(l, v->loc, "empty vdev: write mirror: [...], raidz2: [...] "
		    "or disk: id");
		return false;
	}
	return n > 0;
}

enum intent_role { IN_DATA, IN_LOG, IN_SINGLE };

/* An intent: data vdevs take layout (required) and width; a log takes
 * single disks or mirrors; cache devices and spares are single disks and
 * take only count and type. Planning itself is plan.c's. */
static void parse_intent(struct ld *l, struct zp_intent *in,
    enum intent_role role, const char *what)
{
	static const char *const keys[] = {
		"count", "type", "layout", "width", NULL
	};
	static const char *const layouts[] = {
		"disk", "mirror", "raidz1", "raidz2", "raidz3", NULL
	};
	struct zp_loc wloc = { 0, 0 };
	struct mapit it;
	int k;

	in->set = true;
	in->loc = l->ev.loc;
	in->type.idx = -1;
	in->count = 1;
	in->width = 1;
	if (!map_begin(l, &it, keys, what))
		return;
	while ((k = map_next(l, &it)) >= 0) {
		switch (k) {
		case 0:
			sc_uint(l, 0, 100000, &in->count, NULL, "count");
			break;
		case 1:
			sc_ref(l, &in->type, true);
			break;
		case 2:
			if (role == IN_SINGLE) {
				err(l, l->ev.loc, "%s takes count and type "
				    "only: each device is a single disk", what);
				skip(l);
				break;
			}
			k = sc_enum(l, layouts, "layout", NULL);
			if (k >= 0)
				in->layout = (enum zp_vkind)k;
			if (k > 1 && role == IN_LOG)
				err(l, l->ev.loc, "%s can only be single disks "
				    "or mirrors", what);
			break;
		case 3:
			if (role == IN_SINGLE) {
				err(l, l->ev.loc, "%s takes count and type "
				    "only: each device is a single disk", what);
				skip(l);
				break;
			}
			sc_uint(l, 1, 255, &in->width, &wloc, "width");
			break;
		}
	}
	if (role == IN_DATA && !l->fatal)
		map_require(l, &it, 2);
	path_set(l, it.plen);
	if (!map_has(&it, 3))
		in->width = in->layout == ZP_VDEV_DISK ? 1 :
		    in->layout == ZP_VDEV_MIRROR ? 2 :
		    2 * zp_vkind_parity(in->layout) + 2;
	else if (in->layout == ZP_VDEV_DISK && in->width != 1)
		err(l, wloc, "width %u needs a layout such as mirror; a "
		    "single-disk layout has width 1", in->width);
}

static void parse_vdev_list(struct ld *l, struct zp_vdevs *out, bool bare,
    const char *what)
{
	size_t mark = zp_scratch_mark(&l->scratch);
	struct seqit si;

	if (seq_begin(l, &si, what)) {
		while (seq_next(l, &si)) {
			struct zp_vdev v;

			if (parse_vdev(l, &v, bare))
				zp_scratch_push(&l->scratch, &v, sizeof(v));
		}
	}
	out->v = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(*out->v), &out->n);
}

static void parse_pools(struct ld *l)
{
	static const char *const keys[] = {
		"name", "controller", "ashift", "vdevs", "log", "cache",
		"spares", "options", "properties", "from", NULL
	};
	struct seqit si;

	if (!section_begin(l, &si, "a list of pools", ZP_K_POOL))
		return;
	while (seq_next(l, &si)) {
		struct zp_pool p = { 0 };
		struct mapit it;
		int k;

		p.loc = l->ev.loc;
		p.src = (uint32_t)(si.idx - 1);
		p.controller.idx = -1;
		if (!map_begin(l, &it, keys, "a pool"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			bool intent = l->ev.type == ZP_EV_MAP;
			size_t errs = l->d->v.len;

			switch (k) {
			case 0: {
				const char *s = scalar(l, "a pool name");

				if (s) {
					p.name = zp_arena_strndup(&l->m->arena,
					    s, l->ev.len);
					p.name_loc = l->ev.loc;
				}
				break;
			}
			case 1:
				sc_ref(l, &p.controller, true);
				break;
			case 2:
				p.has_ashift = sc_uint(l, 0, 64, &p.ashift,
				    &p.ashift_loc, "ashift");
				break;
			case 3:
				p.vdevs_loc = l->ev.loc;
				if (intent)
					parse_intent(l, &p.vdevs_intent, IN_DATA,
					    "a vdev intent");
				else
					parse_vdev_list(l, &p.vdevs, false,
					    "a list of vdevs, or an intent "
					    "{layout: mirror, count: N}");
				break;
			case 4:
				if (intent)
					parse_intent(l, &p.log_intent, IN_LOG,
					    "a log intent");
				else
					parse_vdev_list(l, &p.log, true,
					    "a list of log devices");
				break;
			case 5:
				if (intent)
					parse_intent(l, &p.cache_intent,
					    IN_SINGLE, "a cache intent");
				else
					ref_list(l, &p.cache, REF_DISK,
					    "a list of cache disk ids");
				break;
			case 6:
				if (intent)
					parse_intent(l, &p.spares_intent,
					    IN_SINGLE, "a spares intent");
				else
					ref_list(l, &p.spares, REF_DISK,
					    "a list of spare disk ids");
				break;
			case 7:
				kv_map(l, &p.options, "options");
				break;
			case 8:
				kv_map(l, &p.properties, "properties");
				break;
			case 9:
				ref_list(l, &p.from, REF_SHARED,
				    "a list of enclosure ids");
				break;
			}
			/* planning a misread intent would only add noise */
			if (l->d->v.len > errs && ((intent && k >= 3 &&
			    k <= 6) || k == 9))
				p.bad_intent = true;
		}
		map_require(l, &it, 0);
		if (p.name)
			*(struct zp_pool *)zp_vec_push(&l->m->pools) = p;
	}
}

/* ---- filesystems ---- */

static void parse_share(struct ld *l, struct zp_fs *f)
{
	static const char *const keys[] = { "nfs", NULL };
	struct mapit it;

	f->share_loc = l->ev.loc;
	if (l->ev.type == ZP_EV_SCALAR) {
		const char *s = scalar(l, "nfs");

		if (s && strcmp(s, "nfs") == 0)
			f->share = ZP_SHARE_NFS;
		else if (s)
			err(l, l->ev.loc, "share is nfs or {nfs: \"options\"}, "
			    "not \"%s\"", s);
		return;
	}
	if (!map_begin(l, &it, keys, "a share ({nfs: \"rw\"})"))
		return;
	while (map_next(l, &it) >= 0)
		if (sc_str(l, &f->share_opts, NULL))
			f->share = ZP_SHARE_NFS;
}

/* Writes template t with n into buf: {n} and {n:0W}. */
static bool fill_template(const char *t, uint32_t n, char *buf, size_t len,
    const char **why)
{
	size_t o = 0;
	bool used = false;

	while (*t) {
		if (*t == '{') {
			unsigned width = 0;
			const char *e = strchr(t, '}');
			int w;

			if (e && (size_t)(e - t) == 2 && t[1] == 'n') {
				w = snprintf(buf + o, len - o, "%u", n);
			} else if (e && strncmp(t, "{n:0", 4) == 0 &&
			    e - t >= 5 && e - t <= 6 &&
			    sscanf(t + 4, "%u", &width) == 1 && width <= 20) {
				w = snprintf(buf + o, len - o, "%0*u",
				    (int)width, n);
			} else {
				*why = "a template takes {n} or {n:0W} "
				    "(e.g. {n:03}); other braces are not "
				    "allowed";
				return false;
			}
			if (w < 0 || (size_t)w >= len - o) {
				*why = "the name is too long";
				return false;
			}
			o += (size_t)w;
			t = e + 1;
			used = true;
			continue;
		}
		if (o + 1 >= len) {
			*why = "the name is too long";
			return false;
		}
		buf[o++] = *t++;
	}
	buf[o] = '\0';
	if (!used) {
		*why = "a template needs {n} (or {n:03}) so that names differ";
		return false;
	}
	return true;
}

static void parse_filesystems(struct ld *l)
{
	static const char *const keys[] = {
		"name", "properties", "share", "template", "pools", "per_pool",
		"start", NULL
	};
	struct seqit si;

	if (!section_begin(l, &si, "a list of filesystems", ZP_K_FS))
		return;
	while (seq_next(l, &si)) {
		struct zp_fs f = { 0 };
		struct zp_refs pools = { 0 };
		const char *tmpl = NULL;
		struct zp_loc tloc = { 0, 0 };
		uint32_t per_pool = 0, start = 1;
		struct mapit it;
		int k;

		f.loc = l->ev.loc;
		f.src = (uint32_t)(si.idx - 1);
		f.pool = -1;
		if (!map_begin(l, &it, keys, "a filesystem"))
			continue;
		while ((k = map_next(l, &it)) >= 0) {
			switch (k) {
			case 0: {
				const char *s = scalar(l, "a filesystem name");

				if (s) {
					f.name = zp_arena_strndup(&l->m->arena,
					    s, l->ev.len);
					f.name_loc = l->ev.loc;
				}
				break;
			}
			case 1:
				kv_map(l, &f.properties, "properties");
				break;
			case 2:
				parse_share(l, &f);
				break;
			case 3:
				sc_str(l, &tmpl, &tloc);
				break;
			case 4:
				ref_list(l, &pools, REF_COPY,
				    "a list of pool names");
				break;
			case 5:
				sc_uint(l, 1, MAX_FS_PER_TEMPLATE, &per_pool,
				    NULL, "per_pool");
				break;
			case 6:
				sc_uint(l, 0, 1000000000, &start, NULL, "start");
				break;
			}
		}
		if (l->fatal)
			return;
		path_set(l, it.plen);
		if (!map_has(&it, 3)) {
			if (map_has(&it, 4) || map_has(&it, 5) || map_has(&it, 6))
				err(l, f.loc, "pools, per_pool and start belong "
				    "to a template; add `template: \"fs{n}\"` "
				    "or remove them");
			map_require(l, &it, 0);
			if (f.name)
				*(struct zp_fs *)zp_vec_push(&l->m->filesystems) = f;
			continue;
		}
		if (map_has(&it, 0)) {
			err(l, f.loc, "a filesystem has a name or a template, "
			    "not both");
			continue;
		}
		map_require(l, &it, 4);
		map_require(l, &it, 5);
		if (!tmpl || !pools.n || !per_pool)
			continue;
		if ((uint64_t)pools.n * per_pool > MAX_FS_PER_TEMPLATE) {
			err(l, tloc, "this template makes %llu filesystems; "
			    "at most %u per template", (unsigned long long)
			    pools.n * per_pool, MAX_FS_PER_TEMPLATE);
			continue;
		}
		if (!budget(l, (uint64_t)pools.n * per_pool, tloc,
		    "this template"))
			continue;
		for (size_t p = 0; p < pools.n; p++) {
			for (uint32_t i = 0; i < per_pool; i++) {
				uint64_t n = (uint64_t)start + p * per_pool + i;
				char name[300];
				const char *why;
				struct zp_fs *x;

				if (!fill_template(tmpl, (uint32_t)n, name,
				    sizeof(name), &why)) {
					err(l, tloc, "bad template \"%s\": %s",
					    tmpl, why);
					p = pools.n;
					break;
				}
				x = zp_vec_push(&l->m->filesystems);
				*x = f;
				x->name = zp_arena_printf(&l->m->arena, "%s/%s",
				    pools.v[p].name, name);
				x->name_loc = tloc;
				x->from_template = true;
			}
		}
	}
}

/* ---- mounts ---- */

static void parse_nfsopts(struct ld *l, struct zp_nfsopts *o)
{
	static const char *const keys[] = {
		"vers", "rsize", "wsize", "proto", "nconnect", "forcedirectio",
		"hard", "timeo", "actimeo", "extra", NULL
	};
	struct mapit it;
	int k;

	o->loc = l->ev.loc;
	if (!map_begin(l, &it, keys, "mount options"))
		return;
	while ((k = map_next(l, &it)) >= 0) {
		uint32_t v;

		switch (k) {
		case 0:
			sc_str(l, &o->vers, &o->vers_loc);
			break;
		case 1:
			o->has_rsize = sc_uint(l, 0, UINT32_MAX, &v,
			    &o->rsize_loc, "rsize");
			o->rsize = v;
			break;
		case 2:
			o->has_wsize = sc_uint(l, 0, UINT32_MAX, &v,
			    &o->wsize_loc, "wsize");
			o->wsize = v;
			break;
		case 3:
			sc_str(l, &o->proto, &o->proto_loc);
			break;
		case 4:
			o->has_nconnect = sc_uint(l, 0, 1000000, &o->nconnect,
			    &o->nconnect_loc, "nconnect");
			break;
		case 5:
			sc_bool(l, &o->forcedirectio, &o->forcedirectio_loc);
			break;
		case 6:
			sc_bool(l, &o->hard, NULL);
			break;
		case 7:
			sc_str(l, &o->timeo, NULL);
			break;
		case 8:
			sc_str(l, &o->actimeo, NULL);
			break;
		case 9:
			sc_str(l, &o->extra, NULL);
			break;
		}
	}
}

static void parse_mount_list(struct ld *l, struct zp_mount_group *g)
{
	static const char *const keys[] = { "client", "fs", "via", "at", NULL };
	size_t mark = zp_scratch_mark(&l->scratch);
	struct seqit si;

	g->list_loc = l->ev.loc;
	if (seq_begin(l, &si, "a list of mounts")) {
		while (seq_next(l, &si)) {
			struct zp_mount_entry e = { 0 };
			struct mapit it;
			int k;

			e.loc = l->ev.loc;
			e.client.idx = e.fs.idx = -1;
			e.via_ctrl.idx = e.via_port.idx = -1;
			if (!map_begin(l, &it, keys, "a mount"))
				continue;
			while ((k = map_next(l, &it)) >= 0) {
				const char *s, *slash;

				switch (k) {
				case 0:
					sc_ref(l, &e.client, true);
					break;
				case 1:
					if ((s = scalar(l, "a filesystem name"))) {
						e.fs.name = zp_arena_strndup(
						    &l->m->arena, s, l->ev.len);
						e.fs.loc = l->ev.loc;
					}
					break;
				case 2:
					s = scalar(l, "controller/port");
					if (!s)
						break;
					e.via_loc = l->ev.loc;
					slash = strchr(s, '/');
					if (!slash || slash == s || !slash[1]) {
						err(l, l->ev.loc, "via is "
						    "\"controller/port\" (e.g. "
						    "zs3-2a/net1), not \"%s\"",
						    s);
						break;
					}
					e.via_ctrl.name = intern(l,
					    zp_arena_strndup(&l->m->arena, s,
					    (size_t)(slash - s)));
					e.via_port.name = intern(l, slash + 1);
					e.via_ctrl.loc = e.via_port.loc =
					    l->ev.loc;
					break;
				case 3:
					sc_str(l, &e.at, NULL);
					break;
				}
			}
			map_require(l, &it, 0);
			map_require(l, &it, 1);
			map_require(l, &it, 2);
			if (e.client.name && e.fs.name && e.via_port.name)
				zp_scratch_push(&l->scratch, &e, sizeof(e));
		}
	}
	g->list = zp_scratch_commit(&l->scratch, &l->m->arena, mark,
	    sizeof(*g->list), &g->nlist);
}

static void parse_group(struct ld *l, uint32_t src)
{
	static const char *const keys[] = {
		"strategy", "clients", "options", "at", "list", "controllers",
		"pools", NULL
	};
	static const char *const strategies[] = {
		"round-robin", "all", "explicit", NULL
	};
	struct zp_mount_group g = { 0 };
	struct mapit it;
	int k;

	g.loc = l->ev.loc;
	g.src = src;
	g.options.forcedirectio = g.options.hard = -1;
	g.at = "/mnt/{pool}/{fs}";
	if (!map_begin(l, &it, keys, "a mount group"))
		return;
	while ((k = map_next(l, &it)) >= 0) {
		switch (k) {
		case 0:
			k = sc_enum(l, strategies, "strategy", &g.strategy_loc);
			if (k >= 0)
				g.strategy = (enum zp_strategy)k;
			break;
		case 1:
			ref_list(l, &g.clients, REF_SHARED,
			    "a list of client ids");
			break;
		case 2:
			parse_nfsopts(l, &g.options);
			break;
		case 3:
			sc_str(l, &g.at, &g.at_loc);
			break;
		case 4:
			parse_mount_list(l, &g);
			break;
		case 5:
			ref_list(l, &g.controllers, REF_SHARED,
			    "a list of controller ids");
			break;
		case 6:
			ref_list(l, &g.pools, REF_SHARED,
			    "a list of pool names");
			break;
		}
	}
	path_set(l, it.plen);
	if (l->fatal)
		return;
	if (map_has(&it, 4) && g.strategy != ZP_MNT_EXPLICIT)
		err(l, g.list_loc, "a mount `list` needs `strategy: explicit`; "
		    "round-robin and all make the list themselves");
	if (!map_has(&it, 4) && g.strategy == ZP_MNT_EXPLICIT)
		err(l, g.strategy_loc, "strategy explicit needs a `list` of "
		    "mounts");
	*(struct zp_mount_group *)zp_vec_push(&l->m->groups) = g;
}

static void parse_mounts(struct ld *l)
{
	struct seqit si;

	l->m->has_mounts = true;
	if (l->ev.type == ZP_EV_MAP) {
		parse_group(l, 0);
		return;
	}
	if (!seq_begin(l, &si, "a mount group or a list of them"))
		return;
	while (seq_next(l, &si))
		parse_group(l, (uint32_t)(si.idx - 1));
}

/* ---- the document ---- */

enum {
	TK_ZPLAN, TK_NAME, TK_POLICY, TK_TYPES, TK_CTRLS, TK_ENCLS, TK_DISKS,
	TK_POOLS, TK_FS, TK_SWITCHES, TK_CLIENTS, TK_MOUNTS
};

/* model.md: a pool's controller is required where there are controllers
 * (either section may come first, so this waits for the whole model). A
 * controller that was written but refused has been reported already. */
static void pools_need_controller(struct ld *l)
{
	const struct zp_model *m = l->m;
	size_t i;

	if (!m->controllers.len)
		return;
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);

		if (p->controller.name || p->controller.loc.line)
			continue;
		zp_report(l->d, ZR_SCHEMA, p->name_loc.line ? p->name_loc :
		    p->loc, zp_pathf(l->d, "pools[%u]", p->src), "pool %s has "
		    "no `controller`: a model with controllers names the one "
		    "that imports each pool (without one the pool would be "
		    "scripted for localhost and its mounts dropped); add "
		    "`controller: %s` or the right "
		    "one", p->name ? p->name : "", ZP_CTRL(m, 0)->id);
	}
}

static void parse_document(struct ld *l)
{
	static const char *const keys[] = {
		"zplan", "name", "policy", "drive_types", "controllers",
		"enclosures", "disks", "pools", "filesystems", "switches",
		"clients", "mounts", NULL
	};
	struct mapit it;
	int k;

	if (!nx(l))
		return;
	if (l->ev.type == ZP_EV_END) {
		zp_report(l->d, ZR_SCHEMA, l->ev.loc, "", "empty model: a model "
		    "starts with `zplan: 1` (see examples/starter.yaml)");
		l->fatal = 2;
		return;
	}
	if (l->ev.type != ZP_EV_MAP) {
		zp_report(l->d, ZR_SCHEMA, l->ev.loc, "", "a model is a mapping "
		    "that starts with `zplan: 1`, not %s", evname(&l->ev));
		l->fatal = 2;
		return;
	}
	if (!map_begin(l, &it, keys, "the model"))
		return;
	while ((k = map_next(l, &it)) >= 0) {
		const char *v;

		switch (k) {
		case TK_ZPLAN:
			v = l->ev.type == ZP_EV_SCALAR ? l->ev.text : "";
			if (strcmp(v, "1") != 0) {
				zp_report(l->d, ZR_SCHEMA, l->ev.loc, "zplan",
				    "unsupported format `zplan: %s`: this "
				    "zplan reads format 1", v);
				l->fatal = 2;
				return;
			}
			l->saw_version = true;
			break;
		case TK_NAME:
			sc_str(l, &l->m->name, NULL);
			break;
		case TK_POLICY:
			parse_policy(l);
			break;
		case TK_TYPES:
			parse_drive_types(l);
			break;
		case TK_CTRLS:
			parse_controllers(l);
			break;
		case TK_ENCLS:
			parse_enclosures(l);
			break;
		case TK_DISKS:
			parse_disks(l);
			break;
		case TK_POOLS:
			parse_pools(l);
			break;
		case TK_FS:
			parse_filesystems(l);
			break;
		case TK_SWITCHES:
			parse_switches(l);
			break;
		case TK_CLIENTS:
			parse_clients(l);
			break;
		case TK_MOUNTS:
			parse_mounts(l);
			break;
		}
	}
	if (l->fatal)
		return;
	if (!l->saw_version) {
		zp_report(l->d, ZR_SCHEMA, it.loc, "", "not a zplan model: "
		    "`zplan: 1` is missing at the top");
		l->fatal = 2;
		return;
	}
	pools_need_controller(l);
	if (!nx(l))
		return;
	if (l->ev.type != ZP_EV_END) {
		zp_report(l->d, ZR_SYNTAX, l->ev.loc, "", "unexpected content "
		    "after the model");
		l->fatal = 2;
	}
}

/* ---- files ---- */

const char *zp_read_error(int err)
{
	if (err == EFBIG)
		return "it is larger than 256 MiB, the most zplan reads from "
		    "one input (a model of 100,000 disks is 15 MB)";
	return strerror(err);
}

char *zp_slurp(FILE *f, size_t *len)
{
	size_t cap = 65536, n = 0, r;
	struct stat st;
	char *buf;

	/* a file's size is known: one block, populated at once (no copies
	 * as it grows, no fault a page); one byte more to see the end */
	if (fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
	    st.st_size > 0) {
		if ((uint64_t)st.st_size > ZP_INPUT_MAX) {
			errno = EFBIG;
			return NULL;
		}
		cap = (size_t)st.st_size + 1;
	}
	buf = zp_xcalloc(cap, 1);

	/* a stream (a pipe, /dev/zero) is read up to the bound and no
	 * further */
	while ((r = fread(buf + n, 1, cap - n, f)) > 0) {
		n += r;
		if (n > ZP_INPUT_MAX) {
			free(buf);
			errno = EFBIG;
			return NULL;
		}
		if (n == cap) {
			cap = cap * 2 > ZP_INPUT_MAX + 1 ? ZP_INPUT_MAX + 1 :
			    cap * 2;
			buf = zp_xrealloc(buf, cap);
		}
	}
	if (ferror(f)) {
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

static bool ends_with(const char *s, const char *suffix)
{
	size_t a = strlen(s), b = strlen(suffix);
	return a >= b && strcmp(s + a - b, suffix) == 0;
}

static void cant_read(struct zp_diags *d, const char *path, const char *why)
{
	struct zp_loc none = { 0, 0 };

	zp_report(d, ZR_SYNTAX, none, "", "cannot read %s: %s", path, why);
}

/* Opens file for reading ("-": standard input); NULL with a finding when
 * it cannot be read or is a directory. */
static FILE *open_input(const char *file, struct zp_diags *d)
{
	struct stat st;
	FILE *f;

	if (strcmp(file, "-") == 0)
		return stdin;
	if (!(f = fopen(file, "rb"))) {
		cant_read(d, file, zp_read_error(errno));
		return NULL;
	}
	if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		cant_read(d, file, "it is a directory; name a model file");
		fclose(f);
		return NULL;
	}
	return f;
}

/* Builds the model of file from buf[0..len) or, when buf is NULL, from the
 * YAML stream f. */
/* What the loader itself holds, not the model. */
static void ld_release(struct ld *l)
{
	zp_htab_release(&l->interned);
	zp_scratch_release(&l->scratch);
	zp_vec_release(&l->pending);
	free(l->pend_text);
}

static struct zp_model *build(const char *file, FILE *f, const char *buf,
    size_t len, struct zp_diags *d, int *status)
{
	struct ld l = { 0 };
	struct zp_model *m;
	bool dup_key = false;

	m = zp_model_new(file);
	zp_htab_init_vec(&m->h_disks, 1024, &m->disks,
	    offsetof(struct zp_disk, id));
	l.m = m;
	l.d = d;
	zp_htab_init(&l.interned, 64);
	zp_vec_init(&l.pending, sizeof(struct zp_ref *));
	if (buf) {
		size_t i = 0;

		while (i < len && strchr(" \t\r\n", buf[i]))
			i++;
		if (ends_with(file, ".json") || (i < len && buf[i] == '{')) {
			char msg[256];
			struct zp_loc eloc;

			l.src = zp_json_open(buf, len, msg, sizeof(msg), &eloc);
			if (!l.src && strncmp(msg, "duplicate object key", 20) == 0) {
				/* well-formed, but a model error as in YAML */
				zp_report(d, ZR_SCHEMA, eloc, "", "%s: a key appears "
				    "twice in one object; keep one", msg);
				dup_key = true;
				goto fail;
			}
			if (!l.src) {
				zp_report(d, ZR_SYNTAX, eloc, "", "%s", msg);
				goto fail;
			}
		} else {
			l.src = zp_yaml_open(NULL, buf, len);
		}
	} else {
		l.src = zp_yaml_open(f, NULL, 0);
	}
	parse_document(&l);
	l.src->close(l.src);
	if (!l.fatal) {
		flush_refs(&l);
		ld_release(&l);
		zp_link(m);
		return m;
	}
fail:
	ld_release(&l);
	zp_model_free(m);
	*status = dup_key ? 1 : 2;
	return NULL;
}

struct zp_model *zp_load(const char *file, struct zp_diags *d, int *status)
{
	bool std = strcmp(file, "-") == 0;
	struct zp_model *m = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	*status = 0;
	if (!(f = open_input(file, d))) {
		*status = 2;
		return NULL;
	}
	if (std || ends_with(file, ".json")) {
		buf = zp_slurp(f, &len);
		if (!buf) {
			cant_read(d, file, zp_read_error(errno));
			goto fail;
		}
	} else {
		int c;

		/* input that starts with '{' is JSON */
		while ((c = getc(f)) == ' ' || c == '\t' || c == '\n' ||
		    c == '\r')
			;
		if (c == '{') {
			ungetc(c, f);
			rewind(f);
			buf = zp_slurp(f, &len);
			if (!buf) {
				cant_read(d, file, zp_read_error(errno));
				goto fail;
			}
		} else if (ferror(f)) {
			cant_read(d, file, zp_read_error(errno));
			goto fail;
		} else {
			rewind(f);
		}
	}
	m = build(file, buf ? NULL : f, buf, len, d, status);
	if (!std)
		fclose(f);
	free(buf);
	return m;
fail:
	if (!std)
		fclose(f);
	*status = 2;
	return NULL;
}

int zp_read_input(const char *file, struct zp_diags *d, char **buf,
    size_t *len)
{
	FILE *f = open_input(file, d);

	*buf = NULL;
	*len = 0;
	if (!f)
		return -1;
	*buf = zp_slurp(f, len);
	if (!*buf)
		cant_read(d, file, zp_read_error(errno));
	if (f != stdin)
		fclose(f);
	return *buf ? 0 : -1;
}

struct zp_model *zp_load_buf(const char *file, const char *buf, size_t len,
    struct zp_diags *d, int *status)
{
	*status = 0;
	return build(file, NULL, buf, len, d, status);
}
