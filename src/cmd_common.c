/* cmd_common: loading a model for a command. */
#include "zplan/cmd.h"

#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "zplan/load.h"
#include "zplan/output.h"
#include "zplan/plan.h"
#include "zplan/policy.h"
#include "zplan/rule.h"

int zp_cli_policy_add(struct zp_cli_policy *cp, const char *arg, bool disable)
{
	if (cp->n == (int)(sizeof(cp->items) / sizeof(cp->items[0]))) {
		fprintf(stderr, "zplan: too many --policy and --disable "
		    "options (at most 64)\n");
		return -1;
	}
	cp->items[cp->n] = arg;
	cp->disable[cp->n++] = disable;
	return 0;
}

static int apply(struct zp_policy *p, const struct zp_cli_policy *cp)
{
	char why[256], key[128];
	int i;

	for (i = 0; i < cp->n; i++) {
		const char *arg = cp->items[i], *eq = strchr(arg, '=');
		const char *val;

		if (cp->disable[i]) {
			strcpy(key, "disable");
			val = arg;
		} else {
			size_t n;

			if (!eq || eq == arg) {
				fprintf(stderr, "zplan: --policy takes KEY=VALUE "
				    "(e.g. spares_per_pool=2), not \"%s\"\n",
				    arg);
				return -1;
			}
			n = (size_t)(eq - arg);
			if (n >= sizeof(key))
				n = sizeof(key) - 1;
			memcpy(key, arg, n);
			key[n] = '\0';
			val = eq + 1;
		}
		if (zp_policy_set(p, key, val, why, sizeof(why))) {
			fprintf(stderr, "zplan: %s %s: %s\n", cp->disable[i] ?
			    "--disable" : "--policy", arg, why);
			return -1;
		}
	}
	return 0;
}

/* Applies cp to a freshly loaded m and runs the rules. */
static struct zp_model *checked(struct zp_model *m, struct zp_diags *d,
    const struct zp_cli_policy *cp, int *status)
{
	if (!m) {
		zp_diags_finish(d, NULL);
		return NULL;
	}
	if (cp && apply(&m->policy, cp)) {
		zp_model_free(m);
		zp_diags_finish(d, NULL);
		*status = 2;
		return NULL;
	}
	/* after the command line's policy (mirror_isolation decides the
	 * choice), before the rules: every rule sees an explicit model */
	zp_plan(m, d);
	zp_rules_run(m, d);
	zp_diags_finish(d, &m->policy);
	return m;
}

struct zp_model *zp_cmd_load(const char *file, struct zp_diags *d,
    const struct zp_cli_policy *cp, int *status)
{
	return checked(zp_load(file, d, status), d, cp, status);
}

struct zp_model *zp_cmd_load_buf(const char *file, const char *buf,
    size_t len, struct zp_diags *d, const struct zp_cli_policy *cp,
    int *status)
{
	return checked(zp_load_buf(file, buf, len, d, status), d, cp, status);
}

int zp_usage_error(const struct zp_cmd *c, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "zplan %s: ", c->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: zplan %s %s\n", c->name, c->usage);
	return 2;
}

int zp_parse_format(const char *v, const char *const *names)
{
	int i;

	for (i = 0; names[i]; i++)
		if (strcmp(v, names[i]) == 0)
			return i;
	return -1;
}

int zp_format_option(const struct zp_cmd *c, const char *v,
    const char *const *names)
{
	int k = zp_parse_format(v, names), i;
	char list[256];
	size_t n = 0;

	if (k >= 0)
		return k;
	list[0] = '\0';
	for (i = 0; names[i] && n < sizeof(list); i++)
		n += (size_t)snprintf(list + n, sizeof(list) - n, "%s%s",
		    !i ? "" : names[i + 1] ? ", " : " or ", names[i]);
	zp_usage_error(c, "unknown format \"%s\" (%s)", v, list);
	return -1;
}

int zp_write_whole(const struct zp_cmd *c, const char *path,
    int (*writer)(void *ctx, FILE *f), void *ctx)
{
	struct zp_outfile o;
	FILE *f = zp_outfile_open(&o, c->name, path, 0666);

	if (!f)
		return 2;
	return zp_outfile_commit(&o, writer(ctx, f));
}
