/* script: owns what zplan script writes (scripts.md): one POSIX sh script
 * per host (a controller's pools, filesystems and shares; a client's
 * mounts), each with its preflight, its idempotence checks and its dry
 * run (each Linux host's vdev_id.conf: vdevid.h). Writes to any FILE, so to memory through
 * open_memstream; the model must have passed the rules without error. */
#ifndef ZPLAN_SCRIPT_H
#define ZPLAN_SCRIPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "zplan/model.h"

/* --only: what the scripts do (bits; ZP_ONLY_ALL by default). */
enum {
	ZP_ONLY_POOLS = 1,
	ZP_ONLY_DATASETS = 2,
	ZP_ONLY_SHARES = 4,
	ZP_ONLY_MOUNTS = 8,
	ZP_ONLY_VDEV_ID = 16,
	ZP_ONLY_ALL = 31
};

struct zp_script_opts {
	const char *model;          /* the model file as named, for the header */
	const char *sha256;         /* hex SHA-256 of the model's bytes */
	unsigned only;              /* ZP_ONLY_* */
	bool dry_run;               /* scripts that only print */
};

/* A host that gets a script: a controller that owns pools, "localhost"
 * for the pools of a model without controllers, a client with mounts, or
 * one controller and one client of the same id together. */
#define ZP_HOST_LOCAL (-2)
struct zp_host {
	const char *id;
	int32_t ctrl;               /* controller index, ZP_HOST_LOCAL or -1 */
	int32_t client;             /* client index or -1 */
};

/* The model indexed for scripting (pools, filesystems and mounts by host,
 * mountpoints), built once in time linear in the model. */
struct zp_script_plan;

struct zp_script_plan *zp_script_plan_new(const struct zp_model *m);
void zp_script_plan_free(struct zp_script_plan *p);

/* Every host with something to script, controllers in file order first,
 * then clients; *out points into p. */
size_t zp_script_hosts(const struct zp_script_plan *p,
    const struct zp_host **out);
/* Whether h has anything to do under only. */
bool zp_script_host_busy(const struct zp_script_plan *p,
    const struct zp_host *h, unsigned only);
/* A pool of h that the script cannot create as the model means it (no
 * data vdev, or disks given by an intent zplan plan has not resolved),
 * or NULL. */
const char *zp_script_unbuildable(const struct zp_script_plan *p,
    const struct zp_host *h);

/* A whole script for controller c (its pools, filesystems and shares). */
int zp_script_controller(FILE *out, const struct zp_script_plan *p,
    int32_t c, const struct zp_script_opts *o);
/* A whole script for client c (its mounts, in plan order). */
int zp_script_client(FILE *out, const struct zp_script_plan *p, int32_t c,
    const struct zp_script_opts *o);
/* The script of h, whatever its kind. Each returns 0, or -1 when out has
 * a write error. */
int zp_script_host(FILE *out, const struct zp_script_plan *p,
    const struct zp_host *h, const struct zp_script_opts *o);
#endif
