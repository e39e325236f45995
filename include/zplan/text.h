/* text: owns small string helpers shared by modules: the nearest known
 * word for "did you mean", shell-safe quoting, and the control
 * characters no output may carry raw. */
#ifndef ZPLAN_TEXT_H
#define ZPLAN_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The candidate nearest to word (edit distance, transpositions counted
 * once) when it is near enough to be a likely typo, else NULL. cands is
 * NULL-terminated. */
const char *zp_nearest(const char *word, const char *const *cands);
/* Edit distance, capped at cap + 1. */
size_t zp_edit_distance(const char *a, const char *b, size_t cap);

/* Writes s as one sh word in single quotes, each ' as '\'' (scripts.md:
 * every name and path is single-quoted). */
void zp_sh_quote(FILE *out, const char *s);
/* The same without the outer quotes, to write one word in pieces. */
void zp_sh_quote_body(FILE *out, const char *s);

/* Writes s as a JSON string literal (quoted, escaped). */
void zp_json_str(FILE *out, const char *s);

/* len bytes of s as XML (and HTML) character data: & < > " ' as
 * entities; what XML 1.0 cannot hold (control characters, bytes that are
 * not UTF-8) as '?'; cut to max characters with an ellipsis (0: whole). */
void zp_xml_text(FILE *out, const char *s, size_t len, size_t max);

/* bytes in units of unit (1000^4, 2^40...) with two decimals, rounded:
 * "4.80" for 4.8e12 in TB. */
void zp_fmt_fixed2(uint64_t bytes, uint64_t unit, char *buf, size_t len);

/* Control characters: the characters zplan never lets through raw, to a
 * terminal, a report or a script: C0 controls (with tab and newline),
 * DEL, C1 controls (with NEL, U+0085), U+2028, U+2029, and the
 * bidirectional controls (U+200E, U+200F, U+202A..U+202E,
 * U+2066..U+2069). */
/* The bytes of such a character at s (a NUL-terminated string), or 0. */
size_t zp_ctl_len(const char *s);
/* The first such character among the n bytes at s (a NUL among them
 * counts), or NULL; s[n] is a NUL. */
const char *zp_ctl_find(const char *s, size_t n);
/* in into out (cap bytes, NUL-terminated, cut at a whole character or
 * escape) with each such character escaped: \n, \t, \r, \xHH for
 * other C0 controls and DEL, \uHHHH for the rest. Returns the length
 * written. */
size_t zp_ctl_escape(char *out, size_t cap, const char *in);
/* The same in place, in buf of cap bytes; a no-op when there is none. */
void zp_ctl_escape_in_place(char *buf, size_t cap);

#endif
