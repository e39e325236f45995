/* cmd_rules: zplan rules: the catalogue of rules that run. */
#include <jansson.h>

#include "zplan/cmd.h"
#include "zplan/rule.h"

static int exec_rules(int argc, char **argv)
{
	static const struct zp_opt opts[] = {
		{ "format", 0, true, 'F' },
		ZP_OPTS_END
	};
	static const char *const formats[] = { "text", "json", NULL };
	static const char *const sev[] = { "error", "warning", "note" };
	struct zp_args a;
	int c, fmt = 0, i;

	zp_args_init(&a, &zp_cmd_rules, opts, argc, argv);
	while ((c = zp_args_next(&a)) > 0)
		if ((fmt = zp_format_option(&zp_cmd_rules, a.arg, formats)) < 0)
			return 2;
	if (c < 0 || zp_args_operands(&a, 0, 0, "takes no FILE"))
		return a.status;
	if (fmt == 1) {
		json_t *arr = json_array();

		for (i = 0; i < ZP_NRULES; i++)
			json_array_append_new(arr, json_pack("{s:s,s:s,s:s}",
			    "id", zp_rules[i]->id, "severity",
			    sev[zp_rules[i]->severity], "summary",
			    zp_rules[i]->summary));
		json_dumpf(arr, stdout, JSON_INDENT(2));
		fputc('\n', stdout);
		json_decref(arr);
		return 0;
	}
	for (i = 0; i < ZP_NRULES; i++)
		printf("%-20s %-8s %s\n", zp_rules[i]->id,
		    sev[zp_rules[i]->severity], zp_rules[i]->summary);
	return 0;
}

const struct zp_cmd zp_cmd_rules = {
	"rules", "[--format text|json]",
	"list every rule: id, default severity, what it checks", exec_rules
};
