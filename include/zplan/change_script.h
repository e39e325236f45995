/* change_script: owns writing the script of zplan change (scripts.md,
 * "Changing a deployed system") from a plan of change.h. */
#ifndef ZPLAN_CHANGE_SCRIPT_H
#define ZPLAN_CHANGE_SCRIPT_H

#include <stdbool.h>
#include <stdio.h>

#include "zplan/change.h"

struct zc_script_opts {
	const char *host;           /* the host it runs on */
	const char *model, *status; /* the inputs as named, for the header */
	const char *sha256;         /* hex SHA-256 of the model's bytes */
	bool dry_run;               /* a script that only prints */
};

/* Writes the script of plan (which has no refusal). 0, or -1 on a write
 * error. */
int zp_change_script(FILE *out, const struct zp_model *m,
    const struct zc_plan *plan, const struct zc_script_opts *op);

#endif
