/* main: the command table; each command lives in its own cmd_*.c. */
#include <stdio.h>
#include <string.h>

#include "zplan/cmd.h"
#include "zplan/output.h"
#include "zplan/text.h"
#include "zplan/version.h"

static const struct zp_cmd *const commands[] = {
	&zp_cmd_check,
	&zp_cmd_capacity,
	&zp_cmd_plan,
	&zp_cmd_script,
	&zp_cmd_diagram,
	&zp_cmd_report,
	&zp_cmd_rules,
	&zp_cmd_import,
	&zp_cmd_diff,
	&zp_cmd_change,
	&zp_cmd_properties,
	NULL
};

static void usage(FILE *out)
{
	size_t i;

	fprintf(out, "usage: zplan COMMAND [OPTIONS] [FILE]\n\n");
	for (i = 0; commands[i]; i++)
		fprintf(out, "  zplan %s %s\n      %s\n", commands[i]->name,
		    commands[i]->usage, commands[i]->summary);
	fprintf(out, "  zplan help [COMMAND] | zplan --help | zplan --version\n"
	    "\nFILE may be - for standard input. Exit status: 0 done, 1 the "
	    "model has errors, 2 the command could not run.\n");
}

static const struct zp_cmd *find(const char *name)
{
	size_t i;

	for (i = 0; commands[i]; i++)
		if (strcmp(commands[i]->name, name) == 0)
			return commands[i];
	return NULL;
}

/* "unknown command", with the nearest one's name when there is one. */
static int unknown(const char *name)
{
	const char *names[sizeof(commands) / sizeof(commands[0]) + 1];
	const char *near;
	size_t i;

	for (i = 0; commands[i]; i++)
		names[i] = commands[i]->name;
	names[i++] = "help";
	names[i] = NULL;
	near = zp_nearest(name, names);
	fprintf(stderr, "zplan: unknown command \"%s\"", name);
	if (near)
		fprintf(stderr, "; did you mean `zplan %s`?", near);
	fprintf(stderr, "\n`zplan --help` lists the commands\n");
	return 2;
}

/* What the command line asks, run: its exit status. */
static int run(int argc, char **argv)
{
	const struct zp_cmd *c;

	if (argc < 2) {
		usage(stderr);
		return 2;
	}
	if (strcmp(argv[1], "--version") == 0) {
		printf("zplan %s\n", ZPLAN_VERSION);
		return 0;
	}
	if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
		usage(stdout);
		return 0;
	}
	if (strcmp(argv[1], "help") == 0) {
		if (argc < 3) {
			usage(stdout);
			return 0;
		}
		if (!(c = find(argv[2])))
			return unknown(argv[2]);
		printf("usage: zplan %s %s\n\n%s\n", c->name, c->usage,
		    c->summary);
		return 0;
	}
	if (!(c = find(argv[1])))
		return unknown(argv[1]);
	return c->exec(argc - 1, argv + 1);
}

int main(int argc, char **argv)
{
	const struct zp_cmd *c = argc >= 2 ? find(argv[1]) : NULL;

	/* a write error on standard output, whatever was asked, is exit 2 */
	zp_out_init();
	return zp_out_finish(c ? c->name : "", run(argc, argv));
}
