/* cmd_plan: zplan plan: the model with its intents planned, written out in
 * the explicit form (YAML, or JSON with --format json). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/emit.h"

static int exec_plan(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	static const char *const formats[] = { "yaml", "json", NULL };
	static char buf[1 << 16];
	struct zp_diags d;
	struct zp_model *m;
	struct zp_args a;
	int c, fmt = 0, status;

	zp_args_init(&a, &zp_cmd_plan, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		if ((fmt = zp_format_option(&zp_cmd_plan, a.arg, formats)) < 0)
			return 2;
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	zp_diags_init(&d, a.operand[0]);
	m = zp_cmd_load(a.operand[0], &d, &a.policy, &status);
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
	"plan", "[--format yaml|json] [--policy KEY=VALUE]... "
	"[--disable RULE]... FILE",
	"choose disks for the pools' intents and print the explicit model",
	exec_plan
};
