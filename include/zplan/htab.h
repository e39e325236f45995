/* htab: owns string-keyed lookup (id -> index) so that no check is
 * quadratic; open addressing, keys are borrowed, never copied. */
#ifndef ZPLAN_HTAB_H
#define ZPLAN_HTAB_H

#include <stddef.h>
#include <stdint.h>

struct zp_htab {
	const char **keys;
	int32_t *vals;
	size_t cap, len;
};

void zp_htab_init(struct zp_htab *h, size_t expect);
void zp_htab_release(struct zp_htab *h);
/* Inserts key -> val; when key is present, leaves it and returns the index
 * stored for it, else returns -1. */
int32_t zp_htab_put(struct zp_htab *h, const char *key, int32_t val);
int32_t zp_htab_get(const struct zp_htab *h, const char *key); /* -1: absent */
/* The slot holding key (h->keys[slot] is the stored key), or -1. */
int32_t zp_htab_slot(const struct zp_htab *h, const char *key);
uint64_t zp_hash(const char *s);

#endif
