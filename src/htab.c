/* htab: open-addressing string table, linear probing, grows at 3/4 load.
 * A slot is 8 bytes (hash and value); strings are compared only when the
 * hashes agree, so a probe past other keys touches no string. */
#include "zplan/htab.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/arena.h"

#define OCCUPIED 0x80000000u
/* How many keys ahead of its probe a batch prefetches a slot. */
#define AHEAD 16

uint64_t zp_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h ^ (h >> 29);
}

/* The 32 bits a slot keeps: never 0, so that 0 marks an empty slot. */
uint32_t zp_htab_tag(const char *key)
{
	uint64_t h = zp_hash(key);

	return (uint32_t)(h ^ (h >> 32)) | OCCUPIED;
}

static uint64_t slot_of(uint32_t t, int32_t val)
{
	return (uint64_t)t << 32 | (uint32_t)val;
}

static int32_t val_of(uint64_t s)
{
	return (int32_t)(uint32_t)s;
}

static void alloc_slots(struct zp_htab *h, size_t cap)
{
	h->cap = cap;
	h->len = 0;
	h->slots = zp_xcalloc(cap, sizeof(*h->slots));
	if (!h->vec)
		h->keys = zp_xcalloc(cap, sizeof(*h->keys));
}

static size_t cap_for(size_t expect)
{
	size_t cap = 16;

	while (cap / 4 * 3 < expect)
		cap *= 2;
	return cap;
}

void zp_htab_init(struct zp_htab *h, size_t expect)
{
	h->vec = NULL;
	h->off = 0;
	alloc_slots(h, cap_for(expect));
}

void zp_htab_init_vec(struct zp_htab *h, size_t expect,
    const struct zp_vec *vec, size_t off)
{
	h->vec = vec;
	h->off = off;
	h->keys = NULL;
	alloc_slots(h, cap_for(expect));
}

void zp_htab_release(struct zp_htab *h)
{
	free(h->slots);
	free(h->keys);
	h->slots = NULL;
	h->keys = NULL;
	h->cap = h->len = 0;
}

void zp_htab_rekey(struct zp_htab *h, size_t off)
{
	memset(h->slots, 0, h->cap * sizeof(*h->slots));
	h->len = 0;
	h->off = off;
}

const char *zp_htab_key(const struct zp_htab *h, int32_t slot)
{
	const struct zp_vec *v = h->vec;

	if (!v)
		return h->keys[slot];
	return *(const char *const *)(v->data +
	    (size_t)val_of(h->slots[slot]) * v->size + h->off);
}

int32_t zp_htab_val(const struct zp_htab *h, int32_t slot)
{
	return val_of(h->slots[slot]);
}

static void grow(struct zp_htab *h)
{
	uint64_t *slots = h->slots;
	const char **keys = h->keys;
	size_t i, j, mask, old = h->cap, len = h->len;

	alloc_slots(h, zp_mul(old, 2));
	mask = h->cap - 1;
	for (i = 0; i < old; i++) {
		if (!slots[i])
			continue;
		for (j = (slots[i] >> 32) & mask; h->slots[j]; j = (j + 1) & mask)
			;
		h->slots[j] = slots[i];
		if (keys)
			h->keys[j] = keys[i];
	}
	h->len = len;
	free(slots);
	free(keys);
}

/* The slot of key, or the empty slot where it would go (-1 - slot). */
static int32_t find(const struct zp_htab *h, const char *key, uint32_t t)
{
	size_t mask = h->cap - 1, i;

	for (i = t & mask; h->slots[i]; i = (i + 1) & mask)
		if ((uint32_t)(h->slots[i] >> 32) == t &&
		    strcmp(zp_htab_key(h, (int32_t)i), key) == 0)
			return (int32_t)i;
	return -1 - (int32_t)i;
}

int32_t zp_htab_put_tag(struct zp_htab *h, const char *key, uint32_t t,
    int32_t val)
{
	int32_t i;

	/* at 3/4 a miss probes about 8 slots: one or two cache lines */
	if ((h->len + 1) * 4 > h->cap * 3)
		grow(h);
	i = find(h, key, t);
	if (i >= 0)
		return val_of(h->slots[i]);
	i = -1 - i;
	h->slots[i] = slot_of(t, val);
	if (h->keys)
		h->keys[i] = key;
	h->len++;
	return -1;
}

int32_t zp_htab_put(struct zp_htab *h, const char *key, int32_t val)
{
	return zp_htab_put_tag(h, key, zp_htab_tag(key), val);
}

int32_t zp_htab_slot_tag(const struct zp_htab *h, const char *key,
    uint32_t t)
{
	int32_t i;

	if (!h->cap)
		return -1;
	i = find(h, key, t);
	return i < 0 ? -1 : i;
}

int32_t zp_htab_slot(const struct zp_htab *h, const char *key)
{
	return zp_htab_slot_tag(h, key, zp_htab_tag(key));
}

int32_t zp_htab_get(const struct zp_htab *h, const char *key)
{
	int32_t slot = zp_htab_slot(h, key);

	return slot < 0 ? -1 : val_of(h->slots[slot]);
}

static void prefetch(const struct zp_htab *h, uint32_t t)
{
	if (h->cap)
		__builtin_prefetch(&h->slots[t & (h->cap - 1)]);
}

void zp_htab_reserve(struct zp_htab *h, size_t n)
{
	if (!h->cap)
		alloc_slots(h, 16);
	while ((h->len + n) * 4 > h->cap * 3)
		grow(h);
}

void zp_htab_batch(const struct zp_htab *h, size_t n,
    const char *(*key)(void *ctx, size_t i),
    void (*visit)(void *ctx, size_t i, uint32_t tag), void *ctx)
{
	uint32_t tags[AHEAD];
	size_t i, a = AHEAD;

	for (i = 0; i < n + a; i++) {
		/* key i - a's tag is used before key i's takes its place */
		if (i >= a)
			visit(ctx, i - a, tags[i % a]);
		if (i < n) {
			tags[i % a] = zp_htab_tag(key(ctx, i));
			prefetch(h, tags[i % a]);
		}
	}
}
