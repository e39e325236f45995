/* capacity: the sums ZFS does between a disk as sold and the space a
 * dataset can use, step by step (capacity.md). Each step is checked against
 * the OpenZFS function named in its comment; the code here is our own.
 * Everything is unsigned 64-bit integer arithmetic: a remainder lost by a
 * shift or an alignment in ZFS must be lost here too, byte for byte. */
#include "zplan/capacity.h"

#define KIB		((uint64_t)1 << 10)
#define MIB		((uint64_t)1 << 20)
#define GIB		((uint64_t)1 << 30)

/* vdev_impl.h: a label is 256 KiB; two plus a 3.5 MiB boot area at the
 * front (VDEV_LABEL_START_SIZE), two at the end (VDEV_LABEL_END_SIZE). */
#define LABEL_SIZE	(256 * KIB)
#define LABELS_SIZE	(4 * LABEL_SIZE + 7 * (MIB / 2))
/* SPA_MINDEVSIZE: vdev_open refuses a leaf below this. */
#define MIN_DEV_SIZE	(64 * MIB)

/* efi_partition.h, vdev_disk.h: GPT entry array, reserved partition 9,
 * start of partition 1 and end alignment, all in sectors. */
#define EFI_ARRAY_BYTES	16384
#define EFI_RESV	16384
#define NEW_START	2048
#define PART_END_ALIGN	2048

#define MAXBLOCKSHIFT	24	/* SPA_MAXBLOCKSHIFT since large blocks */
#define OLD_MAXBLOCKSHIFT 17	/* SPA_MAXBLOCKSHIFT before them (legacy) */
#define MS_SHIFT_DEFAULT 29	/* zfs_vdev_default_ms_shift */
#define MS_SHIFT_MAX	34	/* zfs_vdev_max_ms_shift */
#define MS_COUNT_MIN	16	/* zfs_vdev_min_ms_count */
#define MS_COUNT_TARGET	200	/* zfs_vdev_default_ms_count, metaslabs_per_vdev */
#define MS_COUNT_LIMIT	((uint64_t)1 << 17) /* zfs_vdev_ms_count_limit */
#define EMBEDDED_LOG_MIN_MS 64	/* zfs_embedded_slog_min_ms */

#define ASHIFT_MIN	9
#define ASHIFT_MAX	16
#define RAIDZ_MAXPARITY	3
#define RAIDZ_MAXCHILDREN 255

static void
set_why(const char **why, const char *msg)
{
	if (why != NULL)
		*why = msg;
}

/* highbit64: 1-based index of the highest set bit, 0 for 0. */
static unsigned
highbit64(uint64_t x)
{
	unsigned h = 0;

	while (x != 0) {
		h++;
		x >>= 1;
	}
	return h;
}

static uint64_t
p2align(uint64_t x, uint64_t align)
{
	return x & ~(align - 1);
}

static uint64_t
min_u64(uint64_t a, uint64_t b)
{
	return a < b ? a : b;
}

static uint64_t
max_u64(uint64_t a, uint64_t b)
{
	return a > b ? a : b;
}

/* a + b into *sum; 0, or -1 if it would wrap. */
static int
add_u64(uint64_t a, uint64_t b, uint64_t *sum)
{
	if (a > UINT64_MAX - b)
		return -1;
	*sum = a + b;
	return 0;
}

/* a * b into *prod; 0, or -1 if it would wrap. */
static int
mul_u64(uint64_t a, uint64_t b, uint64_t *prod)
{
	if (a != 0 && b > UINT64_MAX / a)
		return -1;
	*prod = a * b;
	return 0;
}

/* zpool_label_disk (lib/libzfs/os/linux/libzfs_pool_os.c) sizes partition
 * 1 from efi_last_u_lba, which efi_alloc_and_init (lib/libefi/rdwr_efi.c)
 * puts below the backup GPT: header plus 128 entries of 128 bytes. Every
 * released OpenZFS (0.6 to 2.4) counts EFI_MIN_RESV_SIZE and NEW_START_BLOCK
 * in sectors of L, so a 4096-byte-sector disk loses 8 times as many bytes
 * to them; unreleased master (openzfs#18378) counts them in 512-byte units
 * whatever L is, which would give 4K disks a slightly larger partition. */
uint64_t
zp_cap_gpt_partition(uint64_t size, uint32_t sector)
{
	uint64_t l = sector == 0 ? 512 : sector;
	uint64_t s, backup, part;

	if (l != 512 && l != 4096)
		return 0;
	s = size / l;
	backup = EFI_ARRAY_BYTES / l + 1;
	if (s < backup + EFI_RESV + NEW_START)
		return 0;
	part = p2align(s - backup - EFI_RESV - NEW_START, PART_END_ALIGN) * l;
	/* zpool_label_disk: "partition would be less than ... (64M)" */
	return part < MIN_DEV_SIZE ? 0 : part;
}

uint64_t
zp_cap_device_bytes(uint64_t size, uint32_t sector,
    struct zp_partitioning part)
{
	switch (part.kind) {
	case ZP_PART_LINUX:
		return zp_cap_gpt_partition(size, sector);
	case ZP_PART_NONE:
		return size;
	case ZP_PART_KEEP:
		return size > part.keep_bytes ? size - part.keep_bytes : 0;
	}
	return 0;
}

/* vdev_open (module/zfs/vdev.c): osize is aligned down to a whole label,
 * the leaf below SPA_MINDEVSIZE is refused (VDEV_AUX_TOO_SMALL), and the
 * labels and boot area come off. The leaf's psize is the partition's (or
 * file's) byte size: vdev_disk_open's bdev_capacity, vdev_file_open. */
uint64_t
zp_cap_leaf_asize(uint64_t osize)
{
	uint64_t o = p2align(osize, LABEL_SIZE);

	return o < MIN_DEV_SIZE ? 0 : o - LABELS_SIZE;
}

/* vdev_mirror_open: the smallest child; vdev_raidz_open: the smallest
 * child times the children. vdev_open then aligns the result to 256 KiB,
 * a no-op here since each leaf asize is already a multiple of it. */
uint64_t
zp_cap_top_asize(enum zp_cap_kind kind, const uint64_t *child_asize,
    size_t n)
{
	uint64_t least, out;

	if (child_asize == NULL || n == 0)
		return 0;
	least = child_asize[0];
	for (size_t i = 1; i < n; i++)
		least = min_u64(least, child_asize[i]);
	if (kind != ZP_CAP_RAIDZ)
		return least;
	if (mul_u64(least, n, &out) != 0)
		return 0;
	return p2align(out, LABEL_SIZE);
}

/* vdev_set_deflate_ratio: 2^17 / (psize_to_asize(128 KiB) >> 9), frozen at
 * 128 KiB and txg 0 so old block pointers stay consistent.
 * vdev_raidz_psize_to_asize (formerly vdev_raidz_asize): data sectors, plus
 * nparity per row of (cols - nparity) data sectors, rounded up to a
 * multiple of nparity + 1 so no unusable gap is left. A mirror or disk
 * allocates 128 KiB for 128 KiB at any ashift up to 17: ratio 512. */
uint32_t
zp_cap_deflate_ratio(enum zp_cap_kind kind, unsigned nparity,
    unsigned nchildren, unsigned ashift)
{
	uint64_t p = nparity, cols = nchildren, a;

	if (ashift < ASHIFT_MIN || ashift > ASHIFT_MAX)
		return 0;
	if (kind != ZP_CAP_RAIDZ)
		return 512;
	if (p < 1 || p > RAIDZ_MAXPARITY || cols <= p)
		return 0;
	a = (((uint64_t)1 << 17) + ((uint64_t)1 << ashift) - 1) >> ashift;
	a += p * ((a + cols - p - 1) / (cols - p));
	a = (a + p) / (p + 1) * (p + 1);
	return (uint32_t)(((uint64_t)1 << 17) / ((a << ashift) >> 9));
}

/* vdev_deflated_space: in metaslab_space_update it is applied per
 * metaslab of the vdev, whose sizes are multiples of 512, so deflating a
 * vdev's whole metaslab space at once gives the same sum. ratio <= 512, so
 * the result never exceeds space. */
uint64_t
zp_cap_deflate(uint64_t space, uint32_t ratio)
{
	if (ratio > 512)
		return 0;
	return (space >> 9) * ratio;
}

/* OpenZFS 0.8 and later, vdev_metaslab_set_size: aim for 200 metaslabs of
 * 512 MiB to 16 GiB, at least 16 metaslabs, and let them grow beyond
 * 16 GiB only when a vdev above 2 PiB would otherwise have more than 2^17.
 * openzfs-2.0 uses it too, although 0.7.x still sized as below with a
 * floor of 24 (capacity.md's choice: 0.8 to 2.0 is the bulk of that span).
 * Legacy (illumos vdev_metaslab_set_size, before it vdev_init; ZoL 0.6.4):
 * highbit64(asize / 200), floored at the SPA_MAXBLOCKSHIFT of the day (17),
 * which no vdev of 64 MiB or more reaches. */
unsigned
zp_cap_ms_shift(uint64_t asize, enum zp_platform plat)
{
	uint64_t count = asize >> MS_SHIFT_DEFAULT;
	unsigned shift;

	if (plat == ZP_PLAT_LEGACY) {
		shift = highbit64(asize / MS_COUNT_TARGET);
		return shift < OLD_MAXBLOCKSHIFT ? OLD_MAXBLOCKSHIFT : shift;
	}
	if (count < MS_COUNT_MIN)
		shift = highbit64(asize / MS_COUNT_MIN);
	else if (count > MS_COUNT_TARGET)
		shift = highbit64(asize / MS_COUNT_TARGET);
	else
		shift = MS_SHIFT_DEFAULT;
	if (shift < MAXBLOCKSHIFT) {
		shift = MAXBLOCKSHIFT;
	} else if (shift > MS_SHIFT_MAX) {
		shift = MS_SHIFT_MAX;
		if ((asize >> shift) > MS_COUNT_LIMIT)
			shift = highbit64(asize / MS_COUNT_LIMIT);
	}
	return shift;
}

/* vdev_metaslab_init: newc = vdev_asize >> vdev_ms_shift. */
uint64_t
zp_cap_ms_count(uint64_t asize, unsigned shift)
{
	return shift >= 64 ? 0 : asize >> shift;
}

/* vdev_metaslab_init (2.1 and later): a normal-class vdev with more than
 * zfs_embedded_slog_min_ms metaslabs moves one to spa_embedded_log_class. */
uint64_t
zp_cap_embedded_log_ms(uint64_t ms_count, enum zp_platform plat)
{
	return plat == ZP_PLAT_OPENZFS && ms_count > EMBEDDED_LOG_MIN_MS;
}

/* openzfs: spa_get_slop_space (2.1 and later): 1/32 capped at 128 GiB,
 * less the embedded log (at most half of it), floored at 128 MiB but never
 * more than half the pool. openzfs-2.0: spa_get_slop_space (0.7 to 2.0):
 * MAX(space >> 5, MIN(space >> 1, 128 MiB)). legacy: dsl_pool_adjustedsize
 * (ZoL 0.6.4, illumos before spa_slop_shift): MAX(space >> 6,
 * SPA_MINDEVSIZE >> 1), 32 MiB. */
uint64_t
zp_cap_slop(uint64_t space, uint64_t embedded_log, enum zp_platform plat)
{
	uint64_t slop;

	switch (plat) {
	case ZP_PLAT_OPENZFS:
		slop = min_u64(space >> 5, 128 * GIB);
		slop -= min_u64(embedded_log, slop >> 1);
		return max_u64(slop, min_u64(space >> 1, 128 * MIB));
	case ZP_PLAT_OPENZFS_2_0:
		return max_u64(space >> 5, min_u64(space >> 1, 128 * MIB));
	case ZP_PLAT_LEGACY:
		return max_u64(space >> 6, MIN_DEV_SIZE >> 1);
	}
	return 0;
}

static int
check_vdev(const struct zp_cap_vdev *v, struct zp_partitioning part,
    const char **why)
{
	switch (v->kind) {
	case ZP_CAP_DISK:
		if (v->nchildren != 1) {
			set_why(why, "a disk vdev has exactly one member");
			return -1;
		}
		break;
	case ZP_CAP_MIRROR:
		if (v->nchildren < 2) {
			set_why(why, "a mirror needs 2 or more members");
			return -1;
		}
		break;
	case ZP_CAP_RAIDZ:
		if (v->nparity < 1 || v->nparity > RAIDZ_MAXPARITY) {
			set_why(why, "raidz parity must be 1, 2 or 3");
			return -1;
		}
		if (v->nchildren <= v->nparity ||
		    v->nchildren > RAIDZ_MAXCHILDREN) {
			set_why(why, "raidz needs parity+1 to 255 members");
			return -1;
		}
		break;
	default:
		set_why(why, "unknown vdev kind");
		return -1;
	}
	if (part.kind == ZP_PART_LINUX && v->sector != 0 &&
	    v->sector != 512 && v->sector != 4096) {
		set_why(why, "sector size must be 512 or 4096");
		return -1;
	}
	if (part.kind != ZP_PART_LINUX && part.kind != ZP_PART_NONE &&
	    part.kind != ZP_PART_KEEP) {
		set_why(why, "unknown partitioning");
		return -1;
	}
	return 0;
}

/* Sums the normal class the way spa_update_dspace reads it: per top-level
 * vdev, whole metaslabs (vs_space, zpool list SIZE) and their deflated
 * space (metaslab_class_get_dspace), the embedded log metaslab going to its
 * own class; then usable as dsl_pool_adjustedsize: space less slop, 0 at
 * worst. */
int
zp_cap_pool(const struct zp_cap_vdev *v, size_t n, unsigned ashift,
    enum zp_platform plat, struct zp_partitioning part,
    struct zp_cap_pool *out, const char **why)
{
	struct zp_cap_pool sum = {0};

	if (out == NULL) {
		set_why(why, "no output");
		return -1;
	}
	*out = sum;
	if (n > 0 && v == NULL) {
		set_why(why, "no vdevs given");
		return -1;
	}
	if (ashift < ASHIFT_MIN || ashift > ASHIFT_MAX) {
		set_why(why, "ashift must be 9 to 16");
		return -1;
	}
	if (plat != ZP_PLAT_OPENZFS && plat != ZP_PLAT_OPENZFS_2_0 &&
	    plat != ZP_PLAT_LEGACY) {
		set_why(why, "unknown platform");
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		const struct zp_cap_vdev *d = &v[i];
		uint64_t raw = d->raw_bytes, leaf, asize, count, elog, dms;
		unsigned shift;
		uint32_t ratio;

		if (check_vdev(d, part, why) != 0)
			return -1;
		if (raw == 0 && mul_u64(d->min_child_bytes, d->nchildren,
		    &raw) != 0) {
			set_why(why, "vdev too large");
			return -1;
		}
		if (add_u64(sum.raw_bytes, raw, &sum.raw_bytes) != 0) {
			set_why(why, "pool too large");
			return -1;
		}
		leaf = zp_cap_leaf_asize(zp_cap_device_bytes(d->min_child_bytes,
		    d->sector, part));
		if (leaf == 0)
			continue;
		if (d->kind == ZP_CAP_RAIDZ) {
			if (mul_u64(leaf, d->nchildren, &asize) != 0) {
				set_why(why, "vdev too large");
				return -1;
			}
		} else {
			asize = leaf;
		}
		shift = zp_cap_ms_shift(asize, plat);
		count = zp_cap_ms_count(asize, shift);
		elog = zp_cap_embedded_log_ms(count, plat);
		ratio = zp_cap_deflate_ratio(d->kind, d->nparity,
		    d->nchildren, ashift);
		/* Deflated size of one metaslab; counts times it cannot wrap,
		 * being at most asize. */
		dms = zp_cap_deflate((uint64_t)1 << shift, ratio);
		if (add_u64(sum.pool_size_bytes, count << shift,
		    &sum.pool_size_bytes) != 0 ||
		    add_u64(sum.deflated_bytes, (count - elog) * dms,
		    &sum.deflated_bytes) != 0 ||
		    add_u64(sum.embedded_log_bytes, elog * dms,
		    &sum.embedded_log_bytes) != 0) {
			set_why(why, "pool too large");
			return -1;
		}
	}
	sum.slop_bytes = zp_cap_slop(sum.deflated_bytes,
	    sum.embedded_log_bytes, plat);
	sum.usable_bytes = sum.deflated_bytes > sum.slop_bytes ?
	    sum.deflated_bytes - sum.slop_bytes : 0;
	*out = sum;
	return 0;
}
