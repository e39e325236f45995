/* Unit tests for src/text.c: the control characters no output carries
 * raw (docs/security.md guarantee 6), found and escaped. */
#include <criterion/criterion.h>
#include <string.h>

#include "zplan/text.h"

static void found(const char *s, size_t at)
{
	const char *c = zp_ctl_find(s, strlen(s));

	cr_assert(c, "nothing found in \"%s\"", s);
	cr_assert_eq((size_t)(c - s), at, "\"%s\": at %zu, want %zu", s,
	    (size_t)(c - s), at);
}

Test(ctl, finds_every_kind)
{
	found("a\tb", 1);
	found("a\nb", 1);
	found("\x1b[2J", 0);
	found("ab\x7f", 2);
	found("x\xc2\x85y", 1);         /* NEL */
	found("x\xc2\x9b", 1);          /* CSI */
	found("xy\xe2\x80\xa8", 2);     /* U+2028 */
	found("\xe2\x80\xa9", 0);       /* U+2029 */
	found("a\xe2\x80\xae", 1);      /* U+202E */
	found("a\xe2\x81\xa6", 1);      /* U+2066 */
	found("a\xe2\x80\x8f", 1);      /* U+200F */
}

Test(ctl, passes_what_is_text)
{
	static const char *const ok[] = {
		"plain /dev/disk/by-id/wwn-0x5000", "caf\xc3\xa9",
		"\xc2\xa0nbsp", "\xe2\x80\xa6 ellipsis", "\xe2\x82\xac euro",
		"\xe2\x80\x8b zero width space", "\xf0\x9f\x98\x80", "", NULL
	};
	size_t i;

	for (i = 0; ok[i]; i++)
		cr_assert_null(zp_ctl_find(ok[i], strlen(ok[i])), "\"%s\"",
		    ok[i]);
}

Test(ctl, finds_a_nul_inside_the_length)
{
	static const char s[] = "ab\0cd";

	cr_assert_eq(zp_ctl_find(s, 5), s + 2);
}

Test(ctl, escapes)
{
	char out[128];

	zp_ctl_escape(out, sizeof(out), "a\nb\tc\x1b[0m\xc2\x85\xe2\x80\xa8"
	    "\xe2\x80\xae\x7f" "d\xc3\xa9");
	cr_assert_str_eq(out, "a\\nb\\tc\\x1b[0m\\u0085\\u2028\\u202e\\x7f"
	    "d\xc3\xa9");
}

Test(ctl, escape_cuts_at_a_whole_escape)
{
	char out[6];

	zp_ctl_escape(out, sizeof(out), "ab\x1b" "cd");
	cr_assert_str_eq(out, "ab");
	zp_ctl_escape(out, sizeof(out), "abcdefgh");
	cr_assert_str_eq(out, "abcde");
}

Test(ctl, escape_in_place)
{
	char buf[32] = "x\x1by";

	zp_ctl_escape_in_place(buf, sizeof(buf));
	cr_assert_str_eq(buf, "x\\x1by");
	strcpy(buf, "clean");
	zp_ctl_escape_in_place(buf, sizeof(buf));
	cr_assert_str_eq(buf, "clean");
}
