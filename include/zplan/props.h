/* props: owns the catalogue of ZFS properties (src/props.def: OpenZFS 2.4's
 * native dataset and pool properties, pool features, shipped compatibility
 * names) and checking one property name and value the way zfs create,
 * zpool create -o and -O check it (libzfs zfs_valid_proplist,
 * zpool_valid_proplist, zprop_parse_value). Lookups are hashed.
 *
 * For the code that checks a model's lists (rules/properties.c, and a
 * volumes section), the entry points are:
 *   zp_prop_check()      one name=value on one object: the verdict and its
 *                        message, with nothing reported;
 *   zp_props_check_kvs() a whole properties/options list of one object:
 *                        every pair through zp_prop_check, reported as
 *                        property-unknown / property-invalid findings,
 *                        plus what libzfs refuses in combination (a name
 *                        given twice through an alias, normalization with
 *                        utf8only=off, the encryption rules of
 *                        zfs_crypto_create, version with feature@...).
 * A volume is checked with ZP_OBJ_VOL: volume-only properties (volsize,
 * volblocksize, volthreading) pass there, filesystem-only ones (recordsize,
 * quota, mountpoint, atime ...) are refused as zfs create -V refuses them. */
#ifndef ZPLAN_PROPS_H
#define ZPLAN_PROPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "zplan/capacity.h"

struct zp_diags;
struct zp_kvs;
struct zp_model;

/* The objects a property applies to (a bit set). */
#define ZP_OBJ_FS   1u      /* a filesystem: zfs create -o */
#define ZP_OBJ_VOL  2u      /* a volume: zfs create -V -o */
#define ZP_OBJ_ROOT 4u      /* a pool's root dataset: zpool create -O */
#define ZP_OBJ_POOL 8u      /* the pool itself: zpool create -o */

enum zp_prop_space { ZP_SPACE_DS, ZP_SPACE_POOL };
enum zp_prop_type { ZP_PT_NUMBER, ZP_PT_SIZE, ZP_PT_INDEX, ZP_PT_STRING };
enum zp_prop_attr {
	ZP_PA_INHERIT,      /* settable, inherited by children */
	ZP_PA_DEFAULT,      /* settable, not inherited */
	ZP_PA_ONETIME,      /* settable only when the dataset is created */
	ZP_PA_READONLY,     /* reported by ZFS, never set */
	ZP_PA_NOCREATE      /* a pool property zpool create refuses */
};
/* The value rule of a property beyond its type (see props.c). */
enum zp_prop_rule {
	ZP_VR_NONE, ZP_VR_STRING, ZP_VR_SHARE, ZP_VR_COPIES, ZP_VR_PBKDF2,
	ZP_VR_BLOCKSIZE, ZP_VR_SMALLBLK, ZP_VR_MOUNTPOINT, ZP_VR_MLSLABEL,
	ZP_VR_KEYLOCATION, ZP_VR_QUOTA, ZP_VR_SIZE_NONE, ZP_VR_REFRESERV,
	ZP_VR_VOLSIZE, ZP_VR_COUNT_NONE, ZP_VR_ALTROOT, ZP_VR_CACHEFILE,
	ZP_VR_COMMENT, ZP_VR_COMPATIBILITY, ZP_VR_POOLVERSION, ZP_VR_ASHIFT,
	ZP_VR_DDTQUOTA
};

/* A release as a number: R(2, 4, 0) is 20400; 0 is "before 0.6.5". */
#define ZP_REL(maj, min, pat) ((uint32_t)(maj) * 10000u + (min) * 100u + (pat))

struct zp_prop_val {
	const char *name;
	uint32_t since;
};

struct zp_prop {
	const char *name, *alias;           /* alias: NULL when none */
	enum zp_prop_space space;
	enum zp_prop_type type;
	const struct zp_prop_val *vals;     /* index properties; else NULL */
	unsigned objs;                      /* ZP_OBJ_* */
	enum zp_prop_attr attr;
	enum zp_prop_rule rule;
	uint32_t since;
	const char *dflt;                   /* "" when ZFS reports it */
	const char *takes;                  /* what it takes, as zfs says */
};

struct zp_feature {
	const char *name, *guid;
	uint32_t since;
};

struct zp_compat {
	const char *name;
	uint32_t since;
	const char *features;   /* the features it enables, blank-separated */
};

/* A value that needs a pool feature (value: a prefix, "*" any but off,
 * ">128K" a size above 128K). */
struct zp_need {
	const char *prop, *value, *feature;
};

extern const struct zp_prop zp_props[];
extern const size_t zp_nprops;
extern const struct zp_feature zp_features[];
extern const size_t zp_nfeatures;
extern const struct zp_compat zp_compats[];
extern const size_t zp_ncompats;
extern const struct zp_need zp_needs[];
extern const size_t zp_nneeds;

/* The native property called name (or ZFS's alias for it) among the
 * dataset properties (space DS) or the pool properties; NULL if none.
 * Case-sensitive, as ZFS matches. */
const struct zp_prop *zp_prop_find(const char *name, enum zp_prop_space sp);
const struct zp_feature *zp_feature_find(const char *name);
const struct zp_compat *zp_compat_find(const char *name);
/* A number as libzfs's zfs_nicestrtonum reads it (digits or a decimal,
 * then an optional 1024-based suffix B K M G T P E Z, alone or with B or
 * iB); 0, or -1 with a static reason in why. */
int zp_zfs_number(const char *s, uint64_t *out, const char **why);
/* Whether name on obj takes a size (bytes): scripts write those in bytes,
 * since a model's "2TB" is decimal and zfs reads every unit as binary. */
bool zp_prop_is_size(const char *name, unsigned obj);
/* The entry of value v of an index property, or NULL. */
const struct zp_prop_val *zp_prop_value(const struct zp_prop *p,
    const char *v);
/* "2.4", "0.6.5", or "before 0.6.5" for 0, into buf (16 bytes). */
const char *zp_release_str(uint32_t rel, char *buf, size_t len);
/* The newest release a platform stands for (UINT32_MAX: the newest). */
uint32_t zp_platform_release(enum zp_platform plat);
/* "filesystem", "volume", "pool root", "pool" for one ZP_OBJ_* bit. */
const char *zp_obj_name(unsigned obj);

enum zp_verdict {
	ZP_PROP_OK,
	ZP_PROP_UNKNOWN,    /* property-unknown: no such name on this object
	                     * (or read-only) */
	ZP_PROP_INVALID,    /* property-invalid: a value or place ZFS refuses */
	ZP_PROP_LATER       /* accepted by OpenZFS 2.4, but the platform's
	                     * release predates the name or value: a note */
};

struct zp_prop_verdict {
	enum zp_verdict kind;
	bool at_value;      /* the finding is about the value, not the name */
	const struct zp_prop *prop;     /* the native entry, when there is one */
	const char *name;   /* the name as zfs is to get it (alias resolved) */
	char msg[640];      /* the finding's message; "" when OK */
};

/* Checks name = value on one object (one ZP_OBJ_* bit) of platform plat;
 * who names the owner in the message ("filesystem tank/a", "pool tank").
 * Returns the verdict's kind. */
enum zp_verdict zp_prop_check(const char *name, const char *value,
    unsigned obj, enum zp_platform plat, const char *who,
    struct zp_prop_verdict *v);

/* What the checks of a list need from around it. */
struct zp_prop_ctx {
	enum zp_platform plat;
	/* the dataset's parent is encrypted (its encryption is inherited) */
	bool parent_encrypted;
	/* the options (-o) of the dataset's pool, whose feature@... and
	 * version decide which values can be set (compression=zstd needs
	 * feature@zstd_compress ...); NULL: not known */
	const struct zp_kvs *pool_options;
	const char *pool;   /* its name, for messages */
};

/* Checks one object's list and reports its findings; path is the model
 * path of the list ("filesystems[3].properties"). Returns whether the
 * dataset is encrypted (own or inherited), for its children. */
bool zp_props_check_kvs(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx);
/* Only the per-pair findings of zp_props_check_kvs (a template's shared
 * list is checked once), and only the combinations (each member of it,
 * with its own parent). */
void zp_props_check_pairs(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx);
bool zp_props_check_combos(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx);
/* Whether the dataset called name inherits encryption: the nearest
 * filesystem above it (or, above them all, its pool's root properties)
 * that sets encryption sets it to something other than off. For
 * zp_prop_ctx.parent_encrypted of a filesystem or volume. */
bool zp_props_encrypted_above(const struct zp_model *m, const char *name);
/* Whether pool options disable any feature (feature@X: disabled, a
 * version, which has none, or a compatibility set): only then does a
 * dataset's pool matter. */
bool zp_props_restrict_features(const struct zp_kvs *options);
/* Whether the list sets anything about encryption (so that its datasets'
 * parents matter). */
bool zp_props_touch_encryption(const struct zp_kvs *kv);

#endif
