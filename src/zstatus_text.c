/* zstatus_text: the text of `zpool status` (OpenZFS before 2.3, which has
 * no -j, Oracle Solaris, illumos, zfs-fuse), with or without -P and -L,
 * every pool of the host, into the vdev tree zs_read builds from -j.
 *
 * What zpool prints (cmd/zpool/zpool_main.c, status_callback and
 * print_status_config): per pool a header of "key: value" lines ("  pool:",
 * " state:", "status:", ...; continuation lines start with a tab), then
 * "config:", a blank line, the column heads ("NAME STATE READ WRITE CKSUM",
 * maybe SLOW, POWER, DIO), and one line per vdev: a tab, two spaces per
 * level, the name padded to one width, the state, the error counters (not
 * for hot spares) and a note ("was PATH", "cannot open", "in use by pool
 * 'x'", "(resilvering)"). The pool's own line comes first; the "dedup",
 * "special" and "logs" classes, "cache" and "spares" follow, each under a
 * heading at the pool's level. The names are those zpool_vdev_name gives:
 * full paths with -P, else the device's name in its directory with the
 * whole disk's partition dropped (zs_short_dev). */
#include "zplan/zstatus.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#define MAX_LEVEL 16            /* as zs_read bounds the tree */
#define STATUS_CMD "zpool status -P"

struct line {
	const char *s;
	size_t n;
	uint32_t no;
};

struct trd {
	struct zs_status *st;
	const char *name;
	const char *buf;
	size_t len, pos;
	uint32_t no;
	char *why;
	size_t wlen;
	bool failed;
	/* the pool being read */
	struct zs_pool pool;
	size_t base, state_col, counters;
	int section;                    /* enum zs_class, -1: none yet */
	const char *cls;                /* the section's "class" */
	int32_t stack[MAX_LEVEL + 1];   /* the last vdev at each level */
	size_t level;                   /* of the last vdev line */
};

static void fail(struct trd *r, uint32_t line, size_t col, const char *fmt,
    ...) __attribute__((format(printf, 4, 5)));

static void fail(struct trd *r, uint32_t line, size_t col, const char *fmt,
    ...)
{
	va_list ap;
	int n;

	if (r->failed)
		return;
	r->failed = true;
	n = snprintf(r->why, r->wlen, "%s:%u:%zu: error: ", r->name, line,
	    col);
	if (n < 0 || (size_t)n >= r->wlen)
		return;
	va_start(ap, fmt);
	vsnprintf(r->why + n, r->wlen - (size_t)n, fmt, ap);
	va_end(ap);
}

/* The next line without its end of line (and a DOS carriage return);
 * false at the end of the input. */
static bool next_line(struct trd *r, struct line *l)
{
	const char *s, *nl;

	if (r->pos >= r->len)
		return false;
	s = r->buf + r->pos;
	nl = memchr(s, '\n', r->len - r->pos);
	l->s = s;
	l->n = nl ? (size_t)(nl - s) : r->len - r->pos;
	r->pos += l->n + (nl ? 1 : 0);
	if (l->n && s[l->n - 1] == '\r')
		l->n--;
	l->no = ++r->no;
	return true;
}

static size_t skip_ws(const struct line *l, size_t i)
{
	while (i < l->n && (l->s[i] == ' ' || l->s[i] == '\t'))
		i++;
	return i;
}

static bool blank(const struct line *l)
{
	return skip_ws(l, 0) == l->n;
}

/* A "key: value" line of a pool's header: the key's length and where its
 * value starts; 0 when the line is not one. */
static size_t header_key(const struct line *l, size_t *key, size_t *val)
{
	size_t i = 0, k;

	while (i < l->n && l->s[i] == ' ')
		i++;
	for (k = i; k < l->n && (islower((unsigned char)l->s[k]) ||
	    l->s[k] == ' '); k++)
		if (l->s[k] == ' ' && k + 1 < l->n && l->s[k + 1] == ' ')
			return 0;
	if (k == i || k >= l->n || l->s[k] != ':' ||
	    (k + 1 < l->n && l->s[k + 1] != ' '))
		return 0;
	*key = i;
	*val = skip_ws(l, k + 1);
	return k - i;
}

static bool is_key(const struct line *l, size_t at, size_t n,
    const char *key)
{
	return strlen(key) == n && memcmp(l->s + at, key, n) == 0;
}

static char *dup_range(struct trd *r, const struct line *l, size_t a,
    size_t b)
{
	while (b > a && (l->s[b - 1] == ' ' || l->s[b - 1] == '\t'))
		b--;
	return zp_arena_strndup(&r->st->arena, l->s + a, b - a);
}

/* ---- the column heads ---- */

static size_t token_end(const struct line *l, size_t i)
{
	while (i < l->n && l->s[i] != ' ' && l->s[i] != '\t')
		i++;
	return i;
}

/* "NAME STATE READ WRITE CKSUM [SLOW] [POWER] [DIO] [-c columns]" */
static void heads(struct trd *r, const struct line *l)
{
	static const char *const counted[] = {
		"READ", "WRITE", "CKSUM", "SLOW", "POWER", "DIO", NULL
	};
	size_t i = skip_ws(l, 0), e;
	size_t k;

	r->base = i;
	e = token_end(l, i);
	if (e - i != 4 || memcmp(l->s + i, "NAME", 4) != 0) {
		fail(r, l->no, i + 1, "expected the column heads of `zpool "
		    "status` (NAME STATE READ WRITE CKSUM) after \"config:\"");
		return;
	}
	i = skip_ws(l, e);
	e = token_end(l, i);
	if (e - i != 5 || memcmp(l->s + i, "STATE", 5) != 0) {
		fail(r, l->no, i + 1, "expected STATE after NAME in the "
		    "column heads");
		return;
	}
	r->state_col = i;
	r->counters = 0;
	for (i = skip_ws(l, e); i < l->n; i = skip_ws(l, e)) {
		e = token_end(l, i);
		for (k = 0; counted[k]; k++)
			if (strlen(counted[k]) == e - i &&
			    memcmp(l->s + i, counted[k], e - i) == 0)
				break;
		if (!counted[k])
			break;
		r->counters++;
	}
}

/* ---- one vdev line ---- */

static const char *const states[] = {
	"ONLINE", "DEGRADED", "FAULTED", "OFFLINE", "UNAVAIL", "REMOVED",
	"SPLIT", "AVAIL", "INUSE", "UNKNOWN", NULL
};

/* The note after the counters as -j writes it: "aux" as vdev_aux_str
 * names it (print_status_config prints these words for them). */
static const struct {
	const char *text, *aux;
} notes[] = {
	{ "cannot open", "OPEN_FAILED" },
	{ "missing device", "BAD_GUID_SUM" },
	{ "insufficient replicas", "NO_REPLICAS" },
	{ "newer version", "VERSION_NEWER" },
	{ "unsupported feature(s)", "UNSUP_FEAT" },
	{ "unsupported minimum blocksize", "ASHIFT_TOO_BIG" },
	{ "too many errors", "ERR_EXCEEDED" },
	{ "too many slow I/Os", "ERR_EXCEEDED" },
	{ "experienced I/O failures", "IO_FAILURE" },
	{ "bad intent log", "BAD_LOG" },
	{ "external device fault", "EXTERNAL" },
	{ "split into new pool", "SPLIT_POOL" },
	{ "all children offline", "CHILDREN_OFFLINE" },
	{ "invalid label", "BAD_LABEL" },
	{ "corrupted data", "CORRUPT_DATA" },
	{ "device is too small", "TOO_SMALL" },
	{ "currently in use", NULL },   /* SPARED or ACTIVE: see note() */
	{ NULL, NULL }
};

static bool counter(const struct line *l, size_t a, size_t b)
{
	size_t i = a;

	if (b - a == 1 && l->s[a] == '-')
		return true;
	while (i < b && (isdigit((unsigned char)l->s[i]) || l->s[i] == '.'))
		i++;
	if (i == a)
		return false;
	return i == b || (i + 1 == b && strchr("KMGTPEZ", l->s[i]));
}

static void note(struct trd *r, struct zs_vdev *v, const struct line *l,
    size_t i)
{
	static const char in_use[] = "in use by pool '";
	size_t k, n = l->n - i;

	if (n > 4 && memcmp(l->s + i, "was ", 4) == 0) {
		size_t a = skip_ws(l, i + 4);

		/* -j has the path too ("path" and "was") */
		v->was = v->path = dup_range(r, l, a, token_end(l, a));
		return;
	}
	if (n > sizeof(in_use) - 1 && memcmp(l->s + i, in_use,
	    sizeof(in_use) - 1) == 0) {
		const char *q = memchr(l->s + i + sizeof(in_use) - 1, '\'',
		    n - (sizeof(in_use) - 1));

		v->aux = "SPARED";
		if (q)
			v->used_by = dup_range(r, l, i + sizeof(in_use) - 1,
			    (size_t)(q - l->s));
		return;
	}
	for (k = 0; notes[k].text; k++) {
		size_t t = strlen(notes[k].text);

		if (n >= t && memcmp(l->s + i, notes[k].text, t) == 0) {
			v->aux = notes[k].aux ? notes[k].aux :
			    r->section == ZS_SPARE || (v->state &&
			    strcmp(v->state, "INUSE") == 0) ? "SPARED" :
			    "ACTIVE";
			return;
		}
	}
	/* "(resilvering)", "264K resilvered", "block size: ...", trim and
	 * initialize progress: not the vdev's shape or health */
}

/* The name: up to the state column, where zpool pads every name to;
 * a line that is not aligned (edited by hand) ends it at a space. */
static size_t name_end(const struct line *l, size_t at, size_t state_col)
{
	if (state_col > at + 2 && l->n > state_col &&
	    l->s[state_col - 1] == ' ' && l->s[state_col - 2] == ' ' &&
	    l->s[state_col] != ' ')
		return state_col - 2;
	return token_end(l, at);
}

static void fields(struct trd *r, size_t vi, const struct line *l, size_t i)
{
	size_t e, k, c;
	struct zs_vdev *v = ZS_VDEV(r->st, vi);

	i = skip_ws(l, i);
	e = token_end(l, i);
	for (k = 0; states[k]; k++)
		if (strlen(states[k]) == e - i &&
		    memcmp(l->s + i, states[k], e - i) == 0)
			break;
	if (!states[k]) {
		fail(r, l->no, i + 1, "%s: expected the vdev's state (ONLINE, "
		    "DEGRADED, FAULTED, OFFLINE, UNAVAIL, REMOVED, AVAIL, "
		    "INUSE) in the STATE column, found \"%.*s\"", v->name,
		    (int)(e - i > 40 ? 40 : e - i), l->s + i);
		return;
	}
	v->state = states[k];
	/* hot spares have no counters (print_status_config's isspare) */
	for (c = 0; r->section != ZS_SPARE && c < r->counters; c++) {
		i = skip_ws(l, e);
		e = token_end(l, i);
		if (i == l->n || !counter(l, i, e)) {
			fail(r, l->no, i + 1, "%s: expected a count in the "
			    "error columns after its state", v->name);
			return;
		}
	}
	i = skip_ws(l, e);
	if (i < l->n)
		note(r, v, l, i);
}

static int32_t add_vdev(struct trd *r, const struct line *l, size_t at,
    size_t end, int32_t up)
{
	struct zs_status *st = r->st;
	struct zs_vdev *v = zp_vec_push(&st->vdevs);
	int32_t i = (int32_t)(st->vdevs.len - 1);

	v->name = dup_range(r, l, at, end);
	v->loc.line = l->no;
	v->loc.col = (uint32_t)(at + 1);
	v->section = (uint8_t)(r->section < 0 ? ZS_DATA : r->section);
	v->cls = r->cls;
	v->up = up;
	v->child = v->last = v->next = -1;
	if (up >= 0) {
		struct zs_vdev *p = ZS_VDEV(st, up);

		v->parent = p->name;
		if (p->last >= 0)
			ZS_VDEV(st, p->last)->next = i;
		else
			p->child = i;
		p->last = i;
		/* a leaf of a log mirror is of class "normal" in -j */
		if (r->section == ZS_LOG)
			v->cls = "normal";
	}
	return i;
}

static const struct {
	const char *word;
	int section;
	const char *cls;
} headings[] = {
	{ "logs", ZS_LOG, "log" }, { "cache", ZS_CACHE, "l2cache" },
	{ "spares", ZS_SPARE, "spare" }, { "special", ZS_SPECIAL, "special" },
	{ "dedup", ZS_SPECIAL, "dedup" }, { NULL, 0, NULL }
};

/* A line at the pool's level: the pool's own, or a class heading. */
static void top_line(struct trd *r, const struct line *l, size_t at)
{
	size_t e = name_end(l, at, r->state_col), k;

	if (r->stack[0] < 0 && r->section < 0) {
		int32_t root;

		r->section = ZS_DATA;
		r->cls = "normal";
		root = add_vdev(r, l, at, e, -1);
		ZS_VDEV(r->st, root)->type = "root";
		if (strcmp(ZS_VDEV(r->st, root)->name, r->pool.name) != 0)
			fail(r, l->no, at + 1, "the first line of the config "
			    "of pool %s names %s; expected the pool itself",
			    r->pool.name, ZS_VDEV(r->st, root)->name);
		else
			fields(r, (size_t)root, l, e);
		r->stack[0] = root;
		return;
	}
	e = token_end(l, at);
	for (k = 0; headings[k].word; k++)
		if (strlen(headings[k].word) == e - at &&
		    memcmp(l->s + at, headings[k].word, e - at) == 0)
			break;
	/* older Solaris releases print a state after "logs" */
	if (!headings[k].word) {
		fail(r, l->no, at + 1, "expected logs, cache, spares, special "
		    "or dedup at the pool's level of its config, found "
		    "\"%.*s\"", (int)(e - at > 40 ? 40 : e - at), l->s + at);
		return;
	}
	r->section = headings[k].section;
	r->cls = headings[k].cls;
	r->stack[0] = -1;
}

static void vdev_line(struct trd *r, const struct line *l)
{
	size_t i, ind, level, e;
	int32_t up, vi;

	for (i = 0; i < r->base; i++)
		if (i >= l->n || (l->s[i] != ' ' && l->s[i] != '\t'))
			break;
	if (i < r->base) {
		fail(r, l->no, i + 1, "a vdev line must start below NAME, "
		    "as zpool status aligns them");
		return;
	}
	for (ind = 0; r->base + ind < l->n && l->s[r->base + ind] == ' ';
	    ind++)
		;
	i = r->base + ind;
	if (i < l->n && l->s[i] == '\t') {
		fail(r, l->no, i + 1, "a tab in the indentation of a vdev; "
		    "zpool status indents by two spaces a level");
		return;
	}
	if (ind % 2) {
		fail(r, l->no, i + 1, "indented by %zu spaces; zpool status "
		    "indents by two a level", ind);
		return;
	}
	level = ind / 2;
	if (level == 0) {
		top_line(r, l, i);
		r->level = 0;
		return;
	}
	if (level > MAX_LEVEL || level > r->level + 1 ||
	    (level == 1 && r->section < 0)) {
		fail(r, l->no, i + 1, level > MAX_LEVEL ? "vdevs nested "
		    "deeper than %d levels" : "indented deeper than the line "
		    "above allows", MAX_LEVEL);
		return;
	}
	up = r->stack[level - 1];
	e = name_end(l, i, r->state_col);
	vi = add_vdev(r, l, i, e, up);
	r->stack[level] = vi;
	r->level = level;
	fields(r, (size_t)vi, l, e);
}

/* ---- the shape of what was read ---- */

/* The vdev_type of an interior vdev by its name: mirror-0, raidz2-1,
 * draid2:8d:24c:2s-0, spare-1, replacing-0; older releases print no -N. */
static const char *interior_type(const char *name)
{
	static const char *const kinds[] = {
		"mirror", "raidz", "draid", "spare", "replacing", NULL
	};
	size_t i, n;

	for (i = 0; kinds[i]; i++) {
		n = strlen(kinds[i]);
		if (strncmp(name, kinds[i], n) == 0)
			break;
	}
	if (!kinds[i])
		return NULL;
	name += n;
	if (i == 1 && *name >= '1' && *name <= '3')
		name++;
	if (i == 2) {
		if (*name < '1' || *name > '3')
			return NULL;
		name++;
		while (*name && *name != '-')
			name++;
	}
	if (*name == '-') {
		for (name++; isdigit((unsigned char)*name); name++)
			;
		if (name[-1] == '-')
			return NULL;
	}
	return *name ? NULL : kinds[i];
}

/* draid2-0-0: a distributed spare (vdev_type dspare) */
static bool dspare_name(const char *s)
{
	int dashes = 0;

	if (strncmp(s, "draid", 5) != 0 || s[5] < '1' || s[5] > '3')
		return false;
	for (s += 6; *s; s++) {
		if (*s == '-' && isdigit((unsigned char)s[1]))
			dashes++;
		else if (!isdigit((unsigned char)*s))
			return false;
	}
	return dashes == 2;
}

/* The name -j (and zpool status without -P) gives a disk at path: its
 * name in its directory, without the partition 1 that zpool create makes
 * of a whole disk (zfs_strip_partition: -part1, nvme0n1p1, sda1). */
static const char *whole_disk_name(struct trd *r, const char *path)
{
	const char *s = zs_short_dev(path);
	size_t n = strlen(s), cut = 0;

	if (n > 6 && strcmp(s + n - 6, "-part1") == 0)
		cut = 6;
	else if (n > 3 && strcmp(s + n - 2, "p1") == 0 &&
	    isdigit((unsigned char)s[n - 3]))
		cut = 2;
	else if (n > 3 && s[n - 1] == '1' && isalpha((unsigned char)s[n - 2]) &&
	    (strncmp(s, "sd", 2) == 0 || strncmp(s, "hd", 2) == 0 ||
	    strncmp(s, "vd", 2) == 0 || strncmp(s, "xvd", 3) == 0))
		cut = 1;
	return zp_arena_strndup(&r->st->arena, s, n - cut);
}

static void shape(struct trd *r)
{
	struct zs_status *st = r->st;
	size_t i;

	for (i = r->pool.first; i < st->vdevs.len && !r->failed; i++) {
		struct zs_vdev *v = ZS_VDEV(st, i);

		if (v->type)
			continue;
		if (v->child >= 0) {
			v->type = interior_type(v->name);
			if (!v->type)
				fail(r, v->loc.line, v->loc.col, "%s has vdevs "
				    "below it but is no kind of vdev zpool "
				    "status shows (mirror-N, raidzP-N, "
				    "draidP:...-N, spare-N, replacing-N)",
				    v->name);
			continue;
		}
		if (v->section == ZS_SPARE && dspare_name(v->name))
			v->type = "dspare";
		else if (v->name[0] == '/' && strncmp(v->name, "/dev/", 5))
			v->type = "file";
		else
			v->type = "disk";
		if (v->name[0] == '/' && !v->was) {
			v->path = v->name;
			if (strcmp(v->type, "disk") == 0)
				v->name = whole_disk_name(r, v->path);
		} else if (strcmp(v->type, "dspare") != 0 && !v->was)
			st->short_names = true;
	}
}

/* A leaf in a spare-N vdev that the pool lists as a hot spare is of class
 * "spare" in -j (its is_spare flag). */
static void spare_leaves(struct trd *r)
{
	struct zs_status *st = r->st;
	size_t i, j;

	for (i = r->pool.first; i < st->vdevs.len; i++) {
		struct zs_vdev *v = ZS_VDEV(st, i);

		if (v->child >= 0 || v->up < 0 ||
		    strcmp(ZS_VDEV(st, v->up)->type, "spare") != 0)
			continue;
		for (j = r->pool.first; j < st->vdevs.len; j++) {
			const struct zs_vdev *s = ZS_VDEV(st, j);

			if (s->section == ZS_SPARE && s->up < 0 &&
			    strcmp(s->name, v->name) == 0) {
				v->cls = "spare";
				break;
			}
		}
	}
}

/* ---- pools ---- */

/* From "config:" to the blank line after the vdevs. */
static void config(struct trd *r, const struct line *cl, size_t val)
{
	struct line l;
	size_t k;

	if (val < cl->n) {
		fail(r, cl->no, val + 1, "zpool cannot tell the configuration "
		    "of pool %s; import it, or fix what its status says, "
		    "and run `%s` again", r->pool.name, STATUS_CMD);
		return;
	}
	do {
		if (!next_line(r, &l)) {
			fail(r, cl->no, 1, "pool %s: \"config:\" with no vdevs "
			    "after it; the output is cut short", r->pool.name);
			return;
		}
	} while (blank(&l));
	heads(r, &l);
	r->section = -1;
	r->cls = NULL;
	r->level = 0;
	for (k = 0; k <= MAX_LEVEL; k++)
		r->stack[k] = -1;
	r->pool.first = r->st->vdevs.len;
	while (!r->failed && next_line(r, &l) && !blank(&l)) {
		size_t key, v;

		if (header_key(&l, &key, &v) && is_key(&l, key, 6, "errors"))
			break;
		vdev_line(r, &l);
	}
	if (!r->failed && r->section < 0)
		fail(r, l.no, 1, "pool %s: no vdevs under the column heads",
		    r->pool.name);
	if (r->failed)
		return;
	r->pool.end = r->st->vdevs.len;
	r->pool.root = (int32_t)r->pool.first;
	shape(r);
	if (!r->failed)
		spare_leaves(r);
}

static void start_pool(struct trd *r, const struct line *l, size_t val)
{
	size_t i;

	memset(&r->pool, 0, sizeof(r->pool));
	r->pool.name = dup_range(r, l, val, l->n);
	r->pool.loc.line = l->no;
	r->pool.loc.col = (uint32_t)(val + 1);
	r->pool.root = -1;
	r->pool.first = r->pool.end = r->st->vdevs.len;
	if (!*r->pool.name)
		fail(r, l->no, val + 1, "\"pool:\" names no pool");
	for (i = 0; i < r->st->pools.len && !r->failed; i++)
		if (strcmp(ZS_POOL(r->st, i)->name, r->pool.name) == 0)
			fail(r, l->no, val + 1, "pool %s is shown twice; "
			    "give the output of one `%s`", r->pool.name,
			    STATUS_CMD);
}

static void end_pool(struct trd *r)
{
	if (!r->pool.name)
		return;
	if (r->pool.root < 0 && !r->failed)
		fail(r, r->pool.loc.line, r->pool.loc.col, "pool %s has no "
		    "\"config:\"; the output is cut short", r->pool.name);
	if (!r->failed)
		*(struct zs_pool *)zp_vec_push(&r->st->pools) = r->pool;
	r->pool.name = NULL;
}

static bool opening(struct trd *r, const struct line *l, bool any)
{
	static const char *const none[] = {
		"no pools available", "no pools available to import", NULL
	};
	size_t i = skip_ws(l, 0), k;

	for (k = 0; none[k]; k++)
		if (l->n - i == strlen(none[k]) &&
		    memcmp(l->s + i, none[k], l->n - i) == 0)
			return true;
	if (l->n - i >= 21 && memcmp(l->s + i, "all pools are healthy",
	    21) == 0)
		fail(r, l->no, i + 1, "this is `zpool status -x`, which shows "
		    "no healthy pool; run `%s`", STATUS_CMD);
	else if (!any)
		fail(r, l->no, i + 1, "not zpool status output: expected "
		    "\"  pool: NAME\"; run `%s` (or `zpool status -j` on "
		    "OpenZFS 2.3 and later)", STATUS_CMD);
	return false;
}

int zs_read_text(struct zs_status *st, const char *name, const char *buf,
    size_t len, char *why, size_t wlen)
{
	struct trd r;
	struct line l;
	bool any = false, none = false;

	memset(&r, 0, sizeof(r));
	r.st = st;
	r.name = name;
	r.buf = buf;
	r.len = len;
	r.why = why;
	r.wlen = wlen;
	while (!r.failed && next_line(&r, &l)) {
		size_t key, val, n;

		if (blank(&l))
			continue;
		n = header_key(&l, &key, &val);
		if (n && is_key(&l, key, n, "pool")) {
			end_pool(&r);
			start_pool(&r, &l, val);
			any = true;
		} else if (n && is_key(&l, key, n, "state") && r.pool.name) {
			r.pool.state = dup_range(&r, &l, val, l.n);
		} else if (n && is_key(&l, key, n, "config") && r.pool.name) {
			config(&r, &l, val);
		} else if (!r.pool.name) {
			if (!opening(&r, &l, any))
				break;
			none = true;
		}
	}
	if (!r.failed)
		end_pool(&r);
	if (!r.failed && !any && !none)
		fail(&r, r.no ? r.no : 1, 1, "empty: not zpool status output; "
		    "run `%s`", STATUS_CMD);
	return r.failed ? -1 : 0;
}

const char *zs_short_dev(const char *dev)
{
	/* zpool_default_search_paths (lib/libzutil, Linux), then Solaris's
	 * and illumos's /dev/dsk, then /dev (FreeBSD, Linux) */
	static const char *const dirs[] = {
		"/dev/disk/by-vdev/", "/dev/mapper/", "/dev/disk/by-partlabel/",
		"/dev/disk/by-partuuid/", "/dev/disk/by-label/",
		"/dev/disk/by-uuid/", "/dev/disk/by-id/", "/dev/disk/by-path/",
		"/dev/dsk/", "/dev/", NULL
	};
	size_t i, n;

	for (i = 0; dirs[i]; i++) {
		n = strlen(dirs[i]);
		if (strncmp(dev, dirs[i], n) == 0 && dev[n])
			return dev + n;
	}
	return dev;
}
