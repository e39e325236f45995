/* model: owns the in-memory storage system: every object of model.md with
 * its source location, in one arena per model. Loaders fill it, expand.c
 * completes it, link.c resolves references, rules and commands read it. */
#ifndef ZPLAN_MODEL_H
#define ZPLAN_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zplan/arena.h"
#include "zplan/capacity.h"
#include "zplan/htab.h"
#include "zplan/units.h"

/* 1-based line and column of a node; 0 when the node has none (defaults). */
struct zp_loc {
	uint32_t line, col;
};

/* A reference by name, resolved by link.c to an index (-1: unresolved). */
struct zp_ref {
	const char *name;   /* NULL: absent */
	int32_t idx;
	struct zp_loc loc;
};

struct zp_kv {
	const char *key, *val;
	struct zp_loc loc, vloc;
};

struct zp_kvs {
	struct zp_kv *v;
	size_t n;
};

struct zp_refs {
	struct zp_ref *v;
	size_t n;
	bool set;           /* the key was written (even as an empty list) */
	struct zp_loc loc;
};

enum zp_media { ZP_MEDIA_NONE, ZP_MEDIA_HDD, ZP_MEDIA_SSD, ZP_MEDIA_NVME };
enum zp_role { ZP_ROLE_DATA, ZP_ROLE_STANDBY, ZP_ROLE_MANAGEMENT };
enum zp_os { ZP_OS_LINUX, ZP_OS_SOLARIS, ZP_OS_FREEBSD };
/* A server's (controller's) operating system: src/os_*.c hold each one's
 * dialect (struct zp_os_dialect, include/zplan/osdial.h). */
enum zp_srv_os { ZP_SRV_LINUX, ZP_SRV_FREEBSD, ZP_SRV_ILLUMOS, ZP_SRV_N };
enum zp_vkind {
	ZP_VDEV_DISK, ZP_VDEV_MIRROR, ZP_VDEV_RAIDZ1, ZP_VDEV_RAIDZ2,
	ZP_VDEV_RAIDZ3
};
enum zp_strategy { ZP_MNT_ROUND_ROBIN, ZP_MNT_ALL, ZP_MNT_EXPLICIT };
enum zp_isolation { ZP_ISO_ENCLOSURE, ZP_ISO_NONE };

struct zp_drive_type {
	const char *id;
	struct zp_loc loc;          /* of the key */
	enum zp_media media;
	uint64_t size;
	uint32_t sector;            /* 512 or 4096 */
	uint32_t rpm;
	const char *bus, *model;
	struct zp_loc media_loc, size_loc, sector_loc;
};

struct zp_port {
	const char *id;
	struct zp_loc loc;
	const char *speed;
	uint32_t mtu;               /* default 1500 */
	bool has_addr;
	struct zp_addr addr;
	enum zp_role role;
	struct zp_ref sw;           /* switch */
	struct zp_loc mtu_loc, addr_loc, role_loc;
};

struct zp_ports {
	struct zp_port *v;
	size_t n;
};

/* A SAS host bus adapter of a controller, by its PCI address. */
struct zp_hba {
	const char *id;
	const char *pci;            /* "0000:85:00.0", as lspci -D prints it */
	struct zp_loc loc, pci_loc;
};

struct zp_hbas {
	struct zp_hba *v;
	size_t n;
};

struct zp_controller {
	const char *id;
	struct zp_loc loc, id_loc;
	uint32_t src;               /* index in controllers: */
	const char *model;          /* free label */
	bool has_memory;
	uint64_t memory;
	struct zp_loc memory_loc;
	struct zp_ref peer;
	struct zp_ports ports;
	enum zp_srv_os os;          /* default linux */
	struct zp_loc os_loc;
	struct zp_hbas hbas;
};

/* How a controller reaches an enclosure: one HBA port (enclosure paths). */
struct zp_path {
	struct zp_ref ctrl;
	const char *hba;
	int32_t hba_idx;            /* in the controller's hbas; -1: unknown */
	uint32_t port;
	struct zp_loc loc, hba_loc;
};

struct zp_paths {
	struct zp_path *v;
	size_t n;
};

struct zp_enclosure {
	const char *id;
	struct zp_loc loc, id_loc, slots_loc;
	uint32_t src;
	const char *model;
	uint32_t slots;
	/* bays are numbered first_slot .. first_slot + slots - 1; a disk's
	 * slot is its bay number */
	uint32_t first_slot;
	/* the bays' physical arrangement seen from the front, bay first_slot
	 * top left, numbered along rows; 0 x 0: not given */
	uint32_t rows, columns;
	struct zp_refs controllers; /* default (unset): all controllers */
	struct zp_paths paths;      /* SAS paths, for vdev_id.conf */
	struct zp_loc paths_loc;
};

/* A location inside an object's entry, packed in 4 bytes against the
 * entry's own location: the line after it (0-2047) in the high 11 bits,
 * the column (1 to 2^20 - 1) in the low 20; 0 when absent. A location that
 * does not fit (minified JSON: one line, any column) is kept whole in the
 * model's far_locs and packed as its index with the top bit set, so every
 * location stays exact. zp_at_pack and zp_at_loc convert. */
typedef uint32_t zp_at;

/* The located fields of a disk (its at[] and zp_disk_loc). */
enum zp_disk_field { ZP_DF_ID, ZP_DF_SLOT, ZP_DF_DEV, ZP_DF_TYPE,
	ZP_DF_PLACE, ZP_DF_N };

/* A disk: 80 bytes, the model's most numerous object (a fleet has
 * 100,000); its locations packed, and its place one reference: the
 * enclosure it sits in, or the controller it is internal to. */
struct zp_disk {
	const char *id;
	const char *dev;            /* always set after expansion */
	const char *type_name;      /* as written; NULL: absent */
	const char *place_name;     /* enclosure (controller if internal) */
	int32_t type, place;        /* resolved by link.c; -1: unresolved */
	struct zp_loc loc;          /* range disks: the range entry */
	uint32_t src;               /* index of its entry in disks: */
	int32_t slot;               /* -1: not in an enclosure */
	zp_at at[ZP_DF_N];          /* range disks: id and slot at the range */
	bool internal : 1;          /* place is a controller */
	bool from_range : 1, dev_default : 1;
	bool dup_id : 1;            /* a disk of this id came before */
	bool has_ident : 1;         /* wwn or serial: in the model's idents */
};

/* What identifies a physical disk (wwn, serial), for the few disks that
 * say it: kept beside the disks, in disk order, so a disk stays small. */
struct zp_disk_ident {
	uint32_t disk;              /* index in disks */
	const char *wwn;            /* lowercase, "0x..." or "eui...."; NULL */
	const char *serial;         /* NULL: absent */
	struct zp_loc wwn_loc, serial_loc;
};

struct zp_vdev {
	enum zp_vkind kind;
	struct zp_loc loc;
	struct zp_ref *members;
	size_t n;
};

struct zp_vdevs {
	struct zp_vdev *v;
	size_t n;
};

/* A planner intent (model.md "Planner intents"), as written; plan.c
 * resolves it into the pool's explicit lists. */
struct zp_intent {
	bool set;
	struct zp_loc loc;
	enum zp_vkind layout;       /* data vdevs only */
	uint32_t width, count;
	struct zp_ref type;
};

struct zp_pool {
	const char *name;
	struct zp_loc loc, name_loc;
	uint32_t src;
	struct zp_ref controller;
	bool has_ashift;
	uint32_t ashift;
	struct zp_loc ashift_loc;
	struct zp_vdevs vdevs;      /* data */
	struct zp_vdevs log;        /* each a disk or a mirror */
	struct zp_refs cache, spares;
	struct zp_loc vdevs_loc;
	struct zp_intent vdevs_intent, log_intent, cache_intent, spares_intent;
	struct zp_refs from;
	struct zp_kvs options, properties;
	/* an intent or `from` drew a schema error: the planner leaves it */
	bool bad_intent;
	/* an intent could not be planned (an error says why): its lists stay
	 * empty, and rules that count them should pass the pool by */
	bool unplanned;
};

enum zp_share { ZP_SHARE_NONE, ZP_SHARE_NFS };

struct zp_fs {
	const char *name;
	struct zp_loc loc, name_loc;
	uint32_t src;
	int32_t pool;               /* resolved by link.c from the name */
	struct zp_kvs properties;
	enum zp_share share;
	const char *share_opts;     /* NULL: sharenfs=on */
	struct zp_loc share_loc;
	bool from_template;
};

struct zp_switch {
	const char *id;
	struct zp_loc loc, id_loc, ports_loc;
	uint32_t src;
	const char *model;
	uint32_t ports;
	bool has_mtu;
	uint32_t mtu;
	struct zp_loc mtu_loc;
};

struct zp_client {
	const char *id;
	struct zp_loc loc, id_loc;
	uint32_t src;
	enum zp_os os;
	struct zp_ports ports;
};

struct zp_nfsopts {
	const char *vers;           /* NULL: absent */
	uint64_t rsize, wsize;
	bool has_rsize, has_wsize;
	const char *proto;
	uint32_t nconnect;
	bool has_nconnect;
	int forcedirectio, hard;    /* -1 absent, 0 false, 1 true */
	const char *timeo, *actimeo, *extra;
	struct zp_loc loc, vers_loc, rsize_loc, wsize_loc, proto_loc,
	    nconnect_loc, forcedirectio_loc;
};

/* An explicit mount as written. */
struct zp_mount_entry {
	struct zp_loc loc;
	struct zp_ref client, fs;
	struct zp_ref via_ctrl, via_port;   /* "controller/port" */
	struct zp_loc via_loc;
	const char *at;
};

struct zp_mount_group {
	struct zp_loc loc;
	uint32_t src;
	enum zp_strategy strategy;
	struct zp_loc strategy_loc;
	struct zp_refs clients, controllers, pools;
	struct zp_nfsopts options;
	const char *at;             /* default "/mnt/{pool}/{fs}" */
	struct zp_loc at_loc;
	struct zp_mount_entry *list;
	size_t nlist;
	struct zp_loc list_loc;
};

/* A mount of the mount list, generated or explicit. */
struct zp_mount {
	int32_t group, client, client_port, fs, ctrl, port;
	const char *at;
	struct zp_loc loc;
	int32_t entry;              /* index in the group's list, -1 generated */
};

struct zp_policy {
	uint32_t spares_per_pool;
	enum zp_isolation mirror_isolation;
	uint32_t ashift;
	uint32_t max_raidz_width;
	enum zp_platform platform;
	enum zp_part partitioning;
	uint64_t partition_keep;
	uint32_t l2arc_ram_percent;
	uint32_t fill_percent;
	bool vdev_id_external;      /* policy.vdev_id: external */
	/* per rule: disabled, and severity override (-1: none) */
	unsigned char *disabled;
	signed char *severity;
	struct zp_loc loc;
};

struct zp_model {
	const char *file;           /* as named on the command line */
	const char *name;
	struct zp_arena arena;
	struct zp_policy policy;
	struct zp_vec drive_types, controllers, enclosures, disks, pools,
	    filesystems, switches, clients, groups, mounts;
	bool has_mounts;
	/* id -> index, built by link.c; h_disks by the loader, and released
	 * by link.c once every disk reference is resolved */
	struct zp_htab h_types, h_ctrls, h_encls, h_disks, h_pools, h_fs,
	    h_switches, h_clients;
	/* disk index -> where it is used, built by link.c */
	struct zp_disk_use *use;
	struct zp_vec dups;         /* struct zp_dup */
	/* disks whose dev a disk before them names too (struct zp_dup,
	 * kind ZP_K_DISK), found by link.c for dev-duplicate */
	struct zp_vec dev_dups;
	struct zp_vec far_locs;     /* struct zp_loc: zp_at that do not fit */
	struct zp_vec idents;       /* struct zp_disk_ident, in disk order */
	struct zp_vec reuses;       /* struct zp_reuse */
	/* what malformed input would have defined, so that references to it
	 * give no second error (one mistake, one error): kinds whose whole
	 * section could not be read (bit 1 << enum zp_kind), and the disk ids
	 * of disk entries that could not be read */
	uint32_t broken_kinds;
	struct zp_broken *broken;
};

/* The disk ids prefix + lo .. prefix + hi (a slot range that could not be
 * read: "shelf2-" 0 .. 3), in the model's arena. */
struct zp_broken {
	const char *prefix;
	uint32_t lo, hi;
	struct zp_broken *next;
};

/* Where a disk is used (first use kept; disk-reuse reports the rest). */
enum zp_use_kind { ZP_USE_NONE, ZP_USE_DATA, ZP_USE_LOG, ZP_USE_CACHE,
	ZP_USE_SPARE };
struct zp_disk_use {
	int32_t pool;
	enum zp_use_kind kind;
	uint32_t vdev;
	struct zp_loc loc;
};

enum zp_kind {
	ZP_K_TYPE, ZP_K_CTRL, ZP_K_ENCL, ZP_K_DISK, ZP_K_POOL, ZP_K_FS,
	ZP_K_SWITCH, ZP_K_CLIENT, ZP_K_CTRL_PORT, ZP_K_CLIENT_PORT
};

/* Two objects of one kind with one id (ports: within owner). */
struct zp_dup {
	enum zp_kind kind;
	int32_t owner, first, second;
};

/* A disk used a second time. */
struct zp_reuse {
	int32_t disk;
	struct zp_disk_use first, second;
};

#define ZP_N(m, sect) ((m)->sect.len)
#define ZP_DT(m, i) ZP_VEC_AT(&(m)->drive_types, struct zp_drive_type, i)
#define ZP_CTRL(m, i) ZP_VEC_AT(&(m)->controllers, struct zp_controller, i)
#define ZP_ENCL(m, i) ZP_VEC_AT(&(m)->enclosures, struct zp_enclosure, i)
#define ZP_DISK(m, i) ZP_VEC_AT(&(m)->disks, struct zp_disk, i)
#define ZP_POOL(m, i) ZP_VEC_AT(&(m)->pools, struct zp_pool, i)
#define ZP_FS(m, i) ZP_VEC_AT(&(m)->filesystems, struct zp_fs, i)
#define ZP_SW(m, i) ZP_VEC_AT(&(m)->switches, struct zp_switch, i)
#define ZP_CLIENT(m, i) ZP_VEC_AT(&(m)->clients, struct zp_client, i)
#define ZP_GROUP(m, i) ZP_VEC_AT(&(m)->groups, struct zp_mount_group, i)
#define ZP_MOUNT(m, i) ZP_VEC_AT(&(m)->mounts, struct zp_mount, i)

struct zp_model *zp_model_new(const char *file);
/* Whether a reference to name of kind k names what malformed input would
 * have defined (its error is given already). */
bool zp_ref_broken(const struct zp_model *m, int k, const char *name);
void zp_model_free(struct zp_model *m);

/* Names and helpers shared by loaders, rules and commands. */
const char *zp_media_name(enum zp_media m);
const char *zp_vkind_name(enum zp_vkind k);
unsigned zp_vkind_parity(enum zp_vkind k);  /* raidzN: N; others 0 */
const char *zp_platform_name(enum zp_platform p);
const char *zp_srv_os_name(enum zp_srv_os os);
/* The drive type of a disk, or NULL when unresolved. */
const struct zp_drive_type *zp_disk_type(const struct zp_model *m,
    const struct zp_disk *d);
/* Packs l, a location inside the entry at base (see zp_at). */
zp_at zp_at_pack(struct zp_model *m, struct zp_loc base, struct zp_loc l);
struct zp_loc zp_at_loc(const struct zp_model *m, struct zp_loc base,
    zp_at a);
/* Where field f of disk d is written ({0, 0}: nowhere). */
struct zp_loc zp_disk_loc(const struct zp_model *m, const struct zp_disk *d,
    enum zp_disk_field f);
/* The disk's type or place (ZP_DF_TYPE, ZP_DF_PLACE) as a reference. */
struct zp_ref zp_disk_ref(const struct zp_model *m, const struct zp_disk *d,
    enum zp_disk_field f);
/* Its enclosure, and the controller it is internal to: -1 when not. */
static inline int32_t zp_disk_encl(const struct zp_disk *d)
{
	return d->internal ? -1 : d->place;
}
static inline int32_t zp_disk_ctrl(const struct zp_disk *d)
{
	return d->internal ? d->place : -1;
}
/* The enclosure's id as written, or NULL for an internal disk. */
static inline const char *zp_disk_encl_name(const struct zp_disk *d)
{
	return d->internal ? NULL : d->place_name;
}
/* The disk a reference points at, or NULL. */
const struct zp_disk *zp_ref_disk(const struct zp_model *m,
    const struct zp_ref *r);
/* The wwn and serial of disk i, or NULL when it has neither. */
const struct zp_disk_ident *zp_disk_ident(const struct zp_model *m,
    size_t i);
/* The controller whose OS names disk d: its own (internal), else the
 * first controller cabled to its enclosure; -1 when there is none. */
int32_t zp_disk_host(const struct zp_model *m, const struct zp_disk *d);
/* The pool's ashift: its own, else policy.ashift. */
uint32_t zp_pool_ashift(const struct zp_model *m, const struct zp_pool *p);
/* The value of a key in a property list, or NULL. */
const struct zp_kv *zp_kv_get(const struct zp_kvs *kv, const char *key);

#endif
