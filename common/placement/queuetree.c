/*
 * queuetree.c - the queue tree, its path hash and queue creation (queuetree.h).
 */
#include <stdlib.h>
#include <string.h>

#include "hashtable.h"
#include "names.h"
#include "queuetree.h"
#include "xalloc.h"

void
pl_tree_init(struct pl_tree *t, enum pl_compat c)
{
	memset(t, 0, sizeof *t);
	t->compat = c;
}

void
pl_qconf_free(struct pl_qconf *c)
{
	if (c == NULL)
		return;
	free(c->name);
	free(c->submit_text);
	free(c->admin_text);
	pl_acl_free(&c->submit);
	pl_acl_free(&c->admin);
	free(c);
}

void
pl_tree_free(struct pl_tree *t)
{
	size_t i;

	for (i = 0; i < t->nall; i++) {
		struct pl_queue *q = t->all[i];

		pl_qconf_free(q->conf);
		free(q);
	}
	free(t->all);
	ht_free(&t->paths);
	free(t->pre);
	buf_free(&t->key);
	memset(t, 0, sizeof *t);
}

struct pl_queue *
pl_tree_add(struct pl_tree *t, struct pl_queue *parent, const char *name,
    size_t n)
{
	struct buf b = { 0 };
	struct pl_queue *q;
	size_t namelen;

	if (parent != NULL) {
		buf_add(&b, parent->path, parent->pathlen);
		buf_add(&b, ".", 1);
	}
	pl_lower(&b, name, n);
	namelen = b.n - (parent != NULL ? parent->pathlen + 1 : 0);
	q = xcalloc(1, sizeof *q + b.n + 1);
	memcpy(q->text, b.s, b.n + 1);
	buf_free(&b);
	q->path = q->text;
	q->pathlen = strlen(q->text);
	q->name = q->text + q->pathlen - namelen;
	q->leaf = 1;
	q->parent = parent;
	q->recovery = pl_ver(t->compat)->recovery &&
	    q->pathlen == sizeof PL_RECOVERY_PATH - 1 &&
	    memcmp(q->path, PL_RECOVERY_PATH, q->pathlen) == 0;
	if (parent != NULL) {
		parent->leaf = 0;
		if (parent->lastkid != NULL)
			parent->lastkid->next = q;
		else
			parent->kids = q;
		parent->lastkid = q;
	} else
		t->root = q;
	xgrow((void **)&t->all, &t->capall, t->nall + 1, sizeof *t->all);
	q->idx = t->nall;
	t->all[t->nall++] = q;
	ht_add(&t->paths, ht_hash(q->path, q->pathlen), (uint32_t)q->idx);
	return q;
}

/* The queue whose lower-case path p[0, n) has the hash h, or NULL. */
static struct pl_queue *
probe(const struct pl_tree *t, uint64_t h, const char *p, size_t n)
{
	struct ht_probe pr;
	struct pl_queue *q;
	uint32_t i;

	ht_probe(&t->paths, h, &pr);
	while ((i = ht_next(&t->paths, &pr)) != HT_NONE)
		if ((q = t->all[i])->pathlen == n && memcmp(q->path, p, n) == 0)
			return q;
	return NULL;
}

/* Note the hash h of the key's first i bytes, before a dot: nd so far. */
static size_t
note_prefix(struct pl_tree *t, size_t nd, uint64_t h, size_t i)
{
	if (nd == t->capdots) {
		t->capdots = t->capdots ? 2 * t->capdots : 64;
		t->pre = xreallocarray(t->pre, t->capdots, sizeof *t->pre);
	}
	t->pre[nd].hash = ht_fin(h);
	t->pre[nd].len = i;
	return nd + 1;
}

/*
 * The lower-case path into t->key and its hash into *hp; with pre, the
 * hash of every prefix that ends before a dot into t->pre: how many.
 * ASCII is lowered and hashed in one pass, anything else through
 * pl_lower first.
 */
static size_t
key_hash(struct pl_tree *t, const char *path, size_t n, int pre, uint64_t *hp)
{
	uint64_t h = HT_SEED;
	size_t i, nd = 0;
	char *k;

	if (n + 1 > t->key.cap)
		buf_grow(&t->key, n + 1);
	k = t->key.s;
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)path[i];

		if (c >= 0x80)
			break;
		if (c >= 'A' && c <= 'Z')
			c += 'a' - 'A';
		k[i] = (char)c;
		if (c == '.' && pre)
			nd = note_prefix(t, nd, h, i);
		h = ht_step(h, c);
	}
	if (i < n) {
		buf_clear(&t->key);
		pl_lower(&t->key, path, n);
		k = t->key.s;
		n = t->key.n;
		for (h = HT_SEED, nd = i = 0; i < n; i++) {
			if (k[i] == '.' && pre)
				nd = note_prefix(t, nd, h, i);
			h = ht_step(h, (unsigned char)k[i]);
		}
	}
	k[n] = '\0';
	t->key.n = n;
	*hp = ht_fin(h);
	return nd;
}

struct pl_queue *
pl_tree_find(struct pl_tree *t, const char *path, size_t n,
    struct pl_queue **anc)
{
	struct pl_queue *q;
	size_t nd;
	uint64_t h;

	if (anc != NULL)
		*anc = NULL;
	nd = key_hash(t, path, n, anc != NULL, &h);
	if ((q = probe(t, h, t->key.s, t->key.n)) != NULL || anc == NULL)
		return q;
	while (nd-- > 0)		/* the deepest existing ancestor */
		if ((*anc = probe(t, t->pre[nd].hash, t->key.s,
		    t->pre[nd].len)) != NULL) {
			t->anc_len = t->pre[nd].len;
			break;
		}
	return NULL;
}

struct pl_queue *
pl_tree_get(struct pl_tree *t, const char *path, size_t n)
{
	return pl_tree_find(t, path, n, NULL);
}

struct pl_queue *
pl_tree_ancestor(struct pl_tree *t, const char *path, size_t n)
{
	struct pl_queue *a;

	return pl_tree_find(t, path, n, &a) != NULL ? NULL : a;
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
	for (; q != NULL; q = q->parent) {
		if (q->recovery)	/* 1.4: the walk stops there */
			return 0;
		if (q->conf != NULL && (pl_acl_allows(&q->conf->submit, u) ||
		    pl_acl_allows(&q->conf->admin, u)))
			return 1;
	}
	return 0;
}

/*
 * The offset in path of the first element below the deepest existing
 * queue, whose lower-cased path is t->key.s[0, at). The key may be shorter
 * than path (a Kelvin sign lower-cases to one byte) but holds the same
 * dots, so the element is found by counting them.
 */
static size_t
below(const struct pl_tree *t, size_t at, const char *path, size_t n)
{
	size_t skip = 1, i;

	for (i = 0; i < at; i++)
		skip += t->key.s[i] == '.';
	for (i = 0; i < n; i++)
		if (path[i] == '.' && --skip == 0)
			return i + 1;
	return n;
}

/* Create the elements of path from s on below a, the deepest existing
 * queue, as YuniKorn does one at a time; it stops at the first failure,
 * here nothing is created then. */
static struct pl_queue *
create_below(struct pl_tree *t, struct pl_queue *a, size_t s,
    const char *path, size_t n, struct buf *why)
{
	size_t i, e, depth = 1;

	for (i = s; i < n; i++)		/* levels below root, new and old */
		depth += path[i] == '.';
	for (i = 0; i < t->anc_len; i++)
		depth += t->key.s[i] == '.';
	if (depth > PL_MAXDEPTH) {
		buf_clear(why);
		buf_printf(why, "queue path deeper than %d levels", PL_MAXDEPTH);
		return NULL;
	}
	for (i = s; i <= n; i = e + 1) {	/* check every name first */
		for (e = i; e < n && path[e] != '.'; e++)
			;
		if (!pl_queue_name_ok(path + i, e - i, t->compat)) {
			buf_clear(why);	/* as 1.6 says it; before, unsaid */
			buf_puts(why, PL_INVALID_QUEUE_NAME);
			return NULL;
		}
		/* only 1.6 names may hold '@', and 1.6 refuses this one */
		if (e - i == 10 && memcmp(path + i, "@recovery@", 10) == 0) {
			buf_set(why, "dynamic queue cannot be root.@recovery@",
			    39);
			return NULL;
		}
		if (i == s && a->draining) {
			buf_clear(why);
			buf_printf(why, "dynamic queue creation failed: cannot "
			    "add a child queue when queue is marked for "
			    "deletion: %s", a->path);
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
    const struct pl_user *u, struct buf *why)
{
	struct pl_queue *a;
	size_t s;

	if (n < 4 || memcmp(path, "root", 4) != 0 || memchr(path, '.', n) == NULL) {
		buf_clear(why);
		buf_printf(why, "illegal queue name passed in: %.*s", (int)n,
		    path);
		return NULL;
	}
	if (pl_tree_find(t, path, n, &a) != NULL || a == NULL) {
		buf_clear(why);
		buf_printf(why, "queue '%.*s' has no existing parent", (int)n,
		    path);
		return NULL;
	}
	s = below(t, t->anc_len, path, n);	/* path[0, s - 1) is a's */
	if (!pl_queue_submit_ok(a, u)) {
		buf_clear(why);
		buf_printf(why, "submit access to queue %.*s denied during "
		    "create of: %.*s", (int)(s - 1), path, (int)n, path);
		return NULL;
	}
	if (a->leaf) {
		buf_clear(why);
		buf_printf(why, "creation of queue %.*s failed parent is already "
		    "a leaf: %.*s", (int)n, path, (int)(s - 1), path);
		return NULL;
	}
	return create_below(t, a, s, path, n, why);
}

struct pl_queue *
pl_tree_recovery(struct pl_tree *t)
{
	struct pl_queue *q = pl_tree_add(t, t->root, "@recovery@", 10);

	q->dynamic = 1;
	q->recovery = 1;
	return q;
}

static char *
dup_or_null(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

static struct pl_qconf *
copy_conf(const struct pl_qconf *c, struct buf *why)
{
	struct pl_qconf *n = xcalloc(1, sizeof *n);

	n->name = dup_or_null(c->name);
	n->submit_text = dup_or_null(c->submit_text);
	n->admin_text = dup_or_null(c->admin_text);
	n->line = c->line;
	n->col = c->col;
	if (n->submit_text != NULL)	/* it parsed before */
		(void)pl_acl_parse(&n->submit, n->submit_text,
		    strlen(n->submit_text), why);
	if (n->admin_text != NULL)
		(void)pl_acl_parse(&n->admin, n->admin_text,
		    strlen(n->admin_text), why);
	return n;
}

void
pl_tree_carry(struct pl_tree *nt, const struct pl_tree *ot)
{
	uint64_t *used = pl_tree_totals(ot);
	struct buf why = { 0 };
	size_t i;

	for (i = 0; i < ot->nall; i++) {
		struct pl_queue *q = ot->all[i], *nq, *np;

		if ((nq = pl_tree_get(nt, q->path, q->pathlen)) != NULL) {
			nq->napps = q->napps;
			continue;
		}
		if (used[i] == 0 || q->parent == NULL)
			continue;
		np = pl_tree_get(nt, q->parent->path, q->parent->pathlen);
		if (np == NULL || np->leaf)
			continue;	/* nowhere to hang it */
		nq = pl_tree_add(nt, np, q->name, strlen(q->name));
		nq->dynamic = q->dynamic;
		nq->recovery = q->recovery;
		nq->leaf = q->leaf;
		nq->draining = !q->dynamic || q->draining;
		nq->napps = q->napps;
		if (q->conf != NULL)
			nq->conf = copy_conf(q->conf, &why);
	}
	buf_free(&why);
	free(used);
}
