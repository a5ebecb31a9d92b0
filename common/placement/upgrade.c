/*
 * upgrade.c - what changed between two releases, by name (upgrade.h).
 */
#include <stdlib.h>

#include "upgrade.h"
#include "xalloc.h"

/* A change of the kind asked for, between lo and hi. */
static int
on_path(const struct pl_change *ch, enum pl_compat lo, enum pl_compat hi,
    int pods)
{
	return ch->c > lo && ch->c <= hi && ch->pods == pods;
}

void
pl_path_init(struct pl_path *p, enum pl_compat from, enum pl_compat to,
    int pods)
{
	int step = from <= to ? 1 : -1;
	enum pl_compat lo = from <= to ? from : to, hi = from <= to ? to : from;
	size_t i, j, n = 0;
	int c;

	memset(p, 0, sizeof *p);
	p->nclass = (size_t)(hi - lo) + 1;
	for (i = 0; i < pl_nchanges; i++)
		n += on_path(&pl_changes[i], lo, hi, pods);
	p->chg = xreallocarray(NULL, n > 0 ? n : 1, sizeof *p->chg);
	p->rows = xreallocarray(NULL, p->nclass + 2 * n, sizeof *p->rows);
	for (c = (int)from; ; c += step) {
		p->rows[p->nrows++] = (enum pl_compat)c;
		if (c == (int)to)
			break;
	}
	/* the changes of each step in the path's order, a class's changes in
	 * the table's order */
	for (c = (int)from + (step > 0); c != (int)to + (step > 0) && n > 0;
	    c += step)
		for (j = 0; j < pl_nchanges; j++)
			if ((int)pl_changes[j].c == c &&
			    on_path(&pl_changes[j], lo, hi, pods)) {
				p->chg[p->nchg++] = &pl_changes[j];
				p->rows[p->nrows++] = pl_changes[j].with;
				p->rows[p->nrows++] = pl_changes[j].without;
			}
}

void
pl_path_free(struct pl_path *p)
{
	free(p->rows);
	free(p->chg);
	memset(p, 0, sizeof *p);
}

size_t
pl_path_why(const struct pl_path *p, pl_path_same *same, void *arg,
    struct pl_why *why)
{
	size_t s, j, lo, hi, n = 0, first;
	enum pl_compat upper;

	for (s = 0; s + 1 < p->nclass; s++) {
		if (same(arg, s, s + 1))
			continue;
		lo = p->rows[s] < p->rows[s + 1] ? s : s + 1;
		hi = lo == s ? s + 1 : s;
		upper = p->rows[hi];
		first = n;
		for (j = 0; j < p->nchg; j++) {
			size_t with = p->nclass + 2 * j;

			if (p->chg[j]->c == upper && (!same(arg, with, lo) ||
			    !same(arg, with + 1, hi)))
				why[n++] = (struct pl_why){ p->chg[j], 1 };
		}
		if (n == first)		/* none alone: the step's together */
			for (j = 0; j < p->nchg; j++)
				if (p->chg[j]->c == upper)
					why[n++] = (struct pl_why){ p->chg[j], 0 };
	}
	return n;
}

const char *
pl_path_release(enum pl_compat c)
{
	size_t i;

	for (i = 0; i < pl_nreleases; i++)
		if (pl_releases[i].c == c)
			return pl_releases[i].name;
	return pl_ver(c)->name;
}

void
pl_why_json(struct jw *w, const struct pl_why *why, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		jw_obj(w);
		jw_key(w, "release");
		jw_str(w, pl_path_release(why[i].ch->c));
		jw_key(w, "switch");
		jw_str(w, why[i].ch->sw);
		jw_key(w, "what");
		jw_str(w, why[i].ch->what);
		if (!why[i].alone) {
			jw_key(w, "together");
			jw_bool(w, 1);
		}
		jw_end(w);
	}
}
