/* osdial: choosing a server OS's dialect, and what the dialects share. */
#include "zplan/osdial.h"

#include <string.h>

const struct zp_os_dialect *zp_os_dialect(enum zp_srv_os os)
{
	static const struct zp_os_dialect *const all[ZP_SRV_N] = {
		[ZP_SRV_LINUX] = &zp_os_linux,
		[ZP_SRV_FREEBSD] = &zp_os_freebsd,
		[ZP_SRV_ILLUMOS] = &zp_os_illumos,
	};
	return all[os];
}

const struct zp_os_dialect *zp_disk_dialect(const struct zp_model *m,
    size_t i)
{
	int32_t c = zp_disk_host(m, ZP_DISK(m, i));

	return c < 0 ? &zp_os_linux : zp_os_dialect(ZP_CTRL(m, c)->os);
}

const char *zp_os_default_dev(struct zp_model *m, size_t i)
{
	const char *why, *dev = zp_disk_dialect(m, i)->default_dev(m, i, &why);

	return dev ? dev : zp_arena_printf(&m->arena, "/dev/disk/by-vdev/%s",
	    ZP_DISK(m, i)->id);
}

int zp_share_words(const char *opts, const char *seps,
    int (*fn)(const char *key, size_t klen, const char *val, size_t vlen,
    void *ctx), void *ctx)
{
	const char *p = opts;

	while (*p) {
		size_t n = strcspn(p, seps);
		const char *eq = memchr(p, '=', n);
		int r;

		if (n) {
			r = eq ? fn(p, (size_t)(eq - p), eq + 1,
			    n - (size_t)(eq - p) - 1, ctx) :
			    fn(p, n, NULL, 0, ctx);
			if (r)
				return r;
		}
		p += n;
		if (*p)
			p++;
	}
	return 0;
}
