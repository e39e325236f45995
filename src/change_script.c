/* change_script: the script of zplan change (scripts.md, "Changing a
 * deployed system"): the steps change.c planned, then the host's
 * filesystems, property values and NFS shares the host lacks. Every
 * guarantee of a zplan script holds: all work is in functions that only
 * the last line calls (a script cut short does nothing); a preflight
 * checks every device and tries every zpool add with -n before anything
 * changes (exit 1, nothing changed); each step first looks whether it is
 * done already (a second run changes nothing); a step that fails stops
 * the script, which says what it changed (exit 3); nothing is forced. */
#include "zplan/change_script.h"

#include <stdlib.h>
#include <string.h>

#include "zplan/props.h"
#include "zplan/text.h"
#include "zplan/units.h"
#include "zplan/version.h"

static const char sh_fns[] =
    "\n"
    "# zp_say TEXT...: a line of progress on stderr\n"
    "zp_say() {\n"
    "\tif [ \"$zp_dry\" = 1 ]; then\n"
    "\t\tprintf '%s: (dry run) %s\\n' \"$zp_host\" \"$*\" >&2\n"
    "\telse\n"
    "\t\tprintf '%s: %s\\n' \"$zp_host\" \"$*\" >&2\n"
    "\tfi\n"
    "}\n"
    "\n"
    "# zp_problem TEXT...: a preflight failure (all are listed, then exit 1)\n"
    "zp_problem() {\n"
    "\tzp_fail=$((zp_fail + 1))\n"
    "\tzp_say \"preflight: $*\"\n"
    "}\n"
    "\n"
    "# zp_next TEXT...: the step under way, and its progress line\n"
    "zp_next() {\n"
    "\tzp_what=$*\n"
    "\tzp_say \"[$zp_step/$zp_steps] $*\"\n"
    "}\n"
    "\n"
    "# zp_skip TEXT...: a step in place already\n"
    "zp_skip() {\n"
    "\tzp_kept=$((zp_kept + 1))\n"
    "\tzp_say \"[$zp_step/$zp_steps] $*; in place already, skipped\"\n"
    "}\n"
    "\n"
    "# zp_q WORD: appends WORD to zp_l as sh reads it back\n"
    "zp_q() {\n"
    "\tcase $1 in\n"
    "\t'' | *[!A-Za-z0-9_./=,:@%+-]*) ;;\n"
    "\t*)\n"
    "\t\tzp_l=$zp_l$1\n"
    "\t\treturn 0\n"
    "\t\t;;\n"
    "\tesac\n"
    "\tzp_s=$1\n"
    "\tzp_l=$zp_l\\'\n"
    "\twhile :; do\n"
    "\t\tcase $zp_s in\n"
    "\t\t*\\'*)\n"
    "\t\t\tzp_l=$zp_l${zp_s%%\\'*}\\'\\\\\\'\\'\n"
    "\t\t\tzp_s=${zp_s#*\\'}\n"
    "\t\t\t;;\n"
    "\t\t*) break ;;\n"
    "\t\tesac\n"
    "\tdone\n"
    "\tzp_l=$zp_l$zp_s\\'\n"
    "}\n"
    "\n"
    "# zp_run COMMAND ARG...: a command of the step under way; in a dry run\n"
    "# it is printed instead. If it fails the script stops (zp_failed).\n"
    "zp_run() {\n"
    "\tif [ \"$zp_dry\" = 1 ]; then\n"
    "\t\tzp_l=\n"
    "\t\tfor zp_w in \"$@\"; do\n"
    "\t\t\t[ -z \"$zp_l\" ] || zp_l=\"$zp_l \"\n"
    "\t\t\tzp_q \"$zp_w\"\n"
    "\t\tdone\n"
    "\t\tprintf '%s\\n' \"$zp_l\"\n"
    "\t\treturn 0\n"
    "\tfi\n"
    "\tzp_rc=0\n"
    "\t{ zp_err=$(\"$@\" 2>&1 >&3 3>&-) || zp_rc=$?; } 3>&1\n"
    "\t[ -z \"$zp_err\" ] || printf '%s\\n' \"$zp_err\" >&2\n"
    "\t[ \"$zp_rc\" = 0 ] || zp_failed \"$zp_err\"\n"
    "}\n"
    "\n"
    "# zp_did: the step under way is done\n"
    "zp_did() {\n"
    "\tzp_done=$((zp_done + 1))\n"
    "}\n"
    "\n"
    "# zp_failed TEXT: the step under way failed: stop, and say what changed\n"
    "zp_failed() {\n"
    "\tzp_e=$(printf '%s' \"$1\" | tr '\\n' ' ')\n"
    "\tzp_say \"step $zp_step of $zp_steps failed: $zp_what: ${zp_e:-exit\" \\\n"
    "\t    \"$zp_rc}; $zp_done change(s) made before it, $zp_kept in place\" \\\n"
    "\t    \"already, the rest not made; fix it and run the script again\"\n"
    "\texit 3\n"
    "}\n"
    "\n"
    "# zp_dev POOL DISK DEV: DEV, which a step adds, must be a block device\n"
    "zp_dev() {\n"
    "\tif [ -b \"$3\" ]; then\n"
    "\t\treturn 0\n"
    "\telif [ -e \"$3\" ]; then\n"
    "\t\tzp_problem \"pool $1: $3 (disk $2) is not a block device;\" \\\n"
    "\t\t    \"correct the disk's dev in the model\"\n"
    "\telse\n"
    "\t\tzp_problem \"pool $1: $3 (disk $2) does not exist; check\" \\\n"
    "\t\t    \"that the disk is in place and seen by this host\"\n"
    "\tfi\n"
    "\treturn 1\n"
    "}\n"
    "\n"
    "# zp_names POOL: the names zpool status shows in POOL's config, one a\n"
    "# line (paths with -P where zpool has it; names without, as on\n"
    "# zfs-fuse and Solaris)\n"
    "zp_names() {\n"
    "\t{ zpool status -P -- \"$1\" 2>/dev/null ||\n"
    "\t    zpool status -- \"$1\" 2>/dev/null; } |\n"
    "\t    sed -n -e '/^config:/,/^errors:/!d' -e 's/^[[:blank:]]*//' \\\n"
    "\t    -e 's/[[:blank:]][[:blank:]].*//' -e 's/[[:blank:]]*$//' -e p\n"
    "}\n"
    "\n"
    "# zp_in POOL NAME...: whether POOL shows one of the NAMEs (the names\n"
    "# of one device: its path, its partition 1, its name without -P)\n"
    "zp_in() {\n"
    "\tzp_g=$(zp_names \"$1\")\n"
    "\tshift\n"
    "\tfor zp_a in \"$@\"; do\n"
    "\t\tcase \"$zp_nl$zp_g$zp_nl\" in\n"
    "\t\t*\"$zp_nl$zp_a$zp_nl\"*) return 0 ;;\n"
    "\t\tesac\n"
    "\tdone\n"
    "\treturn 1\n"
    "}\n"
    "\n"
    "# zp_need_pool NAME: the pool must be there, as zpool status showed it\n"
    "zp_need_pool() {\n"
    "\tzpool list -H -o name \"$1\" >/dev/null 2>&1 ||\n"
    "\t    zp_problem \"pool $1 is not on this host (is this the host\" \\\n"
    "\t    \"whose zpool status the change was made from?)\"\n"
    "}\n"
    "\n"
    "# zp_try TEXT COMMAND...: a preflight check by a command that changes\n"
    "# nothing (zpool add -n); its refusal is a problem\n"
    "zp_try() {\n"
    "\tzp_t=$1\n"
    "\tshift\n"
    "\tzp_rc=0\n"
    "\tzp_out=$(\"$@\" 2>&1 >/dev/null) || zp_rc=$?\n"
    "\tif [ \"$zp_rc\" != 0 ]; then\n"
    "\t\tzp_out=$(printf '%s' \"$zp_out\" | tr '\\n' ' ')\n"
    "\t\tzp_problem \"$zp_t: $zp_out\"\n"
    "\tfi\n"
    "}\n"
    "\n"
    "# zp_is_fs NAME: whether the dataset existed when the preflight looked\n"
    "zp_is_fs() {\n"
    "\tcase \"$zp_nl$zp_fss$zp_nl\" in\n"
    "\t*\"$zp_nl$1$zp_nl\"*) return 0 ;;\n"
    "\tesac\n"
    "\treturn 1\n"
    "}\n"
    "\n"
    "# zp_prop_is NAME PROPERTY VALUE: whether the dataset had that value\n"
    "zp_prop_is() {\n"
    "\tcase \"$zp_nl$zp_props$zp_nl\" in\n"
    "\t*\"$zp_nl$1\t$2\t$3$zp_nl\"*) return 0 ;;\n"
    "\tesac\n"
    "\treturn 1\n"
    "}\n"
    "\n"
    "# zp_args ARG... zp-script-end: the script's own arguments, which must\n"
    "# end with the word its last line adds (a script cut short does nothing)\n"
    "zp_args() {\n"
    "\tzp_end=\n"
    "\tfor zp_a in \"$@\"; do\n"
    "\t\tzp_end=$zp_a\n"
    "\tdone\n"
    "\tif [ \"$zp_end\" != zp-script-end ]; then\n"
    "\t\tprintf '%s: this script is incomplete (cut short?) and did' \"$0\" >&2\n"
    "\t\tprintf ' nothing; write it again with zplan change\\n' >&2\n"
    "\t\texit 2\n"
    "\tfi\n"
    "\tcase ${ZPLAN_DRY_RUN:-0} in\n"
    "\t0 | '') ;;\n"
    "\t*) zp_dry=1 ;;\n"
    "\tesac\n"
    "\tzp_n=$#\n"
    "\tfor zp_a in \"$@\"; do\n"
    "\t\tzp_n=$((zp_n - 1))\n"
    "\t\t[ \"$zp_n\" -gt 0 ] || break\n"
    "\t\tcase $zp_a in\n"
    "\t\t--dry-run) zp_dry=1 ;;\n"
    "\t\t*)\n"
    "\t\t\tprintf '%s: unknown argument %s (the only one is %s)\\n' \\\n"
    "\t\t\t    \"$0\" \"$zp_a\" --dry-run >&2\n"
    "\t\t\texit 2\n"
    "\t\t\t;;\n"
    "\t\tesac\n"
    "\tdone\n"
    "\t# commands answer in plain English whatever the caller's locale\n"
    "\tLC_ALL=C\n"
    "\texport LC_ALL\n"
    "\tzp_step=0\n"
    "\tzp_done=0\n"
    "\tzp_kept=0\n"
    "\tzp_fail=0\n"
    "\tzp_what=\n"
    "\tzp_fss=\n"
    "\tzp_props=\n"
    "}\n"
    "\n"
    "# zp_passed: the end of the preflight: exit 1 unless every check passed\n"
    "zp_passed() {\n"
    "\tif [ \"$zp_fail\" -gt 0 ]; then\n"
    "\t\tzp_say \"preflight: $zp_fail problem(s); nothing was changed\"\n"
    "\t\texit 1\n"
    "\tfi\n"
    "\tzp_say 'preflight passed'\n"
    "}\n"
    "\n"
    "# zp_finish: the last line of progress\n"
    "zp_finish() {\n"
    "\tif [ \"$zp_steps\" = 0 ]; then\n"
    "\t\tzp_say 'the host has what the model says: nothing to change'\n"
    "\telif [ \"$zp_dry\" = 1 ]; then\n"
    "\t\tzp_say \"$((zp_steps - zp_kept)) change(s) to make, $zp_kept in\" \\\n"
    "\t\t    \"place already; nothing was changed\"\n"
    "\telse\n"
    "\t\tzp_say \"done: $zp_done change(s) made, $zp_kept in place already\"\n"
    "\tfi\n"
    "}\n";

/* the device a step names, as this host's zpool takes it */
static const char sh_old[] =
    "\n"
    "# zp_old POOL NAME: sets zp_o to the device NAME as this zpool takes\n"
    "# it: NAME where zpool has -P (OpenZFS takes a name without its\n"
    "# directory); else (zfs-fuse, Solaris) the device's path\n"
    "zp_old() {\n"
    "\tzp_o=$2\n"
    "\tcase $2 in\n"
    "\t/*) return 0 ;;\n"
    "\tesac\n"
    "\tzpool status -P -- \"$1\" >/dev/null 2>&1 && return 0\n"
    "\tfor zp_d in /dev/dsk /dev; do\n"
    "\t\tif [ -b \"$zp_d/$2\" ] || [ -c \"$zp_d/$2\" ]; then\n"
    "\t\t\tzp_o=$zp_d/$2\n"
    "\t\t\treturn 0\n"
    "\t\tfi\n"
    "\tdone\n"
    "}\n";

struct w {
	FILE *o;
	const struct zp_model *m;
	const struct zc_plan *plan;
	const struct zc_script_opts *op;
	size_t n;                       /* step functions written */
	bool *mine;                     /* per model pool: the host's */
};

/* A name in a comment: control characters cannot end the comment. */
static void comment(FILE *o, const char *s)
{
	for (; *s; s++)
		putc((unsigned char)*s < 0x20 || *s == 0x7f ? '?' : *s, o);
}

static void sq(FILE *o, const char *s)
{
	putc(' ', o);
	zp_sh_quote(o, s);
}

static const char *dev_of(const struct zp_model *m, const struct zp_ref *r)
{
	const struct zp_disk *dk = zp_ref_disk(m, r);

	return dk ? dk->dev : "";
}

/* The names zpool status may show dev by: its path, its partition 1
 * (-P of a whole disk), its name without -P. */
static void aliases(FILE *o, const char *dev)
{
	size_t n = strlen(dev);
	char *p1 = zp_xmalloc(n + 8);
	const char *suffix = strncmp(dev, "/dev/disk", 9) == 0 ?
	    "-part1" : n && dev[n - 1] >= '0' && dev[n - 1] <= '9' ? "p1" :
	    "1";

	snprintf(p1, n + 8, "%s%s", dev, suffix);
	sq(o, dev);
	sq(o, p1);
	if (strcmp(suffix, "-part1") != 0) {
		/* multipath and other udev names: -part1 too */
		snprintf(p1, n + 8, "%s-part1", dev);
		sq(o, p1);
	}
	if (strcmp(zs_short_dev(dev), dev) != 0)
		sq(o, zs_short_dev(dev));
	free(p1);
}

/* "POOL mirror DEV DEV" as zpool add takes a vdev */
static void vdev_words(struct w *w, const struct zc_step *s)
{
	size_t j;

	if (s->cls)
		fprintf(w->o, " %s", s->cls);
	if (s->vdev) {
		if (s->vdev->kind != ZP_VDEV_DISK)
			fprintf(w->o, " %s", zp_vkind_name(s->vdev->kind));
		for (j = 0; j < s->vdev->n; j++)
			sq(w->o, dev_of(w->m, &s->vdev->members[j]));
	} else {
		sq(w->o, dev_of(w->m, s->disk));
	}
}

/* Whether the step is done: its devices are in (or, for a removal, gone
 * from) the pool. */
static void done_test(struct w *w, const struct zc_step *s,
    const char *pool)
{
	size_t j;

	if (s->kind == ZC_DETACH || s->kind == ZC_REMOVE) {
		fputs("\tif ! zp_in", w->o);
		sq(w->o, pool);
		for (j = 0; j < s->ngone; j++) {
			sq(w->o, s->gone[j]);
			if (strcmp(zs_short_dev(s->gone[j]), s->gone[j]) != 0)
				sq(w->o, zs_short_dev(s->gone[j]));
		}
		fputs("; then\n", w->o);
		return;
	}
	fputs("\tif", w->o);
	if (s->vdev) {
		for (j = 0; j < s->vdev->n; j++) {
			fputs(j ? " &&\n\t    zp_in" : " zp_in", w->o);
			sq(w->o, pool);
			aliases(w->o, dev_of(w->m, &s->vdev->members[j]));
		}
	} else {
		fputs(" zp_in", w->o);
		sq(w->o, pool);
		aliases(w->o, dev_of(w->m, s->disk));
	}
	fputs("; then\n", w->o);
}

static void pool_step(struct w *w, const struct zc_step *s)
{
	static const char *const cmd[] = {
		"replace", "attach", "add", "detach", "remove"
	};
	const char *pool = ZP_POOL(w->m, s->pool)->name;

	fprintf(w->o, "\nzp_step_%zu() {\n\tzp_step=%zu\n", w->n + 1,
	    w->n + 1);
	done_test(w, s, pool);
	fputs("\t\tzp_skip", w->o);
	sq(w->o, s->what);
	fputs("\n\t\treturn 0\n\tfi\n\tzp_next", w->o);
	sq(w->o, s->what);
	if (s->kind != ZC_ADD) {
		fputs("\n\tzp_old", w->o);
		sq(w->o, pool);
		sq(w->o, s->old);
	}
	fprintf(w->o, "\n\tzp_run zpool %s", cmd[s->kind]);
	sq(w->o, pool);
	if (s->kind == ZC_ADD) {
		vdev_words(w, s);
	} else {
		fputs(" \"$zp_o\"", w->o);
		if (s->disk)
			sq(w->o, dev_of(w->m, s->disk));
	}
	fputs("\n\tzp_did\n}\n", w->o);
	w->n++;
}

/* A property as zfs set takes it and zfs get -p prints it: its native
 * name, sizes in bytes. */
static char *kv(const char *k, const char *v, const char **name)
{
	const struct zp_prop *p = zp_prop_find(k, ZP_SPACE_DS);
	uint64_t bytes;
	const char *why;
	char *s;

	*name = p ? p->name : k;
	s = zp_xmalloc(strlen(v) + 24);
	if (zp_prop_is_size(*name, ZP_OBJ_FS) &&
	    zp_parse_size(v, &bytes, &why) == 0)
		sprintf(s, "%llu", (unsigned long long)bytes);
	else
		strcpy(s, v);
	return s;
}

static bool onetime(const char *name)
{
	const struct zp_prop *p = zp_prop_find(name, ZP_SPACE_DS);

	return p && p->attr == ZP_PA_ONETIME;
}

static bool host_fs(const struct w *w, const struct zp_fs *f)
{
	return f->pool >= 0 && w->mine[f->pool];
}

/* A filesystem: created when missing; else its settable properties set
 * where they differ. */
static void fs_step(struct w *w, const struct zp_fs *f)
{
	FILE *o = w->o;
	size_t k;

	fprintf(o, "\nzp_step_%zu() {\n\tzp_step=%zu\n\tif ! zp_is_fs",
	    w->n + 1, w->n + 1);
	sq(o, f->name);
	fputs("; then\n\t\tzp_next", o);
	sq(o, zp_arena_printf((struct zp_arena *)&w->plan->arena,
	    "create filesystem %s", f->name));
	fputs("\n\t\tzp_run zfs create", o);
	for (k = 0; k < f->properties.n; k++) {
		const char *name;
		char *v = kv(f->properties.v[k].key, f->properties.v[k].val,
		    &name), *s = zp_xmalloc(strlen(name) + strlen(v) + 2);

		sprintf(s, "%s=%s", name, v);
		fputs(" -o", o);
		sq(o, s);
		free(s);
		free(v);
	}
	sq(o, f->name);
	fputs("\n\t\tzp_did\n\t\treturn 0\n\tfi\n\tzp_d=0\n", o);
	for (k = 0; k < f->properties.n; k++) {
		const char *name;
		char *v = kv(f->properties.v[k].key, f->properties.v[k].val,
		    &name);

		if (!onetime(name)) {
			fputs("\tzp_prop_is", o);
			sq(o, f->name);
			sq(o, name);
			sq(o, v);
			fputs(" || zp_d=1\n", o);
		}
		free(v);
	}
	fputs("\tif [ \"$zp_d\" = 0 ]; then\n\t\tzp_skip", o);
	sq(o, zp_arena_printf((struct zp_arena *)&w->plan->arena,
	    "filesystem %s with the model's properties", f->name));
	fputs("\n\t\treturn 0\n\tfi\n\tzp_next", o);
	sq(o, zp_arena_printf((struct zp_arena *)&w->plan->arena,
	    "set the properties of filesystem %s", f->name));
	putc('\n', o);
	for (k = 0; k < f->properties.n; k++) {
		const char *name;
		char *v = kv(f->properties.v[k].key, f->properties.v[k].val,
		    &name), *s = zp_xmalloc(strlen(name) + strlen(v) + 2);

		sprintf(s, "%s=%s", name, v);
		if (!onetime(name)) {
			fputs("\tzp_prop_is", o);
			sq(o, f->name);
			sq(o, name);
			sq(o, v);
			fputs(" ||\n\t    zp_run zfs set", o);
			sq(o, s);
			sq(o, f->name);
			putc('\n', o);
		}
		free(s);
		free(v);
	}
	fputs("\tzp_did\n}\n", o);
	w->n++;
}

static void share_step(struct w *w, const struct zp_fs *f)
{
	const char *v = f->share_opts ? f->share_opts : "on";
	char *s = zp_xmalloc(strlen(v) + 16);

	sprintf(s, "sharenfs=%s", v);
	fprintf(w->o, "\nzp_step_%zu() {\n\tzp_step=%zu\n\tif zp_prop_is",
	    w->n + 1, w->n + 1);
	sq(w->o, f->name);
	sq(w->o, "sharenfs");
	sq(w->o, v);
	fputs("; then\n\t\tzp_skip", w->o);
	sq(w->o, zp_arena_printf((struct zp_arena *)&w->plan->arena,
	    "share of %s (sharenfs=%s)", f->name, v));
	fputs("\n\t\treturn 0\n\tfi\n\tzp_next", w->o);
	sq(w->o, zp_arena_printf((struct zp_arena *)&w->plan->arena,
	    "share filesystem %s over NFS (sharenfs=%s)", f->name, v));
	fputs("\n\tzp_run zfs set", w->o);
	sq(w->o, s);
	sq(w->o, f->name);
	fputs("\n\tzp_did\n}\n", w->o);
	free(s);
	w->n++;
}

/* The property names the preflight reads, comma-joined. */
static char *prop_list(const struct w *w)
{
	size_t cap = 64, len = 0, i, k;
	char *s = zp_xcalloc(cap, 1);

	for (i = 0; i < w->m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(w->m, i);

		for (k = 0; host_fs(w, f) && k <= f->properties.n; k++) {
			const char *name = "sharenfs";
			const struct zp_prop *p;
			char *at;
			size_t n;

			if (k < f->properties.n) {
				p = zp_prop_find(f->properties.v[k].key,
				    ZP_SPACE_DS);
				name = p ? p->name : f->properties.v[k].key;
			}
			n = strlen(name);
			at = len ? strstr(s, name) : NULL;
			while (at && !((at == s || at[-1] == ',') &&
			    (at[n] == ',' || at[n] == '\0')))
				at = strstr(at + 1, name);
			if (at)
				continue;
			while (len + n + 2 > cap) {
				cap *= 2;
				s = zp_xrealloc(s, cap);
			}
			if (len)
				s[len++] = ',';
			memcpy(s + len, name, n + 1);
			len += n;
		}
	}
	return s;
}

static void header(struct w *w, size_t steps)
{
	FILE *o = w->o;
	size_t i;

	fputs("#!/bin/sh\n# zplan change for host ", o);
	comment(o, w->op->host);
	fputs(": from what zpool status showed to what the model says\n"
	    "# model:  ", o);
	comment(o, w->op->model);
	fprintf(o, "\n# sha256: %s\n# status: ", w->op->sha256);
	comment(o, w->op->status);
	fprintf(o, "\n# zplan:  %s\n#\n", ZPLAN_VERSION);
	fputs("# Review it, then run it as root on that host. It changes nothing\n"
	    "# until its preflight has passed (every new device there, every\n"
	    "# zpool add tried with -n), forces nothing (no -f, labelclear,\n"
	    "# wipefs or dd), and skips what is in place already, so it can be\n"
	    "# run again. With --dry-run (or ZPLAN_DRY_RUN=1) it prints the\n"
	    "# commands instead. Exit 1: the preflight refused, nothing changed;\n"
	    "# 3: a step failed, the steps before it are made.\n", o);
	fputs("\nzp_host=", o);
	zp_sh_quote(o, w->op->host);
	fprintf(o, "\nzp_dry=%d\nzp_steps=%zu\nzp_nl='\n'\n",
	    w->op->dry_run ? 1 : 0, steps);
	fputs(sh_fns, o);
	for (i = 0; i < w->plan->steps.len; i++)
		if (ZP_VEC_AT(&w->plan->steps, struct zc_step, i)->kind !=
		    ZC_ADD) {
			fputs(sh_old, o);
			break;
		}
}

static void preflight(struct w *w, const char *props)
{
	FILE *o = w->o;
	size_t i, j;

	fputs("\n# ---- preflight: checks only; nothing changes unless all pass "
	    "----\nzp_preflight() {\n"
	    "\tfor zp_c in zpool zfs; do\n"
	    "\t\tcommand -v \"$zp_c\" >/dev/null 2>&1 ||\n"
	    "\t\t    zp_problem \"$zp_c not found; install ZFS (or run this\" \\\n"
	    "\t\t    \"on the host that has it)\"\n"
	    "\tdone\n", o);
	for (i = 0; i < w->plan->pools.len; i++) {
		fputs("\tzp_need_pool", o);
		sq(o, ZP_POOL(w->m, *ZP_VEC_AT(&w->plan->pools, int32_t,
		    i))->name);
		putc('\n', o);
	}
	for (i = 0; i < w->plan->steps.len; i++) {
		const struct zc_step *s = ZP_VEC_AT(&w->plan->steps,
		    struct zc_step, i);
		const char *pool = ZP_POOL(w->m, s->pool)->name;
		size_t n = s->vdev ? s->vdev->n : s->disk ? 1 : 0;

		if (s->kind == ZC_DETACH || s->kind == ZC_REMOVE)
			continue;
		/* a step done already needs nothing more */
		done_test(w, s, pool);
		fputs("\t\t:\n\telse\n", o);
		for (j = 0; j < n; j++) {
			const struct zp_ref *r = s->vdev ?
			    &s->vdev->members[j] : s->disk;

			fputs("\t\tzp_dev", o);
			sq(o, pool);
			sq(o, r->name);
			sq(o, dev_of(w->m, r));
			putc('\n', o);
		}
		if (s->kind == ZC_ADD) {
			fputs("\t\tzp_try", o);
			sq(o, zp_arena_printf((struct zp_arena *)
			    &w->plan->arena, "pool %s: zpool add -n refuses "
			    "to %s", pool, s->what));
			fputs(" \\\n\t\t    zpool add -n", o);
			sq(o, pool);
			vdev_words(w, s);
			putc('\n', o);
		}
		fputs("\tfi\n", o);
	}
	fputs("\tzp_fss=$(zfs list -H -o name -t filesystem,volume "
	    "2>/dev/null) ||\n"
	    "\t    zp_problem 'cannot list the datasets (zfs list failed)'\n",
	    o);
	if (*props) {
		fputs("\tzp_props=$(zfs get -H -p -o name,property,value", o);
		sq(o, props);
		fputs(" 2>/dev/null) ||\n"
		    "\t    zp_problem 'cannot read the properties (zfs get "
		    "failed)'\n", o);
	}
	for (i = 0; i < w->m->filesystems.len; i++) {
		const struct zp_fs *f = ZP_FS(w->m, i);
		size_t k;

		for (k = 0; host_fs(w, f) && k < f->properties.n; k++) {
			const char *name;
			char *v = kv(f->properties.v[k].key,
			    f->properties.v[k].val, &name);

			if (onetime(name)) {
				fputs("\tif zp_is_fs", o);
				sq(o, f->name);
				fputs(" && ! zp_prop_is", o);
				sq(o, f->name);
				sq(o, name);
				sq(o, v);
				fputs("; then\n\t\tzp_problem", o);
				sq(o, zp_arena_printf((struct zp_arena *)
				    &w->plan->arena, "filesystem %s: %s is set "
				    "only when a filesystem is created, and the "
				    "model's %s is not the one it has: correct "
				    "the model", f->name, name, v));
				fputs("\n\tfi\n", o);
			}
			free(v);
		}
	}
	fputs("\tzp_passed\n}\n", o);
}

int zp_change_script(FILE *o, const struct zp_model *m,
    const struct zc_plan *plan, const struct zc_script_opts *op)
{
	struct w w = { o, m, plan, op, 0, NULL };
	size_t i, steps = plan->steps.len, k;
	char *props;

	w.mine = zp_xcalloc(m->pools.len + 1, sizeof(*w.mine));
	for (i = 0; i < plan->pools.len; i++)
		w.mine[*ZP_VEC_AT(&plan->pools, int32_t, i)] = true;
	for (i = 0; i < m->filesystems.len; i++)
		if (host_fs(&w, ZP_FS(m, i)))
			steps += ZP_FS(m, i)->share != ZP_SHARE_NONE ? 2 : 1;
	header(&w, steps);
	for (i = 0; i < plan->steps.len; i++)
		pool_step(&w, ZP_VEC_AT(&plan->steps, struct zc_step, i));
	for (i = 0; i < m->filesystems.len; i++)
		if (host_fs(&w, ZP_FS(m, i)))
			fs_step(&w, ZP_FS(m, i));
	for (i = 0; i < m->filesystems.len; i++)
		if (host_fs(&w, ZP_FS(m, i)) &&
		    ZP_FS(m, i)->share != ZP_SHARE_NONE)
			share_step(&w, ZP_FS(m, i));
	props = prop_list(&w);
	preflight(&w, props);
	free(props);
	fputs("\nzp_main() {\n\tset -eu\n\tzp_args \"$@\"\n\tzp_preflight\n",
	    o);
	for (k = 0; k < w.n; k++)
		fprintf(o, "\tzp_step_%zu\n", k + 1);
	fputs("\tzp_finish\n}\n\nzp_main \"$@\" zp-script-end\n", o);
	free(w.mine);
	return ferror(o) ? -1 : 0;
}
