/* text: "did you mean" by optimal string alignment distance. */
#include "zplan/text.h"

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
