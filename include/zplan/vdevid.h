/* vdevid: owns what OpenZFS's vdev_id helper (udev/vdev_id,
 * vdev_id.conf(5)) makes of the vdev_id.conf zplan writes for a Linux
 * host: which /dev/disk/by-vdev/ names exist, through which line, and the
 * file itself (scripts.md item 8). The rule dev-unresolvable and zplan
 * script read the same answers, so a name the file does not create is
 * one check warns about. */
#ifndef ZPLAN_VDEVID_H
#define ZPLAN_VDEVID_H

#include <stdbool.h>
#include <stdio.h>

#include "zplan/model.h"

/* How a disk's device name comes to exist on a host. */
enum zp_vid_how {
	ZP_VID_OWN,         /* not a by-vdev name (or policy.vdev_id external) */
	ZP_VID_CHANNEL,     /* a channel line: <channel><slot> is its id */
	ZP_VID_ALIAS,       /* an alias line to its wwn's by-id name */
	ZP_VID_NONE         /* nothing creates it */
};

/* Why a channel line cannot name an enclosure's disks on a host. */
enum zp_vid_gap {
	ZP_GAP_NONE,
	ZP_GAP_NO_PATH,     /* no path from the host (or its HBA unknown) */
	ZP_GAP_SINGLE,      /* one path, in a file in multipath mode */
	ZP_GAP_SHARED,      /* an HBA port shared with another enclosure */
	ZP_GAP_NAME         /* the disk's name is not <enclosure>-<slot> */
};

/* The model's channels, found once: per controller, whether its file is
 * in multipath mode, and which enclosures its channel lines can name. */
struct zp_vdevid;

struct zp_vdevid *zp_vdevid_new(const struct zp_model *m);
void zp_vdevid_free(struct zp_vdevid *v);

/* How disk i's dev comes to exist on host ctrl (-1: a model without
 * controllers); *gap says why a channel does not serve it. */
enum zp_vid_how zp_vdevid_how(const struct zp_vdevid *v, int32_t ctrl,
    size_t i, enum zp_vid_gap *gap);

/* Whether controller c's vdev_id.conf is in multipath mode. */
bool zp_vdevid_multipath(const struct zp_vdevid *v, int32_t c);

/* Writes host ctrl's vdev_id.conf (header comment naming model and
 * sha256). Returns the number of channel and alias lines (0: no file is
 * needed), or -1 on a write error. */
long zp_vdevid_write(FILE *out, const struct zp_vdevid *v, int32_t ctrl,
    const char *model, const char *sha256);

#endif
