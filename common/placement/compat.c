/*
 * compat.c - the YuniKorn releases placekit knows and what each does
 * (compat.h): the tables compat.awk makes of compat.tab, and --compat
 * parsing.
 */
#include <stdio.h>

#include "compat.h"

#include "compat.inc"

int
pl_compat_parse(const char *s, enum pl_compat *c, struct buf *err)
{
	const struct pl_release *r = pl_releases, *last = r + pl_nreleases - 1;
	const char *arg = s;
	size_t i, n;
	int found = -1;

	if (strcmp(s, "latest") == 0) {
		*c = last->c;
		return 0;
	}
	if (*s == 'v')
		s++;
	n = strlen(s);
	for (i = 0; i < pl_nreleases; i++)
		if (strcmp(s, r[i].name) == 0 || (n > 0 &&
		    strncmp(s, r[i].name, n) == 0 && r[i].name[n] == '.' &&
		    strchr(r[i].name + n + 1, '.') == NULL))
			found = (int)i;	/* a line: its last release */
	if (found >= 0) {
		*c = r[found].c;
		return 0;
	}
	buf_clear(err);
	buf_printf(err, "unknown YuniKorn version '%s'; known are", arg);
	for (i = 0; i < pl_nreleases; i++)
		buf_printf(err, " %s", r[i].name);
	buf_printf(err, ", a line such as 1.5 (its last release) and latest "
	    "(%s)", last->name);
	return -1;
}
