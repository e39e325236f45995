/* exports: the subnets each shared filesystem is exported to, from the
 * mount list in one pass (mounts counted per filesystem, then placed),
 * each filesystem's list kept distinct. */
#include "zplan/exports.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/osdial.h"

struct zp_exports {
	const struct zp_model *m;
	size_t *start;              /* per fs: its first net; nfs + 1 */
	size_t *n, *blind, *mounts;
	struct zp_addr *nets;
};

/* The address a mount comes from: its client port's, else the port it
 * goes to on the server (the client must be on that subnet). */
static const struct zp_addr *mount_addr(const struct zp_model *m,
    const struct zp_mount *mt)
{
	if (mt->client >= 0 && mt->client_port >= 0) {
		const struct zp_ports *cp = &ZP_CLIENT(m, mt->client)->ports;

		if ((size_t)mt->client_port < cp->n &&
		    cp->v[mt->client_port].has_addr)
			return &cp->v[mt->client_port].addr;
	}
	if (mt->ctrl >= 0 && mt->port >= 0) {
		const struct zp_ports *sp = &ZP_CTRL(m, mt->ctrl)->ports;

		if ((size_t)mt->port < sp->n && sp->v[mt->port].has_addr)
			return &sp->v[mt->port].addr;
	}
	return NULL;
}

struct zp_exports *zp_exports_new(const struct zp_model *m)
{
	struct zp_exports *x = zp_xcalloc(1, sizeof(*x));
	size_t nfs = m->filesystems.len, i, k;

	x->m = m;
	x->start = zp_xcalloc(nfs + 1, sizeof(size_t));
	x->n = zp_xcalloc(nfs + 1, sizeof(size_t));
	x->blind = zp_xcalloc(nfs + 1, sizeof(size_t));
	x->mounts = zp_xcalloc(nfs + 1, sizeof(size_t));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (mt->fs >= 0 && (size_t)mt->fs < nfs)
			x->mounts[mt->fs]++;
	}
	for (i = 0; i < nfs; i++)
		x->start[i + 1] = x->start[i] + x->mounts[i];
	x->nets = zp_xcalloc(x->start[nfs] + 1, sizeof(struct zp_addr));
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_addr *a;
		struct zp_addr *list;

		if (mt->fs < 0 || (size_t)mt->fs >= nfs)
			continue;
		if (!(a = mount_addr(m, mt))) {
			x->blind[mt->fs]++;
			continue;
		}
		list = x->nets + x->start[mt->fs];
		for (k = 0; k < x->n[mt->fs]; k++)
			if (zp_addr_same_subnet(&list[k], a))
				break;
		if (k == x->n[mt->fs])
			list[x->n[mt->fs]++] = *a;
	}
	return x;
}

void zp_exports_free(struct zp_exports *x)
{
	if (!x)
		return;
	free(x->start);
	free(x->n);
	free(x->blind);
	free(x->mounts);
	free(x->nets);
	free(x);
}

const struct zp_addr *zp_exports_of(const struct zp_exports *x, size_t fs,
    size_t *n, size_t *blind, size_t *mounts)
{
	*n = x->n[fs];
	*blind = x->blind[fs];
	*mounts = x->mounts[fs];
	return x->nets + x->start[fs];
}

bool zp_exports_sharenfs(const struct zp_exports *x, size_t fs, char *buf,
    size_t len)
{
	const struct zp_model *m = x->m;
	const struct zp_fs *f = ZP_FS(m, fs);
	const struct zp_pool *p = f->pool >= 0 ? ZP_POOL(m, f->pool) : NULL;
	const struct zp_os_dialect *os = p && p->controller.idx >= 0 ?
	    zp_os_dialect(ZP_CTRL(m, p->controller.idx)->os) : &zp_os_linux;
	size_t n, blind, mounts;
	const struct zp_addr *nets;

	buf[0] = '\0';
	if (f->share_opts) {
		snprintf(buf, len, "%s", f->share_opts);
		return true;
	}
	nets = zp_exports_of(x, fs, &n, &blind, &mounts);
	if (!mounts)
		return false;
	if (blind) {
		snprintf(buf, len, "on");
		return true;
	}
	os->share_to(buf, len, nets, n);
	return true;
}
