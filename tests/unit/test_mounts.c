/* Unit tests for mount: the mount lists src/mount.c generates for the
 * reference systems, against model.md's interleave (and the published
 * mount order of system A). Run from the top of the tree, or with TOP set. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/diag.h"
#include "zplan/load.h"
#include "zplan/model.h"

static struct zp_diags diags;

static struct zp_model *load(const char *rel)
{
	const char *top = getenv("TOP");
	char path[1024];
	struct zp_model *m;
	int status = -1;

	snprintf(path, sizeof(path), "%s/%s", top ? top : ".", rel);
	zp_diags_init(&diags, path);
	m = zp_load(path, &diags, &status);
	cr_assert_not_null(m, "cannot load %s (status %d)", path, status);
	cr_assert_eq(status, 0);
	return m;
}

static void unload(struct zp_model *m)
{
	zp_model_free(m);
	zp_diags_release(&diags);
}

/* The part of a filesystem name after the pool: "fs1" of "pool1/fs1". */
static const char *fs_leaf(const struct zp_model *m, const struct zp_mount *mt)
{
	const char *s = strchr(ZP_FS(m, mt->fs)->name, '/');

	return s ? s + 1 : ZP_FS(m, mt->fs)->name;
}

static const char *port_id(const struct zp_model *m, const struct zp_mount *mt)
{
	cr_assert_geq(mt->port, 0);
	return ZP_CTRL(m, mt->ctrl)->ports.v[mt->port].id;
}

static int32_t client_idx(const struct zp_model *m, const char *id)
{
	int32_t i = zp_htab_get(&m->h_clients, id);

	cr_assert_geq(i, 0, "no client %s", id);
	return i;
}

/* System A: model.md's table, the published mount order. */
Test(mounts, ref_a_interleave_order)
{
	static const char *const want[][2] = {
		{ "fs1", "net1" }, { "fs121", "net3" }, { "fs31", "net2" },
		{ "fs151", "net4" }, { "fs61", "net1" }, { "fs181", "net3" },
		{ "fs91", "net2" }, { "fs211", "net4" }, { "fs2", "net1" },
		{ "fs122", "net3" },
	};
	struct zp_model *m = load("examples/ref-a-zs3-2.yaml");
	size_t i;

	cr_assert_eq(m->mounts.len, 240);
	for (i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		cr_expect_str_eq(fs_leaf(m, mt), want[i][0], "mount %zu: %s, "
		    "want %s", i, fs_leaf(m, mt), want[i][0]);
		cr_expect_str_eq(port_id(m, mt), want[i][1], "mount %zu (%s): "
		    "port %s, want %s", i, fs_leaf(m, mt), port_id(m, mt),
		    want[i][1]);
	}
	/* the last is fs240 through zs3-2b/net4 */
	cr_expect_str_eq(fs_leaf(m, ZP_MOUNT(m, 239)), "fs240");
	cr_expect_str_eq(port_id(m, ZP_MOUNT(m, 239)), "net4");
	unload(m);
}

Test(mounts, ref_a_each_filesystem_once)
{
	struct zp_model *m = load("examples/ref-a-zs3-2.yaml");
	int *seen = calloc(m->filesystems.len, sizeof(int));
	size_t i, per_port[2][4] = { { 0 } };

	cr_assert_eq(m->filesystems.len, 240);
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_port *cp;

		seen[mt->fs]++;
		/* served by the pool's owner, through a data port */
		cr_expect_eq(mt->ctrl,
		    ZP_POOL(m, ZP_FS(m, mt->fs)->pool)->controller.idx);
		cr_expect_eq(ZP_CTRL(m, mt->ctrl)->ports.v[mt->port].role,
		    ZP_ROLE_DATA);
		per_port[mt->ctrl][mt->port]++;
		/* the client port on the server port's subnet */
		cp = &ZP_CLIENT(m, mt->client)->ports.v[mt->client_port];
		cr_expect(zp_addr_same_subnet(&cp->addr,
		    &ZP_CTRL(m, mt->ctrl)->ports.v[mt->port].addr));
		cr_expect_eq(mt->entry, -1);
	}
	for (i = 0; i < m->filesystems.len; i++)
		cr_expect_eq(seen[i], 1, "%s mounted %d times",
		    ZP_FS(m, i)->name, seen[i]);
	/* each of the four data ports carries 60 */
	cr_expect_eq(per_port[0][0], 60);
	cr_expect_eq(per_port[0][1], 60);
	cr_expect_eq(per_port[1][2], 60);
	cr_expect_eq(per_port[1][3], 60);
	free(seen);
	unload(m);
}

/* System B: 4 clients, 2 controllers x 16 shares, 4 data ports each. */
Test(mounts, ref_b_round_robin_clients)
{
	struct zp_model *m = load("examples/ref-b-zs11-2.yaml");
	size_t per_client[4][2] = { { 0 } }, per_port[2][5] = { { 0 } };
	int *seen = calloc(m->filesystems.len, sizeof(int));
	size_t i, c, k;

	cr_assert_eq(m->clients.len, 4);
	cr_assert_eq(m->filesystems.len, 32);
	cr_assert_eq(m->mounts.len, 32);
	/* model.md's table: i -> client (i + floor(i/4)) mod 4 */
	{
		static const char *const want[8][2] = {
			{ "share01", "client1" }, { "share17", "client2" },
			{ "share02", "client3" }, { "share18", "client4" },
			{ "share03", "client2" }, { "share19", "client3" },
			{ "share04", "client4" }, { "share20", "client1" },
		};

		for (i = 0; i < 8; i++) {
			const struct zp_mount *mt = ZP_MOUNT(m, i);

			cr_expect_str_eq(fs_leaf(m, mt), want[i][0]);
			cr_expect_eq(mt->client, client_idx(m, want[i][1]),
			    "mount %zu to %s, want %s", i,
			    ZP_CLIENT(m, mt->client)->id, want[i][1]);
		}
	}
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		seen[mt->fs]++;
		per_client[mt->client][mt->ctrl]++;
		per_port[mt->ctrl][mt->port]++;
		cr_expect_eq(ZP_CTRL(m, mt->ctrl)->ports.v[mt->port].role,
		    ZP_ROLE_DATA);
	}
	for (i = 0; i < m->filesystems.len; i++)
		cr_expect_eq(seen[i], 1, "%s mounted %d times",
		    ZP_FS(m, i)->name, seen[i]);
	for (c = 0; c < 4; c++)
		for (k = 0; k < 2; k++)
			cr_expect_eq(per_client[c][k], 4, "%s mounts %zu "
			    "shares of %s, want 4", ZP_CLIENT(m, c)->id,
			    per_client[c][k], ZP_CTRL(m, k)->id);
	for (c = 0; c < 2; c++) {
		for (k = 0; k < 4; k++)
			cr_expect_eq(per_port[c][k], 4, "%s/%s serves %zu, "
			    "want 4", ZP_CTRL(m, c)->id,
			    ZP_CTRL(m, c)->ports.v[k].id, per_port[c][k]);
		cr_expect_eq(per_port[c][4], 0, "the management port serves");
	}
	free(seen);
	unload(m);
}

/* System E, strategy all: every client mounts both filesystems, in
 * interleave order; client k uses port P[(j + k) mod |P|]. */
Test(mounts, ref_e_all_shifts_ports)
{
	struct zp_model *m = load("examples/ref-e-freenas.yaml");
	const struct zp_controller *c;
	size_t i, j, k, np = 0, per_port[8] = { 0 };
	int32_t data[8];

	cr_assert_eq(m->clients.len, 8);
	cr_assert_eq(m->mounts.len, 16);
	c = ZP_CTRL(m, 0);
	for (i = 0; i < c->ports.n; i++)
		if (c->ports.v[i].role == ZP_ROLE_DATA)
			data[np++] = (int32_t)i;
	cr_assert_eq(np, 2);
	/* filesystem j is mounted by clients 0..7 in turn */
	for (j = 0; j < 2; j++)
		for (k = 0; k < 8; k++) {
			const struct zp_mount *mt = ZP_MOUNT(m, j * 8 + k);

			cr_expect_str_eq(fs_leaf(m, mt), j ? "genomics2" :
			    "genomics1");
			cr_expect_eq(mt->client, (int32_t)k);
			cr_expect_eq(mt->port, data[(j + k) % np],
			    "client %zu, filesystem %zu: port %s", k, j,
			    port_id(m, mt));
			per_port[mt->port]++;
			/* and the client port on that port's subnet */
			cr_expect(zp_addr_same_subnet(&ZP_CLIENT(m,
			    mt->client)->ports.v[mt->client_port].addr,
			    &c->ports.v[mt->port].addr));
		}
	cr_expect_eq(per_port[data[0]], 8);
	cr_expect_eq(per_port[data[1]], 8);
	unload(m);
}
