/* Share rules (rules.md "Network and mounts"): an export as tight as the
 * model allows (share-open), in the options its server's OS accepts
 * (share-options). */
#include <stdio.h>
#include <string.h>

#include "zplan/exports.h"
#include "zplan/osdial.h"
#include "zplan/rule.h"

static const struct zp_os_dialect *fs_dialect(const struct zp_model *m,
    const struct zp_fs *f)
{
	const struct zp_pool *p = f->pool >= 0 ? ZP_POOL(m, f->pool) : NULL;

	return p && p->controller.idx >= 0 ?
	    zp_os_dialect(ZP_CTRL(m, p->controller.idx)->os) : &zp_os_linux;
}

static void check_share_options(const struct zp_model *m,
    struct zp_diags *d)
{
	size_t i;

	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		char why[300];
		bool open;

		if (f->share != ZP_SHARE_NFS || !f->share_opts)
			continue;
		if (fs_dialect(m, f)->share_check(f->share_opts, &open, why,
		    sizeof(why)))
			zp_report(d, ZR_SHARE_OPTIONS, f->share_loc,
			    zp_pathf(d, "filesystems[%u].share", f->src),
			    "%s: sharenfs=%s does not work on its server "
			    "(%s): %s", f->name, f->share_opts,
			    fs_dialect(m, f)->name, why);
	}
}

const struct zp_rule zp_rule_share_options = {
	"share-options", ZP_SEV_ERROR,
	"share options the server's OS does not accept in sharenfs",
	check_share_options
};

static void check_share_open(const struct zp_model *m, struct zp_diags *d)
{
	struct zp_exports *x = zp_exports_new(m);
	size_t i;

	for (i = 0; i < m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(m, i);
		const char *path = zp_pathf(d, "filesystems[%u].share", f->src);
		size_t n, blind, mounts;
		char why[300];
		bool open = false;

		if (f->share != ZP_SHARE_NFS)
			continue;
		if (f->share_opts) {
			if (!fs_dialect(m, f)->share_check(f->share_opts,
			    &open, why, sizeof(why)) && open)
				zp_report(d, ZR_SHARE_OPEN, f->share_loc, path,
				    "%s is exported to every host (sharenfs=%s "
				    "names no host or network); name the "
				    "clients' subnets, or write share: nfs to "
				    "export to those that mount it", f->name,
				    f->share_opts);
			continue;
		}
		zp_exports_of(x, i, &n, &blind, &mounts);
		if (blind)
			zp_report(d, ZR_SHARE_OPEN, f->share_loc, path,
			    "%s is exported to every host: %zu of its mounts "
			    "have no address on either side, so the model "
			    "does not say whom to export to; give the ports "
			    "addresses, or share: {nfs: \"...\"} the hosts",
			    f->name, blind);
	}
	zp_exports_free(x);
}

const struct zp_rule zp_rule_share_open = {
	"share-open", ZP_SEV_WARNING,
	"an NFS export open to every host (sharenfs=on, or options naming no "
	"host or network)",
	check_share_open
};
