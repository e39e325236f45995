/* cmd_diff: zplan diff: a model against `zpool status -j` of a host; each
 * difference a drift-* finding at the model's node. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/diff.h"
#include "zplan/zstatus.h"

static int exec_diff(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ "host", required_argument, NULL, 'H' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "text", "json", "sarif", NULL };
	enum zp_format fmt = ZP_FMT_TEXT;
	const char *host = NULL;
	struct zs_status st;
	struct zp_diags md, d;
	struct zp_model *m;
	char why[1024];
	int c, f, status;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			if ((f = zp_format_option(&zp_cmd_diff, optarg,
			    formats)) < 0)
				return 2;
			fmt = (enum zp_format)f;
			break;
		case 'H':
			host = optarg;
			break;
		default:
			return zp_usage_error(&zp_cmd_diff, "unknown option "
			    "%s", argv[optind - 1]);
		}
	}
	if (argc - optind != 2)
		return zp_usage_error(&zp_cmd_diff, "name a model FILE and a "
		    "STATUS.json of zpool status -j");
	if (strcmp(argv[optind], "-") == 0 &&
	    strcmp(argv[optind + 1], "-") == 0)
		return zp_usage_error(&zp_cmd_diff, "only one of FILE and "
		    "STATUS.json can be standard input");
	zp_diags_init(&md, argv[optind]);
	m = zp_cmd_load(argv[optind], &md, NULL, &status);
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
	if (zs_read(&st, argv[optind + 1], why, sizeof(why))) {
		fprintf(stderr, "%s\nzplan diff: nothing compared\n", why);
		zs_release(&st);
		zp_model_free(m);
		return 2;
	}
	/* findings of the model's own rules are check's business */
	zp_diags_init(&d, argv[optind]);
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
	"diff", "[--format text|json|sarif] [--host ID] FILE STATUS.json",
	"the model's pools against `zpool status -j` of host ID (default: "
	"every controller): each difference a drift-* finding", exec_diff
};
