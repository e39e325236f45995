/* os_freebsd: the FreeBSD server dialect. No udev and no vdev_id: a disk
 * is named by GEOM's disk ident label, /dev/diskid/DISK-<serial>
 * (kern.geom.label.disk_ident.enable, on by default), which needs the
 * serial; without one, a glabel name /dev/label/<id> the administrator
 * makes. Disks are character devices. sharenfs is a set of exports(5)
 * lines separated by ';', which lib/libzfs/os/freebsd/libzfs_share_nfs.c
 * writes to /etc/zfs/exports (read-write unless -ro). */
#include "zplan/osdial.h"

#include <stdio.h>
#include <string.h>

#include "zplan/units.h"

static bool plain(const char *s)
{
	return *s && s[strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnop"
	    "qrstuvwxyz0123456789._-")] == '\0';
}

static const char *freebsd_dev(struct zp_model *m, size_t i,
    const char **why)
{
	const struct zp_disk_ident *x = zp_disk_ident(m, i);

	*why = NULL;
	if (x && x->serial && plain(x->serial))
		return zp_arena_printf(&m->arena, "/dev/diskid/DISK-%s",
		    x->serial);
	*why = x && x->serial ? "its serial has characters GEOM's diskid "
	    "label changes; give a dev (a glabel /dev/label/NAME)" :
	    "FreeBSD names it /dev/diskid/DISK-<serial>: give its serial, "
	    "or label it (glabel label <id> /dev/daN) and keep this name";
	return zp_arena_printf(&m->arena, "/dev/label/%s", ZP_DISK(m, i)->id);
}

struct fcheck {
	bool open, limited, want_value;
	char *why;
	size_t len;
};

/* exports(5) options, as libzfs_share_nfs.c's translate_opts knows them;
 * those marked take a value, after = or as the next word */
static int option(const char *k, size_t kn, bool *value)
{
	static const char *const opts[] = {
		"ro", "o", "alldirs", "public", "webnfs", "quiet", NULL
	};
	static const char *const vopts[] = {
		"maproot", "mapall", "mask", "network", "sec", "index", NULL
	};
	size_t i;

	for (i = 0; opts[i]; i++)
		if (strlen(opts[i]) == kn && memcmp(opts[i], k, kn) == 0) {
			*value = false;
			return 1;
		}
	for (i = 0; vopts[i]; i++)
		if (strlen(vopts[i]) == kn && memcmp(vopts[i], k, kn) == 0) {
			*value = true;
			return 2 + (int)(i == 3);
		}
	return 0;
}

static int freebsd_word(const char *k, size_t kn, const char *v, size_t vn,
    void *ctx)
{
	struct fcheck *c = ctx;
	bool dash = kn && k[0] == '-', value;
	int o;

	(void)vn;
	if (c->want_value) {
		c->want_value = false;
		return 0;
	}
	o = option(k + dash, kn - dash, &value);
	if (!o) {
		if (dash) {
			snprintf(c->why, c->len, "exports(5) has no option "
			    "`%.*s`", (int)kn, k);
			return -1;
		}
		c->limited = true;      /* a host name */
		return 0;
	}
	if (o == 3)
		c->limited = true;      /* -network */
	c->want_value = value && !v;
	return 0;
}

static int freebsd_check(const char *opts, bool *open, char *why,
    size_t len)
{
	const char *p = strcmp(opts, "on") == 0 ? "" : opts;
	/* libzfs skips a blank line between ';' */
	bool semi = strchr(p, ';') != NULL;

	*open = false;
	for (;;) {
		size_t n = strcspn(p, ";");
		char set[1024];
		struct fcheck c = { false, false, false, why, len };

		if (n >= sizeof(set)) {
			snprintf(why, len, "an exports(5) line of %zu bytes is "
			    "too long", n);
			return -1;
		}
		memcpy(set, p, n);
		set[n] = '\0';
		if (!semi || set[strspn(set, " \t")]) {
			if (zp_share_words(set, ", \t", freebsd_word, &c))
				return -1;
			if (!c.limited)
				*open = true;
		}
		if (!p[n])
			return 0;
		p += n + 1;
	}
}

static void freebsd_share_to(char *buf, size_t len, const struct zp_addr *nets,
    size_t n)
{
	size_t i, at = strlen(buf);

	for (i = 0; i < n && at < len; i++) {
		char net[64];

		zp_addr_subnet_str(&nets[i], net, sizeof(net));
		at += (size_t)snprintf(buf + at, len - at, "%s-network %s",
		    i ? ";" : "", net);
	}
}

const struct zp_os_dialect zp_os_freebsd = {
	"freebsd", false, freebsd_dev, freebsd_check, freebsd_share_to, 'c',
	"# zp_nfs_server: the NFS server (nfsd, mountd) that sharenfs needs\n"
	"zp_nfs_server() {\n"
	"\tservice nfsd onestatus >/dev/null 2>&1 ||\n"
	"\t    zp_problem 'the NFS server is not running; run sysrc' \\\n"
	"\t    'nfs_server_enable=YES and service nfsd start'\n"
	"}\n"
};
