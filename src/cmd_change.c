/* cmd_change: zplan change: the script that takes a deployed host from
 * what its zpool status shows to what the model says, with only additive,
 * data-safe steps (change.c plans them, change_script.c writes them); a
 * difference that cannot be made safely is refused, and nothing is
 * written. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zplan/change.h"
#include "zplan/change_script.h"
#include "zplan/cmd.h"
#include "zplan/load.h"
#include "zplan/sha256.h"
#include "zplan/zstatus.h"

#define ME "zplan change"

/* The host whose status this is when --host is not given: the one
 * controller that owns the pools the status shows (or the model's only
 * controller with pools); NULL with a message when it cannot be told. */
static const char *which_host(const struct zp_model *m,
    const struct zs_status *st, bool *all)
{
	int32_t found = -1;
	size_t i;

	*all = false;
	if (!m->controllers.len) {
		*all = true;
		return "localhost";
	}
	for (i = 0; i < m->pools.len; i++) {
		const struct zp_pool *p = ZP_POOL(m, i);
		size_t k;
		bool shown = false;

		for (k = 0; k < st->pools.len && !shown; k++)
			shown = strcmp(ZS_POOL(st, k)->name, p->name) == 0;
		if (!shown || p->controller.idx < 0 || p->controller.idx ==
		    found)
			continue;
		if (found >= 0) {
			zp_usage_error(&zp_cmd_change, "the status shows pools "
			    "of %s and %s; name the host it is of with --host",
			    ZP_CTRL(m, found)->id,
			    ZP_CTRL(m, p->controller.idx)->id);
			return NULL;
		}
		found = p->controller.idx;
	}
	if (found < 0) {
		zp_usage_error(&zp_cmd_change, "the status shows no pool of "
		    "the model; name the host it is of with --host");
		return NULL;
	}
	return ZP_CTRL(m, found)->id;
}

/* DIR/HOST.sh, whole or not at all: a temporary file renamed into place;
 * only a regular file is replaced. */
static int write_file(const char *dir, const char *host,
    const struct zp_model *m, const struct zc_plan *plan,
    const struct zc_script_opts *so)
{
	size_t n = strlen(dir) + strlen(host) + 16;
	char *fin = zp_xmalloc(n), *tmp = zp_xmalloc(n + 8);
	struct stat st;
	FILE *f = NULL;
	int fd = -1, rc = -1;

	snprintf(fin, n, "%s/%s.sh", dir, host);
	snprintf(tmp, n + 8, "%s/.%s.sh.XXXXXX", dir, host);
	if (stat(dir, &st) != 0 && (errno != ENOENT || mkdir(dir, 0755))) {
		fprintf(stderr, ME ": cannot create %s: %s; nothing written\n",
		    dir, strerror(errno));
		goto out;
	}
	if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
		fprintf(stderr, ME ": %s is not a directory; name a directory "
		    "for -o; nothing written\n", dir);
		goto out;
	}
	if (lstat(fin, &st) == 0 && !S_ISREG(st.st_mode)) {
		fprintf(stderr, ME ": %s is not a regular file; move it away; "
		    "nothing written\n", fin);
		goto out;
	}
	if ((fd = mkstemp(tmp)) < 0 || !(f = fdopen(fd, "w"))) {
		fprintf(stderr, ME ": cannot write in %s: %s; nothing written\n",
		    dir, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(tmp);
		}
		goto out;
	}
	if (zp_change_script(f, m, plan, so) || fflush(f) ||
	    fchmod(fd, 0755) || fsync(fd) || fclose(f)) {
		fprintf(stderr, ME ": cannot write %s: %s; nothing written\n",
		    fin, strerror(errno));
		unlink(tmp);
		goto out;
	}
	if (rename(tmp, fin)) {
		fprintf(stderr, ME ": cannot write %s: %s; nothing written\n",
		    fin, strerror(errno));
		unlink(tmp);
		goto out;
	}
	rc = 0;
out:
	free(fin);
	free(tmp);
	return rc;
}

struct inputs {
	struct zp_model *m;
	struct zs_status st;
	bool have_st;
	char *buf;
	char sha[65];
};

static int load(struct inputs *in, struct zp_args *a, const char *file,
    const char *status_path)
{
	struct zp_diags d;
	char why[1024];
	size_t len = 0;
	int status = 0;

	zp_diags_init(&d, file);
	if (zp_read_input(file, &d, &in->buf, &len)) {
		zp_diags_finish(&d, NULL);
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, ME ": the model cannot be read; nothing "
		    "written\n");
		zp_diags_release(&d);
		return 2;
	}
	zp_sha256_hex(in->buf, len, in->sha);
	in->m = zp_cmd_load_buf(file, in->buf, len, &d, &a->policy, &status);
	if (!in->m || zp_diags_failed(&d, false)) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, ME ": %s; nothing written\n", in->m ?
		    "the model has errors" : "the model cannot be read");
		zp_diags_release(&d);
		return status ? status : 1;
	}
	zp_diags_release(&d);
	if (zs_read(&in->st, status_path, why, sizeof(why))) {
		fprintf(stderr, "%s\n" ME ": nothing written\n", why);
		zs_release(&in->st);
		return 2;
	}
	in->have_st = true;
	return 0;
}

static int exec_change(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "host", 0, true, 'H' },
		{ "dry-run", 0, false, 'D' },
		{ "allow-remove", 0, false, 'R' },
		{ NULL, 'o', true, 'o' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	struct zc_script_opts so = { NULL, NULL, NULL, NULL, false };
	struct inputs in = { 0 };
	const char *host = NULL, *dir = NULL;
	bool allow_remove = false, all = false;
	struct zc_plan plan = { 0 };
	struct zp_diags d;
	struct zp_args a;
	int c, rc;

	zp_args_init(&a, &zp_cmd_change, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0) {
		if (c == 'H')
			host = a.arg;
		else if (c == 'D')
			so.dry_run = true;
		else if (c == 'R')
			allow_remove = true;
		else if (c == 'o')
			dir = a.arg;
	}
	if (c < 0 || zp_args_operands(&a, 2, 2, "name a model FILE and a "
	    "STATUS, the output of zpool status -j or -P of the host"))
		return a.status;
	if (strcmp(a.operand[0], "-") == 0 && strcmp(a.operand[1], "-") == 0)
		return zp_usage_error(&zp_cmd_change, "only one of FILE and "
		    "STATUS can be standard input");
	if ((rc = load(&in, &a, a.operand[0], a.operand[1])))
		goto done;
	rc = 2;
	if (host && zp_htab_get(&in.m->h_ctrls, host) < 0) {
		zp_usage_error(&zp_cmd_change, "--host %s: the model has no "
		    "controller of that id", host);
		goto done;
	}
	if (!host && !(host = which_host(in.m, &in.st, &all)))
		goto done;
	zp_diags_init(&d, a.operand[0]);
	zp_change_plan(in.m, &in.st, all ? NULL : host, allow_remove, &plan,
	    &d);
	/* refusals are not the policy's to drop */
	zp_diags_finish(&d, NULL);
	if (plan.refused) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, ME ": %zu change(s) cannot be made without "
		    "risk to data; nothing written\n", plan.refused);
		rc = 1;
	} else {
		so.host = host;
		so.model = strcmp(a.operand[0], "-") == 0 ? "<stdin>" :
		    a.operand[0];
		so.status = strcmp(a.operand[1], "-") == 0 ? "<stdin>" :
		    a.operand[1];
		so.sha256 = in.sha;
		rc = dir ? write_file(dir, host, in.m, &plan, &so) :
		    zp_change_script(stdout, in.m, &plan, &so) ||
		    fflush(stdout) ? -1 : 0;
		if (rc && !dir)
			fprintf(stderr, ME ": cannot write the script: %s\n",
			    strerror(errno));
		rc = rc ? 2 : 0;
	}
	zp_diags_release(&d);
	zp_change_release(&plan);
done:
	if (in.have_st)
		zs_release(&in.st);
	zp_model_free(in.m);
	free(in.buf);
	return rc;
}

const struct zp_cmd zp_cmd_change = {
	"change", "[--host ID] [-o DIR] [--dry-run] [--allow-remove] "
	"[--policy KEY=VALUE]... [--disable RULE]... FILE STATUS",
	"the script that takes host ID from what its zpool status (-j, or "
	"the text of -P) shows to what the model says, by additive, "
	"data-safe steps", exec_change
};
