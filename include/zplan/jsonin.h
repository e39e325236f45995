/* jsonin: owns reading a JSON input that is not a model (lsblk output,
 * zpool status -j) as a stream of located events, through the same
 * jansson-backed event source as the model loader. */
#ifndef ZPLAN_JSONIN_H
#define ZPLAN_JSONIN_H

#include <stdbool.h>
#include <stddef.h>

#include "zplan/load.h"

struct zp_jin {
	const char *name;       /* for messages: the path, or <stdin> */
	char *buf;
	size_t len;
	struct zp_evsrc *src;
	struct zp_event ev;     /* the current event */
};

/* Reads path ("-": standard input) whole and parses it with jansson, with
 * its decoding flags added. Returns 0 with j->ev unset (call zp_jin_next),
 * or -1 with a message "NAME:LINE:COL: error: ..." (or "NAME: error: ..."
 * when the file cannot be read) in why. */
int zp_jin_open(struct zp_jin *j, const char *path, size_t flags, char *why,
    size_t len);
/* The two halves of zp_jin_open, for a reader that looks at the bytes
 * before it knows they are JSON: reads path whole into *buf (to free) and
 * *blen, naming it in *name; then parses buf, taking it over (freed
 * by zp_jin_close, or at once on failure). */
int zp_jin_read(const char *path, const char **name, char **buf,
    size_t *blen, char *why, size_t len);
int zp_jin_open_buf(struct zp_jin *j, const char *name, char *buf,
    size_t blen, size_t flags, char *why, size_t len);
/* Moves to the next event. */
void zp_jin_next(struct zp_jin *j);
/* j->ev starts a value: consumes the whole of it (its last event stays). */
void zp_jin_skip(struct zp_jin *j);
/* Whether the current scalar is null (plain and empty). */
bool zp_jin_null(const struct zp_jin *j);
void zp_jin_close(struct zp_jin *j);

#endif
