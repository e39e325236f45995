/* htab: owns string-keyed lookup (id -> index) so that no check is
 * quadratic; open addressing with linear probing. A slot holds the key's
 * 32-bit hash and its value in 8 bytes, so a probe compares strings only
 * when the hashes agree. Keys are borrowed, never copied: either kept in a
 * parallel array, or (zp_htab_init_vec) read from the objects of a vector
 * that the values index, which stores no key at all. */
#ifndef ZPLAN_HTAB_H
#define ZPLAN_HTAB_H

#include <stddef.h>
#include <stdint.h>

struct zp_vec;

struct zp_htab {
	uint64_t *slots;            /* 0: empty; else hash << 32 | value */
	const char **keys;          /* NULL when keyed by vec */
	const struct zp_vec *vec;   /* key of value v: the string at off */
	size_t off;                 /* in the v-th object of vec */
	size_t cap, len;
};

void zp_htab_init(struct zp_htab *h, size_t expect);
/* A table whose value v is an index into vec and whose key is the string
 * pointer at byte off of object v (as struct zp_disk's id). */
void zp_htab_init_vec(struct zp_htab *h, size_t expect,
    const struct zp_vec *vec, size_t off);
void zp_htab_release(struct zp_htab *h);
/* Empties a table made by zp_htab_init_vec and keys it by the string at
 * off instead: the same slots serve a second lookup of the same objects. */
void zp_htab_rekey(struct zp_htab *h, size_t off);
/* Inserts key -> val; when key is present, leaves it and returns the index
 * stored for it, else returns -1. */
int32_t zp_htab_put(struct zp_htab *h, const char *key, int32_t val);
int32_t zp_htab_get(const struct zp_htab *h, const char *key); /* -1: absent */
/* The slot holding key, or -1; zp_htab_key gives the stored key. */
int32_t zp_htab_slot(const struct zp_htab *h, const char *key);
const char *zp_htab_key(const struct zp_htab *h, int32_t slot);
int32_t zp_htab_val(const struct zp_htab *h, int32_t slot);
uint64_t zp_hash(const char *s);

/* The 32-bit hash a slot keeps for key. */
uint32_t zp_htab_tag(const char *key);
/* zp_htab_put and zp_htab_slot for a key whose tag is known. */
int32_t zp_htab_put_tag(struct zp_htab *h, const char *key, uint32_t tag,
    int32_t val);
int32_t zp_htab_slot_tag(const struct zp_htab *h, const char *key,
    uint32_t tag);
/* Room for n more keys: puts do not grow (move) the table meanwhile. */
void zp_htab_reserve(struct zp_htab *h, size_t n);
/* A batch: a table larger than the caches costs a memory miss a probe,
 * so for n keys at hand each key's slot is prefetched some keys before it
 * is probed. key(ctx, i) is the i-th key; visit(ctx, i, tag) is called
 * for each i in order and probes or adds it with zp_htab_*_tag. h must not
 * grow meanwhile (zp_htab_reserve first when visit adds). */
void zp_htab_batch(const struct zp_htab *h, size_t n,
    const char *(*key)(void *ctx, size_t i),
    void (*visit)(void *ctx, size_t i, uint32_t tag), void *ctx);

#endif
