/* names: owns the OpenZFS naming rules for pools and datasets (rule
 * name-invalid), after module/zcommon/zfs_namecheck.c and
 * lib/libzfs/libzfs_pool.c. Pure functions. */
#ifndef ZPLAN_NAMES_H
#define ZPLAN_NAMES_H

#include <stdbool.h>
#include <stddef.h>

/* Each returns true when the name is valid; otherwise false and a
 * lowercase message without full stop in why[0..len) that names the
 * problem and the fix ("pool name \"mirror1\" begins with the reserved word
 * \"mirror\"; choose another name"). */
bool zp_pool_name_ok(const char *name, char *why, size_t len);
/* A filesystem name "pool/a/b": its pool component must itself be a valid
 * pool name; components non-empty, not "." or "..", valid characters, depth
 * at most 50, whole name under 256 bytes. Does not check that the pool
 * exists (the caller does). */
bool zp_dataset_name_ok(const char *name, char *why, size_t len);

#endif
