/* Unit tests for the text of zpool status (src/zstatus_text.c): the -P
 * twin of every tests/data/diff fixture gives the very tree the -j reader
 * gives, the plain twin the same tree with names for paths; samples as
 * zfs-fuse printed them, and as OpenZFS 2.1, Solaris 10 and 11.4 print
 * them, read as a storage engineer reads them; bad input is refused at its
 * line and column. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "zplan/zstatus.h"

#define DIFF_DIR "tests/data/diff/"
#define TEXT_DIR "tests/data/status-text/"

static const char *or_dash(const char *s)
{
	return s ? s : "-";
}

/* One line per vdev: depth, name, type, path, was, state, aux, class,
 * used_by, class (zs_class_of), under each pool's name and state. */
static void dump_vdev(const struct zs_status *st, int32_t i, int depth,
    bool names, FILE *f)
{
	const struct zs_vdev *v = ZS_VDEV(st, i);
	int32_t c;

	fprintf(f, "%*s%s %s %s %s %s %s %s %s %u\n", depth * 2, "", v->name,
	    or_dash(v->type), names ? "-" : or_dash(v->path),
	    or_dash(v->was), or_dash(v->state), or_dash(v->aux),
	    or_dash(v->cls), or_dash(v->used_by), (unsigned)zs_class_of(v));
	for (c = v->child; c >= 0; c = ZS_VDEV(st, c)->next)
		dump_vdev(st, c, depth + 1, names, f);
}

static char *dump(const char *path, bool names)
{
	struct zs_status st;
	char why[1024], *buf = NULL;
	size_t len = 0, i, j;
	FILE *f = open_memstream(&buf, &len);

	cr_assert_eq(zs_read(&st, path, why, sizeof(why)), 0, "%s: %s", path,
	    why);
	for (i = 0; i < st.pools.len; i++) {
		const struct zs_pool *p = ZS_POOL(&st, i);

		fprintf(f, "pool %s %s\n", p->name, or_dash(p->state));
		for (j = p->first; j < p->end; j++)
			if (ZS_VDEV(&st, j)->up < 0)
				dump_vdev(&st, (int32_t)j, 1, names, f);
	}
	fclose(f);
	zs_release(&st);
	return buf;
}

/* -j writes vdev_state_str (CANT_OPEN), the text zpool_state_to_name
 * (UNAVAIL) */
static void cant_open(char *s)
{
	char *p;

	while ((p = strstr(s, "CANT_OPEN"))) {
		memcpy(p, "UNAVAIL", 7);
		memmove(p + 7, p + 9, strlen(p + 9) + 1);
	}
}

static void twin(const char *name)
{
	char json[256], text[256];
	char *a, *b;

	snprintf(json, sizeof(json), DIFF_DIR "%s.json", name);
	snprintf(text, sizeof(text), TEXT_DIR "%s-P.txt", name);
	a = dump(json, false);
	b = dump(text, false);
	cant_open(a);
	cr_assert_str_eq(b, a, "%s: the -P text gives another tree than -j:\n%s\n%s",
	    name, b, a);
	free(a);
	free(b);
	snprintf(text, sizeof(text), TEXT_DIR "%s.txt", name);
	a = dump(json, true);
	b = dump(text, true);
	cant_open(a);
	cr_assert_str_eq(b, a, "%s: the plain text gives another tree than -j",
	    name);
	free(a);
	free(b);
}

Test(status_text, the_tree_of_json)
{
	static const char *const names[] = {
		"clean-nested", "cache-extra", "degraded", "log-missing",
		"pool-extra", "pool-missing", "replaced", "spare-inuse",
		"unavail", "vdev-extra", "vdev-missing", "vdev-type",
		"vdev-width", NULL
	};
	size_t i;

	for (i = 0; names[i]; i++)
		twin(names[i]);
}

Test(status_text, short_names_only_without_P)
{
	struct zs_status st;
	char why[512];

	cr_assert_eq(zs_read(&st, TEXT_DIR "degraded-P.txt", why,
	    sizeof(why)), 0, "%s", why);
	cr_assert_not(st.short_names);
	zs_release(&st);
	cr_assert_eq(zs_read(&st, TEXT_DIR "degraded.txt", why, sizeof(why)),
	    0, "%s", why);
	cr_assert(st.short_names);
	zs_release(&st);
}

static void sample(const char *file, const char *want)
{
	char path[256], *got;

	snprintf(path, sizeof(path), TEXT_DIR "%s", file);
	got = dump(path, false);
	cr_assert_str_eq(got, want, "%s:\n%s", file, got);
	free(got);
}

Test(status_text, zfs_fuse_as_it_printed)
{
	/* a spare in use, an offlined disk, a disk that is gone (its guid,
	 * "was" its path) */
	sample("zfs-fuse-unavail.txt",
	    "pool zpcap21543 DEGRADED\n"
	    "  zpcap21543 root - - DEGRADED - normal - 0\n"
	    "    mirror-0 mirror - - ONLINE - normal - 0\n"
	    "      loop0 disk - - ONLINE - normal - 0\n"
	    "      loop8 disk - - ONLINE - normal - 0\n"
	    "      loop7 disk - - ONLINE - normal - 0\n"
	    "    mirror-1 mirror - - DEGRADED - normal - 0\n"
	    "      1022957125211077634 disk /dev/loop2 /dev/loop2 UNAVAIL - normal - 0\n"
	    "      spare-1 spare - - ONLINE - normal - 0\n"
	    "        loop3 disk - - ONLINE - normal - 0\n"
	    "        loop6 disk - - ONLINE - spare - 3\n"
	    "  loop4 disk - - ONLINE - log - 1\n"
	    "  loop5 disk - - ONLINE - l2cache - 2\n"
	    "  loop6 disk - - INUSE SPARED spare - 3\n");
	sample("zfs-fuse-offline.txt",
	    "pool zpcap21543 DEGRADED\n"
	    "  zpcap21543 root - - DEGRADED - normal - 0\n"
	    "    mirror-0 mirror - - DEGRADED - normal - 0\n"
	    "      loop0 disk - - ONLINE - normal - 0\n"
	    "      loop1 disk - - OFFLINE - normal - 0\n"
	    "    mirror-1 mirror - - ONLINE - normal - 0\n"
	    "      loop2 disk - - ONLINE - normal - 0\n"
	    "      loop3 disk - - ONLINE - normal - 0\n"
	    "  loop4 disk - - ONLINE - log - 1\n"
	    "  loop5 disk - - ONLINE - l2cache - 2\n"
	    "  loop6 disk - - AVAIL - spare - 3\n");
}

Test(status_text, openzfs_2_1_classes_and_replacing)
{
	char *got = dump(TEXT_DIR "openzfs-2.1-classes-P.txt", false);

	/* replacing-2: the failed disk and its replacement, resilvering */
	cr_assert(strstr(got, "      replacing-2 replacing - - DEGRADED - "
	    "normal - 0\n        wwn-0x5000cca200000008 disk "
	    "/dev/disk/by-id/wwn-0x5000cca200000008-part1 - FAULTED "
	    "ERR_EXCEEDED normal - 0\n        wwn-0x5000cca200000014 disk "
	    "/dev/disk/by-id/wwn-0x5000cca200000014-part1 - ONLINE - normal "
	    "- 0\n"), "%s", got);
	/* a hot spare standing in for a removed disk: of class spare */
	cr_assert(strstr(got, "      spare-5 spare - - DEGRADED - normal - "
	    "0\n        wwn-0x5000cca20000000b disk "
	    "/dev/disk/by-id/wwn-0x5000cca20000000b-part1 - REMOVED - normal "
	    "- 0\n        wwn-0x5000cca20000001e disk "
	    "/dev/disk/by-id/wwn-0x5000cca20000001e-part1 - ONLINE - spare - "
	    "3\n"), "%s", got);
	/* dedup and special: top-levels of their class; logs a mirror whose
	 * leaves are "normal" as in -j */
	cr_assert(strstr(got, "\n  mirror-4 mirror - - ONLINE - dedup - 4\n"),
	    "%s", got);
	cr_assert(strstr(got, "\n  mirror-3 mirror - - ONLINE - special - 4\n"),
	    "%s", got);
	cr_assert(strstr(got, "\n  mirror-2 mirror - - ONLINE - log - 1\n    "
	    "nvme-SAMSUNG_MZQL21T9HCJR-00A07_S64GNA0T000005 disk "
	    "/dev/disk/by-id/nvme-SAMSUNG_MZQL21T9HCJR-00A07_S64GNA0T000005-"
	    "part1 - ONLINE - normal - 0\n"), "%s", got);
	cr_assert(strstr(got, "wwn-0x5000cca20000001e-part1 - INUSE SPARED "
	    "spare - 3\n  wwn-0x5000cca20000001f disk "
	    "/dev/disk/by-id/wwn-0x5000cca20000001f-part1 - AVAIL - spare - "
	    "3\n"), "%s", got);
	free(got);
}

Test(status_text, solaris)
{
	char *got = dump(TEXT_DIR "solaris-11.4.txt", false);

	/* two pools; "    id:" in the header */
	cr_assert(strstr(got, "pool tank ONLINE\n"), "%s", got);
	cr_assert(strstr(got, "pool rpool ONLINE\n  rpool root - - ONLINE - "
	    "normal - 0\n    mirror-0 mirror - - ONLINE - normal - 0\n      "
	    "c0t5000CCA02D1E4A58d0 disk - - ONLINE - normal - 0\n"), "%s",
	    got);
	free(got);
	/* Solaris 10: tabs expanded to spaces, vdevs named without -N,
	 * "logs" with a state of its own */
	sample("solaris-10.txt",
	    "pool tank DEGRADED\n"
	    "  tank root - - DEGRADED - normal - 0\n"
	    "    raidz2 raidz - - DEGRADED - normal - 0\n"
	    "      c1t0d0 disk - - ONLINE - normal - 0\n"
	    "      c1t1d0 disk - - ONLINE - normal - 0\n"
	    "      spare spare - - DEGRADED - normal - 0\n"
	    "        c1t2d0 disk - - UNAVAIL OPEN_FAILED normal - 0\n"
	    "        c2t4d0 disk - - ONLINE - spare - 3\n"
	    "      c1t3d0 disk - - ONLINE - normal - 0\n"
	    "    raidz2 raidz - - ONLINE - normal - 0\n"
	    "      c2t0d0 disk - - ONLINE - normal - 0\n"
	    "      c2t1d0 disk - - ONLINE - normal - 0\n"
	    "      c2t2d0 disk - - ONLINE - normal - 0\n"
	    "      c2t3d0 disk - - ONLINE - normal - 0\n"
	    "  c3t0d0 disk - - ONLINE - log - 1\n"
	    "  c2t4d0 disk - - INUSE SPARED spare - 3\n"
	    "  c2t5d0 disk - - AVAIL - spare - 3\n");
}

Test(status_text, short_dev)
{
	cr_assert_str_eq(zs_short_dev("/dev/disk/by-id/wwn-0x5000c500a1b2c3d4"),
	    "wwn-0x5000c500a1b2c3d4");
	cr_assert_str_eq(zs_short_dev("/dev/disk/by-vdev/e1-0"), "e1-0");
	cr_assert_str_eq(zs_short_dev("/dev/mapper/mpatha"), "mpatha");
	cr_assert_str_eq(zs_short_dev("/dev/sda"), "sda");
	cr_assert_str_eq(zs_short_dev("/dev/dsk/c0t0d0"), "c0t0d0");
	cr_assert_str_eq(zs_short_dev("/srv/file0"), "/srv/file0");
}

static void refused(const char *text, const char *want)
{
	char path[] = "/tmp/zplan-status-XXXXXX", why[1024];
	struct zs_status st;
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");
	int rc;

	fputs(text, f);
	fclose(f);
	rc = zs_read(&st, path, why, sizeof(why));
	zs_release(&st);
	remove(path);
	cr_assert_eq(rc, -1, "accepted: %s", text);
	cr_assert(strstr(why, want), "want \"%s\" in: %s", want, why);
}

#define HEAD "  pool: tank\n state: ONLINE\nconfig:\n\n\tNAME        STATE" \
	"     READ WRITE CKSUM\n\ttank        ONLINE       0     0     0\n"

Test(status_text, refusals_located)
{
	refused("", ":1:1: error: empty");
	refused("hello\n", ":1:1: error: not zpool status output");
	refused("all pools are healthy\n", ":1:1: error: this is `zpool status "
	    "-x`");
	refused(HEAD "\t  mirror-0    ONLNE        0     0     0\n",
	    ":7:16: error: mirror-0: expected the vdev's state");
	refused(HEAD "\t   sda        ONLINE       0     0     0\n",
	    ":7:5: error: indented by 3 spaces");
	refused(HEAD "\t      sda     ONLINE       0     0     0\n",
	    ":7:8: error: indented deeper than the line above allows");
	refused(HEAD "\t  mirror-0    ONLINE       x     0     0\n",
	    ":7:29: error: mirror-0: expected a count");
	refused(HEAD "\t  disks       ONLINE       0     0     0\n"
	    "\t    sda       ONLINE       0     0     0\n",
	    ":7:4: error: disks has vdevs below it");
	refused(HEAD "\tlogz\n", ":7:2: error: expected logs, cache");
	refused("  pool: tank\n state: ONLINE\nconfig:\n\n\tNAM\n",
	    ":5:2: error: expected the column heads");
	refused("  pool: tank\n state: ONLINE\n", ":1:9: error: pool tank has "
	    "no \"config:\"");
	refused(HEAD "\n  pool: tank\nconfig:\n\n\tNAME STATE\n\ttank ONLINE\n",
	    ":8:9: error: pool tank is shown twice");
	refused("  pool: tank\n state: UNAVAIL\nconfig: The configuration "
	    "cannot be determined.\n", ":3:9: error: zpool cannot tell");
	refused("  pool: tank\nconfig:\n\n\tNAME        STATE\n\tpool2       "
	    "ONLINE\n", ":5:2: error: the first line of the config of pool "
	    "tank names pool2");
}

Test(status_text, no_pools)
{
	struct zs_status st;
	char why[512];
	char path[] = "/tmp/zplan-status-XXXXXX";
	int fd = mkstemp(path);
	FILE *f = fdopen(fd, "w");

	fputs("no pools available\n", f);
	fclose(f);
	cr_assert_eq(zs_read(&st, path, why, sizeof(why)), 0, "%s", why);
	cr_assert_eq(st.pools.len, 0);
	zs_release(&st);
	remove(path);
}
