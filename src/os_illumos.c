/* os_illumos: the illumos server dialect. With MPxIO (scsi_vhci, on by
 * default for SAS) a disk is /dev/dsk/c0t<WWN>d0 whichever path reaches
 * it, so the name needs the disk's wwn. sharenfs is share_nfs(8)'s option
 * list: rw=, ro=, root= and none= take ':'-separated access lists of
 * hosts, netgroups and @network/prefix. */
#include "zplan/osdial.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "zplan/units.h"

static const char *illumos_dev(struct zp_model *m, size_t i,
    const char **why)
{
	const struct zp_disk_ident *x = zp_disk_ident(m, i);
	char *s;
	size_t k;

	*why = NULL;
	if (!x || !x->wwn || strncmp(x->wwn, "0x", 2) != 0) {
		*why = "illumos names it by its WWN under MPxIO "
		    "(/dev/dsk/c0t<WWN>d0): give its wwn, or a dev";
		return zp_arena_printf(&m->arena, "/dev/dsk/%s",
		    ZP_DISK(m, i)->id);
	}
	s = zp_arena_printf(&m->arena, "/dev/dsk/c0t%sd0", x->wwn + 2);
	for (k = strlen("/dev/dsk/c0t"); s[k + 2]; k++)
		s[k] = (char)toupper((unsigned char)s[k]);
	return s;
}

struct icheck {
	bool open, limited;
	char *why;
	size_t len;
};

static int illumos_word(const char *k, size_t kn, const char *v, size_t vn,
    void *ctx)
{
	static const char *const keys[] = {
		"rw", "ro", "root", "none", "root_mapping", "anon", "sec",
		"nosuid", "nosub", "nohide", "public", "window", "log",
		"aclok", "index", "noaclfab", "uidmap", "gidmap", "charset",
		NULL
	};
	struct icheck *c = ctx;
	size_t i;

	for (i = 0; keys[i]; i++)
		if (strlen(keys[i]) == kn && memcmp(keys[i], k, kn) == 0)
			break;
	if (!keys[i]) {
		snprintf(c->why, c->len, "share_nfs(8) has no option `%.*s`",
		    (int)kn, k);
		return -1;
	}
	if (i < 2) {
		if (!v || !vn)
			c->open = true;
		else
			c->limited = true;
	}
	return 0;
}

static int illumos_check(const char *opts, bool *open, char *why,
    size_t len)
{
	struct icheck c = { false, false, why, len };

	if (strcmp(opts, "on") == 0) {
		*open = true;
		return 0;
	}
	if (zp_share_words(opts, ",", illumos_word, &c))
		return -1;
	/* neither rw= nor ro=: share_nfs(8) shares read-write to all */
	*open = c.open || !c.limited;
	return 0;
}

static void illumos_share_to(char *buf, size_t len, const struct zp_addr *nets,
    size_t n)
{
	size_t i, at = strlen(buf);

	for (i = 0; i < n && at < len; i++) {
		char net[64];

		zp_addr_subnet_str(&nets[i], net, sizeof(net));
		at += (size_t)snprintf(buf + at, len - at, "%s@%s",
		    i ? ":" : "rw=", net);
	}
}

const struct zp_os_dialect zp_os_illumos = {
	"illumos", false, illumos_dev, illumos_check, illumos_share_to, 'b',
	"# zp_nfs_server: the NFS server service that sharenfs needs\n"
	"zp_nfs_server() {\n"
	"\tsvcs -H -o state svc:/network/nfs/server >/dev/null 2>&1 ||\n"
	"\t    zp_problem 'no NFS server: the service' \\\n"
	"\t    'svc:/network/nfs/server is not installed'\n"
	"}\n"
};
