/* plan-infeasible: an intent the planner cannot meet. Not in rules.md's
 * catalogue (an addition): the planner (src/plan.c) reports it while it
 * resolves intents, before any rule runs, so it has no check of its own. */
#include "zplan/rule.h"

const struct zp_rule zp_rule_plan_infeasible = {
	"plan-infeasible", ZP_SEV_ERROR,
	"a pool's intent cannot be met: too few free disks of its type "
	"reachable from its controller, or too few enclosures to keep vdev "
	"members apart",
	NULL
};
