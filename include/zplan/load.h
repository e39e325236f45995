/* load: owns reading a model file (YAML through libyaml's event stream,
 * JSON through jansson) into a zp_model, with a location on every node;
 * load_yaml.c and load_json.c turn their input into one event stream that
 * load.c builds the model from. */
#ifndef ZPLAN_LOAD_H
#define ZPLAN_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "zplan/diag.h"
#include "zplan/model.h"

enum zp_evtype {
	ZP_EV_SCALAR, ZP_EV_MAP, ZP_EV_MAP_END, ZP_EV_SEQ, ZP_EV_SEQ_END,
	ZP_EV_ALIAS, ZP_EV_END, ZP_EV_ERROR
};

/* How an event changes the nesting: +1 opens a mapping or list, -1
 * closes one, 0 otherwise (for walking past a whole node). */
static inline int zp_ev_nesting(enum zp_evtype t)
{
	return t == ZP_EV_MAP || t == ZP_EV_SEQ ? 1 :
	    t == ZP_EV_MAP_END || t == ZP_EV_SEQ_END ? -1 : 0;
}

struct zp_event {
	enum zp_evtype type;
	const char *text;       /* scalars: NUL-terminated, valid until next */
	size_t len;
	struct zp_loc loc;
	size_t offset;          /* bytes of input read so far */
	bool plain;             /* an unquoted scalar (null, numbers) */
	bool anchor;            /* the node carries a YAML anchor */
};

/* An event source. next() fills ev; ZP_EV_END after the one document (or
 * when there is none: then empty is set); ZP_EV_ERROR with msg and loc set
 * on a syntax error. */
struct zp_evsrc {
	bool (*next)(struct zp_evsrc *s, struct zp_event *ev);
	void (*close)(struct zp_evsrc *s);
	char msg[256];
	bool empty;
};

/* From a file, or (f NULL) from buf[0..len), which must outlive it. */
struct zp_evsrc *zp_yaml_open(FILE *f, const char *buf, size_t len);
/* Parses the whole of buf (len bytes) with jansson first; NULL and msg/loc
 * set in *err on a syntax error. */
struct zp_evsrc *zp_json_open(const char *buf, size_t len, char *err,
    size_t errlen, struct zp_loc *errloc);
/* The same with jansson decoding flags added: JSON_DECODE_INT_AS_REAL for
 * input whose integers may pass 2^63 (zpool status --json-int guids). */
struct zp_evsrc *zp_json_open_flags(const char *buf, size_t len,
    size_t flags, char *err, size_t errlen, struct zp_loc *errloc);

/* Loads path ("-": standard input). Returns the model (NULL when the
 * command cannot run: unreadable file, syntax error, unsupported format);
 * findings go to d. *status gets the exit status the failure calls for
 * (2), 0 otherwise. */
struct zp_model *zp_load(const char *path, struct zp_diags *d, int *status);
/* The most zplan reads from one input (a model, lsblk's or zpool status's
 * output, from a file or a stream): 256 MiB, some 1.7 million disks of a
 * fleet model (100,000 are 15 MB). */
#define ZP_INPUT_MAX ((size_t)256 << 20)
/* Reads all of f into a malloc'd buffer (*len bytes); NULL on a read
 * error, or with errno EFBIG past ZP_INPUT_MAX. */
char *zp_slurp(FILE *f, size_t *len);
/* What a failed zp_slurp (or the YAML reader) says, from its errno. */
const char *zp_read_error(int err);
/* Reads all of path ("-": standard input) into *buf (to free) and *len, for
 * a command that needs the bytes themselves (script's SHA-256). -1 with a
 * finding in d when it cannot. */
int zp_read_input(const char *path, struct zp_diags *d, char **buf,
    size_t *len);
/* zp_load from bytes already read from path (the name used in findings and
 * to tell JSON by its extension). */
struct zp_model *zp_load_buf(const char *path, const char *buf, size_t len,
    struct zp_diags *d, int *status);

/* Records that object second of kind (ports: of owner; else -1) has the
 * id of object first, in v (m->dups, m->dev_dups). */
void zp_dup_push(struct zp_vec *v, enum zp_kind kind, int32_t owner,
    int32_t first, int32_t second);
/* Linking after loading (link.c). */
void zp_link(struct zp_model *m);
/* Resolves r to a disk and records that pool uses it as kind (in its
 * vdev-th vdev or list item); a disk used before goes to m->reuses. link.c
 * calls it for every disk a pool names, plan.c for every disk it picks. */
void zp_link_use(struct zp_model *m, struct zp_ref *r, int32_t pool,
    enum zp_use_kind kind, uint32_t vdev);

#endif
