/* cmd_diff: zplan diff: a model against `zpool status` of a host (-j, or
 * the text of -P or plain); each difference a drift-* finding at the
 * model's node. */
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/diff.h"
#include "zplan/zstatus.h"

static int exec_diff(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		{ "host", 0, true, 'H' },
		ZP_OPTS_END
	};
	static const char *const formats[] = { "text", "json", "sarif", NULL };
	enum zp_format fmt = ZP_FMT_TEXT;
	const char *host = NULL, *file, *status_path;
	struct zs_status st;
	struct zp_diags md, d;
	struct zp_model *m;
	char why[1024];
	struct zp_args a;
	int c, f, status;

	zp_args_init(&a, &zp_cmd_diff, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0) {
		if (c == 'H') {
			host = a.arg;
			continue;
		}
		if ((f = zp_format_option(&zp_cmd_diff, a.arg, formats)) < 0)
			return 2;
		fmt = (enum zp_format)f;
	}
	if (c < 0 || zp_args_operands(&a, 2, 2, "name a model FILE and a "
	    "STATUS, the output of zpool status -j or -P"))
		return a.status;
	file = a.operand[0];
	status_path = a.operand[1];
	if (strcmp(file, "-") == 0 && strcmp(status_path, "-") == 0)
		return zp_usage_error(&zp_cmd_diff, "only one of FILE and "
		    "STATUS can be standard input");
	zp_diags_init(&md, file);
	m = zp_cmd_load(file, &md, NULL, &status);
	if (!m || md.errors) {
		zp_diags_print_lines(&md, stderr);
		fprintf(stderr, "zplan diff: %s; nothing compared\n", m ?
		    "the model has errors" : "the model cannot be read");
		zp_model_free(m);
		zp_diags_release(&md);
		return 2;
	}
	zp_diags_release(&md);
	if (host && zp_htab_get(&m->h_ctrls, host) < 0) {
		zp_model_free(m);
		return zp_usage_error(&zp_cmd_diff, "--host %s: the model has "
		    "no controller of that id", host);
	}
	if (zs_read(&st, status_path, why, sizeof(why))) {
		fprintf(stderr, "%s\nzplan diff: nothing compared\n", why);
		zs_release(&st);
		zp_model_free(m);
		return 2;
	}
	/* findings of the model's own rules are check's business */
	zp_diags_init(&d, file);
	zp_diff(m, &st, host, &d);
	zp_diags_finish(&d, &m->policy);
	zp_diags_print(&d, fmt, stdout);
	status = d.v.len ? 1 : 0;
	zs_release(&st);
	zp_diags_release(&d);
	zp_model_free(m);
	return status;
}

const struct zp_cmd zp_cmd_diff = {
	"diff", "[--format text|json|sarif] [--host ID] FILE STATUS",
	"the model's pools against `zpool status -j` (or the text of "
	"`zpool status -P`) of host ID (default: "
	"every controller): each difference a drift-* finding", exec_diff
};
