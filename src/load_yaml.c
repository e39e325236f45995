/* load_yaml: libyaml's event stream (yaml_parser_parse, never the document
 * tree) as zplan events. */
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
};

static struct zp_loc mark_loc(const yaml_mark_t *mk)
{
	struct zp_loc l = { (uint32_t)mk->line + 1, (uint32_t)mk->column + 1 };
	return l;
}

static bool fail(struct ysrc *y, struct zp_event *ev)
{
	const yaml_parser_t *p = &y->parser;
	const char *what = p->problem ? p->problem : "malformed YAML";

	ev->type = ZP_EV_ERROR;
	ev->loc = mark_loc(&p->problem_mark);
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
	if (f)
		yaml_parser_set_input_file(&y->parser, f);
	else
		yaml_parser_set_input_string(&y->parser,
		    (const unsigned char *)buf, len);
	y->base.next = ynext;
	y->base.close = yclose;
	return &y->base;
}
