/* policy: owns the thresholds the rules read (model.md "policy"): their
 * defaults, and setting one from the file or from --policy KEY=VALUE. */
#ifndef ZPLAN_POLICY_H
#define ZPLAN_POLICY_H

#include <stddef.h>

#include "zplan/model.h"

void zp_policy_defaults(struct zp_policy *p, struct zp_arena *a);
/* Sets key (spares_per_pool, mirror_isolation, ..., disable, severity.ID)
 * from its text. disable takes a comma-separated list of rule ids. Returns
 * 0, or -1 with a message in why (lowercase, naming the key, the value and
 * what is accepted). */
int zp_policy_set(struct zp_policy *p, const char *key, const char *val,
    char *why, size_t len);
/* The names of the scalar keys, NULL-terminated, for "did you mean". */
extern const char *const zp_policy_keys[];

#endif
