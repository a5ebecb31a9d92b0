/*
 * usergroups.c - the user/group cache and resolvers (usergroups.h).
 */
#include <grp.h>
#include <stddef.h>
#include <stdint.h>
#include <pwd.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/types.h>

#include "names.h"
#include "usergroups.h"
#include "xalloc.h"

/*
 * One user and its groups in one small block, so that a cache of
 * thousands of users stays in the processor's cache. Its text is the
 * record of the user and its groups: the user's length and bytes, the
 * number of groups, then each group's length and bytes, the numbers as
 * varints (7 bits a byte, the low bits first). A store made with the same
 * groups as before is then one comparison of two records.
 */
struct pl_ugent {
	size_t cap, used;	/* bytes of text allocated, in use */
	int failed;		/* resolution failed: a negative entry */
	unsigned char text[];
};

/*
 * A store deferred: the record of an application that gave groups, kept
 * in ptext until flush() stores them all at once, in order. Placement
 * never needs a store, only a later lookup does, which flushes first;
 * fetching the memory of many entries at once costs little more than of
 * one.
 */
struct pl_ugpend {
	uint64_t hash;		/* of the user */
	size_t at, len;		/* the record in ptext */
};

#define PEND_MAX	64	/* stores deferred at most ... */
#define PEND_BYTES	65536	/* ... and bytes of their records */

/* What ConvertUGI says of a negative entry: its resolution time, which
 * no release up to 1.8 ever sets (Go's zero time, in UTC). */
#define CACHED_FAILURE "user resolution failed, cached data returned: " \
	"0001-01-01 00:00:00 +0000 UTC"

static const char *const nogroup[] = { "nogroup" };
static const size_t nogrouplen[] = { 7 };

static size_t
put_n(unsigned char *p, size_t n)
{
	size_t k = 0;

	for (; n >= 0x80; n >>= 7)
		p[k++] = (unsigned char)(n | 0x80);
	p[k++] = (unsigned char)n;
	return k;
}

static size_t
get_n(const unsigned char **p)
{
	size_t n = 0;
	unsigned sh = 0;
	unsigned char c;

	do {
		c = *(*p)++;
		n |= (size_t)(c & 0x7f) << sh;
		sh += 7;
	} while (c & 0x80);
	return n;
}

/* Append the record of user (n bytes) and its ng groups to b. */
static void
encode(struct buf *b, const char *user, size_t n, const char *const *g,
    const size_t *gl, size_t ng)
{
	size_t i, need = 2 * sizeof(size_t) * (ng + 2) + n;
	unsigned char *t;

	for (i = 0; i < ng; i++)
		need += gl[i];
	if (b->n + need + 1 > b->cap)
		buf_grow(b, b->n + need + 1);
	t = (unsigned char *)b->s + b->n;
	t += put_n(t, n);
	memcpy(t, user, n);
	t += n;
	t += put_n(t, ng);
	for (i = 0; i < ng; i++) {
		t += put_n(t, gl[i]);
		memcpy(t, g[i], gl[i]);
		t += gl[i];
	}
	*t = '\0';
	b->n = (size_t)((char *)t - b->s);
}

/* The record's user, its length in *n; where its groups are in *rest. */
static const char *
user_of(const unsigned char *rec, size_t *n, const unsigned char **rest)
{
	const unsigned char *p = rec;

	*n = get_n(&p);
	*rest = p + *n;
	return (const char *)p;
}

/* Is the entry's user that of the record rec? */
static int
same_user(const struct pl_ugent *e, const unsigned char *rec)
{
	const unsigned char *g;
	size_t n;

	(void)user_of(rec, &n, &g);
	return e->used >= (size_t)(g - rec) && memcmp(e->text, rec,
	    (size_t)(g - rec)) == 0;
}

void
pl_ugi_init(struct pl_ugi *u, enum pl_resolver r)
{
	memset(u, 0, sizeof *u);
	u->resolver = r;
}

void
pl_ugi_free(struct pl_ugi *u)
{
	size_t i;

	for (i = 0; i < u->n; i++)
		free(u->ent[i]);
	free(u->ent);
	ht_free(&u->ht);
	free(u->pend);
	buf_free(&u->ptext);
	free(u->groups);
	free(u->glens);
	memset(u, 0, sizeof *u);
}

enum pl_resolver
pl_resolver_of(const char *s, size_t n)
{
	if (n == 2 && memcmp(s, "os", 2) == 0)
		return PL_RESOLVER_OS;
	if (n == 4 && memcmp(s, "test", 4) == 0)
		return PL_RESOLVER_TEST;
	if (n == 4 && memcmp(s, "ldap", 4) == 0)
		return PL_RESOLVER_LDAP;
	return PL_RESOLVER_NONE;
}

/* The user's entry (its slot in ent), or NULL. */
static struct pl_ugent **
lookup(struct pl_ugi *u, const char *user, size_t n, uint64_t h)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&u->ht, h, &pr);
	while ((i = ht_next(&u->ht, &pr)) != HT_NONE) {
		const unsigned char *p = u->ent[i]->text;

		if (get_n(&p) == n && memcmp(p, user, n) == 0)
			return &u->ent[i];
	}
	return NULL;
}

/* Make the record rec (n bytes) the entry's; nothing is allocated when
 * it fits where the old one was. */
static void
store(struct pl_ugent **ep, const unsigned char *rec, size_t n, int failed)
{
	struct pl_ugent *e = *ep;

	if (n > e->cap) {
		e = *ep = xrealloc(e, sizeof *e + n + n / 4);
		e->cap = n + n / 4;	/* room for a few bytes more next time */
	}
	memcpy(e->text, rec, n);
	e->used = n;
	e->failed = failed;
}

/* A new entry holding the record rec (n bytes) under the hash h. */
static struct pl_ugent **
add(struct pl_ugi *u, uint64_t h, const unsigned char *rec, size_t n)
{
	xgrow((void **)&u->ent, &u->cap, u->n + 1, sizeof *u->ent);
	u->ent[u->n] = xmalloc(sizeof **u->ent + n);
	u->ent[u->n]->cap = n;
	store(&u->ent[u->n], rec, n, 0);
	ht_add(&u->ht, h, (uint32_t)u->n);
	return &u->ent[u->n++];
}

/* Store the record rec (n bytes) under the hash of its user, h: an entry
 * that holds it already stays as it is (but not failed). */
static void
put(struct pl_ugi *u, uint64_t h, const unsigned char *rec, size_t n)
{
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&u->ht, h, &pr);
	while ((i = ht_next(&u->ht, &pr)) != HT_NONE) {
		struct pl_ugent *e = u->ent[i];

		if (e->used == n && memcmp(e->text, rec, n) == 0) {
			e->failed = 0;
			return;
		}
		if (same_user(e, rec)) {
			store(&u->ent[i], rec, n, 0);
			return;
		}
	}
	(void)add(u, h, rec, n);
}

/*
 * Store the pending stores, in order, each having asked for its memory
 * before it is needed: the hash table slot AHEAD stores on, the entry
 * half as far (few enough at once for the processor to keep them all).
 */
#define AHEAD 8

static void
flush(struct pl_ugi *u)
{
	struct ht_probe pr;
	size_t i;
	uint32_t k;

	for (i = 0; i < u->npend && i < AHEAD; i++)
		ht_prefetch(&u->ht, u->pend[i].hash);
	for (i = 0; i < u->npend; i++) {
		if (i + AHEAD < u->npend)
			ht_prefetch(&u->ht, u->pend[i + AHEAD].hash);
		if (i + AHEAD / 2 < u->npend) {
			ht_probe(&u->ht, u->pend[i + AHEAD / 2].hash, &pr);
			if ((k = ht_next(&u->ht, &pr)) != HT_NONE)
				HT_PREFETCH(u->ent[k]);
		}
		put(u, u->pend[i].hash, (const unsigned char *)u->ptext.s +
		    u->pend[i].at, u->pend[i].len);
	}
	u->npend = 0;
	buf_clear(&u->ptext);
}

/* Store the user's groups, later. */
static void
defer(struct pl_ugi *u, const struct pl_user *user)
{
	struct pl_ugpend *p;

	if (u->pend == NULL)
		u->pend = xreallocarray(NULL, PEND_MAX, sizeof *u->pend);
	p = &u->pend[u->npend++];
	p->hash = ht_hash(user->name, user->len);
	p->at = u->ptext.n;
	encode(&u->ptext, user->name, user->len, user->groups, user->glens,
	    user->ngroups);
	p->len = u->ptext.n - p->at;
	if (u->npend == PEND_MAX || u->ptext.n >= PEND_BYTES)
		flush(u);
}

/* A new entry for the user resolved: its groups a list of n names, each
 * followed by a NUL. */
static struct pl_ugent **
resolved(struct pl_ugi *u, const char *user, size_t ulen, const char *list,
    size_t n, int failed)
{
	struct pl_ugent **ep;
	const char **g = xcalloc(n + 1, sizeof *g);
	size_t *gl = xcalloc(n + 1, sizeof *gl), i;
	struct buf b = { 0 };

	for (i = 0; i < n; list += gl[i++] + 1) {
		g[i] = list;
		gl[i] = strlen(list);
	}
	encode(&b, user, ulen, g, gl, n);
	ep = add(u, ht_hash(user, ulen), (unsigned char *)b.s, b.n);
	(*ep)->failed = failed;
	buf_free(&b);
	free(g);
	free(gl);
	return ep;
}

/* YuniKorn's test resolver: its users and what resolving them gives. */
static struct pl_ugent **
resolve_test(struct pl_ugi *u, const char *user, size_t n, struct buf *err)
{
	static const struct {
		const char *user, *groups;
		size_t n;
		int failed;
	} tab[] = {
		{ "testuser1", "group1000\0group1001", 2, 0 },
		{ "testuser2", "100\0group1001\0group1002", 3, 0 },
		{ "testuser3", "group1001\0group1002\0group1003\0group1004", 4, 0 },
		{ "testuser4", "901\0902", 2, 0 },
		{ "testuser5", "group1001", 1, 1 },	/* its group list fails */
		{ "invalid-gid-user", "1_001", 1, 1 },
	};
	struct pl_ugent **ep;
	size_t i;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strlen(tab[i].user) == n && memcmp(tab[i].user, user, n) == 0)
			break;
	if (i < sizeof tab / sizeof tab[0])
		ep = resolved(u, user, n, tab[i].groups, tab[i].n, tab[i].failed);
	else
		ep = resolved(u, user, n, "", 0, 1);
	if ((*ep)->failed) {
		buf_clear(err);
		buf_printf(err, "lookup failed for user: %.*s", (int)n, user);
	}
	return ep;
}

/* A group's name, or its number when it has none. */
static void
group_name(struct buf *b, gid_t gid)
{
	struct group *gr = getgrgid(gid);

	if (gr != NULL)
		buf_add(b, gr->gr_name, strlen(gr->gr_name) + 1);
	else {
		buf_printf(b, "%lu", (unsigned long)gid);
		buf_add(b, "", 1);
	}
}

/* Go's os/user: the primary group first, then the others in order. */
static struct pl_ugent **
resolve_os(struct pl_ugi *u, const char *user, size_t ulen, struct buf *err)
{
	struct pl_ugent **ep;
	struct buf list = { 0 };
	struct passwd *pw = NULL;
	gid_t *gids = NULL;
	char *name = xmalloc(ulen + 1);
	int ng = 16, i;
	size_t n;

	memcpy(name, user, ulen);
	name[ulen] = '\0';
	if (memchr(user, '\0', ulen) == NULL)
		pw = getpwnam(name);
	if (pw == NULL) {
		buf_clear(err);
		buf_printf(err, "user: unknown user %s", name);
		free(name);
		return resolved(u, user, ulen, "", 0, 1);
	}
	group_name(&list, pw->pw_gid);
	n = 1;
	for (;;) {
		gids = xreallocarray(gids, (size_t)ng, sizeof *gids);
		if (getgrouplist(name, pw->pw_gid, gids, &ng) >= 0)
			break;
	}
	for (i = 0; i < ng; i++)
		if (gids[i] != pw->pw_gid) {
			group_name(&list, gids[i]);
			n++;
		}
	free(gids);
	free(name);
	ep = resolved(u, user, ulen, list.s, n, 0);
	buf_free(&list);
	return ep;
}

static int
fail(struct buf *err, const char *msg)
{
	buf_set(err, msg, strlen(msg));
	return -1;
}

/* The entry's groups for a, in the cache's lists. */
static void
use(struct pl_ugi *u, struct pl_app *a, const struct pl_ugent *e)
{
	const unsigned char *p;
	size_t i, n;

	(void)user_of(e->text, &n, &p);
	n = get_n(&p);
	xgrow((void **)&u->groups, &u->capg, n, sizeof *u->groups);
	xgrow((void **)&u->glens, &u->capl, n, sizeof *u->glens);
	for (i = 0; i < n; p += u->glens[i++]) {
		u->glens[i] = get_n(&p);
		u->groups[i] = (const char *)p;
	}
	a->user.groups = u->groups;
	a->user.glens = u->glens;
	a->user.ngroups = n;
}

int
pl_ugi_convert(struct pl_ugi *u, enum pl_compat c, struct pl_app *a,
    struct buf *err)
{
	struct pl_ugent **ep;

	if (a->user.len == 0) {
		if (!a->forced)
			return fail(err, "empty user cannot resolve");
		a->user.name = "nobody";	/* 1.4: forced, made up */
		a->user.len = 6;
		a->user.groups = nogroup;
		a->user.glens = nogrouplen;
		a->user.ngroups = 1;
		a->groups_given = 1;
	}
	if (!a->groups_given) {
		if (u->npend > 0)
			flush(u);
		ep = u->n > 0 ? lookup(u, a->user.name, a->user.len,
		    ht_hash(a->user.name, a->user.len)) : NULL;
		if (ep != NULL && !(*ep)->failed) {
			use(u, a, *ep);
			return 0;
		}
		if (ep != NULL)
			(void)fail(err, CACHED_FAILURE);
		else if (u->resolver == PL_RESOLVER_NONE ||
		    u->resolver == PL_RESOLVER_LDAP) {
			a->user.groups = &a->user.name;	/* [user], not stored:
							   the same every time */
			a->user.glens = &a->user.len;
			a->user.ngroups = 1;
			return 0;
		} else {
			ep = u->resolver == PL_RESOLVER_OS ?
			    resolve_os(u, a->user.name, a->user.len, err) :
			    resolve_test(u, a->user.name, a->user.len, err);
			if (!(*ep)->failed) {
				use(u, a, *ep);
				return 0;
			}
		}
		if (!a->forced)
			return -1;
		a->user.groups = nogroup;	/* forced: resolution failed */
		a->user.glens = nogrouplen;
		a->user.ngroups = 1;
	}
	if (pl_ver(c)->user_check_at_submit &&
	    !pl_user_name_ok(a->user.name, a->user.len, c))
		return fail(err, "invalid username, it contains invalid characters");
	defer(u, &a->user);
	return 0;
}
