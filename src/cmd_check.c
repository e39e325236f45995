/* cmd_check: zplan check: load, run every rule, report. */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"

static int exec_check(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ "strict", no_argument, NULL, 's' },
		{ "disable", required_argument, NULL, 'd' },
		{ "policy", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "text", "json", "sarif", NULL };
	struct zp_cli_policy cp = { 0 };
	enum zp_format fmt = ZP_FMT_TEXT;
	struct zp_diags d;
	struct zp_model *m;
	bool strict = false;
	int c, status, f;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		switch (c) {
		case 'F':
			if ((f = zp_format_option(&zp_cmd_check, optarg,
			    formats)) < 0)
				return 2;
			fmt = (enum zp_format)f;
			break;
		case 's':
			strict = true;
			break;
		case 'd':
		case 'p':
			if (zp_cli_policy_add(&cp, optarg, c == 'd'))
				return 2;
			break;
		default:
			return zp_usage_error(&zp_cmd_check, "unknown option "
			    "%s", argv[optind - 1]);
		}
	}
	if (argc - optind != 1)
		return zp_usage_error(&zp_cmd_check, "name one model FILE "
		    "(or - for standard input)");
	zp_diags_init(&d, argv[optind]);
	m = zp_cmd_load(argv[optind], &d, &cp, &status);
	zp_diags_print(&d, fmt, stdout);
	if (!status)
		status = zp_diags_failed(&d, strict) ? 1 : 0;
	zp_model_free(m);
	zp_diags_release(&d);
	return status;
}

const struct zp_cmd zp_cmd_check = {
	"check", "[--format text|json|sarif] [--strict] [--disable RULE]... "
	"[--policy KEY=VALUE]... FILE",
	"check a model against every rule", exec_check
};
