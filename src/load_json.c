/* load_json: a JSON model as zplan events. jansson parses and validates the
 * whole text (duplicate keys refused, key order kept); a walk of its tree
 * emits the events in document order, and a scanner that follows the same
 * text gives each node the line and column jansson does not keep. */
#include <inttypes.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/arena.h"
#include "zplan/load.h"

struct frame {
	json_t *node;
	void *iter;             /* objects */
	size_t idx;             /* arrays */
	bool key_done;
};

struct jsrc {
	struct zp_evsrc base;
	json_t *root, *pending;
	struct frame *stack;
	size_t depth, cap;
	bool started;
	/* the position scanner */
	const char *buf;
	size_t len, pos;
	uint32_t line, col;
	char num[64];
};

static void adv(struct jsrc *j)
{
	unsigned char c = (unsigned char)j->buf[j->pos++];

	if (c == '\n') {
		j->line++;
		j->col = 1;
	} else if ((c & 0xC0) != 0x80) {
		j->col++;       /* count characters, not UTF-8 bytes */
	}
}

/* Moves to the next token that starts a node or ends one; returns its
 * location and steps over it (over the whole of strings and literals). */
static struct zp_loc scan(struct jsrc *j)
{
	struct zp_loc l;
	char c;

	while (j->pos < j->len && strchr(" \t\r\n,:", j->buf[j->pos]))
		adv(j);
	l.line = j->line;
	l.col = j->col;
	if (j->pos >= j->len)
		return l;
	c = j->buf[j->pos];
	adv(j);
	if (c == '"') {
		while (j->pos < j->len && j->buf[j->pos] != '"') {
			if (j->buf[j->pos] == '\\' && j->pos + 1 < j->len)
				adv(j);
			adv(j);
		}
		if (j->pos < j->len)
			adv(j);
	} else if (!strchr("{}[]", c)) {
		while (j->pos < j->len &&
		    !strchr(" \t\r\n,:]}", j->buf[j->pos]))
			adv(j);
	}
	return l;
}

static void push(struct jsrc *j, json_t *node)
{
	if (j->depth == j->cap) {
		j->cap = j->cap ? j->cap * 2 : 16;
		j->stack = zp_xrealloc(j->stack, zp_mul(j->cap, sizeof(*j->stack)));
	}
	memset(&j->stack[j->depth], 0, sizeof(j->stack[0]));
	j->stack[j->depth].node = node;
	if (json_is_object(node))
		j->stack[j->depth].iter = json_object_iter(node);
	j->depth++;
}

static void emit_value(struct jsrc *j, json_t *v, struct zp_event *ev)
{
	ev->plain = true;
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		ev->type = ZP_EV_MAP;
		push(j, v);
		return;
	case JSON_ARRAY:
		ev->type = ZP_EV_SEQ;
		push(j, v);
		return;
	case JSON_STRING:
		ev->type = ZP_EV_SCALAR;
		ev->text = json_string_value(v);
		ev->len = json_string_length(v);
		ev->plain = false;
		return;
	case JSON_INTEGER:
		snprintf(j->num, sizeof(j->num), "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
		break;
	case JSON_REAL:
		/* the shortest form that reads back to the same double */
		snprintf(j->num, sizeof(j->num), "%.15g", json_real_value(v));
		if (strtod(j->num, NULL) != json_real_value(v))
			snprintf(j->num, sizeof(j->num), "%.17g",
			    json_real_value(v));
		break;
	case JSON_TRUE:
		strcpy(j->num, "true");
		break;
	case JSON_FALSE:
		strcpy(j->num, "false");
		break;
	case JSON_NULL:
		j->num[0] = '\0';
		break;
	}
	ev->type = ZP_EV_SCALAR;
	ev->text = j->num;
	ev->len = strlen(j->num);
}

static bool jnext(struct zp_evsrc *s, struct zp_event *ev)
{
	struct jsrc *j = (struct jsrc *)s;
	struct frame *f;

	memset(ev, 0, sizeof(*ev));
	for (;;) {
		if (!j->started) {
			j->started = true;
			j->pending = j->root;
		}
		if (j->pending) {
			json_t *v = j->pending;

			j->pending = NULL;
			ev->loc = scan(j);
			ev->offset = j->pos;
			emit_value(j, v, ev);
			return true;
		}
		if (!j->depth) {
			ev->type = ZP_EV_END;
			return true;
		}
		f = &j->stack[j->depth - 1];
		if (json_is_object(f->node)) {
			if (!f->iter) {
				j->depth--;
				ev->loc = scan(j);
				ev->type = ZP_EV_MAP_END;
				return true;
			}
			if (!f->key_done) {
				f->key_done = true;
				ev->loc = scan(j);
				ev->offset = j->pos;
				ev->type = ZP_EV_SCALAR;
				ev->text = json_object_iter_key(f->iter);
				ev->len = strlen(ev->text);
				return true;
			}
			j->pending = json_object_iter_value(f->iter);
			f->iter = json_object_iter_next(f->node, f->iter);
			f->key_done = false;
			continue;
		}
		if (f->idx == json_array_size(f->node)) {
			j->depth--;
			ev->loc = scan(j);
			ev->type = ZP_EV_SEQ_END;
			return true;
		}
		j->pending = json_array_get(f->node, f->idx++);
	}
}

static void jclose(struct zp_evsrc *s)
{
	struct jsrc *j = (struct jsrc *)s;

	json_decref(j->root);
	free(j->stack);
	free(j);
}

struct zp_evsrc *zp_json_open(const char *buf, size_t len, char *err,
    size_t errlen, struct zp_loc *errloc)
{
	return zp_json_open_flags(buf, len, 0, err, errlen, errloc);
}

struct zp_evsrc *zp_json_open_flags(const char *buf, size_t len,
    size_t flags, char *err, size_t errlen, struct zp_loc *errloc)
{
	json_error_t je;
	json_t *root;
	struct jsrc *j;

	root = json_loadb(buf, len, JSON_REJECT_DUPLICATES | JSON_DECODE_ANY |
	    flags, &je);
	if (!root) {
		snprintf(err, errlen, "%s", je.text);
		errloc->line = je.line > 0 ? (uint32_t)je.line : 1;
		errloc->col = je.column > 0 ? (uint32_t)je.column : 1;
		return NULL;
	}
	j = zp_xcalloc(1, sizeof(*j));
	j->root = root;
	j->buf = buf;
	j->len = len;
	j->line = j->col = 1;
	j->base.next = jnext;
	j->base.close = jclose;
	return &j->base;
}
