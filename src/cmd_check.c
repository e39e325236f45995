/* cmd_check: zplan check: load, run every rule, report. */
#include <stdlib.h>
#include <string.h>

#include "zplan/cmd.h"

static int exec_check(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		{ "strict", 0, false, 's' },
		ZP_OPTS_POLICY,
		ZP_OPTS_END
	};
	static const char *const formats[] = { "text", "json", "sarif", NULL };
	struct zp_args a;
	enum zp_format fmt = ZP_FMT_TEXT;
	struct zp_diags d;
	struct zp_model *m;
	bool strict = false;
	int c, status, f;

	zp_args_init(&a, &zp_cmd_check, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0) {
		if (c == 's') {
			strict = true;
			continue;
		}
		if ((f = zp_format_option(&zp_cmd_check, a.arg, formats)) < 0)
			return 2;
		fmt = (enum zp_format)f;
	}
	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE (or - "
	    "for standard input)"))
		return a.status;
	zp_diags_init(&d, a.operand[0]);
	m = zp_cmd_load(a.operand[0], &d, &a.policy, &status);
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
