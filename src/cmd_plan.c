/* cmd_plan: zplan plan: the model with its intents planned, written out in
 * the explicit form (YAML, or JSON with --format json). */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/emit.h"

static int exec_plan(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "yaml", "json", NULL };
	static char buf[1 << 16];
	struct zp_diags d;
	struct zp_model *m;
	int c, fmt = 0, status;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		if (c != 'F')
			return zp_usage_error(&zp_cmd_plan, "unknown option %s",
			    argv[optind - 1]);
		if ((fmt = zp_format_option(&zp_cmd_plan, optarg,
		    formats)) < 0)
			return 2;
	}
	if (argc - optind != 1)
		return zp_usage_error(&zp_cmd_plan, "name one model FILE (or - "
		    "for standard input)");
	zp_diags_init(&d, argv[optind]);
	m = zp_cmd_load(argv[optind], &d, NULL, &status);
	if (!m || zp_diags_failed(&d, false)) {
		zp_diags_print_lines(&d, stderr);
		fprintf(stderr, "zplan plan: %s; nothing planned\n", m ?
		    "the model has errors" : "the model cannot be read");
		zp_model_free(m);
		zp_diags_release(&d);
		return status ? status : 1;
	}
	/* nothing has gone to stdout yet: a large buffer for a fleet */
	setvbuf(stdout, buf, _IOFBF, sizeof(buf));
	errno = 0;
	if (zp_emit(m, fmt == 1 ? ZP_EMIT_JSON : ZP_EMIT_YAML, stdout)) {
		fprintf(stderr, "zplan plan: cannot write the plan: %s\n",
		    strerror(errno));
		status = 2;
	}
	zp_model_free(m);
	zp_diags_release(&d);
	return status;
}

const struct zp_cmd zp_cmd_plan = {
	"plan", "[--format yaml|json] FILE",
	"choose disks for the pools' intents and print the explicit model",
	exec_plan
};
