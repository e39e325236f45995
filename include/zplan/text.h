/* text: owns small string helpers shared by modules: the nearest known
 * word for "did you mean", and shell-safe quoting. */
#ifndef ZPLAN_TEXT_H
#define ZPLAN_TEXT_H

#include <stddef.h>

/* The candidate nearest to word (edit distance, transpositions counted
 * once) when it is near enough to be a likely typo, else NULL. cands is
 * NULL-terminated. */
const char *zp_nearest(const char *word, const char *const *cands);
/* Edit distance, capped at cap + 1. */
size_t zp_edit_distance(const char *a, const char *b, size_t cap);

#endif
