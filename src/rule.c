/* rule: the registry built from rules/rules.def, and the runner. */
#include "zplan/rule.h"

#include <string.h>

#include "zplan/text.h"

#define ZP_RULE(e, n) extern const struct zp_rule zp_rule_##n;
#include "../rules/rules.def"
#undef ZP_RULE

const struct zp_rule *const zp_rules[ZP_NRULES] = {
#define ZP_RULE(e, n) &zp_rule_##n,
#include "../rules/rules.def"
#undef ZP_RULE
};

int zp_rule_find(const char *id)
{
	int i;

	for (i = 0; i < ZP_NRULES; i++)
		if (strcmp(zp_rules[i]->id, id) == 0)
			return i;
	return -1;
}

const char *zp_rule_suggest(const char *id)
{
	const char *ids[ZP_NRULES + 1];
	int i;

	for (i = 0; i < ZP_NRULES; i++)
		ids[i] = zp_rules[i]->id;
	ids[ZP_NRULES] = NULL;
	return zp_nearest(id, ids);
}

void zp_rules_run(const struct zp_model *m, struct zp_diags *d)
{
	int i;

	for (i = 0; i < ZP_NRULES; i++)
		if (zp_rules[i]->check && !m->policy.disabled[i])
			zp_rules[i]->check(m, d);
}
