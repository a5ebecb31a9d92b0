/*
 * plqueue.c - the queue tree, its path hash and queue creation (plqueue.h).
 */
#include <stdlib.h>

#include "plname.h"
#include "plqueue.h"
#include "xalloc.h"

static uint64_t
hash(const char *s, size_t n)
{
	uint64_t h = 14695981039346656037ULL;	/* FNV-1a */

	while (n-- > 0) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ULL;
	}
	return h ^ (h >> 29);
}

void
pl_tree_init(struct pl_tree *t, enum pl_compat c)
{
	memset(t, 0, sizeof *t);
	t->compat = c;
	t->mask = 63;
	t->slot = xcalloc(t->mask + 1, sizeof *t->slot);
}

void
pl_tree_free(struct pl_tree *t)
{
	size_t i;

	for (i = 0; i < t->nall; i++) {
		struct pl_queue *q = t->all[i];

		free(q->name);
		free(q->path);
		free(q->conf_name);
		free(q->submit_text);
		free(q->admin_text);
		pl_acl_free(&q->submit);
		pl_acl_free(&q->admin);
		free(q);
	}
	free(t->all);
	free(t->slot);
	pl_buf_free(&t->key);
	memset(t, 0, sizeof *t);
}

static void
insert(struct pl_queue **slot, size_t mask, struct pl_queue *q)
{
	size_t i = (size_t)q->hash & mask;

	while (slot[i] != NULL)
		i = (i + 1) & mask;
	slot[i] = q;
}

static void
grow(struct pl_tree *t)
{
	size_t i, nmask = t->mask * 2 + 1;
	struct pl_queue **ns = xcalloc(nmask + 1, sizeof *ns);

	for (i = 0; i <= t->mask; i++)
		if (t->slot[i] != NULL)
			insert(ns, nmask, t->slot[i]);
	free(t->slot);
	t->slot = ns;
	t->mask = nmask;
}

struct pl_queue *
pl_tree_add(struct pl_tree *t, struct pl_queue *parent, const char *name,
    size_t n)
{
	struct pl_queue *q = xcalloc(1, sizeof *q);
	struct pl_buf b = { 0 };

	pl_lower(&b, name, n);
	q->name = xmemdup0(b.s, b.n);
	pl_buf_clear(&b);
	if (parent != NULL) {
		pl_buf_add(&b, parent->path, parent->pathlen);
		pl_buf_add(&b, ".", 1);
	}
	pl_lower(&b, name, n);
	q->path = b.s;			/* the buffer becomes the path */
	q->pathlen = b.n;
	q->hash = hash(q->path, q->pathlen);
	q->leaf = 1;
	q->parent = parent;
	if (parent != NULL) {
		parent->leaf = 0;
		if (parent->lastkid != NULL)
			parent->lastkid->next = q;
		else
			parent->kids = q;
		parent->lastkid = q;
	} else
		t->root = q;
	if (2 * (t->used + 1) > t->mask + 1)
		grow(t);
	insert(t->slot, t->mask, q);
	t->used++;
	xgrow((void **)&t->all, &t->capall, t->nall + 1, sizeof *t->all);
	q->idx = t->nall;
	t->all[t->nall++] = q;
	return q;
}

/* Look up a path that is already lower-case. */
static struct pl_queue *
get_lower(const struct pl_tree *t, const char *p, size_t n)
{
	uint64_t h = hash(p, n);
	size_t i = (size_t)h & t->mask;
	struct pl_queue *q;

	while ((q = t->slot[i]) != NULL) {
		if (q->hash == h && q->pathlen == n && memcmp(q->path, p, n) == 0)
			return q;
		i = (i + 1) & t->mask;
	}
	return NULL;
}

struct pl_queue *
pl_tree_get(struct pl_tree *t, const char *path, size_t n)
{
	pl_buf_clear(&t->key);
	pl_lower(&t->key, path, n);
	return get_lower(t, t->key.s, t->key.n);
}

/* Walk up the lower-cased path in t->key; the deepest queue found, its
 * length in *at. NULL if no dot is left before a queue is found. */
static struct pl_queue *
walk_up(struct pl_tree *t, size_t *at)
{
	size_t n = t->key.n;
	struct pl_queue *q;

	for (;;) {
		while (n > 0 && t->key.s[n - 1] != '.')
			n--;
		if (n == 0)
			return NULL;
		n--;			/* drop the dot */
		if ((q = get_lower(t, t->key.s, n)) != NULL) {
			*at = n;
			return q;
		}
	}
}

struct pl_queue *
pl_tree_ancestor(struct pl_tree *t, const char *path, size_t n)
{
	size_t at;

	pl_buf_clear(&t->key);
	pl_lower(&t->key, path, n);
	return walk_up(t, &at);
}

uint64_t *
pl_tree_totals(const struct pl_tree *t)
{
	uint64_t *n = xcalloc(t->nall + 1, sizeof *n);
	size_t i;

	for (i = t->nall; i-- > 0;) {	/* children come after parents */
		n[i] += t->all[i]->napps;
		if (t->all[i]->parent != NULL)
			n[t->all[i]->parent->idx] += n[i];
	}
	return n;
}

int
pl_queue_submit_ok(const struct pl_queue *q, const struct pl_user *u)
{
	if (q->recovery)
		return 0;
	for (; q != NULL; q = q->parent)
		if (pl_acl_allows(&q->submit, u) || pl_acl_allows(&q->admin, u))
			return 1;
	return 0;
}

/*
 * Create the elements of path below a, the deepest existing queue, whose
 * lower-cased path is t->key.s[0, at). The key may be shorter than path
 * (a Kelvin sign lower-cases to one byte) but holds the same dots, so the
 * missing names are found in path by counting elements.
 */
static struct pl_queue *
create_below(struct pl_tree *t, struct pl_queue *a, size_t at,
    const char *path, size_t n, struct pl_buf *why)
{
	size_t skip = 1, i, s = 0, e;

	for (i = 0; i < at; i++)
		skip += t->key.s[i] == '.';
	for (i = 0; i < n; i++)
		if (path[i] == '.' && --skip == 0) {
			s = i + 1;
			break;
		}
	for (i = s; i <= n; i = e + 1) {	/* check every name first */
		for (e = i; e < n && path[e] != '.'; e++)
			;
		if (!pl_queue_name_ok(path + i, e - i, t->compat))
			{
			pl_queue_name_why(why, path + i, e - i, t->compat);
			return NULL;
		}
		if (t->compat == PL_17 && pl_fold_eq(path + i, e - i, "@recovery@", 10)) {
			pl_buf_clear(why);
			pl_buf_printf(why, "dynamic queue cannot be named '%.*s'",
			    (int)(e - i), path + i);
			return NULL;
		}
	}
	for (i = s; i <= n; i = e + 1) {
		for (e = i; e < n && path[e] != '.'; e++)
			;
		a = pl_tree_add(t, a, path + i, e - i);
		a->dynamic = 1;
		a->leaf = e == n;
	}
	return a;
}

struct pl_queue *
pl_tree_create(struct pl_tree *t, const char *path, size_t n,
    const struct pl_user *u, struct pl_buf *why)
{
	struct pl_queue *a;
	size_t at;

	if (n < 4 || memcmp(path, "root", 4) != 0 || memchr(path, '.', n) == NULL) {
		pl_buf_clear(why);
		pl_buf_printf(why, "illegal queue name passed in: %.*s", (int)n, path);
		return NULL;
	}
	pl_buf_clear(&t->key);
	pl_lower(&t->key, path, n);
	if ((a = walk_up(t, &at)) == NULL) {
		pl_buf_clear(why);
		pl_buf_printf(why, "queue '%.*s' has no existing parent", (int)n, path);
		return NULL;
	}
	if (!pl_queue_submit_ok(a, u)) {
		pl_buf_clear(why);
		pl_buf_printf(why, "submit access to queue %s denied during create "
		    "of: %.*s", a->path, (int)n, path);
		return NULL;
	}
	if (a->leaf) {
		pl_buf_clear(why);
		pl_buf_printf(why, "creation of queue %.*s failed parent is already "
		    "a leaf: %s", (int)n, path, a->path);
		return NULL;
	}
	return create_below(t, a, at, path, n, why);
}

struct pl_queue *
pl_tree_recovery(struct pl_tree *t)
{
	struct pl_queue *q = pl_tree_add(t, t->root, "@recovery@", 10);

	q->dynamic = 1;
	q->recovery = 1;
	return q;
}
