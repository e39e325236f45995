/* jsonin: JSON inputs other than models, as located events. */
#include "zplan/jsonin.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "zplan/arena.h"
#include "zplan/load.h"
#include "zplan/text.h"


int zp_jin_read(const char *path, const char **name, char **buf,
    size_t *blen, char *why, size_t len)
{
	bool std = strcmp(path, "-") == 0;
	struct stat st;
	FILE *f;

	*name = std ? "<stdin>" : path;
	*buf = NULL;
	f = std ? stdin : fopen(path, "rb");
	if (!f) {
		snprintf(why, len, "%s: error: cannot read it: %s", *name,
		    strerror(errno));
		return -1;
	}
	if (!std && fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(why, len, "%s: error: cannot read it: it is a "
		    "directory; name a file", *name);
		fclose(f);
		return -1;
	}
	*buf = zp_slurp(f, blen);
	if (!*buf)
		snprintf(why, len, "%s: error: cannot read it: %s", *name,
		    zp_read_error(errno));
	if (!std)
		fclose(f);
	return *buf ? 0 : -1;
}

int zp_jin_open_buf(struct zp_jin *j, const char *name, char *buf,
    size_t blen, size_t flags, char *why, size_t len)
{
	struct zp_loc loc;
	char msg[256];

	memset(j, 0, sizeof(*j));
	j->name = name;
	j->buf = buf;
	j->len = blen;
	j->src = zp_json_open_flags(j->buf, j->len, flags, msg, sizeof(msg),
	    &loc);
	if (!j->src) {
		snprintf(why, len, "%s:%u:%u: error: %s", j->name, loc.line,
		    loc.col, msg);
		/* jansson quotes the text near the error */
		zp_ctl_escape_in_place(why, len);
		free(j->buf);
		j->buf = NULL;
		return -1;
	}
	return 0;
}

int zp_jin_open(struct zp_jin *j, const char *path, size_t flags, char *why,
    size_t len)
{
	const char *name;
	char *buf;
	size_t blen;

	memset(j, 0, sizeof(*j));
	if (zp_jin_read(path, &name, &buf, &blen, why, len)) {
		j->name = name;
		return -1;
	}
	return zp_jin_open_buf(j, name, buf, blen, flags, why, len);
}

void zp_jin_next(struct zp_jin *j)
{
	/* jansson has parsed and checked the whole text: no error follows */
	j->src->next(j->src, &j->ev);
}

void zp_jin_skip(struct zp_jin *j)
{
	long depth = 0;

	for (;;) {
		depth += zp_ev_nesting(j->ev.type);
		if (depth == 0 || j->ev.type == ZP_EV_END)
			return;
		zp_jin_next(j);
	}
}

bool zp_jin_null(const struct zp_jin *j)
{
	return j->ev.type == ZP_EV_SCALAR && j->ev.plain && j->ev.len == 0;
}

void zp_jin_close(struct zp_jin *j)
{
	if (j->src)
		j->src->close(j->src);
	free(j->buf);
	j->src = NULL;
	j->buf = NULL;
}
