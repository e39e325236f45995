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
extern const struct zp_cmd zp_cmd_import, zp_cmd_diff;

/* --policy KEY=VALUE and --disable RULE as given, applied in order. */
struct zp_cli_policy {
	const char *items[64];
	bool disable[64];
	int n;
};

/* Records one --policy or --disable; -1 (and a message) when full. */
int zp_cli_policy_add(struct zp_cli_policy *cp, const char *arg, bool disable);

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

#endif
