/* cmd_args: the command line as GNU tools read it (see zplan/cmd.h):
 * options anywhere, `--` ends them, usage errors with "did you mean". */
#include "zplan/cmd.h"

#include <stdarg.h>
#include <string.h>

#include "zplan/arena.h"
#include "zplan/policy.h"
#include "zplan/text.h"

void zp_args_init(struct zp_args *a, const struct zp_cmd *cmd,
    const struct zp_opt *opts, int argc, char **argv)
{
	memset(a, 0, sizeof(*a));
	a->cmd = cmd;
	a->opts = opts;
	a->argc = argc;
	a->argv = argv;
	a->i = 1;
}

static int usage(struct zp_args *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static int usage(struct zp_args *a, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "zplan %s: ", a->cmd->name);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nusage: zplan %s %s\n", a->cmd->name, a->cmd->usage);
	a->status = 2;
	return -1;
}

int zp_args_bad(struct zp_args *a, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return usage(a, "%s", msg);
}

/* The closest long option to name, for "did you mean". */
static const char *near_option(const struct zp_args *a, const char *name)
{
	const char *names[64];
	size_t n = 0, i;

	for (i = 0; a->opts[i].name || a->opts[i].letter; i++)
		if (a->opts[i].name && n < 63)
			names[n++] = a->opts[i].name;
	names[n] = NULL;
	return zp_nearest(name, names);
}

/* The option named name (len bytes): exact, or the one it prefixes. */
static const struct zp_opt *find_long(struct zp_args *a, const char *name,
    size_t len)
{
	const struct zp_opt *o, *hit = NULL;
	int n = 0;

	for (o = a->opts; o->name || o->letter; o++) {
		if (!o->name || strncmp(o->name, name, len) != 0)
			continue;
		if (o->name[len] == '\0')
			return o;
		hit = o;
		n++;
	}
	if (n == 1)
		return hit;
	if (n > 1)
		usage(a, "option --%.*s is ambiguous; write it in full", (int)len,
		    name);
	else {
		char w[64];
		const char *near;

		snprintf(w, sizeof(w), "%.*s", (int)len, name);
		near = near_option(a, w);
		usage(a, "unknown option --%s%s%s%s", w, near ?
		    " (did you mean --" : "", near ? near : "",
		    near ? "?)" : "");
	}
	return NULL;
}

static const struct zp_opt *find_short(struct zp_args *a, char c)
{
	const struct zp_opt *o;

	for (o = a->opts; o->name || o->letter; o++)
		if (o->letter == c)
			return o;
	usage(a, "unknown option -%c", c);
	return NULL;
}

/* --policy KEY=VALUE and --disable RULE, checked now against a default
 * policy so that a mistake is a usage error before anything is read. */
static int policy_option(struct zp_args *a, int id)
{
	struct zp_arena ar;
	struct zp_policy p;
	char key[128], why[256];
	const char *val = a->arg, *eq = strchr(a->arg, '=');
	int rc;

	if (id == ZP_OPT_DISABLE) {
		strcpy(key, "disable");
	} else {
		size_t n;

		if (!eq || eq == a->arg)
			return usage(a, "--policy takes KEY=VALUE (e.g. "
			    "spares_per_pool=2), not \"%s\"", a->arg);
		n = (size_t)(eq - a->arg);
		if (n >= sizeof(key))
			n = sizeof(key) - 1;
		memcpy(key, a->arg, n);
		key[n] = '\0';
		val = eq + 1;
	}
	zp_arena_init(&ar);
	zp_policy_defaults(&p, &ar);
	rc = zp_policy_set(&p, key, val, why, sizeof(why));
	zp_arena_release(&ar);
	if (rc)
		return usage(a, "%s %s: %s", id == ZP_OPT_DISABLE ?
		    "--disable" : "--policy", a->arg, why);
	if (zp_cli_policy_add(&a->policy, a->arg, id == ZP_OPT_DISABLE)) {
		a->status = 2;
		return -1;
	}
	return 0;
}

/* The value of option o, written at s (after "=" or the letter), or the
 * next argument. */
static int value(struct zp_args *a, const struct zp_opt *o, const char *s,
    bool attached)
{
	a->arg = NULL;
	if (!o->arg) {
		if (attached)
			return usage(a, "option %s takes no value", a->opt);
		return o->id;
	}
	if (attached)
		a->arg = s;
	else if (a->i < a->argc)
		a->arg = a->argv[a->i++];
	else
		return usage(a, "option %s needs a value", a->opt);
	if (o->id == ZP_OPT_POLICY || o->id == ZP_OPT_DISABLE)
		return policy_option(a, o->id) ? -1 : ZP_OPT_POLICY;
	return o->id;
}

static int help(struct zp_args *a)
{
	printf("usage: zplan %s %s\n\n%s\n", a->cmd->name, a->cmd->usage,
	    a->cmd->summary);
	a->status = 0;
	return -1;
}

static int one(struct zp_args *a)
{
	const char *s = a->argv[a->i++];
	const struct zp_opt *o;

	a->opt = s;
	if (s[1] == '-') {
		const char *eq = strchr(s + 2, '=');
		size_t len = eq ? (size_t)(eq - s - 2) : strlen(s + 2);

		if (len == 4 && strncmp(s + 2, "help", 4) == 0)
			return help(a);
		if (!(o = find_long(a, s + 2, len)))
			return -1;
		return value(a, o, eq ? eq + 1 : NULL, eq != NULL);
	}
	if (s[1] == 'h' && !s[2])
		return help(a);
	if (!(o = find_short(a, s[1])))
		return -1;
	if (!o->arg && s[2])
		return usage(a, "option -%c takes no value", s[1]);
	return value(a, o, s + 2, s[2] != '\0');
}

int zp_args_next(struct zp_args *a)
{
	int id;

	do {
		const char *s;

		if (a->i >= a->argc)
			return 0;
		s = a->argv[a->i];
		if (!a->ended && strcmp(s, "--") == 0) {
			a->ended = true;
			a->i++;
			id = ZP_OPT_POLICY;
			continue;
		}
		if (a->ended || s[0] != '-' || !s[1]) {
			if (a->n == ZP_ARGS_MAX)
				return usage(a, "too many operands");
			a->operand[a->n++] = s;
			a->i++;
			id = ZP_OPT_POLICY;
			continue;
		}
		id = one(a);
	} while (id == ZP_OPT_POLICY);
	return id;
}

int zp_args_operands(struct zp_args *a, int min, int max, const char *what)
{
	if (a->n < min || a->n > max)
		return usage(a, "%s", what);
	return 0;
}
