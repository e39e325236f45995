/* cmd: owns the command table (main.c) and what commands share: loading a
 * model with the command line's policy and running the rules. Each
 * cmd_*.c exports one struct zp_cmd. */
#ifndef ZPLAN_CMD_H
#define ZPLAN_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "zplan/diag.h"
#include "zplan/model.h"

struct zp_cmd {
	const char *name;
	const char *usage;      /* after "zplan NAME " */
	const char *summary;    /* one line */
	int (*exec)(int argc, char **argv);
};

extern const struct zp_cmd zp_cmd_check, zp_cmd_rules, zp_cmd_capacity,
    zp_cmd_plan, zp_cmd_script, zp_cmd_diagram;
extern const struct zp_cmd zp_cmd_import, zp_cmd_diff, zp_cmd_properties,
    zp_cmd_report, zp_cmd_change;

/* --policy KEY=VALUE and --disable RULE as given, applied in order. */
struct zp_cli_policy {
	const char *items[64];
	bool disable[64];
	int n;
};

/* Records one --policy or --disable; -1 (and a message) when full. */
int zp_cli_policy_add(struct zp_cli_policy *cp, const char *arg, bool disable);

/* ---- the command line, as GNU tools read it (src/cmd_args.c) ----
 *
 * Options may come before or after the operands; `--` ends the options;
 * `-` alone is an operand (standard input). `--name=VALUE`, `--name VALUE`,
 * `-oVALUE` and `-o VALUE` all work, and a long name may be shortened to a
 * prefix no other option has (`--form json`). `--help` (and `-h`) prints
 * the command's usage on stdout. A usage error prints "zplan CMD: what"
 * and the usage line on stderr, nothing on stdout, with "did you mean" for
 * a misspelt option, policy key or rule id; the command then exits 2.
 * With ZP_OPTS_POLICY in its table a command takes --policy KEY=VALUE and
 * --disable RULE: they are checked as they are read (against the rule
 * catalogue and the policy keys) and gathered in args.policy, which
 * zp_cmd_load applies to the model.
 *
 *	static const struct zp_opt opts[] = {
 *		{ "format", 0, true, 'F' },     // --format VALUE
 *		{ "dry-run", 0, false, 'D' },   // a flag
 *		{ NULL, 'o', true, 'o' },       // -o VALUE
 *		ZP_OPTS_POLICY,
 *		ZP_OPTS_END
 *	};
 *	struct zp_args a;
 *	int c;
 *
 *	zp_args_init(&a, &zp_cmd_x, opts, argc, argv);
 *	while ((c = zp_args_next(&a)) > 0)
 *		switch (c) {
 *		case 'F': fmt = a.arg; break;
 *		...
 *		}
 *	if (c < 0 || zp_args_operands(&a, 1, 1, "name one model FILE "
 *	    "(or - for standard input)"))
 *		return a.status;        // 2, or 0 after --help
 *	m = zp_cmd_load(a.operand[0], &d, &a.policy, &status);
 *
 * Option ids are positive and below ZP_OPT_POLICY. */
struct zp_opt {
	const char *name;       /* long name without "--"; NULL: none */
	char letter;            /* short option -L; 0: none */
	bool arg;               /* takes a value */
	int id;                 /* what zp_args_next returns for it */
};

enum { ZP_OPT_POLICY = 0x4000, ZP_OPT_DISABLE };
#define ZP_OPTS_POLICY { "policy", 0, true, ZP_OPT_POLICY }, \
	{ "disable", 0, true, ZP_OPT_DISABLE }
#define ZP_OPTS_END { NULL, 0, false, 0 }

#define ZP_ARGS_MAX 8   /* operands; no command takes more than 2 */

struct zp_args {
	const struct zp_cmd *cmd;
	const struct zp_opt *opts;
	int argc, i;
	char **argv;            /* argv[0] is the command's name */
	bool ended;             /* after "--" */
	const char *arg;        /* the current option's value */
	const char *opt;        /* the current option as written */
	const char *operand[ZP_ARGS_MAX];
	int n;                  /* operands */
	int status;             /* exit status once zp_args_next gave -1 */
	struct zp_cli_policy policy;
};

void zp_args_init(struct zp_args *a, const struct zp_cmd *cmd,
    const struct zp_opt *opts, int argc, char **argv);
/* The next option's id (its value in a->arg), 0 when every argument is
 * read, -1 to exit with a->status: a usage error was printed (2) or
 * --help was (0). Operands are gathered on the way. */
int zp_args_next(struct zp_args *a);
/* After the options: 0 when there are min..max operands; else prints
 * what as a usage error and returns -1 (a->status 2). */
int zp_args_operands(struct zp_args *a, int min, int max, const char *what);
/* A usage error about the current option ("--format: unknown ..."),
 * for a value a command finds wrong: sets a->status 2, returns -1. */
int zp_args_bad(struct zp_args *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Loads file, applies cp, plans its intents, runs the rules, finishes d.
 * Returns the model, or NULL with *status 2 (cannot run). d's findings
 * decide 0 or 1. */
struct zp_model *zp_cmd_load(const char *file, struct zp_diags *d,
    const struct zp_cli_policy *cp, int *status);
/* The same from bytes already read from file (zp_read_input). */
struct zp_model *zp_cmd_load_buf(const char *file, const char *buf,
    size_t len, struct zp_diags *d, const struct zp_cli_policy *cp,
    int *status);

/* Prints "zplan NAME: msg" and the usage line to stderr; returns 2. */
int zp_usage_error(const struct zp_cmd *c, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Parses --format's value among names (NULL-terminated); -1: unknown. */
int zp_parse_format(const char *v, const char *const *names);
/* The same for command c's --format, reporting an unknown value as c's
 * usage error ("unknown format \"x\" (text, json or sarif)"): -1 then,
 * and the command exits 2. */
int zp_format_option(const struct zp_cmd *c, const char *v,
    const char *const *names);

/* -o FILE: writer(ctx, f) writes the whole file under a temporary name in
 * FILE's directory, which is renamed onto FILE when complete: FILE is the
 * whole output or, if anything fails, untouched ("zplan CMD: cannot write
 * FILE: why; nothing written"). FILE must be a regular file or absent: a
 * device, FIFO, directory or symbolic link is refused (output.c). Returns
 * 0, or 2 after that message. */
int zp_write_whole(const struct zp_cmd *c, const char *path,
    int (*writer)(void *ctx, FILE *f), void *ctx);

#endif
