/* names: the OpenZFS rules for pool and filesystem names (rule
 * name-invalid). Rules and limits as in OpenZFS master (read at commit
 * be7657e3; unchanged since the 2.1 releases added draid):
 * module/zcommon/zfs_namecheck.c (pool_namecheck, entity_namecheck,
 * dataset_nestcheck, valid_char), lib/libzfs/libzfs_pool.c
 * (zpool_name_valid) and lib/libzfs/libzfs_dataset.c (zfs_validate_name,
 * check_parents). This is an independent implementation of those rules;
 * the messages are zplan's own and say how to fix the name. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "zplan/names.h"

/*
 * pool_namecheck() refuses strlen(pool) >= ZFS_MAX_DATASET_NAME_LEN - 2 -
 * 2 * strlen(ORIGIN_DIR_NAME), i.e. 256 - 2 - 2 * strlen("$ORIGIN") = 240,
 * so that "pool/$ORIGIN@$ORIGIN" still fits a dataset name.
 */
#define POOL_NAME_MAX		239
/* entity_namecheck(): strlen(path) >= ZFS_MAX_DATASET_NAME_LEN (256) fails. */
#define DATASET_NAME_MAX	255
/*
 * dataset_nestcheck(): the number of '/' must stay below
 * zfs_max_dataset_nesting (50), so at most 50 components, pool included.
 */
#define DATASET_DEPTH_MAX	50

/* Longest name quoted whole in a message; longer ones are shortened. */
#define SHOW_MAX		64

static const char chars_hint[] =
    "use only letters, digits, '_', '-', '.', ':' and space";

static bool __attribute__((format(printf, 3, 4)))
fail(char *why, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (why != NULL && len > 0) {
		va_start(ap, fmt);
		vsnprintf(why, len, fmt, ap);
		va_end(ap);
	}
	return false;
}

/*
 * Quotes n bytes of s for a message: '"' and '\\' escaped, control and
 * non-ASCII bytes as \xNN (a stray byte must not garble the terminal), and
 * a long name cut short with "...". buf holds at least SHOW_MAX + 16.
 */
static const char *
show(const char *s, size_t n, char *buf, size_t len)
{
	size_t o = 0, i;

	buf[o++] = '"';
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		/* Room for this byte escaped, "...", the quote and NUL. */
		if (o + 4 + 5 > len || (n > SHOW_MAX && i == SHOW_MAX - 8))
			break;
		if (c == '"' || c == '\\') {
			buf[o++] = '\\';
			buf[o++] = (char)c;
		} else if (c < 0x20 || c >= 0x7f) {
			snprintf(buf + o, len - o, "\\x%02x", c);
			o += 4;
		} else {
			buf[o++] = (char)c;
		}
	}
	if (i < n) {
		memcpy(buf + o, "...", 3);
		o += 3;
	}
	buf[o++] = '"';
	buf[o] = '\0';
	return buf;
}

/* The character as a message shows it: 'x', or \xNN when unprintable. */
static const char *
show_char(char ch, char buf[8])
{
	unsigned char c = (unsigned char)ch;

	if (c < 0x20 || c >= 0x7f)
		snprintf(buf, 8, "\\x%02x", c);
	else
		snprintf(buf, 8, "'%c'", c);
	return buf;
}

/* valid_char() in zfs_namecheck.c: ASCII only, whatever the locale. */
static bool
valid_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') ||
	    c == '-' || c == '_' || c == '.' || c == ':' || c == ' ';
}

static bool
is_letter(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

bool
zp_pool_name_ok(const char *name, char *why, size_t len)
{
	/*
	 * pool_namecheck() reserves "mirror", "raidz" and "draid" outright;
	 * zpool_name_valid() adds, for create and import, every name that
	 * begins with mirror, raidz, draid or spare, and the name "log".
	 * The comparison is case-sensitive there too ("Mirror1" is fine).
	 */
	static const char *const prefixes[] = {
		"mirror", "raidz", "draid", "spare"
	};
	char q[SHOW_MAX + 32], c[8];
	size_t n;

	if (name == NULL || name[0] == '\0')
		return fail(why, len, "pool name is empty; give the pool a "
		    "name that begins with a letter");
	n = strlen(name);
	show(name, n, q, sizeof(q));
	/* Order of checks as in pool_namecheck(): length, characters, first. */
	if (n > POOL_NAME_MAX)
		return fail(why, len, "pool name %s is %zu bytes long; "
		    "shorten it to at most %d bytes", q, n, POOL_NAME_MAX);
	for (size_t i = 0; i < n; i++)
		if (!valid_char(name[i]))
			return fail(why, len, "pool name %s contains the "
			    "invalid character %s; %s", q,
			    show_char(name[i], c), chars_hint);
	if (!is_letter(name[0]))
		return fail(why, len, "pool name %s does not begin with a "
		    "letter; begin it with a-z or A-Z", q);
	for (size_t i = 0; i < sizeof(prefixes) / sizeof(prefixes[0]); i++) {
		const char *w = prefixes[i];

		if (strncmp(name, w, strlen(w)) != 0)
			continue;
		if (name[strlen(w)] == '\0')
			return fail(why, len, "pool name %s is a reserved "
			    "word; choose another name", q);
		return fail(why, len, "pool name %s begins with the reserved "
		    "word \"%s\"; choose another name", q, w);
	}
	if (strcmp(name, "log") == 0)
		return fail(why, len, "pool name %s is a reserved word; "
		    "choose another name", q);
	return true;
}

bool
zp_dataset_name_ok(const char *name, char *why, size_t len)
{
	char q[SHOW_MAX + 32], pq[SHOW_MAX + 32], c[8];
	char pool[DATASET_NAME_MAX + 1], sub[DATASET_NAME_MAX + 8];
	const char *start, *end, *p;
	size_t n, depth;

	if (name == NULL || name[0] == '\0')
		return fail(why, len, "filesystem name is empty; write it as "
		    "pool/name");
	n = strlen(name);
	show(name, n, q, sizeof(q));
	/* entity_namecheck(): the whole name, pool included. */
	if (n > DATASET_NAME_MAX)
		return fail(why, len, "filesystem name %s is %zu bytes long; "
		    "shorten it to at most %d bytes", q, n, DATASET_NAME_MAX);
	if (name[0] == '/')
		return fail(why, len, "filesystem name %s begins with '/'; "
		    "drop the leading '/', as in %s", q,
		    show(name + 1, n - 1, pq, sizeof(pq)));
	/*
	 * zfs_validate_name() for a filesystem: '@' and '#' delimit
	 * snapshots and bookmarks, not filesystems; '%' passes
	 * entity_namecheck() (it names temporary clones of online receive)
	 * but is refused when creating.
	 */
	if (strchr(name, '@') != NULL)
		return fail(why, len, "filesystem name %s contains '@', which "
		    "marks a snapshot, not a filesystem; remove it", q);
	if (strchr(name, '#') != NULL)
		return fail(why, len, "filesystem name %s contains '#', which "
		    "marks a bookmark, not a filesystem; remove it", q);
	if (strchr(name, '%') != NULL)
		return fail(why, len, "filesystem name %s contains '%%', which "
		    "OpenZFS keeps for temporary clones; %s", q, chars_hint);

	/*
	 * The first component is the pool, under the pool rules; a name
	 * without '/' is the pool's root dataset, which zfs create refuses
	 * (check_parents(): "missing dataset name").
	 */
	end = strchr(name, '/');
	if (end == NULL) {
		snprintf(sub, sizeof(sub), "%s/name", name);
		return fail(why, len, "filesystem name %s names only a pool; "
		    "write it as %s", q, show(sub, strlen(sub), pq,
		    sizeof(pq)));
	}
	memcpy(pool, name, (size_t)(end - name));
	pool[end - name] = '\0';
	if (!zp_pool_name_ok(pool, sub, sizeof(sub)))
		return fail(why, len, "filesystem name %s: %s", q, sub);

	/* entity_namecheck(): every further component, in order. */
	depth = 1;
	for (start = end + 1;; start = end + 1) {
		depth++;
		end = strchr(start, '/');
		if (end == NULL)
			end = start + strlen(start);
		if (start == end) {
			if (*end == '\0')
				return fail(why, len, "filesystem name %s ends "
				    "with '/'; remove the trailing '/'", q);
			return fail(why, len, "filesystem name %s has an empty "
			    "component (\"//\"); remove the extra '/'", q);
		}
		if ((end - start == 1 && start[0] == '.') ||
		    (end - start == 2 && start[0] == '.' && start[1] == '.'))
			return fail(why, len, "filesystem name %s has a \"%.*s\" "
			    "component; \".\" and \"..\" cannot name a "
			    "filesystem, choose another name", q, (int)(end - start), start);
		for (p = start; p < end; p++)
			if (!valid_char(*p))
				return fail(why, len, "filesystem name %s "
				    "contains the invalid character %s; %s",
				    q, show_char(*p, c), chars_hint);
		if (*end == '\0')
			break;
	}
	/* dataset_nestcheck(): depth counts components, pool included. */
	if (depth > DATASET_DEPTH_MAX)
		return fail(why, len, "filesystem name %s is %zu levels deep "
		    "counting the pool; OpenZFS allows at most %d "
		    "(zfs_max_dataset_nesting); flatten the hierarchy", q,
		    depth, DATASET_DEPTH_MAX);
	return true;
}
