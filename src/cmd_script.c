/* cmd_script: zplan script: one sh script per host, on standard output or
 * as files in a directory, each file whole or not at all. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zplan/cmd.h"
#include "zplan/load.h"
#include "zplan/output.h"
#include "zplan/osdial.h"
#include "zplan/script.h"
#include "zplan/sha256.h"
#include "zplan/vdevid.h"

/* One file to write: a host's script, made as it is written, or text
 * already made (vdev_id.conf). */
struct out {
	char *name;             /* "ID.sh", "vdev_id.conf.ID" */
	const struct zp_host *host;
	char *data;             /* when no host */
	size_t len;
	mode_t mode;
	const char *banner;     /* "host", "file" */
	const char *id;
};

/* Writes o to f; -1 on a write error. A fleet's scripts are 46 MB: each is
 * written as it is made, never held whole. */
static int emit_out(FILE *f, const struct out *o,
    const struct zp_script_plan *plan, const struct zp_script_opts *so)
{
	if (o->host)
		return zp_script_host(f, plan, o->host, so);
	return fwrite(o->data, 1, o->len, f) == o->len ? 0 : -1;
}

/* The model's SHA-256 for the scripts' header, taken on the second core
 * while this one loads the model: a fleet's 15 MB cost 60 ms to hash. */
struct hash_job {
	const char *buf;
	size_t len;
	char hex[65];
};

static void *hash_thread(void *arg)
{
	struct hash_job *j = arg;

	zp_sha256_hex(j->buf, j->len, j->hex);
	return NULL;
}

static const char *const only_names[] = {
	"pools", "datasets", "shares", "mounts", "vdev-id", NULL
};

/* --only's value: names separated by commas; -1 on an unknown one. */
static int parse_only(const char *arg, unsigned *only)
{
	char *s = zp_xstrdup(arg), *save = NULL, *w;
	int rc = -1;

	for (w = strtok_r(s, ",", &save); w; w = strtok_r(NULL, ",", &save)) {
		int k = zp_parse_format(w, only_names);

		if (k < 0) {
			rc = -1;
			break;
		}
		*only |= 1u << k;
		rc = 0;
	}
	free(s);
	return rc;
}

/* The vdev_id.conf of every Linux host among hosts that needs one, as
 * outs named vdev_id.conf.<host>; returns how many. */
static size_t vdev_id_files(const struct zp_model *m,
    const struct zp_host *hosts, size_t nhosts,
    const struct zp_script_opts *so, struct out *v)
{
	struct zp_vdevid *vid = zp_vdevid_new(m);
	size_t i, nv = 0;

	for (i = 0; i < nhosts; i++) {
		int32_t c = hosts[i].ctrl == ZP_HOST_LOCAL ? -1 : hosts[i].ctrl;
		char *vb = NULL;
		size_t vl = 0;
		FILE *f;
		long na;

		if (hosts[i].ctrl == -1 ||
		    (c >= 0 && !zp_os_dialect(ZP_CTRL(m, c)->os)->vdev_id))
			continue;
		if (!(f = open_memstream(&vb, &vl))) {
			fprintf(stderr, "zplan: out of memory\n");
			abort();
		}
		na = zp_vdevid_write(f, vid, c, so->model, so->sha256);
		if (fclose(f) != 0 || na < 0) {
			fprintf(stderr, "zplan: out of memory\n");
			abort();
		}
		if (na == 0) {
			free(vb);
			continue;
		}
		v[nv].data = vb;
		v[nv].len = vl;
		v[nv].name = zp_xmalloc(strlen(hosts[i].id) + 16);
		sprintf(v[nv].name, "vdev_id.conf.%s", hosts[i].id);
		v[nv].mode = 0644;
		v[nv].banner = "file";
		v[nv].id = v[nv].name;
		nv++;
	}
	zp_vdevid_free(vid);
	return nv;
}

/* The hosts as a list for a message: at most 10, then how many more. */
static void host_list(FILE *f, const struct zp_host *h, size_t n)
{
	size_t i;

	if (!n) {
		fputs("the model has none: no controller owns a pool and no "
		    "client mounts anything", f);
		return;
	}
	fputs("the hosts are ", f);
	for (i = 0; i < n && i < 10; i++)
		fprintf(f, "%s%s", i ? ", " : "", h[i].id);
	if (n > 10)
		fprintf(f, " and %zu more", n - 10);
}

/* Writes every file into a new directory beside dir, which then takes
 * dir's place in one rename: dir holds the whole old set or the whole new
 * one, never some of each (output.c). */
static int write_files(const char *dir, struct out *v, size_t n,
    const struct zp_script_plan *plan, const struct zp_script_opts *so)
{
	struct zp_outdir *d = zp_outdir_begin("script", dir);
	size_t i;

	if (!d)
		return -1;
	for (i = 0; i < n; i++) {
		FILE *f = zp_outdir_file(d, v[i].name, v[i].mode);
		int bad;

		if (!f)
			goto fail;
		/* only this thread writes it: no lock a call (see main's) */
		__fsetlocking(f, FSETLOCKING_BYCALLER);
		errno = 0;
		bad = emit_out(f, &v[i], plan, so) ? errno ? errno : EIO : 0;
		if (zp_outdir_done(d, f, bad))
			goto fail;
	}
	return zp_outdir_commit(d);
fail:
	zp_outdir_abort(d);
	return -1;
}

static int exec_script(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "host", 0, true, 'H' },
		{ "only", 0, true, 'O' },
		{ "dry-run", 0, false, 'D' },
		{ NULL, 'o', true, 'o' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	const char *host = NULL, *dir = NULL, *file;
	struct zp_script_opts so = { NULL, NULL, 0, false };
	struct zp_script_plan *plan = NULL;
	const struct zp_host *hosts;
	struct out *v = NULL;
	size_t nhosts, nv = 0, i, len = 0;
	struct zp_diags d;
	struct zp_model *m;
	struct hash_job job;
	pthread_t hasher;
	bool hashing;
	char *buf = NULL;
	struct zp_args a;
	int c, status = 0, rc = 0;

	zp_args_init(&a, &zp_cmd_script, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0) {
		switch (c) {
		case 'H':
			host = a.arg;
			break;
		case 'O':
			if (parse_only(a.arg, &so.only))
				return zp_usage_error(&zp_cmd_script, "unknown "
				    "--only \"%s\" (pools, datasets, shares, "
				    "mounts or vdev-id)", a.arg);
			break;
		case 'D':
			so.dry_run = true;
			break;
		case 'o':
			dir = a.arg;
			break;
		}
	}
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	if (!so.only)
		so.only = ZP_ONLY_ALL;
	file = a.operand[0];
	so.model = strcmp(file, "-") == 0 ? "<stdin>" : file;
	zp_diags_init(&d, file);
	if (zp_read_input(file, &d, &buf, &len)) {
		zp_diags_finish(&d, NULL);
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan script: the model cannot be read; "
		    "nothing written\n");
		zp_diags_release(&d);
		return 2;
	}
	/* the fingerprint of exactly the bytes the model is made from, in a
	 * thread of its own when one can be had */
	job.buf = buf;
	job.len = len;
	hashing = pthread_create(&hasher, NULL, hash_thread, &job) == 0;
	if (!hashing)
		hash_thread(&job);
	m = zp_cmd_load_buf(file, buf, len, &d, &a.policy, &status);
	if (hashing)
		pthread_join(hasher, NULL);
	/* once a thread has been, stdio takes a lock on every call; the
	 * scripts are millions of calls from this thread alone */
	__fsetlocking(stdout, FSETLOCKING_BYCALLER);
	so.sha256 = job.hex;
	if (!m || zp_diags_failed(&d, false)) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan script: %s; nothing written\n", m ?
		    "the model has errors" : "the model cannot be read");
		rc = status ? status : 1;
		goto done;
	}
	plan = zp_script_plan_new(m);
	nhosts = zp_script_hosts(plan, &hosts);
	if (host) {
		for (i = 0; i < nhosts && strcmp(hosts[i].id, host); i++)
			;
		if (i == nhosts) {
			fprintf(stderr, "zplan script: no host \"%s\" to script; ",
			    host);
			host_list(stderr, hosts, nhosts);
			fprintf(stderr, "\nusage: zplan script %s\n",
			    zp_cmd_script.usage);
			rc = 2;
			goto done;
		}
		if (so.only != ZP_ONLY_VDEV_ID &&
		    !zp_script_host_busy(plan, &hosts[i], so.only)) {
			rc = zp_usage_error(&zp_cmd_script, "host %s has "
			    "nothing to do under this --only", host);
			goto done;
		}
		hosts += i;
		nhosts = 1;
	}
	v = zp_xcalloc(2 * nhosts + 1, sizeof(*v));
	for (i = 0; i < nhosts; i++) {
		const char *bad;

		if (!zp_script_host_busy(plan, &hosts[i], so.only))
			continue;
		if ((bad = zp_script_unbuildable(plan, &hosts[i])) &&
		    (so.only & ZP_ONLY_POOLS)) {
			fprintf(stderr, "zplan script: pool %s has no disks to "
			    "create it with, or some given as an intent; run "
			    "zplan plan and script its output; nothing "
			    "written\n", bad);
			rc = 1;
			goto done;
		}
		v[nv].host = &hosts[i];
		v[nv].name = zp_xmalloc(strlen(hosts[i].id) + 4);
		sprintf(v[nv].name, "%s.sh", hosts[i].id);
		v[nv].mode = 0755;
		v[nv].banner = "host";
		v[nv].id = hosts[i].id;
		nv++;
	}
	/* each Linux host's vdev_id.conf: on stdout it comes with every
	 * host's scripts, or alone */
	if ((so.only & ZP_ONLY_VDEV_ID) && !m->policy.vdev_id_external &&
	    (!host || dir || so.only == ZP_ONLY_VDEV_ID))
		nv += vdev_id_files(m, hosts, nhosts, &so, v + nv);
	if (!nv) {
		if (so.only == ZP_ONLY_VDEV_ID)
			fprintf(stderr, "zplan script: no Linux host needs a "
			    "vdev_id.conf: no pool's disk has a "
			    "/dev/disk/by-vdev/ name that one creates%s\n",
			    m->policy.vdev_id_external ? " (policy vdev_id is "
			    "external)" : "");
		else
			fprintf(stderr, "zplan script: nothing to script: no "
			    "controller owns a pool and no client mounts "
			    "anything%s\n", so.only != ZP_ONLY_ALL ?
			    " (under this --only)" : "");
		goto done;
	}
	if (dir) {
		if (write_files(dir, v, nv, plan, &so))
			rc = 2;
		goto done;
	}
	for (i = 0; i < nv; i++) {
		if (!host && (so.only != ZP_ONLY_VDEV_ID || nv > 1))
			printf("%s# ==== %s: %s ====\n", i ? "\n" : "",
			    v[i].banner, v[i].id);
		if (emit_out(stdout, &v[i], plan, &so))
			break;
	}
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "zplan script: cannot write to standard "
		    "output: %s\n", strerror(errno));
		rc = 2;
	}
done:
	for (i = 0; i < nv; i++) {
		free(v[i].data);
		free(v[i].name);
	}
	free(v);
	zp_script_plan_free(plan);
	zp_model_free(m);
	zp_diags_release(&d);
	free(buf);
	return rc;
}

const struct zp_cmd zp_cmd_script = {
	"script", "[--host ID] [--only pools|datasets|shares|mounts|vdev-id] "
	"[-o DIR] [--dry-run] [--policy KEY=VALUE]... [--disable RULE]... FILE",
	"one POSIX sh script per host (controllers: pools, filesystems, NFS "
	"shares; clients: mounts) that checks before it changes anything and "
	"can be run again", exec_script
};
