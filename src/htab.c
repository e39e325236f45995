/* htab: open-addressing string table, linear probing, grows at 1/2 load. */
#include "zplan/htab.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/arena.h"

uint64_t zp_hash(const char *s)
{
	uint64_t h = 1469598103934665603ULL; /* FNV-1a */

	for (; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 1099511628211ULL;
	}
	return h ^ (h >> 29);
}

static void alloc_slots(struct zp_htab *h, size_t cap)
{
	h->cap = cap;
	h->len = 0;
	h->keys = zp_xcalloc(cap, sizeof(*h->keys));
	h->vals = zp_xcalloc(cap, sizeof(*h->vals));
}

void zp_htab_init(struct zp_htab *h, size_t expect)
{
	size_t cap = 16;

	while (cap < expect * 2)
		cap *= 2;
	alloc_slots(h, cap);
}

void zp_htab_release(struct zp_htab *h)
{
	free(h->keys);
	free(h->vals);
	h->keys = NULL;
	h->vals = NULL;
	h->cap = h->len = 0;
}

static void grow(struct zp_htab *h)
{
	const char **keys = h->keys;
	int32_t *vals = h->vals;
	size_t i, old = h->cap;

	alloc_slots(h, zp_mul(old, 2));
	for (i = 0; i < old; i++)
		if (keys[i])
			zp_htab_put(h, keys[i], vals[i]);
	free(keys);
	free(vals);
}

int32_t zp_htab_put(struct zp_htab *h, const char *key, int32_t val)
{
	size_t mask, i;

	if ((h->len + 1) * 2 > h->cap)
		grow(h);
	mask = h->cap - 1;
	for (i = zp_hash(key) & mask; h->keys[i]; i = (i + 1) & mask)
		if (strcmp(h->keys[i], key) == 0)
			return h->vals[i];
	h->keys[i] = key;
	h->vals[i] = val;
	h->len++;
	return -1;
}

int32_t zp_htab_slot(const struct zp_htab *h, const char *key)
{
	size_t mask, i;

	if (!h->cap)
		return -1;
	mask = h->cap - 1;
	for (i = zp_hash(key) & mask; h->keys[i]; i = (i + 1) & mask)
		if (strcmp(h->keys[i], key) == 0)
			return (int32_t)i;
	return -1;
}

int32_t zp_htab_get(const struct zp_htab *h, const char *key)
{
	int32_t slot = zp_htab_slot(h, key);

	return slot < 0 ? -1 : h->vals[slot];
}
