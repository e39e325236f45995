/* diag: owns findings: collected from the loader and the rules, then
 * filtered by policy, sorted (file, line, column, id) and printed as text,
 * JSON or SARIF 2.1.0. */
#ifndef ZPLAN_DIAG_H
#define ZPLAN_DIAG_H

#include <stdbool.h>
#include <stdio.h>

#include "zplan/arena.h"
#include "zplan/model.h"

enum zp_sev { ZP_SEV_ERROR, ZP_SEV_WARNING, ZP_SEV_NOTE };

struct zp_diag {
	int rule;               /* index in the rule table */
	enum zp_sev sev;
	struct zp_loc loc;
	const char *path;       /* model path, "pools[2].vdevs[5]" */
	const char *msg;
	size_t seq;             /* order of report, to keep sorting stable */
};

struct zp_diags {
	const char *file;
	struct zp_vec v;
	struct zp_arena arena;
	size_t errors, warnings, notes;
	bool finished;
};

enum zp_format { ZP_FMT_TEXT, ZP_FMT_JSON, ZP_FMT_SARIF, ZP_FMT_YAML };

void zp_diags_init(struct zp_diags *d, const char *file);
void zp_diags_release(struct zp_diags *d);

/* Reports a finding of rule at loc; the message is printf-formatted,
 * lowercase, without full stop, and names objects and the fix. */
void zp_report(struct zp_diags *d, int rule, struct zp_loc loc,
    const char *path, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
/* The same with a severity of its own (before policy overrides). */
void zp_report_sev(struct zp_diags *d, int rule, enum zp_sev sev,
    struct zp_loc loc, const char *path, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
/* A model path built like printf, kept in the diagnostics' arena. */
const char *zp_pathf(struct zp_diags *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Applies the policy (disabled rules dropped, severity overrides; the
 * syntax, schema and plan-infeasible rules are never dropped nor
 * lowered), sorts and counts.
 * policy may be NULL. */
void zp_diags_finish(struct zp_diags *d, const struct zp_policy *policy);
/* Whether the findings fail the run: errors, or warnings under strict. */
bool zp_diags_failed(const struct zp_diags *d, bool strict);

void zp_diags_print(const struct zp_diags *d, enum zp_format fmt, FILE *out);
/* Text lines only, no summary (what capacity, plan and script print on
 * stderr when they refuse a model). */
void zp_diags_print_lines(const struct zp_diags *d, FILE *out);

#endif
