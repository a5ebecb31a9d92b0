/*
 * filter.c - placement rule filters (filter.h).
 */
#include <stdlib.h>

#include "filter.h"
#include "names.h"
#include "xalloc.h"

static int
name_ok(const char *s, size_t n, int group, enum pl_compat c)
{
	return group ? pl_group_name_ok(s, n, c) : pl_user_name_ok(s, n, c);
}

static void
crit_build(struct pl_fcrit *cr, const char *const *v, const size_t *lens,
    size_t nv, int group, enum pl_compat c)
{
	struct buf err = { 0 };
	size_t i;

	memset(cr, 0, sizeof *cr);
	cr->nconf = nv;
	if (nv == 1 && pl_regex_special(v[0], lens[0])) {
		if ((cr->re = pl_re_compile(v[0], lens[0], &err)) == NULL)
			cr->re_failed = 1;
		buf_free(&err);
		return;
	}
	for (i = 0; i < nv; i++) {
		if (!name_ok(v[i], lens[i], group, c))
			cr->ndropped++;
		else
			pl_names_add(&cr->list, &cr->nlist, v[i], lens[i]);
	}
	pl_names_finish(cr->list, &cr->nlist);
}

void
pl_filter_build(struct pl_filter *f, const char *type,
    const char *const *users, const size_t *ulens, size_t nusers,
    const char *const *groups, const size_t *glens, size_t ngroups,
    enum pl_compat c)
{
	memset(f, 0, sizeof *f);
	f->allow = type == NULL || strcmp(type, "deny") != 0;
	f->empty = nusers == 0 && ngroups == 0;
	crit_build(&f->users, users, ulens, nusers, 0, c);
	crit_build(&f->groups, groups, glens, ngroups, 1, c);
}

static void
crit_free(struct pl_fcrit *cr)
{
	pl_names_free(cr->list, cr->nlist);
	pl_re_free(cr->re);
	memset(cr, 0, sizeof *cr);
}

void
pl_filter_free(struct pl_filter *f)
{
	crit_free(&f->users);
	crit_free(&f->groups);
}

int
pl_fcrit_match(const struct pl_fcrit *cr, const char *s, size_t n)
{
	if (cr->re != NULL)
		return pl_re_match(cr->re, s, n);
	return pl_names_has(cr->list, cr->nlist, s, n);
}

int
pl_filter_allows(const struct pl_filter *f, const struct pl_user *u)
{
	size_t i;

	if (f->empty)
		return f->allow;
	if (pl_fcrit_match(&f->users, u->name, u->len))
		return f->allow;
	for (i = 0; i < u->ngroups; i++)
		if (pl_fcrit_match(&f->groups, u->groups[i], u->glens[i]))
			return f->allow;
	return !f->allow;
}

int
pl_filter_check_entry(const char *s, size_t n, int group, enum pl_compat c,
    struct buf *why)
{
	struct pl_re *re;

	if (name_ok(s, n, group, c))
		return 0;
	if (!pl_regex_special(s, n)) {
		buf_clear(why);
		buf_printf(why, "'%.*s' is neither a valid %s name nor a "
		    "regular expression", (int)n, s, group ? "group" : "user");
		return -1;
	}
	if ((re = pl_re_compile(s, n, why)) == NULL)
		return -1;
	pl_re_free(re);
	return 0;
}
