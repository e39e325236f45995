/* text: "did you mean" by optimal string alignment distance; quoting for
 * sh and JSON; XML text; control characters found and escaped. */
#include "zplan/text.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t zp_edit_distance(const char *a, const char *b, size_t cap)
{
	size_t la = strlen(a), lb = strlen(b), i, j;
	size_t d[3][65];
	size_t *pp, *p, *c;

	if (la > 64 || lb > 64)
		return cap + 1;
	if ((la > lb ? la - lb : lb - la) > cap)
		return cap + 1;
	pp = d[0];
	p = d[1];
	c = d[2];
	for (j = 0; j <= lb; j++)
		p[j] = j;
	for (i = 1; i <= la; i++) {
		size_t *t;

		c[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t cost = a[i - 1] != b[j - 1];
			size_t v = p[j - 1] + cost;

			if (p[j] + 1 < v)
				v = p[j] + 1;
			if (c[j - 1] + 1 < v)
				v = c[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && pp[j - 2] + 1 < v)
				v = pp[j - 2] + 1;
			c[j] = v;
		}
		t = pp;
		pp = p;
		p = c;
		c = t;
	}
	return p[lb] > cap ? cap + 1 : p[lb];
}

const char *zp_nearest(const char *word, const char *const *cands)
{
	size_t len = strlen(word), cap, best = (size_t)-1;
	const char *found = NULL;

	/* one edit for short words, up to a third of the word for long */
	cap = len <= 4 ? 1 : len / 3 < 2 ? 2 : len / 3;
	for (; *cands; cands++) {
		size_t dd = zp_edit_distance(word, *cands, cap);

		if (dd <= cap && dd < best) {
			best = dd;
			found = *cands;
		}
	}
	return found;
}

void zp_sh_quote_body(FILE *out, const char *s)
{
	const char *q;

	/* spans between quotes at once: scripts quote millions of bytes */
	while ((q = strchr(s, '\''))) {
		fwrite(s, 1, (size_t)(q - s), out);
		fputs("'\\''", out);
		s = q + 1;
	}
	fputs(s, out);
}

void zp_sh_quote(FILE *out, const char *s)
{
	putc('\'', out);
	zp_sh_quote_body(out, s);
	putc('\'', out);
}

void zp_json_str(FILE *out, const char *s)
{
	/* a character at a time into stdio's buffer, without its lock: a
	 * plan of a fleet writes 15 MB of short strings */
	putc_unlocked('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			putc_unlocked(c, out);
	}
	putc_unlocked('"', out);
}

void zp_fmt_fixed2(uint64_t bytes, uint64_t unit, char *buf, size_t len)
{
	uint64_t whole = bytes / unit, rest = bytes % unit;
	/* rest * 100 cannot overflow for units up to 2^56 */
	uint64_t cents = (rest * 100 + unit / 2) / unit;

	if (cents == 100) {
		whole++;
		cents = 0;
	}
	snprintf(buf, len, "%llu.%02llu", (unsigned long long)whole,
	    (unsigned long long)cents);
}

/* Bytes of the character at u (at least 1, at most len); *ok false when
 * XML 1.0 cannot hold it or it is not UTF-8. */
static size_t utf8_char(const unsigned char *u, size_t len, bool *ok)
{
	size_t n, i;
	uint32_t c;

	*ok = true;
	if (u[0] < 0x80) {
		*ok = u[0] >= 0x20 || u[0] == '\t' || u[0] == '\n' ||
		    u[0] == '\r';
		return 1;
	}
	if (u[0] >= 0xC2 && u[0] <= 0xDF)
		n = 2, c = u[0] & 0x1F;
	else if (u[0] >= 0xE0 && u[0] <= 0xEF)
		n = 3, c = u[0] & 0x0F;
	else if (u[0] >= 0xF0 && u[0] <= 0xF4)
		n = 4, c = u[0] & 0x07;
	else {
		*ok = false;
		return 1;
	}
	if (n > len) {
		*ok = false;
		return 1;
	}
	for (i = 1; i < n; i++) {
		if ((u[i] & 0xC0) != 0x80) {
			*ok = false;
			return 1;
		}
		c = c << 6 | (u[i] & 0x3F);
	}
	if ((n == 3 && c < 0x800) || (n == 4 && (c < 0x10000 ||
	    c > 0x10FFFF)) || (c >= 0xD800 && c <= 0xDFFF)) {
		*ok = false;
		return 1;
	}
	if (c == 0xFFFE || c == 0xFFFF)
		*ok = false;
	return n;
}

void zp_xml_text(FILE *out, const char *s, size_t len, size_t max)
{
	const unsigned char *u = (const unsigned char *)s, *end = u + len;
	size_t n = 0, k;
	bool ok;

	while (u < end) {
		const unsigned char *run = u;

		/* plain ASCII goes out in runs */
		while (u < end && *u >= 0x20 && *u < 0x7F &&
		    !strchr("&<>\"'", *u) && (!max || n < max))
			u++, n++;
		if (u > run)
			fwrite(run, 1, (size_t)(u - run), out);
		if (u == end)
			return;
		if (max && n == max) {
			fputs("\xe2\x80\xa6", out);
			return;
		}
		n++;
		k = utf8_char(u, (size_t)(end - u), &ok);
		if (!ok)
			putc('?', out);
		else if (*u == '&')
			fputs("&amp;", out);
		else if (*u == '<')
			fputs("&lt;", out);
		else if (*u == '>')
			fputs("&gt;", out);
		else if (*u == '"')
			fputs("&quot;", out);
		else if (*u == '\'')
			fputs("&apos;", out);
		else
			fwrite(u, 1, k, out);
		u += k;
	}
}

/* The bytes of the character at s that is never let through raw, or 0:
 * C0 controls (NUL, tab, newline...), DEL, C1 controls (U+0080..U+009F,
 * among them NEL), the line and paragraph separators U+2028, U+2029, and
 * the bidirectional controls U+200E, U+200F, U+202A..U+202E and
 * U+2066..U+2069, which make a terminal show other text than what is
 * there. */
size_t zp_ctl_len(const char *str)
{
	const unsigned char *s = (const unsigned char *)str;

	if (s[0] < 0x20 || s[0] == 0x7f)
		return 1;
	if (s[0] == 0xc2 && s[1] >= 0x80 && s[1] <= 0x9f)
		return 2;
	if (s[0] == 0xe2 && ((s[1] == 0x80 && (s[2] == 0x8e ||
	    s[2] == 0x8f || (s[2] >= 0xa8 && s[2] <= 0xae))) ||
	    (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9)))
		return 3;
	return 0;
}

const char *zp_ctl_find(const char *str, size_t n)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t i;

	for (i = 0; i < n; i++) {
		/* printable ASCII, nearly every byte of a model: one test */
		if ((unsigned char)(s[i] - 0x20) < 0x5f)
			continue;
		if (zp_ctl_len(str + i))
			return str + i;
	}
	return NULL;
}

/* The code point of the character of zp_ctl_len bytes at s. */
static unsigned ctl_point(const unsigned char *s, size_t len)
{
	if (len == 1)
		return s[0];
	if (len == 2)
		return ((s[0] & 0x1fu) << 6) | (s[1] & 0x3fu);
	return ((s[0] & 0x0fu) << 12) | ((s[1] & 0x3fu) << 6) | (s[2] & 0x3fu);
}

size_t zp_ctl_escape(char *out, size_t cap, const char *in)
{
	size_t o = 0;

	if (!cap)
		return 0;
	while (*in) {
		size_t k = zp_ctl_len(in);
		char esc[12];
		size_t n;

		if (!k) {
			if (o + 1 >= cap)
				break;
			out[o++] = *in++;
			continue;
		}
		if (*in == '\n' || *in == '\t' || *in == '\r')
			n = (size_t)snprintf(esc, sizeof(esc), "\\%c",
			    *in == '\n' ? 'n' : *in == '\t' ? 't' : 'r');
		else if (k == 1)
			n = (size_t)snprintf(esc, sizeof(esc), "\\x%02x",
			    (unsigned char)*in);
		else
			n = (size_t)snprintf(esc, sizeof(esc), "\\u%04x",
			    ctl_point((const unsigned char *)in, k));
		if (o + n >= cap)
			break;
		memcpy(out + o, esc, n);
		o += n;
		in += k;
	}
	out[o] = '\0';
	return o;
}

void zp_ctl_escape_in_place(char *buf, size_t cap)
{
	char *copy;

	if (!zp_ctl_find(buf, strlen(buf)))
		return;
	copy = strdup(buf);
	if (!copy)
		abort();
	zp_ctl_escape(buf, cap, copy);
	free(copy);
}
