/* Drift between a model and the pools a host has, as `zpool status -j`
 * shows them. Not in rules.md's catalogue (an addition): zplan diff
 * (src/diff.c) reports them while it compares, as the loader reports
 * syntax and schema, so they have no check of their own; zplan check never
 * sees a status. Listed here so that they have ids, severities, policy
 * overrides and SARIF entries like every other rule. */
#include "zplan/rule.h"

const struct zp_rule zp_rule_drift_pool_missing = {
	"drift-pool-missing", ZP_SEV_ERROR,
	"diff: a pool of the model (of the --host controller) is not in "
	"zpool status",
	NULL
};

const struct zp_rule zp_rule_drift_pool_extra = {
	"drift-pool-extra", ZP_SEV_WARNING,
	"diff: zpool status shows a pool the model does not have",
	NULL
};

const struct zp_rule zp_rule_drift_vdev_missing = {
	"drift-vdev-missing", ZP_SEV_ERROR,
	"diff: a data vdev of the model is not in its pool",
	NULL
};

const struct zp_rule zp_rule_drift_vdev_extra = {
	"drift-vdev-extra", ZP_SEV_ERROR,
	"diff: the pool has a data (or special, dedup) vdev the model does "
	"not have",
	NULL
};

const struct zp_rule zp_rule_drift_vdev_type = {
	"drift-vdev-type", ZP_SEV_ERROR,
	"diff: a data vdev is of another type (mirror, raidzN, disk) than "
	"the model's",
	NULL
};

const struct zp_rule zp_rule_drift_vdev_width = {
	"drift-vdev-width", ZP_SEV_ERROR,
	"diff: a data vdev has another number of devices than the model's",
	NULL
};

const struct zp_rule zp_rule_drift_device = {
	"drift-device", ZP_SEV_ERROR,
	"diff: a data vdev holds another device than the model's disk (by "
	"its dev path; a whole disk shows as its partition 1)",
	NULL
};

const struct zp_rule zp_rule_drift_log = {
	"drift-log", ZP_SEV_ERROR,
	"diff: the pool's log vdevs differ from the model's log: one missing, "
	"one extra, another layout or device",
	NULL
};

const struct zp_rule zp_rule_drift_cache = {
	"drift-cache", ZP_SEV_ERROR,
	"diff: the pool's cache devices differ from the model's cache",
	NULL
};

const struct zp_rule zp_rule_drift_spare = {
	"drift-spare", ZP_SEV_ERROR,
	"diff: the pool's hot spares differ from the model's spares",
	NULL
};

const struct zp_rule zp_rule_drift_spare_inuse = {
	"drift-spare-inuse", ZP_SEV_WARNING,
	"diff: a hot spare is in use (INUSE), standing in for a failed device",
	NULL
};

const struct zp_rule zp_rule_drift_state = {
	"drift-state", ZP_SEV_ERROR,
	"diff: a pool, vdev or device is not ONLINE (DEGRADED, FAULTED, "
	"OFFLINE, REMOVED, CANT_OPEN...)",
	NULL
};
