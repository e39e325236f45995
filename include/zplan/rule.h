/* rule: owns the rule registry (rules/rules.def, one entry per rule id of
 * rules.md) and the runner; a rule reads a const model and only adds
 * findings. */
#ifndef ZPLAN_RULE_H
#define ZPLAN_RULE_H

#include <stddef.h>

#include "zplan/diag.h"
#include "zplan/model.h"

struct zp_rule {
	const char *id;
	enum zp_sev severity;
	const char *summary;
	/* NULL for rules reported by the loader alone (syntax) */
	void (*check)(const struct zp_model *m, struct zp_diags *d);
};

enum zp_rule_id {
#define ZP_RULE(e, n) e,
#include "../../rules/rules.def"
#undef ZP_RULE
	ZP_NRULES
};

extern const struct zp_rule *const zp_rules[ZP_NRULES];

int zp_rule_find(const char *id);       /* -1: none */
/* The nearest rule id to a misspelt one, or NULL. */
const char *zp_rule_suggest(const char *id);
/* Runs every rule the policy does not disable. */
void zp_rules_run(const struct zp_model *m, struct zp_diags *d);

#endif
