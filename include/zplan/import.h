/* import: owns turning an inventory of a host's disks (lsblk --json -b
 * output) into a model skeleton: drive types, disks with stable device
 * names, the controller they belong to. */
#ifndef ZPLAN_IMPORT_H
#define ZPLAN_IMPORT_H

#include <stdio.h>

/* The columns zplan import lsblk reads: the command to run. */
#define ZP_LSBLK_CMD "lsblk --json -b -o " \
	"NAME,SIZE,ROTA,TYPE,MODEL,SERIAL,WWN,TRAN,HCTL,MOUNTPOINT"

/* Reads lsblk output from path ("-": standard input), in either JSON form
 * util-linux has written (every value a string, before 2.33; numbers and
 * booleans since), and writes to out a model (YAML, `zplan: 1`) whose disks
 * are internal disks of controller. Devices left out (partitions' disks,
 * mounted, loop, rom) and unstable device names are noted on err. Returns
 * 0, or 2 with a located message on err and nothing written to out. */
int zp_import_lsblk(const char *path, const char *controller, FILE *out,
    FILE *err);

/* The name udev's 60-persistent-storage.rules gives a disk under
 * /dev/disk/by-id, from lsblk's TRAN, MODEL, SERIAL and WWN (any may be
 * NULL) and kernel name; NULL when none can be derived. In buf. */
const char *zp_byid_name(const char *name, const char *tran,
    const char *model, const char *serial, const char *wwn, char *buf,
    size_t len);

#endif
