/*
 * gounicode.c - Go's Unicode tables (gounicode.h); the data is
 * gounicode.inc, written by tests/data/regexp/gen.go.
 */
#include <stdlib.h>
#include <string.h>

#include "gounicode.h"

struct uni_name {
	const char *name;
	size_t at, n, fat, fn;		/* pairs in uni_ranges: table, fold */
};

#include "gounicode.inc"

struct key {
	const char *s;
	size_t n;
};

static int
cmp_name(const void *k, const void *e)
{
	const struct key *key = k;
	const char *name = ((const struct uni_name *)e)->name;
	size_t len = strlen(name);
	int c = memcmp(key->s, name, key->n < len ? key->n : len);

	if (c != 0)
		return c;
	return key->n < len ? -1 : key->n > len;
}

int
pl_uni_table(const char *name, size_t len, struct pl_uni *tab,
    struct pl_uni *fold)
{
	struct key k = { name, len };
	const struct uni_name *e;

	e = bsearch(&k, uni_names, sizeof uni_names / sizeof uni_names[0],
	    sizeof uni_names[0], cmp_name);
	if (e == NULL)
		return -1;
	tab->r = uni_ranges + 2 * e->at;
	tab->n = e->n;
	fold->r = uni_ranges + 2 * e->fat;
	fold->n = e->fn;
	return 0;
}

static int
cmp_fold(const void *k, const void *e)
{
	uint32_t r = *(const uint32_t *)k, f = *(const uint32_t *)e;

	return r < f ? -1 : r > f;
}

uint32_t
pl_uni_simple_fold(uint32_t r)
{
	const uint32_t *e;

	e = bsearch(&r, uni_folds, sizeof uni_folds / (2 * sizeof uni_folds[0]),
	    2 * sizeof uni_folds[0], cmp_fold);
	return e != NULL ? e[1] : r;
}
