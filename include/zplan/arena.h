/* arena: owns memory of a model: a bump allocator freed all at once, a
 * scratch stack for lists whose length is known only at their end, and
 * growable vectors; allocation failure aborts with a message. */
#ifndef ZPLAN_ARENA_H
#define ZPLAN_ARENA_H

#include <stddef.h>

struct zp_arena_chunk;
struct zp_arena {
	struct zp_arena_chunk *head;
	char *cur, *end;
};

void *zp_xmalloc(size_t n);
void *zp_xcalloc(size_t n, size_t size);
void *zp_xrealloc(void *p, size_t n);
char *zp_xstrdup(const char *s);
/* Fails on overflow of n * size instead of wrapping. */
size_t zp_mul(size_t n, size_t size);

void zp_arena_init(struct zp_arena *a);
void zp_arena_release(struct zp_arena *a);
void *zp_arena_alloc(struct zp_arena *a, size_t n);   /* zeroed, aligned */
char *zp_arena_strndup(struct zp_arena *a, const char *s, size_t n);
char *zp_arena_strdup(struct zp_arena *a, const char *s);
char *zp_arena_printf(struct zp_arena *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* A growable array of fixed-size items. */
struct zp_vec {
	char *data;
	size_t len, cap, size;
};
void zp_vec_init(struct zp_vec *v, size_t size);
void *zp_vec_push(struct zp_vec *v);       /* zeroed new item */
void zp_vec_release(struct zp_vec *v);
#define ZP_VEC_AT(v, type, i) (&((type *)(v)->data)[i])

/* Scratch: lists are pushed here while read, then committed to the arena
 * at their end; nested lists mark and commit in stack order. */
struct zp_scratch {
	char *data;
	size_t len, cap;
};
size_t zp_scratch_mark(struct zp_scratch *s);
/* Copies one item of size bytes onto the stack. */
void zp_scratch_push(struct zp_scratch *s, const void *item, size_t size);
/* Copies the items pushed since mark into the arena, pops them, returns the
 * copy (NULL when empty) and their count in *n. */
void *zp_scratch_commit(struct zp_scratch *s, struct zp_arena *a, size_t mark,
    size_t size, size_t *n);
void zp_scratch_release(struct zp_scratch *s);

#endif
