/*
 * acl.c - YuniKorn ACL parsing, validation and evaluation (acl.h).
 */
#include <stdint.h>
#include <stdlib.h>

#include "acl.h"
#include "gotext.h"
#include "names.h"
#include "xalloc.h"

void
pl_names_add(struct pl_name **v, size_t *n, const char *s, size_t len)
{
	if (*n == 0 || (*n >= 4 && (*n & (*n - 1)) == 0))	/* 4, 8, 16... */
		*v = xreallocarray(*v, *n ? 2 * *n : 4, sizeof **v);
	(*v)[*n].s = xmemdup0(s, len);
	(*v)[(*n)++].n = len;
}

/* By length, then bytes: any total order will do for a set. */
static int
cmp_name(const void *a, const void *b)
{
	const struct pl_name *x = a, *y = b;

	if (x->n != y->n)
		return x->n < y->n ? -1 : 1;
	return memcmp(x->s, y->s, x->n);
}

void
pl_names_finish(struct pl_name *v, size_t *n)
{
	size_t i, k = 0;

	if (*n == 0)
		return;
	qsort(v, *n, sizeof *v, cmp_name);
	for (i = 1; i < *n; i++) {
		if (cmp_name(&v[k], &v[i]) == 0) {
			free(v[i].s);
			continue;
		}
		v[++k] = v[i];
	}
	*n = k + 1;
}

int
pl_names_has(const struct pl_name *v, size_t n, const char *s, size_t len)
{
	struct pl_name key = { (char *)(uintptr_t)s, len };

	return n > 0 && bsearch(&key, v, n, sizeof *v, cmp_name) != NULL;
}

void
pl_names_free(struct pl_name *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].s);
	free(v);
}

/* Add the valid, new names of a comma-separated list. */
static void
add_names(struct pl_acl *a, const char *s, size_t n, int groups)
{
	const char *e = s + n, *comma;
	struct pl_name **list = groups ? &a->groups : &a->users;
	size_t *cnt = groups ? &a->ngroups : &a->nusers;

	for (;;) {
		size_t len;

		comma = memchr(s, ',', (size_t)(e - s));
		len = comma ? (size_t)(comma - s) : (size_t)(e - s);
		if (len > 0) {
			int ok = groups ? pl_acl_group_ok(s, len) :
			    pl_acl_user_ok(s, len);

			if (!ok)
				a->ndropped++;
			else
				pl_names_add(list, cnt, s, len);
		}
		if (comma == NULL) {
			pl_names_finish(*list, cnt);
			return;
		}
		s = comma + 1;
	}
}

void
pl_acl_free(struct pl_acl *a)
{
	pl_names_free(a->users, a->nusers);
	pl_names_free(a->groups, a->ngroups);
	memset(a, 0, sizeof *a);
}

int
pl_acl_parse(struct pl_acl *a, const char *s, size_t n, struct buf *err)
{
	const char *sp, *t = s;
	size_t tn = n, ulen;

	memset(a, 0, sizeof *a);
	if (n == 0)
		return 0;
	sp = memchr(s, ' ', n);
	if (sp != NULL && memchr(sp + 1, ' ', n - (size_t)(sp + 1 - s)) != NULL) {
		buf_clear(err);
		buf_puts(err, "multiple spaces found in ACL: '");
		buf_add(err, s, n);
		buf_puts(err, "'");
		return -1;
	}
	pl_go_trim(&t, &tn);
	a->all = tn == 1 && t[0] == '*';
	ulen = sp ? (size_t)(sp - s) : n;
	if (ulen == 1 && s[0] == '*')
		a->all = 1;
	else
		add_names(a, s, ulen, 0);
	if (sp == NULL)
		return 0;
	if (a->all)
		return 0;		/* the group list is ignored */
	if (n - ulen - 1 == 1 && sp[1] == '*') {
		pl_names_free(a->users, a->nusers);
		a->users = NULL;
		a->nusers = 0;
		a->all = 1;
		return 0;
	}
	add_names(a, sp + 1, n - ulen - 1, 1);
	return 0;
}

int
pl_acl_check(const char *s, size_t n, struct buf *err)
{
	const char *t = s;
	size_t tn = n, i = 0, fields = 0, k;
	int inword = 0;

	pl_go_trim(&t, &tn);
	if (tn == 0 || (tn == 1 && t[0] == '*'))
		return 0;
	while (i < tn) {
		k = pl_go_space_len(t + i, tn - i);
		if (k > 0) {
			inword = 0;
			i += k;
			continue;
		}
		if (!inword)
			fields++;
		inword = 1;
		i++;
	}
	if (fields <= 2)
		return 0;
	buf_clear(err);
	buf_puts(err, "multiple spaces found in ACL: '");
	buf_add(err, t, tn);
	buf_puts(err, "'");
	return -1;
}

int
pl_acl_allows(const struct pl_acl *a, const struct pl_user *u)
{
	size_t i;

	if (a->all)
		return 1;
	if (a->nusers > 0 && pl_names_has(a->users, a->nusers, u->name, u->len))
		return 1;
	if (a->ngroups > 0)
		for (i = 0; i < u->ngroups; i++)
			if (pl_names_has(a->groups, a->ngroups, u->groups[i],
			    u->glens[i]))
				return 1;
	return 0;
}
