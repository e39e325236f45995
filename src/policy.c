/* policy: defaults and setting of the rules' thresholds. */
#include "zplan/policy.h"

#include <stdio.h>
#include <string.h>

#include "zplan/rule.h"
#include "zplan/text.h"
#include "zplan/units.h"

const char *const zp_policy_keys[] = {
	"spares_per_pool", "mirror_isolation", "ashift", "max_raidz_width",
	"platform", "partitioning", "l2arc_ram_percent", "fill_percent",
	"disable", "severity", "vdev_id", NULL
};

void zp_policy_defaults(struct zp_policy *p, struct zp_arena *a)
{
	memset(p, 0, sizeof(*p));
	p->spares_per_pool = 1;
	p->mirror_isolation = ZP_ISO_ENCLOSURE;
	p->ashift = 12;
	p->max_raidz_width = 12;
	p->platform = ZP_PLAT_OPENZFS;
	p->partitioning = ZP_PART_LINUX;
	p->l2arc_ram_percent = 25;
	p->fill_percent = 80;
	p->disabled = zp_arena_alloc(a, ZP_NRULES);
	p->severity = zp_arena_alloc(a, ZP_NRULES);
	memset(p->severity, -1, ZP_NRULES);
}

static int set_uint(uint32_t *dst, const char *key, const char *val,
    uint64_t lo, uint64_t hi, char *why, size_t len)
{
	uint64_t v;
	const char *err;

	if (zp_parse_uint(val, hi, &v, &err) || v < lo) {
		snprintf(why, len, "policy %s takes a whole number from %llu "
		    "to %llu, not \"%s\"", key, (unsigned long long)lo,
		    (unsigned long long)hi, val);
		return -1;
	}
	*dst = (uint32_t)v;
	return 0;
}

static int set_rule_list(struct zp_policy *p, const char *val, char *why,
    size_t len)
{
	char id[128];
	const char *s = val, *e;

	while (*s) {
		size_t n;
		int r;

		e = strchr(s, ',');
		n = e ? (size_t)(e - s) : strlen(s);
		while (n && *s == ' ') {
			s++;
			n--;
		}
		while (n && s[n - 1] == ' ')
			n--;
		if (n >= sizeof(id))
			n = sizeof(id) - 1;
		memcpy(id, s, n);
		id[n] = '\0';
		r = zp_rule_find(id);
		if (r < 0) {
			const char *near = zp_rule_suggest(id);
			snprintf(why, len, "unknown rule id \"%s\"%s%s%s; "
			    "`zplan rules` lists them", id,
			    near ? " (did you mean `" : "", near ? near : "",
			    near ? "`?)" : "");
			return -1;
		}
		if (r == ZR_SYNTAX || r == ZR_SCHEMA) {
			snprintf(why, len, "rule %s cannot be disabled: a model "
			    "that does not parse cannot be checked", id);
			return -1;
		}
		if (r == ZR_PLAN_INFEASIBLE) {
			snprintf(why, len, "rule %s cannot be disabled: a pool "
			    "whose intents are not planned has no disks to "
			    "check", id);
			return -1;
		}
		p->disabled[r] = 1;
		if (!e)
			break;
		s = e + 1;
	}
	return 0;
}

static int set_severity(struct zp_policy *p, const char *id, const char *val,
    char *why, size_t len)
{
	static const char *const sev[] = { "error", "warning", "note" };
	int r = zp_rule_find(id), i;

	if (r < 0) {
		const char *near = zp_rule_suggest(id);
		snprintf(why, len, "unknown rule id \"%s\"%s%s%s; `zplan rules` "
		    "lists them", id, near ? " (did you mean `" : "",
		    near ? near : "", near ? "`?)" : "");
		return -1;
	}
	for (i = 0; i < 3; i++)
		if (strcmp(val, sev[i]) == 0)
			break;
	if (i == 3) {
		snprintf(why, len, "severity of %s must be error, warning or "
		    "note, not \"%s\"", id, val);
		return -1;
	}
	if ((r == ZR_SYNTAX || r == ZR_SCHEMA || r == ZR_PLAN_INFEASIBLE) &&
	    i != ZP_SEV_ERROR) {
		snprintf(why, len, "rule %s is always an error", id);
		return -1;
	}
	p->severity[r] = (signed char)i;
	return 0;
}

int zp_policy_set(struct zp_policy *p, const char *key, const char *val,
    char *why, size_t len)
{
	const char *near;

	if (strcmp(key, "spares_per_pool") == 0)
		return set_uint(&p->spares_per_pool, key, val, 0, 1000, why, len);
	if (strcmp(key, "ashift") == 0)
		return set_uint(&p->ashift, key, val, 9, 16, why, len);
	if (strcmp(key, "max_raidz_width") == 0)
		return set_uint(&p->max_raidz_width, key, val, 2, 255, why, len);
	if (strcmp(key, "l2arc_ram_percent") == 0)
		return set_uint(&p->l2arc_ram_percent, key, val, 0, 100, why,
		    len);
	if (strcmp(key, "fill_percent") == 0)
		return set_uint(&p->fill_percent, key, val, 1, 100, why, len);
	if (strcmp(key, "mirror_isolation") == 0) {
		if (strcmp(val, "enclosure") == 0)
			p->mirror_isolation = ZP_ISO_ENCLOSURE;
		else if (strcmp(val, "none") == 0)
			p->mirror_isolation = ZP_ISO_NONE;
		else {
			snprintf(why, len, "policy mirror_isolation is "
			    "enclosure or none, not \"%s\"", val);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "platform") == 0) {
		if (strcmp(val, "openzfs") == 0)
			p->platform = ZP_PLAT_OPENZFS;
		else if (strcmp(val, "openzfs-2.0") == 0)
			p->platform = ZP_PLAT_OPENZFS_2_0;
		else if (strcmp(val, "legacy") == 0)
			p->platform = ZP_PLAT_LEGACY;
		else {
			snprintf(why, len, "policy platform is openzfs, "
			    "openzfs-2.0 or legacy, not \"%s\"", val);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "partitioning") == 0) {
		uint64_t keep;
		const char *err;

		if (strcmp(val, "linux") == 0) {
			p->partitioning = ZP_PART_LINUX;
		} else if (strcmp(val, "none") == 0) {
			p->partitioning = ZP_PART_NONE;
		} else if (zp_parse_size(val, &keep, &err) == 0) {
			p->partitioning = ZP_PART_KEEP;
			p->partition_keep = keep;
		} else {
			snprintf(why, len, "policy partitioning is linux, none "
			    "or a size kept back per disk (2GiB), not \"%s\"",
			    val);
			return -1;
		}
		return 0;
	}
	if (strcmp(key, "vdev_id") == 0) {
		if (strcmp(val, "auto") != 0 && strcmp(val, "external") != 0) {
			snprintf(why, len, "policy vdev_id is auto or external, "
			    "not \"%s\"", val);
			return -1;
		}
		p->vdev_id_external = val[0] == 'e';
		return 0;
	}
	if (strcmp(key, "disable") == 0)
		return set_rule_list(p, val, why, len);
	if (strncmp(key, "severity.", 9) == 0)
		return set_severity(p, key + 9, val, why, len);
	near = zp_nearest(key, zp_policy_keys);
	if (near && strcmp(near, "severity") == 0)
		snprintf(why, len, "unknown policy key \"%s\" (did you mean "
		    "`severity.RULE`?)", key);
	else
		snprintf(why, len, "unknown policy key \"%s\"%s%s%s; the "
		    "keys are in docs/model.md (policy)", key, near ?
		    " (did you mean `" : "", near ? near : "", near ? "`?)" :
		    "");
	return -1;
}
