/*
 * compat.c - the YuniKorn releases placekit knows and what each does
 * (compat.h): the tables compat.awk makes of compat.tab, and --compat
 * parsing.
 */
#include <stdio.h>
#include <stdlib.h>

#include "compat.h"
#include "xalloc.h"

#include "compat.inc"

/* The index of a release, a line's last release (first: its first) or
 * latest; -1: none. */
static int
find(const char *s, int first)
{
	const struct pl_release *r = pl_releases;
	size_t i, n;
	int found = -1;

	if (strcmp(s, "latest") == 0)
		return (int)pl_nreleases - 1;
	if (*s == 'v')
		s++;
	n = strlen(s);
	for (i = 0; i < pl_nreleases; i++) {
		if (strcmp(s, r[i].name) == 0)
			return (int)i;
		if (n > 0 && strncmp(s, r[i].name, n) == 0 &&
		    r[i].name[n] == '.' && strchr(r[i].name + n + 1, '.') == NULL &&
		    (found < 0 || !first))
			found = (int)i;	/* a line: its last (first) release */
	}
	return found;
}

static void
unknown(struct buf *err, const char *what, const char *arg)
{
	size_t i;

	buf_clear(err);
	buf_printf(err, "unknown YuniKorn version '%s'%s; known are", arg, what);
	for (i = 0; i < pl_nreleases; i++)
		buf_printf(err, " %s", pl_releases[i].name);
	buf_printf(err, ", a line such as 1.5 (its last release) and latest "
	    "(%s)", pl_releases[pl_nreleases - 1].name);
}

int
pl_release_parse(const char *s, size_t *i, struct buf *err)
{
	int found = find(s, 0);

	if (found < 0) {
		unknown(err, "", s);
		return -1;
	}
	*i = (size_t)found;
	return 0;
}

int
pl_compat_parse(const char *s, enum pl_compat *c, struct buf *err)
{
	size_t i;

	if (pl_release_parse(s, &i, err) != 0)
		return -1;
	*c = pl_releases[i].c;
	return 0;
}

int
pl_release_range(const char *s, size_t *from, size_t *to, struct buf *err)
{
	const char *dots = strstr(s, "..");
	char *a;
	int f, t;

	if (strcmp(s, "all") == 0) {
		*from = 0;
		*to = pl_nreleases - 1;
		return 0;
	}
	if (dots == NULL)
		return pl_release_parse(s, from, err) != 0 ? -1 :
		    (*to = *from, 0);
	a = xmemdup0(s, (size_t)(dots - s));
	f = *a == '\0' ? 0 : find(a, 1);
	t = dots[2] == '\0' ? (int)pl_nreleases - 1 : find(dots + 2, 0);
	if (f < 0)
		unknown(err, " in the range", a);
	else if (t < 0)
		unknown(err, " in the range", dots + 2);
	else if (f > t) {
		buf_clear(err);
		buf_printf(err, "the range '%s' goes back: give the older release "
		    "first", s);
		f = -1;
	}
	free(a);
	if (f < 0 || t < 0)
		return -1;
	*from = (size_t)f;
	*to = (size_t)t;
	return 0;
}
