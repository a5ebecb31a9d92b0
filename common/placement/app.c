/*
 * app.c - applications (app.h): tags, the forced flag, and where their
 * lists are kept.
 */
#include <stdlib.h>

#include <string.h>

#include "app.h"
#include "names.h"
#include "xalloc.h"

#define FORCE_TAG "application.create.force"

const char *
pl_app_tag(const struct pl_app *a, const char *name, size_t n, size_t *vlen)
{
	size_t i;

	for (i = 0; i < a->ntags; i++)
		if (pl_fold_eq(a->tags[i].k, a->tags[i].kn, name, n)) {
			*vlen = a->tags[i].vn;
			return a->tags[i].v;
		}
	return NULL;
}

void
pl_app_set_forced(struct pl_app *a)
{
	size_t n;
	const char *v = pl_app_tag(a, FORCE_TAG, sizeof FORCE_TAG - 1, &n);

	a->forced = v != NULL && pl_parse_bool(v, n) == 1;
}

/*
 * A new array of cap elements of size sz for one that is full, holding
 * the n elements of the application being read (from *a + at); the full
 * one is freed now if nothing else is in it, or at the next clear.
 */
static void *
replace(struct pl_appbuf *b, void *a, size_t at, size_t n, size_t cap,
    size_t sz)
{
	void *na;

	if (at == 0)
		return xreallocarray(a, cap, sz);
	na = xreallocarray(NULL, cap, sz);
	memcpy(na, (char *)a + at * sz, n * sz);
	xgrow((void **)&b->full, &b->capfull, b->nfull + 1, sizeof *b->full);
	b->full[b->nfull++] = a;
	return na;
}

void
pl_appbuf_group(struct pl_appbuf *b, const char *s, size_t n)
{
	if (b->ng == b->capg) {
		size_t k = b->ng - b->g0;

		b->capg = b->capg ? 2 * b->capg : 64;
		b->groups = replace(b, b->groups, b->g0, k, b->capg,
		    sizeof *b->groups);
		b->glens = replace(b, b->glens, b->g0, k, b->capg,
		    sizeof *b->glens);
		b->g0 = 0;
		b->ng = k;
	}
	b->groups[b->ng] = s;
	b->glens[b->ng++] = n;
}

void
pl_appbuf_tag(struct pl_appbuf *b, const char *k, size_t kn, const char *v,
    size_t vn)
{
	if (b->nt == b->capt) {
		size_t n = b->nt - b->t0;

		b->capt = b->capt ? 2 * b->capt : 64;
		b->tags = replace(b, b->tags, b->t0, n, b->capt, sizeof *b->tags);
		b->t0 = 0;
		b->nt = n;
	}
	b->tags[b->nt].k = k;
	b->tags[b->nt].kn = kn;
	b->tags[b->nt].v = v;
	b->tags[b->nt++].vn = vn;
}

void
pl_appbuf_drop(struct pl_appbuf *b)
{
	b->ng = b->g0;
	b->nt = b->t0;
}

void
pl_app_finish(struct pl_app *a, struct pl_appbuf *b)
{
	if (!a->groups_given) {		/* the default resolver: [user] */
		b->ng = b->g0;
		pl_appbuf_group(b, a->user.name, a->user.len);
	}
	a->user.groups = b->groups + b->g0;
	a->user.glens = b->glens + b->g0;
	a->user.ngroups = b->ng - b->g0;
	a->tags = b->nt > b->t0 ? b->tags + b->t0 : NULL;
	a->ntags = b->nt - b->t0;
	b->g0 = b->ng;
	b->t0 = b->nt;
}

void
pl_appbuf_clear(struct pl_appbuf *b)
{
	while (b->nfull > 0)
		free(b->full[--b->nfull]);
	b->g0 = b->ng = b->t0 = b->nt = 0;
}

void
pl_appbuf_free(struct pl_appbuf *b)
{
	pl_appbuf_clear(b);
	free(b->full);
	free(b->groups);
	free(b->glens);
	free(b->tags);
	memset(b, 0, sizeof *b);
}
