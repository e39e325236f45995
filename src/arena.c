/* arena: bump allocation, scratch stack and vectors for the model. */
#define _DEFAULT_SOURCE         /* madvise */
#include "zplan/arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define CHUNK_MIN (256 * 1024)
/* Memory is populated in steps of this size (see populate). */
#define POPULATE_STEP (256 * 1024)
#define ALIGN 8

struct zp_arena_chunk {
	struct zp_arena_chunk *next;
	max_align_t pad[];
};

static void oom(size_t n)
{
	fprintf(stderr, "zplan: out of memory allocating %zu bytes\n", n);
	abort();
}

/* A fresh page costs a trap on its first write: several microseconds in a
 * virtual machine, a tenth of a fleet check. Memory about to be written is
 * asked for in bulk instead, one call for up to POPULATE_STEP bytes. Best
 * effort: a kernel before 5.14 refuses MADV_POPULATE_WRITE, and its pages
 * fault in one by one as before. */
static void populate(void *p, size_t n)
{
#ifdef MADV_POPULATE_WRITE
	const uintptr_t pg = 4096;
	uintptr_t a = ((uintptr_t)p + pg - 1) & ~(pg - 1);
	uintptr_t b = ((uintptr_t)p + n) & ~(pg - 1);

	if (b > a)
		(void)madvise((void *)a, b - a, MADV_POPULATE_WRITE);
#else
	(void)p;
	(void)n;
#endif
}

void *zp_xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

void *zp_xcalloc(size_t n, size_t size)
{
	void *p = calloc(n ? n : 1, size ? size : 1);
	if (!p)
		oom(n * size);
	/* large tables are written all over: in bulk */
	if (n * size >= POPULATE_STEP)
		populate(p, n * size);
	return p;
}

void *zp_xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		oom(n);
	return p;
}

char *zp_xstrdup(const char *s)
{
	size_t n = strlen(s) + 1;
	return memcpy(zp_xmalloc(n), s, n);
}

size_t zp_mul(size_t n, size_t size)
{
	if (size && n > SIZE_MAX / size)
		oom(SIZE_MAX);
	return n * size;
}

void zp_arena_init(struct zp_arena *a)
{
	a->head = NULL;
	a->cur = a->end = NULL;
}

void zp_arena_release(struct zp_arena *a)
{
	struct zp_arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	zp_arena_init(a);
}

/* Bump allocation at alignment align (a power of two). */
static void *bump(struct zp_arena *a, size_t n, size_t align)
{
	uintptr_t p = ((uintptr_t)a->cur + align - 1) & ~(uintptr_t)(align - 1);
	struct zp_arena_chunk *c;
	size_t sz;

	if (a->cur && p <= (uintptr_t)a->end && n <= (uintptr_t)a->end - p) {
		a->cur = (char *)(p + n);
		return (void *)p;
	}
	if (n > CHUNK_MIN / 4) {
		/* a large block gets a chunk of its own, kept behind the
		 * current one so that the current one stays in use */
		c = zp_xmalloc(sizeof(*c) + n);
		populate(c, sizeof(*c) + n);
		if (a->head) {
			c->next = a->head->next;
			a->head->next = c;
		} else {
			c->next = NULL;
			a->head = c;
		}
		return c->pad;
	}
	sz = CHUNK_MIN;
	c = zp_xmalloc(sizeof(*c) + sz);
	populate(c, sizeof(*c) + sz);
	c->next = a->head;
	a->head = c;
	a->cur = (char *)c->pad + n;
	a->end = (char *)c->pad + sz;
	return c->pad;
}

void *zp_arena_alloc(struct zp_arena *a, size_t n)
{
	void *p = bump(a, n, ALIGN);

	memset(p, 0, n);
	return p;
}

char *zp_arena_strndup(struct zp_arena *a, const char *s, size_t n)
{
	/* strings need no alignment: packing them saves a fifth of a
	 * fleet model's memory */
	char *p = bump(a, n + 1, 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *zp_arena_strdup(struct zp_arena *a, const char *s)
{
	return zp_arena_strndup(a, s, strlen(s));
}

char *zp_arena_printf(struct zp_arena *a, const char *fmt, ...)
{
	va_list ap;
	char buf[512], *p;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	if ((size_t)n < sizeof(buf))
		return zp_arena_strndup(a, buf, (size_t)n);
	p = bump(a, (size_t)n + 1, 1);
	va_start(ap, fmt);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return p;
}

void zp_vec_init(struct zp_vec *v, size_t size)
{
	v->data = NULL;
	v->len = v->cap = 0;
	v->size = size;
}

void *zp_vec_push(struct zp_vec *v)
{
	void *p;

	size_t at, step;

	if (v->len == v->cap) {
		v->cap = v->cap ? v->cap * 2 : 16;
		v->data = zp_xrealloc(v->data, zp_mul(v->cap, v->size));
	}
	at = v->len++ * v->size;
	p = v->data + at;
	/* a large vector is populated a step ahead of its end, not at once:
	 * its capacity can be twice what it holds */
	step = (at + v->size - 1) / POPULATE_STEP * POPULATE_STEP;
	if (v->cap * v->size >= POPULATE_STEP && step >= at &&
	    step < at + v->size) {
		size_t end = v->cap * v->size;

		populate(v->data + step, step + POPULATE_STEP < end ?
		    POPULATE_STEP : end - step);
	}
	memset(p, 0, v->size);
	return p;
}

void zp_vec_release(struct zp_vec *v)
{
	free(v->data);
	v->data = NULL;
	v->len = v->cap = 0;
}

size_t zp_scratch_mark(struct zp_scratch *s)
{
	return s->len;
}

void zp_scratch_push(struct zp_scratch *s, const void *item, size_t size)
{
	if (s->cap - s->len < size) {
		size_t cap = s->cap ? s->cap : 4096;
		while (cap - s->len < size)
			cap = zp_mul(cap, 2);
		s->data = zp_xrealloc(s->data, cap);
		s->cap = cap;
	}
	memcpy(s->data + s->len, item, size);
	s->len += size;
}

void *zp_scratch_commit(struct zp_scratch *s, struct zp_arena *a, size_t mark,
    size_t size, size_t *n)
{
	size_t bytes = s->len - mark;
	void *p = NULL;

	*n = bytes / size;
	if (bytes) {
		p = zp_arena_alloc(a, bytes);
		memcpy(p, s->data + mark, bytes);
	}
	s->len = mark;
	return p;
}

void zp_scratch_release(struct zp_scratch *s)
{
	free(s->data);
	s->data = NULL;
	s->len = s->cap = 0;
}
