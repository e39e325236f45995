/* script: the scripts of zplan script (scripts.md). A script is fixed
 * shell text (the functions below, which do the checks) and one line per
 * device, pool, filesystem, share and mount, with every name and path
 * single-quoted. Built from an index of the model made once, so that
 * writing every host's script is linear in the model. */
#include "zplan/script.h"
#include "zplan/units.h"

#include <arpa/inet.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/poolcap.h"
#include "zplan/props.h"
#include "zplan/text.h"
#include "zplan/version.h"

/* ---- the fixed shell text ----
 * Every script is `set -eu`; functions and variables are prefixed zp_ so
 * that none can clash with a name from the model, which only ever
 * appears single-quoted as an argument. */

/* dry run, progress lines, quoting for the dry run */
static const char sh_common[] =
    "case ${ZPLAN_DRY_RUN:-0} in\n"
    "0 | '') ;;\n"
    "*) zp_dry=1 ;;\n"
    "esac\n"
    "for zp_a in \"$@\"; do\n"
    "\tcase $zp_a in\n"
    "\t--dry-run) zp_dry=1 ;;\n"
    "\t*)\n"
    "\t\tprintf '%s: unknown argument %s (the only one is %s)\\n' \\\n"
    "\t\t    \"$0\" \"$zp_a\" --dry-run >&2\n"
    "\t\texit 2\n"
    "\t\t;;\n"
    "\tesac\n"
    "done\n"
    "# commands answer in plain English whatever the caller's locale\n"
    "LC_ALL=C\n"
    "export LC_ALL\n"
    "zp_check=\n"
    "zp_step=0\n"
    "zp_done=0\n"
    "zp_kept=0\n"
    "zp_fail=0\n"
    "\n"
    "# zp_say TEXT...: a line of progress on stderr\n"
    "zp_say() {\n"
    "\tif [ \"$zp_dry\" = 1 ]; then\n"
    "\t\tprintf '%s: (dry run) %s\\n' \"$zp_host\" \"$*\" >&2\n"
    "\telse\n"
    "\t\tprintf '%s: %s\\n' \"$zp_host\" \"$*\" >&2\n"
    "\tfi\n"
    "}\n"
    "\n"
    "# zp_problem TEXT...: a preflight failure (all are listed, then exit)\n"
    "zp_problem() {\n"
    "\tzp_fail=$((zp_fail + 1))\n"
    "\tzp_say \"preflight: $*\"\n"
    "}\n"
    "\n"
    "# zp_next TEXT...: the progress line of the next step\n"
    "zp_next() {\n"
    "\tzp_step=$((zp_step + 1))\n"
    "\tzp_say \"[$zp_step/$zp_steps] $*\"\n"
    "}\n"
    "\n"
    "# zp_q WORD: appends WORD to zp_l as sh reads it back, quoted unless\n"
    "# plainly safe (in the shell itself: a dry run quotes thousands of words)\n"
    "zp_q() {\n"
    "\tcase $1 in\n"
    "\t'' | *[!A-Za-z0-9_./=,:@%+-]*) ;;\n"
    "\t*)\n"
    "\t\tzp_l=$zp_l$1\n"
    "\t\treturn 0\n"
    "\t\t;;\n"
    "\tesac\n"
    "\tzp_s=$1\n"
    "\tzp_l=$zp_l\\'\n"
    "\twhile :; do\n"
    "\t\tcase $zp_s in\n"
    "\t\t*\\'*)\n"
    "\t\t\tzp_l=$zp_l${zp_s%%\\'*}\\'\\\\\\'\\'\n"
    "\t\t\tzp_s=${zp_s#*\\'}\n"
    "\t\t\t;;\n"
    "\t\t*) break ;;\n"
    "\t\tesac\n"
    "\tdone\n"
    "\tzp_l=$zp_l$zp_s\\'\n"
    "}\n"
    "\n"
    "# zp_run COMMAND ARG...: runs it; in a dry run, prints it instead\n"
    "# (but for zp_check, the preflight's zpool create -n, run in any case)\n"
    "zp_run() {\n"
    "\tif [ \"$zp_dry\" = 1 ] && [ -z \"$zp_check\" ]; then\n"
    "\t\tzp_l=\n"
    "\t\tfor zp_w in \"$@\"; do\n"
    "\t\t\t[ -z \"$zp_l\" ] || zp_l=\"$zp_l \"\n"
    "\t\t\tzp_q \"$zp_w\"\n"
    "\t\tdone\n"
    "\t\tprintf '%s\\n' \"$zp_l\"\n"
    "\telse\n"
    "\t\t\"$@\"\n"
    "\tfi\n"
    "}\n";

/* preflight and steps of pools */
static const char sh_pools[] =
    "\n"
    "# zp_dev POOL DISK DEV: DEV must exist as a block device\n"
    "zp_dev() {\n"
    "\tif [ -b \"$3\" ]; then\n"
    "\t\treturn 0\n"
    "\telif [ -e \"$3\" ]; then\n"
    "\t\tzp_problem \"pool $1: $3 (disk $2) is not a block device;\" \\\n"
    "\t\t    \"correct the disk's dev in the model\"\n"
    "\telse\n"
    "\t\tzp_problem \"pool $1: $3 (disk $2) does not exist; check\" \\\n"
    "\t\t    \"that the disk is in place and seen by this host\" \\\n"
    "\t\t    \"(and vdev_id.conf for by-vdev names)\"\n"
    "\tfi\n"
    "\treturn 1\n"
    "}\n"
    "\n"
    "# zp_leaves POOL: its leaf devices, one a line, as zpool status -P\n"
    "# names them (a whole disk shows as its first partition)\n"
    "zp_leaves() {\n"
    "\tzpool status -P \"$1\" 2>/dev/null |\n"
    "\t    sed -n -e '/^config:/,/^errors:/!d' -e 's/^[[:blank:]]*//' \\\n"
    "\t    -e 's/[[:blank:]][[:blank:]].*//' -e '/^\\//p'\n"
    "}\n"
    "\n"
    "# zp_pool N NAME [DISK DEV PART]...: preflight of pool N, which\n"
    "# zp_pool_N creates (with -n when zp_check is set). Its devices must be\n"
    "# block devices.\n"
    "# A pool of that name must have exactly these devices (it is then\n"
    "# kept); where there is none, zpool create -n must accept the pool: no\n"
    "# device in use or holding a pool label, partitions or a file system.\n"
    "zp_pool() {\n"
    "\tzp_i=$1\n"
    "\tzp_name=$2\n"
    "\tshift 2\n"
    "\tzp_exists=0\n"
    "\tzp_got=\n"
    "\tif zpool list -H -o name \"$zp_name\" >/dev/null 2>&1; then\n"
    "\t\tzp_exists=1\n"
    "\t\tzp_got=$(zp_leaves \"$zp_name\")\n"
    "\tfi\n"
    "\tzp_ok=1\n"
    "\tzp_n=0\n"
    "\tzp_why=\n"
    "\twhile [ $# -ge 3 ]; do\n"
    "\t\tzp_dev \"$zp_name\" \"$1\" \"$2\" || zp_ok=0\n"
    "\t\tzp_n=$((zp_n + 1))\n"
    "\t\tcase \"$zp_nl$zp_got$zp_nl\" in\n"
    "\t\t*\"$zp_nl$2$zp_nl\"* | *\"$zp_nl$3$zp_nl\"*) ;;\n"
    "\t\t*) [ -n \"$zp_why\" ] || zp_why=\"$2 is not in it\" ;;\n"
    "\t\tesac\n"
    "\t\tshift 3\n"
    "\tdone\n"
    "\tif [ \"$zp_exists\" = 1 ]; then\n"
    "\t\tzp_m=$(printf '%s\\n' \"$zp_got\" | grep -c '^/' || :)\n"
    "\t\tif [ -z \"$zp_why\" ] && [ \"$zp_m\" -ne \"$zp_n\" ]; then\n"
    "\t\t\tzp_why=\"it has $zp_m devices, the plan $zp_n\"\n"
    "\t\tfi\n"
    "\t\tif [ -z \"$zp_why\" ]; then\n"
    "\t\t\tzp_have=\"$zp_have$zp_i \"\n"
    "\t\telse\n"
    "\t\t\tzp_problem \"pool $zp_name exists with other\" \\\n"
    "\t\t\t    \"devices than planned ($zp_why); the script\" \\\n"
    "\t\t\t    \"leaves it alone: change the model or the pool\"\n"
    "\t\tfi\n"
    "\telif [ \"$zp_ok\" = 1 ]; then\n"
    "\t\tzp_check=1\n"
    "\t\tzp_rc=0\n"
    "\t\tzp_out=$(\"zp_pool_$zp_i\" 2>&1 >/dev/null) || zp_rc=$?\n"
    "\t\tzp_check=\n"
    "\t\tif [ \"$zp_rc\" != 0 ]; then\n"
    "\t\t\tzp_out=$(printf '%s' \"$zp_out\" | tr '\\n' ' ')\n"
    "\t\t\tzp_problem \"pool $zp_name: zpool create -n\" \\\n"
    "\t\t\t    \"refuses it: $zp_out\"\n"
    "\t\tfi\n"
    "\tfi\n"
    "}\n"
    "\n"
    "# zp_want_pool N NAME: whether pool N is to be created\n"
    "zp_want_pool() {\n"
    "\tcase $zp_have in\n"
    "\t*\" $1 \"*)\n"
    "\t\tzp_next \"pool $2 exists with the planned devices; skipped\"\n"
    "\t\tzp_kept=$((zp_kept + 1))\n"
    "\t\treturn 1\n"
    "\t\t;;\n"
    "\tesac\n"
    "\tzp_next \"create pool $2\"\n"
    "\tzp_done=$((zp_done + 1))\n"
    "}\n";

/* pools made by another run */
static const char sh_need_pool[] =
    "\n"
    "# zp_need_pool NAME: the pool must exist (this script does not make it)\n"
    "zp_need_pool() {\n"
    "\tzpool list -H -o name \"$1\" >/dev/null 2>&1 ||\n"
    "\t    zp_problem \"pool $1 does not exist; create it first\" \\\n"
    "\t    \"(zplan script --only pools)\"\n"
    "}\n";

/* what ZFS has, read once */
static const char sh_read_zfs[] =
    "\n"
    "# zp_read_zfs: the datasets there are, read once by the preflight (one\n"
    "# zfs call, not one per filesystem)\n"
    "zp_read_zfs() {\n"
    "\tzp_fss=$(zfs list -H -o name -t filesystem,volume 2>/dev/null) ||\n"
    "\t    zp_problem 'cannot list the datasets (zfs list failed)'\n"
    "}\n"
    "\n"
    "# zp_is_fs NAME: whether the dataset existed when the preflight looked\n"
    "zp_is_fs() {\n"
    "\tcase \"$zp_nl$zp_fss$zp_nl\" in\n"
    "\t*\"$zp_nl$1$zp_nl\"*) return 0 ;;\n"
    "\tesac\n"
    "\treturn 1\n"
    "}\n";

/* steps of filesystems */
static const char sh_datasets[] =
    "\n"
    "# zp_want_fs NAME: whether filesystem NAME is to be created\n"
    "zp_want_fs() {\n"
    "\tif zp_is_fs \"$1\"; then\n"
    "\t\tzp_next \"filesystem $1 exists; skipped\"\n"
    "\t\tzp_kept=$((zp_kept + 1))\n"
    "\t\treturn 1\n"
    "\tfi\n"
    "\tzp_next \"create filesystem $1\"\n"
    "\tzp_done=$((zp_done + 1))\n"
    "}\n";

/* filesystems made by another run */
static const char sh_need_fs[] =
    "\n"
    "# zp_need_fs NAME: it must exist (this script does not make it)\n"
    "zp_need_fs() {\n"
    "\tzp_is_fs \"$1\" ||\n"
    "\t    zp_problem \"filesystem $1 does not exist; create it\" \\\n"
    "\t    \"first (zplan script --only datasets)\"\n"
    "}\n";

/* steps of shares */
static const char sh_shares[] =
    "\n"
    "# zp_read_shares: every filesystem's sharenfs, read once by the preflight\n"
    "zp_read_shares() {\n"
    "\tzp_shared=$(zfs get -H -o name,value -t filesystem sharenfs \\\n"
    "\t    2>/dev/null) ||\n"
    "\t    zp_problem 'cannot read sharenfs (zfs get failed)'\n"
    "}\n"
    "\n"
    "# zp_want_share NAME VALUE: whether sharenfs of NAME is to be VALUE\n"
    "zp_want_share() {\n"
    "\tcase \"$zp_nl$zp_shared$zp_nl\" in\n"
    "\t*\"$zp_nl$1\t$2$zp_nl\"*)\n"
    "\t\tzp_next \"filesystem $1 is shared already\" \\\n"
    "\t\t    \"(sharenfs=$2); skipped\"\n"
    "\t\tzp_kept=$((zp_kept + 1))\n"
    "\t\treturn 1\n"
    "\t\t;;\n"
    "\tesac\n"
    "\tzp_next \"share filesystem $1 over NFS (sharenfs=$2)\"\n"
    "\tzp_done=$((zp_done + 1))\n"
    "}\n";

/* preflight and steps of mounts */
static const char sh_mounts[] =
    "\n"
    "# zp_mount_pre SOURCE DIR: DIR must be free for SOURCE (or hold it)\n"
    "zp_mount_pre() {\n"
    "\tzp_r=0\n"
    "\tzp_mounted \"$1\" \"$2\" || zp_r=$?\n"
    "\tif [ \"$zp_r\" = 2 ]; then\n"
    "\t\tzp_problem \"$2 has another file system mounted on\" \\\n"
    "\t\t    \"it; unmount it or change the mount directory\" \\\n"
    "\t\t    \"in the model\"\n"
    "\telif [ \"$zp_r\" = 1 ] && [ -e \"$2\" ] && [ ! -d \"$2\" ]; then\n"
    "\t\tzp_problem \"$2 exists and is not a directory; move\" \\\n"
    "\t\t    \"it away or change the mount directory in the model\"\n"
    "\tfi\n"
    "}\n"
    "\n"
    "# zp_want_mount SOURCE DIR: whether SOURCE is to be mounted on DIR\n"
    "zp_want_mount() {\n"
    "\tif zp_mounted \"$1\" \"$2\"; then\n"
    "\t\tzp_next \"$1 is mounted on $2 already; skipped\"\n"
    "\t\tzp_kept=$((zp_kept + 1))\n"
    "\t\treturn 1\n"
    "\tfi\n"
    "\tzp_next \"mount $1 on $2\"\n"
    "\tzp_done=$((zp_done + 1))\n"
    "}\n";

/* the end of the preflight */
static const char sh_end_preflight[] =
    "if [ \"$zp_fail\" -gt 0 ]; then\n"
    "\tzp_say \"preflight: $zp_fail problem(s); nothing was changed\"\n"
    "\texit 1\n"
    "fi\n"
    "zp_say 'preflight passed'\n";

/* the last line of progress */
static const char sh_end[] =
    "\n"
    "if [ \"$zp_dry\" = 1 ]; then\n"
    "\tzp_say \"$zp_done change(s) to make, $zp_kept in place\" \\\n"
    "\t    \"already; nothing was changed\"\n"
    "else\n"
    "\tzp_say \"done: $zp_done change(s) made, $zp_kept in place already\"\n"
    "fi\n"
    "exit 0\n";


/* zp_mounted per client OS, from the listing `mount` prints with no
 * argument: "SOURCE on DIR type nfs (...)" (Linux, util-linux), "SOURCE on
 * DIR (nfs, ...)" (FreeBSD), "DIR on SOURCE options on date" (Solaris).
 * Read by prefix, so that a directory with a blank is still found. */
static const char sh_mounted_head[] =
    "\n"
    "# zp_mounted SOURCE DIR: 0 when SOURCE is mounted on DIR, 2 when\n"
    "# another file system is, 1 when none is (from the mount table read\n"
    "# by the preflight)\n"
    "zp_mounted() {\n"
    "\tcase \"$zp_nl$zp_mounts$zp_nl\" in\n";
static const char *const sh_mounted_os[] = {
	/* ZP_OS_LINUX */
	"\t*\"$zp_nl$1 on $2 type \"*) return 0 ;;\n"
	"\t*\" on $2 type \"*) return 2 ;;\n",
	/* ZP_OS_SOLARIS */
	"\t*\"$zp_nl$2 on $1 \"*) return 0 ;;\n"
	"\t*\"$zp_nl$2 on \"*) return 2 ;;\n",
	/* ZP_OS_FREEBSD */
	"\t*\"$zp_nl$1 on $2 (\"*) return 0 ;;\n"
	"\t*\" on $2 (\"*) return 2 ;;\n",
};
static const char sh_mounted_tail[] =
    "\tesac\n"
    "\treturn 1\n"
    "}\n";

static const char *const os_name[] = { "linux", "solaris", "freebsd" };

/* ---- the index ---- */

/* Items grouped by a key, file order kept: the items of key k are
 * idx[start[k] .. start[k + 1]). */
struct buckets {
	int32_t *start, *idx;
};

static void bucket(struct buckets *b, size_t nkeys, size_t n,
    const int32_t *key)
{
	int32_t *fill;
	size_t i;

	b->start = zp_xcalloc(nkeys + 1, sizeof(int32_t));
	b->idx = zp_xcalloc(n ? n : 1, sizeof(int32_t));
	for (i = 0; i < n; i++)
		if (key[i] >= 0)
			b->start[key[i] + 1]++;
	for (i = 0; i < nkeys; i++)
		b->start[i + 1] += b->start[i];
	fill = zp_xcalloc(nkeys + 1, sizeof(int32_t));
	memcpy(fill, b->start, nkeys * sizeof(int32_t));
	for (i = 0; i < n; i++)
		if (key[i] >= 0)
			b->idx[fill[key[i]]++] = (int32_t)i;
	free(fill);
}

static void buckets_free(struct buckets *b)
{
	free(b->start);
	free(b->idx);
}

#define B_N(b, k) ((size_t)((b)->start[(k) + 1] - (b)->start[k]))
#define B_AT(b, k, j) ((b)->idx[(b)->start[k] + (int32_t)(j)])

struct zp_script_plan {
	const struct zp_model *m;
	struct zp_arena arena;
	/* owner slot: controller index; nctrl for pools without one */
	size_t nslots;
	struct buckets pools, fs, mounts;   /* by slot, slot, client */
	const char **pool_mp, **fs_mp;
	struct zp_host *hosts;
	size_t nhosts;
};

static const char *prop(const struct zp_kvs *kv, const char *key)
{
	const struct zp_kv *v = zp_kv_get(kv, key);

	return v ? v->val : NULL;
}

static bool unmounted(const char *mp)
{
	return strcmp(mp, "none") == 0 || strcmp(mp, "legacy") == 0;
}

/* ZFS inherits a mountpoint as the parent's plus the last component. */
static const char *child_mp(struct zp_arena *a, const char *parent,
    const char *comp)
{
	size_t n = strlen(parent);

	if (unmounted(parent))
		return parent;
	return zp_arena_printf(a, "%s%s%s", parent,
	    n && parent[n - 1] == '/' ? "" : "/", comp);
}

static void mountpoints(struct zp_script_plan *p)
{
	const struct zp_model *m = p->m;
	size_t i, cap = 256;
	char *parent = zp_xmalloc(cap);

	p->pool_mp = zp_xcalloc(m->pools.len + 1, sizeof(char *));
	p->fs_mp = zp_xcalloc(m->filesystems.len + 1, sizeof(char *));
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *pl = ZP_POOL(m, i);
		const char *mp = prop(&pl->properties, "mountpoint");

		p->pool_mp[i] = mp ? mp : zp_arena_printf(&p->arena, "/%s",
		    pl->name);
	}
	/* parents come before children (name-invalid), so one pass */
	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		const char *own = prop(&f->properties, "mountpoint");
		const char *slash = strrchr(f->name, '/');
		int32_t j;
		size_t n;

		if (own) {
			p->fs_mp[i] = own;
			continue;
		}
		if (!slash || f->pool < 0) {
			p->fs_mp[i] = zp_arena_printf(&p->arena, "/%s", f->name);
			continue;
		}
		n = (size_t)(slash - f->name);
		if (n + 1 > cap) {
			cap = n + 1;
			parent = zp_xrealloc(parent, cap);
		}
		memcpy(parent, f->name, n);
		parent[n] = '\0';
		if (!strchr(parent, '/'))
			p->fs_mp[i] = child_mp(&p->arena, p->pool_mp[f->pool],
			    slash + 1);
		else if ((j = zp_htab_get(&m->h_fs, parent)) >= 0 &&
		    (size_t)j < i)
			p->fs_mp[i] = child_mp(&p->arena, p->fs_mp[j],
			    slash + 1);
		else
			p->fs_mp[i] = zp_arena_printf(&p->arena, "/%s",
			    f->name);
	}
	free(parent);
}

struct zp_script_plan *zp_script_plan_new(const struct zp_model *m)
{
	struct zp_script_plan *p = zp_xcalloc(1, sizeof(*p));
	size_t nctrl = m->controllers.len, i, n;
	int32_t *key;
	struct zp_htab ids;

	p->m = m;
	zp_arena_init(&p->arena);
	p->nslots = nctrl + 1;
	n = m->pools.len > m->filesystems.len ? m->pools.len :
	    m->filesystems.len;
	if (m->mounts.len > n)
		n = m->mounts.len;
	key = zp_xcalloc(n + 1, sizeof(int32_t));
	for (i = 0; i < m->pools.len; i++) {
		int32_t c = ZP_POOL(m, i)->controller.idx;

		key[i] = c >= 0 ? c : (int32_t)nctrl;
	}
	bucket(&p->pools, p->nslots, m->pools.len, key);
	for (i = 0; i < m->filesystems.len; i++) {
		int32_t pl = ZP_FS(m, i)->pool;
		int32_t c = pl >= 0 ? ZP_POOL(m, pl)->controller.idx : -1;

		key[i] = pl < 0 ? -1 : c >= 0 ? c : (int32_t)nctrl;
	}
	bucket(&p->fs, p->nslots, m->filesystems.len, key);
	for (i = 0; i < m->mounts.len; i++)
		key[i] = ZP_MOUNT(m, i)->client;
	bucket(&p->mounts, m->clients.len, m->mounts.len, key);
	free(key);
	mountpoints(p);

	/* hosts: controllers with pools, "localhost", clients with mounts;
	 * a client whose id is a host's already joins that host */
	p->hosts = zp_xcalloc(p->nslots + m->clients.len, sizeof(*p->hosts));
	zp_htab_init(&ids, p->nslots + m->clients.len);
	for (i = 0; i < p->nslots; i++) {
		struct zp_host *h;

		if (!B_N(&p->pools, i))
			continue;
		h = &p->hosts[p->nhosts];
		h->id = i < nctrl ? ZP_CTRL(m, i)->id : "localhost";
		h->ctrl = i < nctrl ? (int32_t)i : ZP_HOST_LOCAL;
		h->client = -1;
		zp_htab_put(&ids, h->id, (int32_t)p->nhosts++);
	}
	for (i = 0; i < m->clients.len; i++) {
		const char *id = ZP_CLIENT(m, i)->id;
		int32_t k;

		if (!B_N(&p->mounts, i))
			continue;
		if ((k = zp_htab_get(&ids, id)) >= 0 &&
		    p->hosts[k].client < 0) {
			p->hosts[k].client = (int32_t)i;
			continue;
		}
		p->hosts[p->nhosts].id = id;
		p->hosts[p->nhosts].ctrl = -1;
		p->hosts[p->nhosts].client = (int32_t)i;
		zp_htab_put(&ids, id, (int32_t)p->nhosts++);
	}
	zp_htab_release(&ids);
	return p;
}

void zp_script_plan_free(struct zp_script_plan *p)
{
	if (!p)
		return;
	buckets_free(&p->pools);
	buckets_free(&p->fs);
	buckets_free(&p->mounts);
	free(p->pool_mp);
	free(p->fs_mp);
	free(p->hosts);
	zp_arena_release(&p->arena);
	free(p);
}

size_t zp_script_hosts(const struct zp_script_plan *p,
    const struct zp_host **out)
{
	*out = p->hosts;
	return p->nhosts;
}

static int32_t slot_of(const struct zp_script_plan *p, const struct zp_host *h)
{
	if (h->ctrl == ZP_HOST_LOCAL)
		return (int32_t)p->nslots - 1;
	return h->ctrl;
}

/* What one host's script holds. */
struct parts {
	int32_t slot, client;
	size_t pools, datasets, shares, mounts;     /* steps of each */
};

static struct parts parts_of(const struct zp_script_plan *p,
    const struct zp_host *h, unsigned only)
{
	const struct zp_model *m = p->m;
	struct parts r = { slot_of(p, h), h->client, 0, 0, 0, 0 };
	size_t j;

	if (r.slot >= 0) {
		if (only & ZP_ONLY_POOLS)
			r.pools = B_N(&p->pools, r.slot);
		for (j = 0; j < B_N(&p->fs, r.slot); j++) {
			const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r.slot, j));

			if (only & ZP_ONLY_DATASETS)
				r.datasets++;
			if ((only & ZP_ONLY_SHARES) && f->share != ZP_SHARE_NONE)
				r.shares++;
		}
	}
	if (r.client >= 0 && (only & ZP_ONLY_MOUNTS))
		r.mounts = B_N(&p->mounts, r.client);
	return r;
}

bool zp_script_host_busy(const struct zp_script_plan *p,
    const struct zp_host *h, unsigned only)
{
	struct parts r = parts_of(p, h, only);

	return r.pools + r.datasets + r.shares + r.mounts > 0;
}

const char *zp_script_unbuildable(const struct zp_script_plan *p,
    const struct zp_host *h)
{
	const struct zp_model *m = p->m;
	int32_t s = slot_of(p, h);
	size_t j, k, v;

	if (s < 0)
		return NULL;
	for (j = 0; j < B_N(&p->pools, s); j++) {
		const struct zp_pool *pl = ZP_POOL(m, B_AT(&p->pools, s, j));

		/* intents zplan plan has not turned into disks yet */
		if (!pl->vdevs.n || (pl->log_intent.set && !pl->log.n) ||
		    (pl->cache_intent.set && !pl->cache.n) ||
		    (pl->spares_intent.set && !pl->spares.n))
			return pl->name;
		for (v = 0; v < pl->vdevs.n; v++)
			for (k = 0; k < pl->vdevs.v[v].n; k++)
				if (!zp_ref_disk(m, &pl->vdevs.v[v].members[k]))
					return pl->name;
		for (v = 0; v < pl->log.n; v++)
			for (k = 0; k < pl->log.v[v].n; k++)
				if (!zp_ref_disk(m, &pl->log.v[v].members[k]))
					return pl->name;
		for (k = 0; k < pl->cache.n; k++)
			if (!zp_ref_disk(m, &pl->cache.v[k]))
				return pl->name;
		for (k = 0; k < pl->spares.n; k++)
			if (!zp_ref_disk(m, &pl->spares.v[k]))
				return pl->name;
	}
	return NULL;
}

/* ---- writing ---- */

/* s in a comment: a control byte (a newline would end the comment and
 * start a command) as a backslash and three octal digits. */
static void put_c(FILE *o, const char *s)
{
	static const char ctrl[] = "\001\002\003\004\005\006\007\010\011\012"
	    "\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031"
	    "\032\033\034\035\036\037\177";

	for (;;) {
		size_t n = strcspn(s, ctrl);

		fwrite(s, 1, n, o);
		if (!s[n])
			return;
		fprintf(o, "\\%03o", (unsigned char)s[n]);
		s += n + 1;
	}
}

/* a and b together as one single-quoted word. */
static void sq2(FILE *o, const char *a, const char *b)
{
	putc('\'', o);
	zp_sh_quote_body(o, a);
	zp_sh_quote_body(o, b);
	putc('\'', o);
}

/* key=value of object obj (ZP_OBJ_*), quoted, the name as zfs prints it
 * (an alias such as compress written compression). A size is written in
 * bytes: the model reads 2TB as 2 * 10^12 bytes, but zfs reads every unit
 * as a power of 1024, so passing "2TB" on would set 2 TiB. */
static void sq_kv(FILE *o, const char *k, const char *v, unsigned obj)
{
	const struct zp_prop *p = zp_prop_find(k, obj & ZP_OBJ_POOL ?
	    ZP_SPACE_POOL : ZP_SPACE_DS);
	char *s;
	uint64_t bytes;
	const char *why;

	if (p)
		k = p->name;
	s = zp_xmalloc(strlen(k) + strlen(v) + 24);
	if (zp_prop_is_size(k, obj) && zp_parse_size(v, &bytes, &why) == 0)
		sprintf(s, "%s=%llu", k, (unsigned long long)bytes);
	else
		sprintf(s, "%s=%s", k, v);
	zp_sh_quote(o, s);
	free(s);
}

/* The name zpool status -P gives a whole disk dev: its first partition,
 * named as libzutil's zfs_append_partition does (-part1 under /dev/disk
 * and /dev/zvol, p1 after a digit, else 1). */
static const char *part1_suffix(const char *dev)
{
	size_t n = strlen(dev);

	if (strncmp(dev, "/dev/disk", 9) == 0 ||
	    strncmp(dev, "/dev/zvol", 9) == 0)
		return "-part1";
	return n && dev[n - 1] >= '0' && dev[n - 1] <= '9' ? "p1" : "1";
}

static const char *dev_of(const struct zp_model *m, const struct zp_ref *r)
{
	const struct zp_disk *d = zp_ref_disk(m, r);

	return d && d->dev ? d->dev : "";
}

/* One device of a pool for zp_pool: DISK DEV PART. */
static void pre_dev(FILE *o, const struct zp_model *m, const struct zp_ref *r)
{
	const char *dev = dev_of(m, r);

	fputs(" \\\n    ", o);
	zp_sh_quote(o, r->name ? r->name : "");
	putc(' ', o);
	zp_sh_quote(o, dev);
	putc(' ', o);
	sq2(o, dev, part1_suffix(dev));
}

static void pool_devs_pre(FILE *o, const struct zp_model *m,
    const struct zp_pool *pl)
{
	size_t v, k;

	for (v = 0; v < pl->vdevs.n; v++)
		for (k = 0; k < pl->vdevs.v[v].n; k++)
			pre_dev(o, m, &pl->vdevs.v[v].members[k]);
	for (v = 0; v < pl->log.n; v++)
		for (k = 0; k < pl->log.v[v].n; k++)
			pre_dev(o, m, &pl->log.v[v].members[k]);
	for (k = 0; k < pl->cache.n; k++)
		pre_dev(o, m, &pl->cache.v[k]);
	for (k = 0; k < pl->spares.n; k++)
		pre_dev(o, m, &pl->spares.v[k]);
}

static size_t pool_ndevs(const struct zp_pool *pl)
{
	size_t v, n = pl->cache.n + pl->spares.n;

	for (v = 0; v < pl->vdevs.n; v++)
		n += pl->vdevs.v[v].n;
	for (v = 0; v < pl->log.n; v++)
		n += pl->log.v[v].n;
	return n;
}

/* A vdev as zpool create's grammar has it: the type word (none for a
 * single disk), then its devices. */
static void put_vdev(FILE *o, const struct zp_model *m,
    const struct zp_vdev *x)
{
	size_t k;

	fputs(" \\\n\t    ", o);
	if (x->kind != ZP_VDEV_DISK)
		fprintf(o, "%s ", zp_vkind_name(x->kind));
	for (k = 0; k < x->n; k++) {
		if (k)
			putc(' ', o);
		zp_sh_quote(o, dev_of(m, &x->members[k]));
	}
}

/* zp_pool_N: zpool create, its arguments in the order
 * OpenZFS's construct_spec takes them: -o, -O, the pool, data vdevs,
 * then log (each plain disk a vdev of its own, or mirrors), cache and
 * spare (plain devices), each keyword once. */
static void pool_fn(FILE *o, const struct zp_script_plan *p, size_t n,
    int32_t pi)
{
	const struct zp_model *m = p->m;
	const struct zp_pool *pl = ZP_POOL(m, pi);
	const struct zp_kv *oa = zp_kv_get(&pl->options, "ashift");
	uint32_t ashift = zp_pool_ashift(m, pl);
	char layout[256], num[16];
	size_t k;

	zp_pool_layout(pl, layout, sizeof(layout));
	fputs("\n# ", o);
	put_c(o, pl->name);
	fprintf(o, ": %s", layout);
	if (pl->log.n)
		fprintf(o, ", %zu log", pl->log.n);
	if (pl->cache.n)
		fprintf(o, ", %zu cache", pl->cache.n);
	if (pl->spares.n)
		fprintf(o, ", %zu spare%s", pl->spares.n,
		    pl->spares.n > 1 ? "s" : "");
	putc('\n', o);
	snprintf(num, sizeof(num), "%u", ashift);
	if (oa && strcmp(oa->val, num) != 0) {
		fputs("# options.ashift ", o);
		put_c(o, oa->val);
		fprintf(o, " left out: the pool's ashift is %u (%s), which "
		    "zplan capacity counts with\n", ashift, pl->has_ashift ?
		    "its ashift" : "policy.ashift");
	}
	fprintf(o, "zp_pool_%zu() {\n\tzp_run zpool create ${zp_check:+-n} "
	    "-o 'ashift=%u'", n, ashift);
	for (k = 0; k < pl->options.n; k++) {
		if (strcmp(pl->options.v[k].key, "ashift") == 0)
			continue;
		fputs(" \\\n\t    -o ", o);
		sq_kv(o, pl->options.v[k].key, pl->options.v[k].val,
		    ZP_OBJ_POOL);
	}
	for (k = 0; k < pl->properties.n; k++) {
		fputs(" \\\n\t    -O ", o);
		sq_kv(o, pl->properties.v[k].key, pl->properties.v[k].val,
		    ZP_OBJ_ROOT);
	}
	fputs(" \\\n\t    ", o);
	zp_sh_quote(o, pl->name);
	/* a type word takes every device up to the next type word, so
	 * single disks go before mirrors and raidz, or they would join them */
	for (k = 0; k < pl->vdevs.n; k++)
		if (pl->vdevs.v[k].kind == ZP_VDEV_DISK)
			put_vdev(o, m, &pl->vdevs.v[k]);
	for (k = 0; k < pl->vdevs.n; k++)
		if (pl->vdevs.v[k].kind != ZP_VDEV_DISK)
			put_vdev(o, m, &pl->vdevs.v[k]);
	if (pl->log.n) {
		fputs(" \\\n\t    log", o);
		for (k = 0; k < pl->log.n; k++)
			if (pl->log.v[k].kind == ZP_VDEV_DISK)
				put_vdev(o, m, &pl->log.v[k]);
		for (k = 0; k < pl->log.n; k++)
			if (pl->log.v[k].kind != ZP_VDEV_DISK)
				put_vdev(o, m, &pl->log.v[k]);
	}
	if (pl->cache.n) {
		fputs(" \\\n\t    cache", o);
		for (k = 0; k < pl->cache.n; k++) {
			fputs(k % 4 ? " " : " \\\n\t    ", o);
			zp_sh_quote(o, dev_of(m, &pl->cache.v[k]));
		}
	}
	if (pl->spares.n) {
		fputs(" \\\n\t    spare", o);
		for (k = 0; k < pl->spares.n; k++) {
			fputs(k % 4 ? " " : " \\\n\t    ", o);
			zp_sh_quote(o, dev_of(m, &pl->spares.v[k]));
		}
	}
	fputs("\n}\n", o);
}

/* ---- mounts ---- */

/* A growing string of comma-separated options. */
struct opts {
	char *s;
	size_t n, cap;
	const char *notes[4];       /* options the client's OS cannot take */
	size_t nnotes;
};

static void __attribute__((format(printf, 2, 3)))
opt(struct opts *b, const char *fmt, ...)
{
	va_list ap;
	int w;

	for (;;) {
		size_t room = b->cap - b->n;

		va_start(ap, fmt);
		w = vsnprintf(b->s + b->n, room, fmt, ap);
		va_end(ap);
		if (w < 0)
			return;
		/* the comma before, the text and its NUL */
		if ((size_t)w + 2 <= room)
			break;
		b->cap = (b->cap + (size_t)w + 2) * 2;
		b->s = zp_xrealloc(b->s, b->cap);
	}
	if (b->n) {
		memmove(b->s + b->n + 1, b->s + b->n, (size_t)w + 1);
		b->s[b->n++] = ',';
	}
	b->n += (size_t)w;
}

static void note(struct opts *b, const char *why)
{
	if (b->nnotes < sizeof(b->notes) / sizeof(b->notes[0]))
		b->notes[b->nnotes++] = why;
}

/* The mount options of x in os's own words (mount_nfs(8) of Solaris and
 * FreeBSD, nfs(5) of Linux); what os has no word for is left out, with a
 * note saying so. */
static void nfs_options(const struct zp_nfsopts *x, enum zp_os os,
    struct opts *b)
{
	static const struct { const char *vers, *bsd; } bsd_vers[] = {
		{ "2", "nfsv2" }, { "3", "nfsv3" }, { "4", "nfsv4" },
		{ "4.0", "nfsv4" }, { "4.1", "nfsv4,minorversion=1" },
		{ "4.2", "nfsv4,minorversion=2" }
	};
	size_t i;

	b->n = 0;
	b->nnotes = 0;
	if (!b->s) {
		b->cap = 128;
		b->s = zp_xmalloc(b->cap);
	}
	b->s[0] = '\0';
	if (x->vers) {
		const char *w = NULL;

		if (os == ZP_OS_FREEBSD)
			for (i = 0; i < sizeof(bsd_vers) / sizeof(bsd_vers[0]); i++)
				if (strcmp(x->vers, bsd_vers[i].vers) == 0)
					w = bsd_vers[i].bsd;
		if (w)
			opt(b, "%s", w);
		else
			opt(b, "vers=%s", x->vers);
	}
	if (x->has_rsize)
		opt(b, "rsize=%llu", (unsigned long long)x->rsize);
	if (x->has_wsize)
		opt(b, "wsize=%llu", (unsigned long long)x->wsize);
	if (x->proto) {
		if (os != ZP_OS_FREEBSD)
			opt(b, "proto=%s", x->proto);
		else if (strcmp(x->proto, "tcp") == 0 ||
		    strcmp(x->proto, "udp") == 0)
			opt(b, "%s", x->proto);
		else
			note(b, "proto left out: FreeBSD's mount_nfs(8) takes "
			    "tcp or udp");
	}
	if (x->has_nconnect) {
		if (os == ZP_OS_LINUX)
			opt(b, "nconnect=%u", x->nconnect);
		else
			note(b, "nconnect left out: it is a Linux mount option");
	}
	if (x->hard >= 0)
		opt(b, "%s", x->hard ? "hard" : "soft");
	if (x->timeo)
		opt(b, "timeo=%s", x->timeo);
	if (x->actimeo)
		opt(b, "actimeo=%s", x->actimeo);
	if (x->forcedirectio == 1) {
		if (os == ZP_OS_SOLARIS)
			opt(b, "forcedirectio");
		else if (os == ZP_OS_LINUX)
			note(b, "forcedirectio left out: Linux's nfs(5) has no "
			    "such option; applications must open files with "
			    "O_DIRECT");
		else
			note(b, "forcedirectio left out: FreeBSD's mount_nfs(8) "
			    "has no such option");
	}
	if (x->extra && *x->extra)
		opt(b, "%s", x->extra);
}

/* "server:/export" of a mount, malloc'd: the address of the serving port
 * without its prefix length (IPv6 in brackets), or the controller's id as
 * a host name where the port has no address. */
static char *mount_source(const struct zp_script_plan *p,
    const struct zp_mount *mt)
{
	const struct zp_model *m = p->m;
	const struct zp_controller *c = mt->ctrl >= 0 ?
	    ZP_CTRL(m, mt->ctrl) : NULL;
	const struct zp_port *sp = c && mt->port >= 0 &&
	    (size_t)mt->port < c->ports.n ? &c->ports.v[mt->port] : NULL;
	const char *path = p->fs_mp[mt->fs], *host = c ? c->id : "localhost";
	char addr[INET6_ADDRSTRLEN + 2], *s;

	if (sp && sp->has_addr && sp->addr.family == 6 &&
	    inet_ntop(AF_INET6, sp->addr.bytes, addr + 1, sizeof(addr) - 2)) {
		addr[0] = '[';
		strcat(addr, "]");
		host = addr;
	} else if (sp && sp->has_addr && sp->addr.family == 4 &&
	    inet_ntop(AF_INET, sp->addr.bytes, addr, sizeof(addr))) {
		host = addr;
	}
	s = zp_xmalloc(strlen(host) + strlen(path) + 2);
	sprintf(s, "%s:%s", host, path);
	return s;
}

/* s as one fstab field: blank, tab, newline and backslash in octal, as
 * fstab(5) reads them. */
static void put_field(FILE *o, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == ' ' || c == '\t' || c == '\n' || c == '\\' ||
		    c < 0x20 || c == 0x7f)
			fprintf(o, "\\%03o", c);
		else
			putc(c, o);
	}
}

/* ---- one host's script ---- */

static void header(FILE *o, const struct zp_script_plan *p,
    const struct zp_host *h, const struct parts *r,
    const struct zp_script_opts *op)
{
	const char *what[4];
	size_t n = 0, i;

	if (r->pools)
		what[n++] = "pools";
	if (r->datasets)
		what[n++] = "filesystems";
	if (r->shares)
		what[n++] = "NFS shares";
	if (r->mounts)
		what[n++] = "NFS mounts";
	fputs("#!/bin/sh\n# zplan script for host ", o);
	put_c(o, h->id);
	fputs(": ", o);
	for (i = 0; i < n; i++)
		fprintf(o, "%s%s", i ? i + 1 == n ? " and " : ", " : "",
		    what[i]);
	if (h->ctrl == ZP_HOST_LOCAL)
		fputs("\n# (the pools of a model without controllers)", o);
	if (r->mounts)
		fprintf(o, "\n# (client OS: %s)",
		    os_name[ZP_CLIENT(p->m, h->client)->os]);
	fputs("\n# model:  ", o);
	put_c(o, op->model);
	fprintf(o, "\n# sha256: %s\n# zplan:  %s\n#\n", op->sha256,
	    ZPLAN_VERSION);
	fputs("# Review it, then run it as root on ", o);
	put_c(o, h->id);
	fputs(". It changes nothing until\n"
	    "# its preflight has passed, forces nothing (no -f, labelclear, "
	    "wipefs\n"
	    "# or dd), and skips what is in place already, so it can be run "
	    "again.\n"
	    "# With --dry-run (or ZPLAN_DRY_RUN=1) it prints the commands "
	    "instead.\n", o);
	if (op->dry_run)
		fputs("# Written with --dry-run: it only ever prints them.\n", o);
	fputs("set -eu\n\nzp_host=", o);
	zp_sh_quote(o, h->id);
	fprintf(o, "\nzp_dry=%d\nzp_steps=%zu\n", op->dry_run ? 1 : 0,
	    r->pools + r->datasets + r->shares + r->mounts);
}

/* Says in the script why fs cannot be mounted, if it cannot. */
static void mount_problem(FILE *o, const struct zp_script_plan *p,
    int32_t fs)
{
	const char *mp = p->fs_mp[fs];
	char *msg;

	if (!unmounted(mp))
		return;
	msg = zp_xmalloc(strlen(ZP_FS(p->m, fs)->name) + 160);
	sprintf(msg, "%s has mountpoint=%s on its server, so NFS cannot "
	    "export it; give it a mountpoint in the model",
	    ZP_FS(p->m, fs)->name, mp);
	fputs("zp_problem ", o);
	zp_sh_quote(o, msg);
	putc('\n', o);
	free(msg);
}

static void fstab_lines(FILE *o, const struct zp_script_plan *p,
    const struct zp_client *cl, int32_t client, struct opts *b)
{
	const struct zp_model *m = p->m;
	size_t j;

	fprintf(o, "\n# ---- %s lines for these mounts, to mount them at "
	    "boot ----\n", cl->os == ZP_OS_SOLARIS ? "/etc/vfstab" :
	    "/etc/fstab");
	for (j = 0; j < B_N(&p->mounts, client); j++) {
		const struct zp_mount *mt = ZP_MOUNT(m,
		    B_AT(&p->mounts, client, j));
		char *src = mount_source(p, mt);

		nfs_options(&ZP_GROUP(m, mt->group)->options, cl->os, b);
		if (cl->os == ZP_OS_SOLARIS && (strpbrk(src, " \t") ||
		    strpbrk(mt->at, " \t")))
			fputs("# (vfstab splits fields at blanks and knows no "
			    "escape: this mount needs\n# names without "
			    "blanks to go in it)\n", o);
		fputs("# ", o);
		put_field(o, src);
		if (cl->os == ZP_OS_SOLARIS) {
			/* device, fsck device, mount point, type, fsck pass,
			 * mount at boot, options */
			fputs(" - ", o);
			put_field(o, mt->at);
			fputs(" nfs - yes ", o);
			put_field(o, b->n ? b->s : "-");
		} else {
			putc(' ', o);
			put_field(o, mt->at);
			fputs(" nfs ", o);
			/* FreeBSD reads rw or ro from the options */
			if (cl->os == ZP_OS_FREEBSD)
				fputs(b->n ? "rw," : "rw", o);
			put_field(o, b->n ? b->s : cl->os == ZP_OS_LINUX ?
			    "defaults" : "");
			fputs(" 0 0", o);
		}
		putc('\n', o);
		free(src);
	}
}

static int write_script(FILE *o, const struct zp_script_plan *p,
    const struct zp_host *h, const struct zp_script_opts *op)
{
	const struct zp_model *m = p->m;
	struct parts r = parts_of(p, h, op->only);
	const struct zp_client *cl = r.mounts ? ZP_CLIENT(m, r.client) : NULL;
	struct opts b = { 0 };
	int32_t group = -1;
	size_t j, k;

	header(o, p, h, &r, op);
	fputs(sh_common, o);
	fputs("zp_nl='\n'\n", o);
	if (r.pools)
		fputs(sh_pools, o);
	if (r.datasets || r.shares) {
		fputs(sh_read_zfs, o);
		if (!r.pools)
			fputs(sh_need_pool, o);
		if (r.datasets)
			fputs(sh_datasets, o);
		else
			fputs(sh_need_fs, o);
		if (r.shares)
			fputs(sh_shares, o);
	}
	if (r.mounts) {
		fputs(sh_mounted_head, o);
		fputs(sh_mounted_os[cl->os], o);
		fputs(sh_mounted_tail, o);
		fputs(sh_mounts, o);
	}
	for (j = 0; j < r.pools; j++)
		pool_fn(o, p, j + 1, B_AT(&p->pools, r.slot, j));

	/* preflight: reads only */
	fputs("\n# ---- preflight: checks only; nothing changes unless all "
	    "pass ----\n", o);
	if (r.pools || r.datasets || r.shares)
		fputs("for zp_c in zpool zfs; do\n"
		    "\tcommand -v \"$zp_c\" >/dev/null 2>&1 ||\n"
		    "\t    zp_problem \"$zp_c not found; install OpenZFS\" \\\n"
		    "\t    \"(or run this on the host that has it)\"\n"
		    "done\n", o);
	if (r.pools)
		fputs("zp_have=' '\n", o);
	for (j = 0; j < r.pools; j++) {
		const struct zp_pool *pl = ZP_POOL(m, B_AT(&p->pools, r.slot, j));

		fprintf(o, "zp_say 'preflight: pool %zu of %zu, %zu devices'\n",
		    j + 1, r.pools, pool_ndevs(pl));
		fprintf(o, "zp_pool %zu ", j + 1);
		zp_sh_quote(o, pl->name);
		pool_devs_pre(o, m, pl);
		putc('\n', o);
	}
	if (r.datasets || r.shares)
		fputs("zp_read_zfs\n", o);
	if (r.shares)
		fputs("zp_read_shares\n", o);
	if ((r.datasets || r.shares) && !r.pools)
		for (j = 0; j < B_N(&p->pools, r.slot); j++) {
			fputs("zp_need_pool ", o);
			zp_sh_quote(o, ZP_POOL(m, B_AT(&p->pools, r.slot,
			    j))->name);
			putc('\n', o);
		}
	if (r.shares && !r.datasets)
		for (j = 0; j < B_N(&p->fs, r.slot); j++) {
			const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r.slot, j));

			if (f->share == ZP_SHARE_NONE)
				continue;
			fputs("zp_need_fs ", o);
			zp_sh_quote(o, f->name);
			putc('\n', o);
		}
	if (r.mounts) {
		fputs("zp_mounts=\n"
		    "zp_mounts=$(mount) ||\n"
		    "    zp_problem 'cannot read the mount table (mount "
		    "failed)'\n", o);
		for (j = 0; j < r.mounts; j++) {
			const struct zp_mount *mt = ZP_MOUNT(m,
			    B_AT(&p->mounts, r.client, j));
			char *src = mount_source(p, mt);

			mount_problem(o, p, mt->fs);
			fputs("zp_mount_pre ", o);
			zp_sh_quote(o, src);
			putc(' ', o);
			zp_sh_quote(o, mt->at);
			putc('\n', o);
			free(src);
		}
	}
	fputs(sh_end_preflight, o);

	if (r.pools)
		fputs("\n# ---- pools ----\n", o);
	for (j = 0; j < r.pools; j++) {
		fprintf(o, "if zp_want_pool %zu ", j + 1);
		zp_sh_quote(o, ZP_POOL(m, B_AT(&p->pools, r.slot, j))->name);
		fprintf(o, "; then\n\tzp_pool_%zu\nfi\n", j + 1);
	}
	if (r.datasets)
		fputs("\n# ---- filesystems, in file order ----\n", o);
	for (j = 0; r.datasets && j < B_N(&p->fs, r.slot); j++) {
		const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r.slot, j));

		fputs("if zp_want_fs ", o);
		zp_sh_quote(o, f->name);
		fputs("; then\n\tzp_run zfs create", o);
		for (k = 0; k < f->properties.n; k++) {
			fputs(" -o ", o);
			sq_kv(o, f->properties.v[k].key,
			    f->properties.v[k].val, ZP_OBJ_FS);
		}
		putc(' ', o);
		zp_sh_quote(o, f->name);
		fputs("\nfi\n", o);
	}
	if (r.shares)
		fputs("\n# ---- NFS shares ----\n", o);
	for (j = 0; r.shares && j < B_N(&p->fs, r.slot); j++) {
		const struct zp_fs *f = ZP_FS(m, B_AT(&p->fs, r.slot, j));
		const char *v = f->share_opts ? f->share_opts : "on";

		if (f->share == ZP_SHARE_NONE)
			continue;
		fputs("if zp_want_share ", o);
		zp_sh_quote(o, f->name);
		putc(' ', o);
		zp_sh_quote(o, v);
		fputs("; then\n\tzp_run zfs set ", o);
		sq_kv(o, "sharenfs", v, ZP_OBJ_FS);
		putc(' ', o);
		zp_sh_quote(o, f->name);
		fputs("\nfi\n", o);
	}
	if (r.mounts)
		fputs("\n# ---- NFS mounts, in plan order ----\n", o);
	for (j = 0; j < r.mounts; j++) {
		const struct zp_mount *mt = ZP_MOUNT(m,
		    B_AT(&p->mounts, r.client, j));
		char *src = mount_source(p, mt);

		nfs_options(&ZP_GROUP(m, mt->group)->options, cl->os, &b);
		if (mt->group != group) {
			/* a client's mounts come group by group */
			group = mt->group;
			for (k = 0; k < b.nnotes; k++)
				fprintf(o, "# %s\n", b.notes[k]);
		}
		fputs("if zp_want_mount ", o);
		zp_sh_quote(o, src);
		putc(' ', o);
		zp_sh_quote(o, mt->at);
		fputs("; then\n\tzp_run mkdir -p ", o);
		zp_sh_quote(o, mt->at);
		fprintf(o, "\n\tzp_run mount %s nfs", cl->os == ZP_OS_SOLARIS ?
		    "-F" : "-t");
		if (b.n) {
			fputs(" -o ", o);
			zp_sh_quote(o, b.s);
		}
		fputs(" \\\n\t    ", o);
		zp_sh_quote(o, src);
		putc(' ', o);
		zp_sh_quote(o, mt->at);
		fputs("\nfi\n", o);
		free(src);
	}
	fputs(sh_end, o);
	if (r.mounts)
		fstab_lines(o, p, cl, r.client, &b);
	free(b.s);
	return ferror(o) ? -1 : 0;
}

int zp_script_host(FILE *out, const struct zp_script_plan *p,
    const struct zp_host *h, const struct zp_script_opts *o)
{
	return write_script(out, p, h, o);
}

int zp_script_controller(FILE *out, const struct zp_script_plan *p,
    int32_t c, const struct zp_script_opts *o)
{
	struct zp_host h = { ZP_CTRL(p->m, c)->id, c, -1 };

	return write_script(out, p, &h, o);
}

int zp_script_client(FILE *out, const struct zp_script_plan *p, int32_t c,
    const struct zp_script_opts *o)
{
	struct zp_host h = { ZP_CLIENT(p->m, c)->id, -1, c };

	return write_script(out, p, &h, o);
}

/* ---- vdev_id.conf ---- */

long zp_script_vdev_id(FILE *out, const struct zp_script_plan *p,
    const struct zp_script_opts *o)
{
	static const char byvdev[] = "/dev/disk/by-vdev/";
	const struct zp_model *m = p->m;
	long n = 0;
	size_t i;

	for (i = 0; i < m->disks.len; i++) {
		const struct zp_disk *d = ZP_DISK(m, i);

		if (!d->dev || strncmp(d->dev, byvdev, sizeof(byvdev) - 1) == 0)
			continue;
		if (!n++) {
			fputs("# vdev_id.conf from the model ", out);
			put_c(out, o->model);
			fprintf(out, "\n# (sha256 %s), by zplan %s.\n", o->sha256,
			    ZPLAN_VERSION);
			fputs("# Install as /etc/zfs/vdev_id.conf on every "
			    "controller that sees these disks,\n"
			    "# then run `udevadm trigger`: each disk also "
			    "appears as\n"
			    "# /dev/disk/by-vdev/<id>, by the disk's id in "
			    "the model.\n", out);
		}
		if (strpbrk(d->dev, " \t\n\r\v\f")) {
			/* vdev_id splits its lines at blanks */
			fputs("# left out: disk ", out);
			put_c(out, d->id);
			fputs(", whose dev holds a blank vdev_id.conf cannot "
			    "express\n", out);
			continue;
		}
		fprintf(out, "alias %s ", d->id);
		put_c(out, d->dev);
		putc('\n', out);
	}
	return ferror(out) ? -1 : n;
}
