/* load_yaml: libyaml's event stream (yaml_parser_parse, never the document
 * tree) as zplan events. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <yaml.h>

#include "zplan/arena.h"
#include "zplan/load.h"

struct ysrc {
	struct zp_evsrc base;
	yaml_parser_t parser;
	yaml_event_t ev;
	bool have_ev, in_doc, done;
	/* the input, to place a reader error (given as a byte offset) */
	FILE *f;
	const char *buf;
	size_t len;
	/* bytes read from f, and whether they passed ZP_INPUT_MAX */
	size_t total;
	bool too_big;
};

static struct zp_loc mark_loc(const yaml_mark_t *mk)
{
	struct zp_loc l = { (uint32_t)mk->line + 1, (uint32_t)mk->column + 1 };
	return l;
}

/* Where the byte at offset is: libyaml's reader (invalid UTF-8, a
 * control character) gives an offset, not a mark. Columns count
 * characters, as libyaml's marks do. */
static struct zp_loc offset_loc(struct ysrc *y, size_t offset)
{
	struct zp_loc l = { 1, 1 };
	size_t i;
	int c;

	if (y->f && fseeko(y->f, 0, SEEK_SET) != 0)
		return l;
	for (i = 0; i < offset; i++) {
		if (y->f) {
			if ((c = getc(y->f)) == EOF)
				break;
		} else if (i < y->len)
			c = (unsigned char)y->buf[i];
		else
			break;
		if (c == '\n') {
			l.line++;
			l.col = 1;
		} else if ((c & 0xc0) != 0x80)
			l.col++;
	}
	return l;
}

/* libyaml's file reader, bounded: a stream (/dev/zero, a pipe that never
 * ends) stops at ZP_INPUT_MAX as every other input does. */
static int yread(void *data, unsigned char *buf, size_t size, size_t *got)
{
	struct ysrc *y = data;

	*got = fread(buf, 1, size, y->f);
	y->total += *got;
	if (y->total > ZP_INPUT_MAX) {
		y->too_big = true;
		return 0;
	}
	return !ferror(y->f);
}

static bool fail(struct ysrc *y, struct zp_event *ev)
{
	const yaml_parser_t *p = &y->parser;
	const char *what = p->problem ? p->problem : "malformed YAML";

	if (y->too_big) {
		struct zp_loc none = { 0, 0 };

		ev->type = ZP_EV_ERROR;
		ev->loc = none;
		snprintf(y->base.msg, sizeof(y->base.msg), "cannot read it: %s",
		    zp_read_error(EFBIG));
		y->done = true;
		return false;
	}
	ev->type = ZP_EV_ERROR;
	ev->loc = p->error == YAML_READER_ERROR ?
	    offset_loc(y, p->problem_offset) : mark_loc(&p->problem_mark);
	if (p->context)
		snprintf(y->base.msg, sizeof(y->base.msg), "%s %s", what,
		    p->context);
	else
		snprintf(y->base.msg, sizeof(y->base.msg), "%s", what);
	y->done = true;
	return false;
}

static bool ynext(struct zp_evsrc *s, struct zp_event *ev)
{
	struct ysrc *y = (struct ysrc *)s;

	memset(ev, 0, sizeof(*ev));
	for (;;) {
		if (y->have_ev) {
			yaml_event_delete(&y->ev);
			y->have_ev = false;
		}
		if (y->done) {
			ev->type = ZP_EV_END;
			return true;
		}
		if (!yaml_parser_parse(&y->parser, &y->ev))
			return fail(y, ev);
		y->have_ev = true;
		ev->loc = mark_loc(&y->ev.start_mark);
		ev->offset = y->ev.start_mark.index;
		switch (y->ev.type) {
		case YAML_STREAM_START_EVENT:
		case YAML_NO_EVENT:
			continue;
		case YAML_DOCUMENT_START_EVENT:
			if (y->in_doc) {
				ev->type = ZP_EV_ERROR;
				snprintf(s->msg, sizeof(s->msg), "a model file "
				    "holds one YAML document; this is a second "
				    "one (remove the '---' or split the file)");
				y->done = true;
				return false;
			}
			y->in_doc = true;
			continue;
		case YAML_DOCUMENT_END_EVENT:
			continue;
		case YAML_STREAM_END_EVENT:
			if (!y->in_doc)
				s->empty = true;
			y->done = true;
			ev->type = ZP_EV_END;
			return true;
		case YAML_ALIAS_EVENT:
			ev->type = ZP_EV_ALIAS;
			ev->text = (const char *)y->ev.data.alias.anchor;
			return true;
		case YAML_SCALAR_EVENT:
			ev->type = ZP_EV_SCALAR;
			ev->text = (const char *)y->ev.data.scalar.value;
			ev->len = y->ev.data.scalar.length;
			ev->plain = y->ev.data.scalar.style ==
			    YAML_PLAIN_SCALAR_STYLE;
			ev->anchor = y->ev.data.scalar.anchor != NULL;
			return true;
		case YAML_SEQUENCE_START_EVENT:
			ev->type = ZP_EV_SEQ;
			ev->anchor = y->ev.data.sequence_start.anchor != NULL;
			return true;
		case YAML_SEQUENCE_END_EVENT:
			ev->type = ZP_EV_SEQ_END;
			return true;
		case YAML_MAPPING_START_EVENT:
			ev->type = ZP_EV_MAP;
			ev->anchor = y->ev.data.mapping_start.anchor != NULL;
			return true;
		case YAML_MAPPING_END_EVENT:
			ev->type = ZP_EV_MAP_END;
			return true;
		}
	}
}

static void yclose(struct zp_evsrc *s)
{
	struct ysrc *y = (struct ysrc *)s;

	if (y->have_ev)
		yaml_event_delete(&y->ev);
	yaml_parser_delete(&y->parser);
	free(y);
}

struct zp_evsrc *zp_yaml_open(FILE *f, const char *buf, size_t len)
{
	struct ysrc *y = zp_xcalloc(1, sizeof(*y));

	if (!yaml_parser_initialize(&y->parser)) {
		fprintf(stderr, "zplan: cannot initialise the YAML parser\n");
		abort();
	}
	y->f = f;
	y->buf = buf;
	y->len = len;
	if (f)
		yaml_parser_set_input(&y->parser, yread, y);
	else
		yaml_parser_set_input_string(&y->parser,
		    (const unsigned char *)buf, len);
	y->base.next = ynext;
	y->base.close = yclose;
	return &y->base;
}
