/* osdial: owns what differs between the servers' operating systems
 * (controller `os`, scripts.md item 12): the stable name a disk gets when
 * the model gives no `dev`, what that name needs, the `sharenfs` grammar
 * and how an export to a set of subnets is written, how a script tests a
 * device and finds the NFS server. One const struct per OS, each in a
 * file of its own (src/os_linux.c, os_freebsd.c, os_illumos.c), chosen
 * once by zp_os_dialect. */
#ifndef ZPLAN_OSDIAL_H
#define ZPLAN_OSDIAL_H

#include <stdbool.h>
#include <stddef.h>

#include "zplan/model.h"

struct zp_os_dialect {
	const char *name;           /* as controller `os` spells it */
	bool vdev_id;               /* names disks through vdev_id.conf */
	/* The name of disk i when the model gives it no `dev` (in the
	 * model's arena); NULL when the model lacks what the name needs
	 * (then *why says what to give). */
	const char *(*default_dev)(struct zp_model *m, size_t i,
	    const char **why);
	/* Whether `sharenfs=opts` is refused by this OS (0: accepted); why
	 * gets the reason. open is set when the options export to every
	 * host. */
	int (*share_check)(const char *opts, bool *open, char *why,
	    size_t len);
	/* Appends to buf the sharenfs value exporting read-write to the
	 * n subnets (network address and prefix) in nets. */
	void (*share_to)(char *buf, size_t len, const struct zp_addr *nets,
	    size_t n);
	/* The test(1) operator for a disk's device node: b or c. */
	char dev_test;
	/* Shell text of zp_nfs_server: a preflight check that the NFS
	 * server is installed (zp_problem otherwise). */
	const char *nfs_preflight;
};

extern const struct zp_os_dialect zp_os_linux, zp_os_freebsd,
    zp_os_illumos;

const struct zp_os_dialect *zp_os_dialect(enum zp_srv_os os);
/* The dialect of the controller that names disk i (zp_disk_host;
 * Linux where there is none). */
const struct zp_os_dialect *zp_disk_dialect(const struct zp_model *m,
    size_t i);
/* The dev of disk i when the model gives none: its dialect's stable
 * name, or (that name impossible: dev-unresolvable says so) the by-vdev
 * name. */
const char *zp_os_default_dev(struct zp_model *m, size_t i);
/* Splits a sharenfs value at commas (Linux, illumos) or at commas,
 * blanks and semicolons (FreeBSD), calling fn on each word with its
 * value after '=' (NULL when none); stops at fn's first non-zero. */
int zp_share_words(const char *opts, const char *seps,
    int (*fn)(const char *key, size_t klen, const char *val, size_t vlen,
    void *ctx), void *ctx);

#endif
