/* props_list: one object's property list checked as zfs create and zpool
 * create check it: each pair through zp_prop_check, then what libzfs
 * refuses in combination (zfs_valid_proplist's normalization and
 * utf8only, zfs_crypto_create's encryption rules, zpool_main.c
 * add_prop_list's feature@ with version, and a name given twice). */
#include <string.h>

#include "zplan/units.h"

#include "zplan/diag.h"
#include "zplan/model.h"
#include "zplan/props.h"
#include "zplan/rule.h"

static void report(struct zp_diags *d, const struct zp_kv *kv,
    const char *path, const struct zp_prop_verdict *v)
{
	const char *p = zp_pathf(d, "%s.%s", path, kv->key);

	switch (v->kind) {
	case ZP_PROP_OK:
		break;
	case ZP_PROP_UNKNOWN:
		zp_report(d, ZR_PROPERTY_UNKNOWN, kv->loc, p, "%s", v->msg);
		break;
	case ZP_PROP_INVALID:
		zp_report(d, ZR_PROPERTY_INVALID, v->at_value ? kv->vloc :
		    kv->loc, p, "%s", v->msg);
		break;
	case ZP_PROP_LATER:
		zp_report_sev(d, v->at_value ? ZR_PROPERTY_INVALID :
		    ZR_PROPERTY_UNKNOWN, ZP_SEV_NOTE, v->at_value ? kv->vloc :
		    kv->loc, p, "%s", v->msg);
		break;
	}
}

void zp_props_check_pairs(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx)
{
	struct zp_prop_verdict v;
	size_t i;

	for (i = 0; i < kv->n; i++) {
		zp_prop_check(kv->v[i].key, kv->v[i].val, obj, ctx->plat, who,
		    &v);
		report(d, &kv->v[i], path, &v);
	}
}

/* The pair of the list that sets native property name (by its name or
 * alias), or NULL. */
static const struct zp_kv *find(const struct zp_kvs *kv, const char *name,
    enum zp_prop_space sp)
{
	size_t i;

	for (i = 0; i < kv->n; i++) {
		const struct zp_prop *p = zp_prop_find(kv->v[i].key, sp);

		if (p && strcmp(p->name, name) == 0)
			return &kv->v[i];
	}
	return NULL;
}

static bool is(const struct zp_kv *kv, const char *val)
{
	return kv && strcmp(kv->val, val) == 0;
}

/* A native property written twice, once through its alias: zfs and
 * zpool refuse it ("specified multiple times"). */
static void twice(struct zp_diags *d, const struct zp_kvs *kv,
    enum zp_prop_space sp, const char *who, const char *path)
{
	size_t i, j;

	for (i = 1; i < kv->n; i++) {
		const struct zp_prop *p = zp_prop_find(kv->v[i].key, sp);

		for (j = 0; p && j < i; j++)
			if (zp_prop_find(kv->v[j].key, sp) == p) {
				zp_report(d, ZR_PROPERTY_INVALID, kv->v[i].loc,
				    zp_pathf(d, "%s.%s", path, kv->v[i].key),
				    "%s and %s of %s both set %s, which zfs "
				    "refuses (specified multiple times); keep "
				    "one", kv->v[j].key, kv->v[i].key, who,
				    p->name);
				break;
			}
	}
}

static void refuse(struct zp_diags *d, const struct zp_kv *kv,
    const char *path, const char *who, const char *what)
{
	zp_report(d, ZR_PROPERTY_INVALID, kv->loc, zp_pathf(d, "%s.%s", path,
	    kv->key), "%s of %s: %s", kv->key, who, what);
}

/* zpool create -o: feature@ and version together, compatibility with
 * version (add_prop_list). */
static void pool_combos(struct zp_diags *d, const struct zp_kvs *kv,
    const char *who, const char *path)
{
	const struct zp_kv *ver = find(kv, "version", ZP_SPACE_POOL);
	const struct zp_kv *compat = find(kv, "compatibility", ZP_SPACE_POOL);
	size_t i;

	if (!ver)
		return;
	for (i = 0; i < kv->n; i++)
		if (strncmp(kv->v[i].key, "feature@", 8) == 0) {
			refuse(d, &kv->v[i], path, who, "'feature@' and "
			    "'version' properties cannot be specified "
			    "together; keep one");
			break;
		}
	if (compat && !is(compat, "legacy"))
		refuse(d, compat, path, who, "when 'version' is specified, "
		    "compatibility may only be set to 'legacy'");
}

/* Whether compatibility value c (names, comma-separated) leaves feature
 * f out: zpool enables the features every named file lists. */
static bool compat_off(const char *c, const char *f)
{
	char name[128];
	size_t n = strlen(f);

	if (strcmp(c, "off") == 0)
		return false;
	if (strcmp(c, "legacy") == 0)
		return true;
	while (*c) {
		size_t k = strcspn(c, ",");
		const struct zp_compat *x;
		const char *w;
		bool in = false;

		snprintf(name, sizeof(name), "%.*s", (int)k, c);
		c += k + (c[k] == ',');
		if (!(x = zp_compat_find(name)))
			continue;       /* property-invalid says so */
		for (w = x->features; (w = strstr(w, f)); w += n)
			if ((w == x->features || w[-1] == ' ') &&
			    (w[n] == ' ' || !w[n])) {
				in = true;
				break;
			}
		if (!in)
			return true;
	}
	return false;
}

/* Whether pool options leave feature f disabled, and why: feature@f:
 * disabled; a version (legacy pool versions have no features); a
 * compatibility set without it. */
enum off_why { ON, OFF_FEATURE, OFF_VERSION, OFF_COMPAT };

static enum off_why feature_off(const struct zp_kvs *o, const char *f,
    const struct zp_kv **by)
{
	size_t i;

	*by = NULL;
	for (i = 0; i < o->n; i++)
		if (strncmp(o->v[i].key, "feature@", 8) == 0 &&
		    strcmp(o->v[i].key + 8, f) == 0)
			return is(&o->v[i], "disabled") ? OFF_FEATURE : ON;
	if ((*by = find(o, "version", ZP_SPACE_POOL)) && !is(*by, "5000"))
		return OFF_VERSION;
	if ((*by = find(o, "compatibility", ZP_SPACE_POOL)) &&
	    compat_off((*by)->val, f))
		return OFF_COMPAT;
	return ON;
}

bool zp_props_restrict_features(const struct zp_kvs *o)
{
	const struct zp_kv *c = find(o, "compatibility", ZP_SPACE_POOL);
	size_t i;

	for (i = 0; i < o->n; i++)
		if (strncmp(o->v[i].key, "feature@", 8) == 0 &&
		    is(&o->v[i], "disabled"))
			return true;
	return find(o, "version", ZP_SPACE_POOL) || (c && !is(c, "off"));
}

/* Whether value val of p is one that needs feature n->feature. */
static bool needs(const struct zp_need *n, const char *val)
{
	uint64_t b;
	const char *why;

	if (strcmp(n->value, "*") == 0)
		return strcmp(val, "off") != 0;
	if (strcmp(n->value, ">128K") == 0)
		return zp_parse_size(val, &b, &why) == 0 && b > 128 * 1024;
	return strncmp(val, n->value, strlen(n->value)) == 0;
}

/* Values the pool's features cannot take (zfs_check_settable: ENOTSUP). */
static void feature_combos(struct zp_diags *d, const struct zp_kvs *kv,
    const char *who, const char *path, const struct zp_prop_ctx *ctx)
{
	size_t i, k;

	if (!ctx->pool_options || !zp_props_restrict_features(
	    ctx->pool_options))
		return;
	for (i = 0; i < kv->n; i++) {
		const struct zp_prop *p = zp_prop_find(kv->v[i].key,
		    ZP_SPACE_DS);
		const struct zp_kv *by;

		for (k = 0; p && k < zp_nneeds; k++) {
			const struct zp_need *n = &zp_needs[k];
			enum off_why w;

			if (strcmp(n->prop, p->name) != 0 ||
			    !needs(n, kv->v[i].val) || (w = feature_off(
			    ctx->pool_options, n->feature, &by)) == ON)
				continue;
			zp_report(d, ZR_PROPERTY_INVALID, kv->v[i].vloc,
			    zp_pathf(d, "%s.%s", path, kv->v[i].key),
			    "%s %s of %s needs feature@%s, %s%s%s; %s", p->name,
			    kv->v[i].val, who, n->feature, w == OFF_FEATURE ?
			    "which the options of pool " : w == OFF_VERSION ?
			    "and pool " : "which pool ", ctx->pool,
			    w == OFF_FEATURE ? " disable" : w == OFF_VERSION ?
			    zp_pathf(d, " has version %s, which has no features "
			    "(feature flags are version 5000)", by->val) :
			    zp_pathf(d, "'s compatibility %s leaves disabled",
			    by->val), w == OFF_FEATURE ? "enable it or choose "
			    "another value" : w == OFF_VERSION ? "drop the "
			    "version or the value" : "choose another value or "
			    "a compatibility set with the feature");
			break;
		}
	}
}

/* The encryption rules of zfs_crypto_create and dsl_crypt; returns
 * whether the dataset is encrypted. */
static bool crypt_combos(struct zp_diags *d, const struct zp_kvs *kv,
    const char *who, const char *path, const struct zp_prop_ctx *ctx)
{
	const struct zp_kv *enc = find(kv, "encryption", ZP_SPACE_DS);
	const struct zp_kv *kf = find(kv, "keyformat", ZP_SPACE_DS);
	const struct zp_kv *kl = find(kv, "keylocation", ZP_SPACE_DS);
	const struct zp_kv *it = find(kv, "pbkdf2iters", ZP_SPACE_DS);
	const struct zp_kv *cp = find(kv, "copies", ZP_SPACE_DS);
	bool crypt = enc ? !is(enc, "off") : ctx->parent_encrypted;
	bool key = kf && !is(kf, "none");

	if (!crypt) {
		const struct zp_kv *x = kf ? kf : (kl && !is(kl, "none")) ? kl :
		    it;

		if (x)
			refuse(d, x, path, who, "encryption must be turned on "
			    "to set encryption properties; add encryption: on "
			    "(or aes-256-gcm ...)");
		return false;
	}
	if (enc && !ctx->parent_encrypted && !key && !kl)
		refuse(d, enc, path, who, "keyformat required for new "
		    "encryption root; add keyformat (passphrase, hex or raw) "
		    "and keylocation (file:///...)");
	else if (kl && !key)
		refuse(d, kl, path, who, "keyformat required for new "
		    "encryption root; add keyformat (passphrase, hex or "
		    "raw)");
	else if (key && !kl)
		refuse(d, kf, path, who, "without keylocation zfs create "
		    "prompts for the key, and the script runs unattended; add "
		    "keylocation: file:///path/to/key");
	if (it && !is(kf, "passphrase"))
		refuse(d, it, path, who, "cannot specify pbkdf2iters with a "
		    "non-passphrase keyformat; remove it or use keyformat "
		    "passphrase");
	if (is(cp, "3"))
		refuse(d, cp, path, who, "encrypted datasets cannot have 3 "
		    "copies (encryption keeps its IV in the third); use 1 or "
		    "2");
	return true;
}

bool zp_props_check_combos(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx)
{
	const struct zp_kv *norm, *utf;

	if (obj & ZP_OBJ_POOL) {
		twice(d, kv, ZP_SPACE_POOL, who, path);
		pool_combos(d, kv, who, path);
		return false;
	}
	twice(d, kv, ZP_SPACE_DS, who, path);
	feature_combos(d, kv, who, path, ctx);
	norm = find(kv, "normalization", ZP_SPACE_DS);
	utf = find(kv, "utf8only", ZP_SPACE_DS);
	if (norm && !is(norm, "none") && is(utf, "off"))
		refuse(d, utf, path, who, "'utf8only' must be set 'on' if "
		    "normalization chosen");
	return crypt_combos(d, kv, who, path, ctx);
}

bool zp_props_check_kvs(struct zp_diags *d, const struct zp_kvs *kv,
    unsigned obj, const char *who, const char *path,
    const struct zp_prop_ctx *ctx)
{
	zp_props_check_pairs(d, kv, obj, who, path, ctx);
	return zp_props_check_combos(d, kv, obj, who, path, ctx);
}

bool zp_props_encrypted_above(const struct zp_model *m, const char *name)
{
	char buf[1024];
	char *slash;
	int32_t j;

	if (strlen(name) >= sizeof(buf))
		return false;
	strcpy(buf, name);
	/* the nearest ancestor that sets encryption decides */
	while ((slash = strrchr(buf, '/'))) {
		const struct zp_kv *e;

		*slash = '\0';
		if ((j = zp_htab_get(&m->h_fs, buf)) >= 0) {
			if ((e = find(&ZP_FS(m, j)->properties, "encryption",
			    ZP_SPACE_DS)))
				return !is(e, "off");
			continue;
		}
		if (!strchr(buf, '/') && (j = zp_htab_get(&m->h_pools,
		    buf)) >= 0) {
			e = find(&ZP_POOL(m, j)->properties, "encryption",
			    ZP_SPACE_DS);
			return e && !is(e, "off");
		}
	}
	return false;
}

bool zp_props_touch_encryption(const struct zp_kvs *kv)
{
	return find(kv, "encryption", ZP_SPACE_DS) ||
	    find(kv, "keyformat", ZP_SPACE_DS) ||
	    find(kv, "keylocation", ZP_SPACE_DS) ||
	    find(kv, "pbkdf2iters", ZP_SPACE_DS);
}
