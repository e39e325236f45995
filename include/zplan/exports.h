/* exports: owns whom `share: nfs` exports a filesystem to (model.md
 * "filesystems"): the subnets of the client ports that mount it, found
 * once for every filesystem from the mount list. The rules share-open and
 * share-options and the scripts' sharenfs values read it. */
#ifndef ZPLAN_EXPORTS_H
#define ZPLAN_EXPORTS_H

#include <stdbool.h>
#include <stddef.h>

#include "zplan/model.h"

struct zp_exports;

struct zp_exports *zp_exports_new(const struct zp_model *m);
void zp_exports_free(struct zp_exports *x);

/* The distinct subnets that mount filesystem fs (the client port's
 * address, else the server port's), *n of them; *blind counts its mounts
 * with an address on neither side (whom they come from is unknown), and
 * *mounts all its mounts. */
const struct zp_addr *zp_exports_of(const struct zp_exports *x, size_t fs,
    size_t *n, size_t *blind, size_t *mounts);

/* The sharenfs value of filesystem fs on its server's OS, into buf:
 * its own options, or (share: nfs) read-write to its subnets, or "on"
 * when a mount's subnet is unknown. Returns false when share: nfs and no
 * client mounts it: it is exported to no one. */
bool zp_exports_sharenfs(const struct zp_exports *x, size_t fs, char *buf,
    size_t len);

#endif
