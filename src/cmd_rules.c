/* cmd_rules: zplan rules: the catalogue of rules that run. */
#define _GNU_SOURCE
#include <getopt.h>
#include <jansson.h>

#include "zplan/cmd.h"
#include "zplan/rule.h"

static int exec_rules(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "format", required_argument, NULL, 'F' },
		{ NULL, 0, NULL, 0 }
	};
	static const char *const formats[] = { "text", "json", NULL };
	static const char *const sev[] = { "error", "warning", "note" };
	int c, fmt = 0, i;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+", opts, NULL)) != -1) {
		if (c != 'F')
			return zp_usage_error(&zp_cmd_rules, "unknown option "
			    "%s", argv[optind - 1]);
		if ((fmt = zp_format_option(&zp_cmd_rules, optarg,
		    formats)) < 0)
			return 2;
	}
	if (optind != argc)
		return zp_usage_error(&zp_cmd_rules, "takes no FILE");
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
