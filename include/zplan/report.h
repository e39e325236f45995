/* report: owns the HTML page of `zplan report`: one self-contained,
 * printable document (no script, no network, no external file) with the
 * model's hosts, every finding with the model lines it points at, the
 * capacity table with bars, the diagram inline, the mounts per controller
 * port and per client as charts, and each host's script summary. Every
 * string of the input is escaped (zp_xml_text). */
#ifndef ZPLAN_REPORT_H
#define ZPLAN_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "zplan/diag.h"
#include "zplan/model.h"

struct zp_report_in {
	const struct zp_model *m;   /* loaded, planned, rules run */
	const struct zp_diags *d;   /* its findings, finished */
	const char *src;            /* the model's bytes, for the lines */
	size_t len;
};

/* Writes the page to out. A model with errors gets its findings and what
 * can be computed (capacity of the pools that resolve); the diagram and
 * the script summary need a model without errors and say so otherwise.
 * Deterministic; linear in the model and its findings. -1 when writing
 * failed. */
int zp_report_html(const struct zp_report_in *in, FILE *out);

#endif
