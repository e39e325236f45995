/* Unit tests for src/names.c: OpenZFS pool and filesystem naming rules. */
#include <criterion/criterion.h>
#include <string.h>

#include "zplan/names.h"

/* Message must be lowercase-first, without full stop. */
static void
style_ok(const char *why)
{
	size_t n = strlen(why);

	cr_assert(n > 0);
	cr_assert(!(why[0] >= 'A' && why[0] <= 'Z'), "capital: %s", why);
	cr_assert_neq(why[n - 1], '.', "full stop: %s", why);
}

static void
pool_ok(const char *name)
{
	char why[512] = "";

	cr_assert(zp_pool_name_ok(name, why, sizeof(why)),
	    "pool \"%s\" refused: %s", name, why);
}

/* Refused, with a message that contains every one of the parts. */
static void
pool_bad(const char *name, const char *part1, const char *part2)
{
	char why[512] = "";

	cr_assert_not(zp_pool_name_ok(name, why, sizeof(why)),
	    "pool \"%.60s\" accepted", name);
	style_ok(why);
	cr_assert_not_null(strstr(why, part1), "\"%s\" lacks \"%s\"", why,
	    part1);
	if (part2 != NULL)
		cr_assert_not_null(strstr(why, part2), "\"%s\" lacks \"%s\"",
		    why, part2);
}

static void
fs_ok(const char *name)
{
	char why[512] = "";

	cr_assert(zp_dataset_name_ok(name, why, sizeof(why)),
	    "filesystem \"%s\" refused: %s", name, why);
}

static void
fs_bad(const char *name, const char *part1, const char *part2)
{
	char why[512] = "";

	cr_assert_not(zp_dataset_name_ok(name, why, sizeof(why)),
	    "filesystem \"%.60s\" accepted", name);
	style_ok(why);
	cr_assert_not_null(strstr(why, part1), "\"%s\" lacks \"%s\"", why,
	    part1);
	if (part2 != NULL)
		cr_assert_not_null(strstr(why, part2), "\"%s\" lacks \"%s\"",
		    why, part2);
}

/* n copies of c, NUL-terminated, into buf. */
static char *
fill(char *buf, char c, size_t n)
{
	memset(buf, c, n);
	buf[n] = '\0';
	return buf;
}

Test(pool, ordinary_names)
{
	pool_ok("pool1");
	pool_ok("tank");
	pool_ok("Z");
	pool_ok("a-b_c.d:e f");
	pool_ok("zs3_pool-01");
}

Test(pool, begins_with_a_letter)
{
	pool_bad("1pool", "\"1pool\"", "begin");
	pool_bad("-pool", "\"-pool\"", "begin");
	pool_bad("_pool", "begin", NULL);
	pool_bad(".pool", "begin", NULL);
	pool_bad(" pool", "begin", NULL);
}

Test(pool, valid_characters)
{
	pool_bad("po/ol", "'/'", "letters, digits");
	pool_bad("po@ol", "'@'", NULL);
	pool_bad("po#ol", "'#'", NULL);
	pool_bad("po%ol", "'%'", NULL);
	pool_bad("po*ol", "'*'", NULL);
	pool_bad("po\tol", "\\x09", NULL);
	pool_bad("caf\xc3\xa9", "\\xc3", NULL);
}

Test(pool, reserved_prefixes)
{
	pool_bad("mirror1", "begins with the reserved word \"mirror\"",
	    "choose another name");
	pool_bad("raidz2pool", "\"raidz\"", NULL);
	pool_bad("draidpool", "\"draid\"", NULL);
	pool_bad("spares", "\"spare\"", NULL);
	pool_bad("mirror", "reserved", NULL);
	pool_bad("raidz", "reserved", NULL);
	pool_bad("draid", "reserved", NULL);
	pool_bad("spare", "reserved", NULL);
	/* The exact header example. */
	{
		char why[256];

		cr_assert_not(zp_pool_name_ok("mirror1", why, sizeof(why)));
		cr_assert_str_eq(why, "pool name \"mirror1\" begins with the "
		    "reserved word \"mirror\"; choose another name");
	}
}

Test(pool, reserved_log_is_exact)
{
	pool_bad("log", "\"log\"", "reserved");
	pool_ok("logs");
	pool_ok("log1");
	pool_ok("blog");
}

Test(pool, reserved_only_as_prefix_and_case_sensitive)
{
	pool_ok("amirror");
	pool_ok("mirro");
	pool_ok("spar");
	pool_ok("Mirror1");	/* zpool_name_valid() compares with strncmp */
	pool_ok("RAIDZ");
	/* c0-style names were reserved in old releases, not any more. */
	pool_ok("c0t0d0");
}

Test(pool, empty)
{
	pool_bad("", "empty", NULL);
}

Test(pool, length_limit_239)
{
	char name[256];

	pool_ok(fill(name, 'p', 239));
	pool_bad(fill(name, 'p', 240), "240 bytes", "239");
}

Test(pool, long_name_is_shortened_in_message)
{
	char name[256], why[512];

	fill(name, 'p', 240);
	cr_assert_not(zp_pool_name_ok(name, why, sizeof(why)));
	cr_assert_not_null(strstr(why, "...\""));
	cr_assert_lt(strlen(why), 200);
}

Test(pool, small_message_buffer_is_cut_safely)
{
	char why[8];

	memset(why, 'x', sizeof(why));
	cr_assert_not(zp_pool_name_ok("mirror1", why, sizeof(why)));
	cr_assert_eq(strlen(why), sizeof(why) - 1);
	cr_assert_not(zp_pool_name_ok("mirror1", NULL, 0));
}

Test(fs, ordinary_names)
{
	fs_ok("pool1/fs1");
	fs_ok("pool1/a/b/c");
	fs_ok("tank/home dir");
	fs_ok("tank/-x");		/* only the pool must begin with a letter */
	fs_ok("tank/1");
	fs_ok("tank/mirror");		/* reserved words are for pools only */
	fs_ok("tank/a.b_c-d:e");
	fs_ok("tank/...");
	fs_ok("tank/.a");
}

Test(fs, must_be_under_a_pool)
{
	fs_bad("pool1", "names only a pool", "pool1/name");
	fs_bad("", "empty", NULL);
}

Test(fs, pool_part_follows_pool_rules)
{
	fs_bad("mirror1/fs", "\"mirror1/fs\"", "reserved word \"mirror\"");
	fs_bad("1pool/fs", "begin", NULL);
	fs_bad("log/fs", "reserved", NULL);
}

Test(fs, no_empty_component)
{
	fs_bad("/pool/fs", "begins with '/'", "\"pool/fs\"");
	fs_bad("pool//fs", "empty component", NULL);
	fs_bad("pool/fs/", "ends with '/'", NULL);
	fs_bad("pool/", "ends with '/'", NULL);
}

Test(fs, no_dot_components)
{
	fs_bad("pool/.", "\".\" component", NULL);
	fs_bad("pool/..", "\"..\" component", NULL);
	fs_bad("pool/a/./b", "\".\" component", NULL);
	fs_bad("pool/a/../b", "\"..\" component", NULL);
}

Test(fs, valid_characters)
{
	fs_bad("pool/a*b", "'*'", "letters, digits");
	fs_bad("pool/a\\b", "'\\'", NULL);
	fs_bad("pool/a\nb", "\\x0a", NULL);
	fs_bad("pool/caf\xc3\xa9", "\\xc3", NULL);
}

Test(fs, snapshots_bookmarks_and_percent_are_refused)
{
	fs_bad("pool/fs@snap", "'@'", "snapshot");
	fs_bad("pool@snap", "'@'", NULL);
	fs_bad("pool/fs#mark", "'#'", "bookmark");
	fs_bad("pool/fs%recv", "'%'", "temporary clones");
}

Test(fs, length_limit_255)
{
	char name[300];

	/* "p/" + 253 bytes = 255 */
	memcpy(name, "p/", 2);
	fill(name + 2, 'f', 253);
	fs_ok(name);
	fill(name + 2, 'f', 254);
	fs_bad(name, "256 bytes", "255");
}

Test(fs, pool_limit_applies_inside_a_filesystem_name)
{
	char name[300];

	fill(name, 'p', 239);
	strcat(name, "/f");
	fs_ok(name);
	fill(name, 'p', 240);
	strcat(name, "/f");
	fs_bad(name, "240 bytes", "239");
}

/* "p" and then n - 1 components "/a": n components in all. */
static char *
nested(char *buf, size_t n)
{
	char *p = buf;

	*p++ = 'p';
	for (size_t i = 1; i < n; i++) {
		*p++ = '/';
		*p++ = 'a';
	}
	*p = '\0';
	return buf;
}

Test(fs, nesting_limit_50)
{
	char name[256];

	fs_ok(nested(name, 50));
	fs_bad(nested(name, 51), "51 levels deep", "at most 50");
}

Test(fs, messages_name_the_filesystem)
{
	char why[512];

	cr_assert_not(zp_dataset_name_ok("pool/a//b", why, sizeof(why)));
	cr_assert_not_null(strstr(why, "filesystem name \"pool/a//b\""), "%s",
	    why);
}
