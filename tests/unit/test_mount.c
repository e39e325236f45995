/* Unit tests for the explicit form of a mount list: `zplan plan` writes a
 * generated list out as strategy explicit, and the list read back must be
 * the same mounts through the same ports, client ports included (chosen
 * by the client's j-th mount where no subnet decides). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/emit.h"

static const char model[] =
    "zplan: 1\n"
    "policy: {spares_per_pool: 0, mirror_isolation: none}\n"
    "drive_types: {hdd: {media: hdd, size: 4TB}}\n"
    "controllers:\n"
    "  - {id: h1, ports: [{id: n0}, {id: n1}]}\n"
    "disks: [{id: d0, controller: h1, type: hdd}, "
    "{id: d1, controller: h1, type: hdd}, "
    "{id: d2, controller: h1, type: hdd}, "
    "{id: d3, controller: h1, type: hdd}]\n"
    "pools: [{name: tank, controller: h1, vdevs: [{mirror: [d0, d1]}]},\n"
    "  {name: tank2, controller: h1, vdevs: [{mirror: [d2, d3]}]}]\n"
    "filesystems: [{template: \"fs{n}\", pools: [tank, tank2], "
    "per_pool: 5, share: nfs}]\n"
    "clients:\n"
    "  - {id: c0, ports: [{id: p0}, {id: p1}]}\n"
    "  - {id: c1, ports: [{id: p0}, {id: p1}, {id: p2}]}\n"
    "mounts: [{strategy: round-robin, pools: [tank]},\n"
    "  {strategy: all, pools: [tank2]}]\n";

static char *temp_with(const char *text, size_t len)
{
	char *path = strdup("/tmp/zplan-test-XXXXXX");
	int fd = mkstemp(path);

	cr_assert_geq(fd, 0);
	cr_assert_eq(write(fd, text, len), (ssize_t)len);
	close(fd);
	return path;
}

static struct zp_model *load(const char *path, struct zp_diags *d)
{
	struct zp_model *m;
	int status;

	zp_diags_init(d, path);
	m = zp_cmd_load(path, d, NULL, &status);
	cr_assert_not_null(m);
	cr_assert_eq(d->errors, 0, "%s has errors", path);
	return m;
}

Test(mount, explicit_form_keeps_client_ports)
{
	char *a = temp_with(model, sizeof(model) - 1), *b, *out = NULL;
	struct zp_diags da, db;
	struct zp_model *ma = load(a, &da), *mb;
	size_t len = 0, i;
	FILE *f = open_memstream(&out, &len);
	int ports_seen[2][3] = { { 0 } };

	cr_assert_eq(zp_emit(ma, ZP_EMIT_YAML, f), 0);
	fclose(f);
	cr_assert_not_null(strstr(out, "strategy: explicit"));
	b = temp_with(out, len);
	mb = load(b, &db);
	cr_assert_eq(ma->mounts.len, 5 + 10);
	cr_assert_eq(mb->mounts.len, ma->mounts.len);
	for (i = 0; i < ma->mounts.len; i++) {
		const struct zp_mount *x = ZP_MOUNT(ma, i);
		const struct zp_mount *y = ZP_MOUNT(mb, i);

		cr_assert_eq(x->client, y->client, "mount %zu", i);
		cr_assert_eq(x->fs, y->fs, "mount %zu", i);
		cr_assert_eq(x->ctrl, y->ctrl, "mount %zu", i);
		cr_assert_eq(x->port, y->port, "mount %zu", i);
		cr_assert_eq(x->client_port, y->client_port, "mount %zu: "
		    "client port %d, read back %d", i, x->client_port,
		    y->client_port);
		cr_assert_str_eq(x->at, y->at);
		ports_seen[x->client][x->client_port] = 1;
	}
	/* no addresses: each client goes round its ports */
	cr_assert(ports_seen[0][0] && ports_seen[0][1]);
	cr_assert(ports_seen[1][0] && ports_seen[1][1] && ports_seen[1][2]);
	zp_model_free(ma);
	zp_model_free(mb);
	zp_diags_release(&da);
	zp_diags_release(&db);
	unlink(a);
	unlink(b);
	free(a);
	free(b);
	free(out);
}
