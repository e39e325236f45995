/* Network rules (rules.md "Network and mounts"): the path of every mount of
 * the mount list, from client port through switch to server port, and the
 * switches' port counts. Findings are grouped per port pair (or port), with
 * the number of mounts that take it, so that 240 mounts through one bad
 * pair give one finding. */
#include <arpa/inet.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

#include "zplan/mount.h"
#include "zplan/rule.h"

/* ---- helpers ---- */

/* A tally of mounts per key (a port pair, a port): the first mount and the
 * count, in order of first appearance. */
struct tally_rec {
	int32_t first;          /* mount index */
	int32_t aux;            /* free for the rule */
	size_t count;
};

struct tally {
	struct zp_htab h;
	struct zp_arena keys;
	struct zp_vec recs;
};

static void tally_init(struct tally *t, size_t expect)
{
	zp_htab_init(&t->h, expect);
	zp_arena_init(&t->keys);
	zp_vec_init(&t->recs, sizeof(struct tally_rec));
}

static void tally_release(struct tally *t)
{
	zp_htab_release(&t->h);
	zp_arena_release(&t->keys);
	zp_vec_release(&t->recs);
}

static struct tally_rec *tally_add(struct tally *t, int32_t a, int32_t b,
    int32_t mount)
{
	char buf[32];
	struct tally_rec *r;
	int32_t i;

	snprintf(buf, sizeof(buf), "%d:%d", a, b);
	i = zp_htab_get(&t->h, buf);
	if (i < 0) {
		i = (int32_t)t->recs.len;
		zp_htab_put(&t->h, zp_arena_strdup(&t->keys, buf), i);
		r = zp_vec_push(&t->recs);
		r->first = mount;
	}
	r = ZP_VEC_AT(&t->recs, struct tally_rec, i);
	r->count++;
	return r;
}

/* Index of the first port of each owner in a flat numbering of ports. */
static int32_t *ctrl_port_base(const struct zp_model *m, int32_t *total)
{
	int32_t *base = zp_xcalloc(m->controllers.len + 1, sizeof(*base));
	size_t i;

	for (i = 0; i < m->controllers.len; i++)
		base[i + 1] = base[i] + (int32_t)ZP_CTRL(m, i)->ports.n;
	*total = base[m->controllers.len];
	return base;
}

static int32_t *client_port_base(const struct zp_model *m, int32_t *total)
{
	int32_t *base = zp_xcalloc(m->clients.len + 1, sizeof(*base));
	size_t i;

	for (i = 0; i < m->clients.len; i++)
		base[i + 1] = base[i] + (int32_t)ZP_CLIENT(m, i)->ports.n;
	*total = base[m->clients.len];
	return base;
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

static void addr_str(const struct zp_addr *a, char *buf, size_t len)
{
	char host[INET6_ADDRSTRLEN];

	if (!inet_ntop(a->family == 4 ? AF_INET : AF_INET6, a->bytes, host,
	    sizeof(host)))
		host[0] = '\0';
	snprintf(buf, len, "%s/%u", host, (unsigned)a->prefix);
}

/* ---- mtu-mismatch ---- */

static void check_mtu_mismatch(const struct zp_model *m, struct zp_diags *d)
{
	struct tally t;
	int32_t nsp, ncp, *sbase, *cbase;
	size_t i;

	sbase = ctrl_port_base(m, &nsp);
	cbase = client_port_base(m, &ncp);
	tally_init(&t, 64);
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_port *cp, *sp;
		uint32_t sw = 0;

		if (mt->client_port < 0 || mt->port < 0)
			continue;
		cp = &ZP_CLIENT(m, mt->client)->ports.v[mt->client_port];
		sp = &ZP_CTRL(m, mt->ctrl)->ports.v[mt->port];
		if (cp->sw.idx >= 0 && cp->sw.idx == sp->sw.idx &&
		    ZP_SW(m, cp->sw.idx)->has_mtu)
			sw = ZP_SW(m, cp->sw.idx)->mtu;
		if (cp->mtu == sp->mtu && (!sw || sw == cp->mtu))
			continue;
		tally_add(&t, cbase[mt->client] + mt->client_port,
		    sbase[mt->ctrl] + mt->port, (int32_t)i);
	}
	for (i = 0; i < t.recs.len; i++) {
		const struct tally_rec *r = ZP_VEC_AT(&t.recs, struct tally_rec,
		    i);
		const struct zp_mount *mt = ZP_MOUNT(m, r->first);
		const struct zp_client *cl = ZP_CLIENT(m, mt->client);
		const struct zp_controller *c = ZP_CTRL(m, mt->ctrl);
		const struct zp_port *cp = &cl->ports.v[mt->client_port];
		const struct zp_port *sp = &c->ports.v[mt->port];
		const struct zp_switch *s = NULL;
		char swpart[200] = "", fix[300];
		uint32_t want;
		struct zp_loc loc = cp->mtu_loc.line ? cp->mtu_loc : cp->loc;

		if (cp->sw.idx >= 0 && cp->sw.idx == sp->sw.idx &&
		    ZP_SW(m, cp->sw.idx)->has_mtu)
			s = ZP_SW(m, cp->sw.idx);
		/* the value two of the three agree on, else the server's */
		want = sp->mtu;
		if (s && s->mtu == cp->mtu)
			want = s->mtu;
		if (s)
			snprintf(swpart, sizeof(swpart), " -> %s (%u)", s->id,
			    s->mtu);
		fix[0] = '\0';
		if (cp->mtu != want)
			snprintf(fix + strlen(fix), sizeof(fix) - strlen(fix),
			    "%s/%s", cl->id, cp->id);
		if (s && s->mtu != want)
			snprintf(fix + strlen(fix), sizeof(fix) - strlen(fix),
			    "%sswitch %s", fix[0] ? " and " : "", s->id);
		if (sp->mtu != want)
			snprintf(fix + strlen(fix), sizeof(fix) - strlen(fix),
			    "%s%s/%s", fix[0] ? " and " : "", c->id, sp->id);
		zp_report(d, ZR_MTU_MISMATCH, loc,
		    zp_pathf(d, "clients[%u].ports[%d]%s", cl->src,
		    mt->client_port, cp->mtu_loc.line ? ".mtu" : ""),
		    "mtu differs along %s/%s (%u)%s -> %s/%s (%u), the path of "
		    "%zu %s; set mtu %u on %s", cl->id, cp->id, cp->mtu, swpart,
		    c->id, sp->id, sp->mtu, r->count,
		    plural(r->count, "mount", "mounts"), want, fix);
	}
	tally_release(&t);
	free(sbase);
	free(cbase);
}

const struct zp_rule zp_rule_mtu_mismatch = {
	"mtu-mismatch", ZP_SEV_ERROR,
	"along a mount's path, client port MTU, server port MTU and the switch "
	"MTU (where both ports name one) are not all equal",
	check_mtu_mismatch
};

/* ---- subnet-mismatch ---- */

/* The client port choice (src/mount.c) takes a port on the server port's
 * subnet when the client has one, so a mismatch means the client has no
 * such port: findings are per (client, server port), naming the client
 * port the first such mount uses. */
static void check_subnet_mismatch(const struct zp_model *m,
    struct zp_diags *d)
{
	struct tally t;
	int32_t nsp, *sbase;
	size_t i, k;

	sbase = ctrl_port_base(m, &nsp);
	tally_init(&t, 64);
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);
		const struct zp_port *cp, *sp;
		struct tally_rec *r;

		if (mt->client_port < 0 || mt->port < 0)
			continue;
		cp = &ZP_CLIENT(m, mt->client)->ports.v[mt->client_port];
		sp = &ZP_CTRL(m, mt->ctrl)->ports.v[mt->port];
		if (!cp->has_addr || !sp->has_addr ||
		    zp_addr_same_subnet(&cp->addr, &sp->addr))
			continue;
		r = tally_add(&t, mt->client, sbase[mt->ctrl] + mt->port,
		    (int32_t)i);
		/* aux: 1 once mounts of the pair leave by several ports */
		if (ZP_MOUNT(m, r->first)->client_port != mt->client_port)
			r->aux = 1;
	}
	for (i = 0; i < t.recs.len; i++) {
		const struct tally_rec *r = ZP_VEC_AT(&t.recs, struct tally_rec,
		    i);
		const struct zp_mount *mt = ZP_MOUNT(m, r->first);
		const struct zp_client *cl = ZP_CLIENT(m, mt->client);
		const struct zp_controller *c = ZP_CTRL(m, mt->ctrl);
		const struct zp_port *cp = &cl->ports.v[mt->client_port];
		const struct zp_port *sp = &c->ports.v[mt->port];
		const struct zp_port *on = NULL;
		char net[64], ca[64], sa[64], fix[200];

		zp_addr_subnet_str(&sp->addr, net, sizeof(net));
		addr_str(&cp->addr, ca, sizeof(ca));
		addr_str(&sp->addr, sa, sizeof(sa));
		for (k = 0; k < cl->ports.n; k++)
			if (cl->ports.v[k].has_addr && zp_addr_same_subnet(
			    &cl->ports.v[k].addr, &sp->addr)) {
				on = &cl->ports.v[k];
				break;
			}
		if (on)
			snprintf(fix, sizeof(fix), "mount through %s/%s, which "
			    "is on %s", cl->id, on->id, net);
		else
			snprintf(fix, sizeof(fix), "give %s a port on %s, or "
			    "mount through a server port on a subnet of %s",
			    cl->id, net, cl->id);
		zp_report(d, ZR_SUBNET_MISMATCH,
		    cp->addr_loc.line ? cp->addr_loc : cp->loc,
		    zp_pathf(d, "clients[%u].ports[%d]%s", cl->src,
		    mt->client_port, cp->addr_loc.line ? ".address" : ""),
		    "%s/%s (%s)%s and %s/%s (%s) are not on one subnet, yet "
		    "%zu %s of %s go%s between them; %s", cl->id, cp->id, ca,
		    r->aux ? " and other ports" : "", c->id, sp->id, sa,
		    r->count, plural(r->count, "mount", "mounts"), cl->id,
		    r->count == 1 ? "es" : "", fix);
	}
	tally_release(&t);
	free(sbase);
}

const struct zp_rule zp_rule_subnet_mismatch = {
	"subnet-mismatch", ZP_SEV_ERROR,
	"a mount's client port and server port are not on one subnet",
	check_subnet_mismatch
};

/* ---- port-role ---- */

/* "net1, net2": the data ports of c, or "" when it has none. */
static void data_port_list(const struct zp_controller *c, char *buf,
    size_t len)
{
	size_t i, o = 0;

	buf[0] = '\0';
	for (i = 0; i < c->ports.n && o < len; i++)
		if (c->ports.v[i].role == ZP_ROLE_DATA)
			o += (size_t)snprintf(buf + o, len - o, "%s%s",
			    o ? ", " : "", c->ports.v[i].id);
}

static void check_port_role(const struct zp_model *m, struct zp_diags *d)
{
	struct tally t;
	int32_t nsp, *sbase;
	size_t i;

	sbase = ctrl_port_base(m, &nsp);
	tally_init(&t, 16);
	for (i = 0; i < m->mounts.len; i++) {
		const struct zp_mount *mt = ZP_MOUNT(m, i);

		if (mt->port < 0)       /* the controller has no data port */
			tally_add(&t, -1, mt->ctrl, (int32_t)i);
		else if (ZP_CTRL(m, mt->ctrl)->ports.v[mt->port].role !=
		    ZP_ROLE_DATA)
			tally_add(&t, sbase[mt->ctrl] + mt->port, 0, (int32_t)i);
	}
	for (i = 0; i < t.recs.len; i++) {
		const struct tally_rec *r = ZP_VEC_AT(&t.recs, struct tally_rec,
		    i);
		const struct zp_mount *mt = ZP_MOUNT(m, r->first);
		const struct zp_controller *c = ZP_CTRL(m, mt->ctrl);
		const struct zp_port *sp;
		char ports[300], fix[400];

		if (mt->port < 0) {
			zp_report(d, ZR_PORT_ROLE, c->id_loc,
			    zp_pathf(d, "controllers[%u]", c->src),
			    "controller %s has no data port, yet %zu %s go%s "
			    "to it (%s first); give one of its ports role "
			    "data (the default), or leave its pools out of "
			    "the mounts", c->id, r->count,
			    plural(r->count, "mount", "mounts"),
			    r->count == 1 ? "es" : "",
			    ZP_FS(m, mt->fs)->name);
			continue;
		}
		sp = &c->ports.v[mt->port];
		data_port_list(c, ports, sizeof(ports));
		if (ports[0])
			snprintf(fix, sizeof(fix), "mount through a data port "
			    "of %s (%s)", c->id, ports);
		else
			snprintf(fix, sizeof(fix), "%s has no data port: give "
			    "one of its ports role data", c->id);
		zp_report(d, ZR_PORT_ROLE, zp_mount_via_loc(m, mt), zp_mount_via_path(d, m, mt),
		    "%s/%s is a %s port, yet %zu %s go%s through it (%s on %s "
		    "first); %s", c->id, sp->id,
		    sp->role == ZP_ROLE_STANDBY ? "standby" : "management",
		    r->count, plural(r->count, "mount", "mounts"),
		    r->count == 1 ? "es" : "", ZP_FS(m, mt->fs)->name,
		    ZP_CLIENT(m, mt->client)->id, fix);
	}
	tally_release(&t);
	free(sbase);
}

const struct zp_rule zp_rule_port_role = {
	"port-role", ZP_SEV_ERROR,
	"a mount through a standby or management port (or to a controller "
	"without a data port)",
	check_port_role
};

/* ---- switch-ports ---- */

static void check_switch_ports(const struct zp_model *m, struct zp_diags *d)
{
	size_t *nctrl, *ncli, i, k;

	nctrl = zp_xcalloc(m->switches.len + 1, sizeof(size_t));
	ncli = zp_xcalloc(m->switches.len + 1, sizeof(size_t));
	for (i = 0; i < m->controllers.len; i++) {
		const struct zp_controller *c = ZP_CTRL(m, i);

		for (k = 0; k < c->ports.n; k++)
			if (c->ports.v[k].sw.idx >= 0)
				nctrl[c->ports.v[k].sw.idx]++;
	}
	for (i = 0; i < m->clients.len; i++) {
		const struct zp_client *c = ZP_CLIENT(m, i);

		for (k = 0; k < c->ports.n; k++)
			if (c->ports.v[k].sw.idx >= 0)
				ncli[c->ports.v[k].sw.idx]++;
	}
	for (i = 0; i < m->switches.len; i++) {
		const struct zp_switch *s = ZP_SW(m, i);
		size_t n = nctrl[i] + ncli[i];

		if (!s->ports || n <= s->ports)
			continue;
		zp_report(d, ZR_SWITCH_PORTS,
		    s->ports_loc.line ? s->ports_loc : s->id_loc,
		    zp_pathf(d, "switches[%u].ports", s->src),
		    "switch %s has %u %s but %zu are attached to it (%zu of "
		    "controllers, %zu of clients); use a switch of %zu ports "
		    "or more, or attach %zu fewer", s->id, s->ports,
		    plural(s->ports, "port", "ports"), n,
		    nctrl[i], ncli[i], n, n - s->ports);
	}
	free(nctrl);
	free(ncli);
}

const struct zp_rule zp_rule_switch_ports = {
	"switch-ports", ZP_SEV_ERROR,
	"more ports attached to a switch than it has",
	check_switch_ports
};
