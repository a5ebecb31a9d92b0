/*
 * suggest.c - the known name closest to an unknown word.
 */
#include <ctype.h>
#include <string.h>
#include <strings.h>

#include "suggest.h"

/* Names longer than this are compared on their first SG_MAX bytes. */
#define SG_MAX 64

/* Optimal string alignment distance of a[0, n) and b[0, m), ASCII case
 * folded; both at most SG_MAX. */
static size_t
distance(const char *a, size_t n, const char *b, size_t m)
{
	size_t d[SG_MAX + 1][SG_MAX + 1], i, j, c, v;

	for (i = 0; i <= n; i++)
		d[i][0] = i;
	for (j = 0; j <= m; j++)
		d[0][j] = j;
	for (i = 1; i <= n; i++)
		for (j = 1; j <= m; j++) {
			c = tolower((unsigned char)a[i - 1]) !=
			    tolower((unsigned char)b[j - 1]);
			v = d[i - 1][j - 1] + c;
			if (d[i - 1][j] + 1 < v)
				v = d[i - 1][j] + 1;
			if (d[i][j - 1] + 1 < v)
				v = d[i][j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
				v = d[i - 2][j - 2] + 1;
			d[i][j] = v;
		}
	return d[n][m];
}

const char *
sg_closest(const char *word, const char *const *names, size_t n)
{
	size_t wn = strlen(word), i, best = (size_t)-1, dist, len;
	const char *pick = NULL;

	if (wn == 0)
		return NULL;
	if (wn >= 2)
		for (i = 0; i < n; i++)
			if (names[i] != NULL && strlen(names[i]) > wn &&
			    strncasecmp(names[i], word, wn) == 0)
				return names[i];
	if (wn > SG_MAX)
		wn = SG_MAX;
	for (i = 0; i < n; i++) {
		if (names[i] == NULL)
			continue;
		len = strlen(names[i]);
		dist = distance(word, wn, names[i], len < SG_MAX ? len : SG_MAX);
		if (dist < best) {
			best = dist;
			pick = names[i];
		}
	}
	return pick != NULL && strcmp(pick, word) != 0 &&
	    best * 3 <= (wn > 3 ? wn : 3) ? pick : NULL;
}
