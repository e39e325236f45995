/* os_linux: the Linux server dialect. Disks are named by OpenZFS's
 * vdev_id (/dev/disk/by-vdev/<id>, from the vdev_id.conf zplan writes:
 * src/vdevid.c); sharenfs is the option list of
 * lib/libzfs/os/linux/libzfs_share_nfs.c, which hands rw=/ro= host lists
 * to exportfs and refuses any other key outside its table. */
#include "zplan/osdial.h"

#include <stdio.h>
#include <string.h>

#include "zplan/units.h"

static const char *linux_dev(struct zp_model *m, size_t i, const char **why)
{
	*why = NULL;
	return zp_arena_printf(&m->arena, "/dev/disk/by-vdev/%s",
	    ZP_DISK(m, i)->id);
}

struct lcheck {
	bool open, hosts;
	char *why;
	size_t len;
};

/* A rw= or ro= list: hosts separated by ':', an IPv6 literal in [] */
static int host_list(const char *v, size_t n, struct lcheck *c)
{
	size_t i = 0;

	while (i < n) {
		size_t s = i;

		if (v[i] == '[') {
			const char *e = memchr(v + i, ']', n - i);

			if (!e) {
				snprintf(c->why, c->len, "an IPv6 address "
				    "in a host list opens with [ and has no ]");
				return -1;
			}
			i = (size_t)(e - v) + 1;
			if (i < n && v[i] == '/')
				while (i < n && v[i] != ':')
					i++;
			if (i < n && v[i] != ':') {
				snprintf(c->why, c->len, "after ] comes /"
				    "prefix, : or the end of the list");
				return -1;
			}
		} else {
			while (i < n && v[i] != ':')
				i++;
		}
		if (i - s == 1 && v[s] == '*')
			c->open = true;
		c->hosts = true;
		if (i < n)
			i++;
	}
	return 0;
}

static int linux_word(const char *k, size_t kn, const char *v, size_t vn,
    void *ctx)
{
	/* libzfs_share_nfs.c's table, and the keys it translates */
	static const char *const keys[] = {
		"all_squash", "anongid", "anonuid", "async", "auth_nlm",
		"crossmnt", "fsid", "fsuid", "hide", "insecure",
		"insecure_locks", "mountpoint", "mp", "no_acl",
		"no_all_squash", "no_auth_nlm", "no_root_squash",
		"no_subtree_check", "no_wdelay", "nohide", "refer", "replicas",
		"root_squash", "secure", "secure_locks", "subtree_check",
		"sync", "wdelay", "sec", "anon", "root_mapping", "nosub", NULL
	};
	struct lcheck *c = ctx;
	size_t i;

	if ((kn == 2 && (memcmp(k, "rw", 2) == 0 || memcmp(k, "ro", 2) == 0))) {
		if (!v || !vn) {
			c->open = c->hosts = true;
			return 0;
		}
		return host_list(v, vn, c);
	}
	for (i = 0; keys[i]; i++)
		if (strlen(keys[i]) == kn && memcmp(keys[i], k, kn) == 0)
			return 0;
	snprintf(c->why, c->len, "Linux's sharenfs has no option `%.*s` "
	    "(hosts go in rw=@10.1.1.0/24:... or ro=...; root access is "
	    "no_root_squash)", (int)kn, k);
	return -1;
}

static int linux_check(const char *opts, bool *open, char *why, size_t len)
{
	struct lcheck c = { false, false, why, len };

	if (strcmp(opts, "on") == 0) {
		*open = true;
		return 0;
	}
	if (zp_share_words(opts, ",", linux_word, &c))
		return -1;
	if (!c.hosts) {
		snprintf(why, len, "these options give no rw= or ro= list, so "
		    "Linux exports the filesystem to no host");
		return -1;
	}
	*open = c.open;
	return 0;
}

static void linux_share_to(char *buf, size_t len, const struct zp_addr *nets,
    size_t n)
{
	size_t i, at = strlen(buf);

	for (i = 0; i < n && at < len; i++) {
		char net[64], *slash;

		zp_addr_subnet_str(&nets[i], net, sizeof(net));
		slash = strchr(net, '/');
		if (nets[i].family == 6 && slash) {
			*slash = '\0';
			at += (size_t)snprintf(buf + at, len - at, "%s[%s]/%s",
			    i ? ":" : "rw=", net, slash + 1);
		} else {
			at += (size_t)snprintf(buf + at, len - at, "%s@%s",
			    i ? ":" : "rw=", net);
		}
	}
}

const struct zp_os_dialect zp_os_linux = {
	"linux", true, linux_dev, linux_check, linux_share_to, 'b',
	"# zp_nfs_server: the NFS server (exportfs) that sharenfs needs\n"
	"zp_nfs_server() {\n"
	"\t[ -x /usr/sbin/exportfs ] ||\n"
	"\t    zp_problem 'no NFS server: /usr/sbin/exportfs is missing;' \\\n"
	"\t    'install the NFS server (nfs-kernel-server, nfs-utils)'\n"
	"}\n"
};
