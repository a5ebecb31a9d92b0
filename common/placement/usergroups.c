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
 * thousands of users stays in the processor's cache. Its text: the
 * user's length, the user and a NUL, then the groups: their number, and
 * each group's length and bytes. Numbers are varints (7 bits a byte, the
 * low bits first), so one encoding of a list of groups is one string.
 */
struct pl_ugent {
	size_t cap, used;	/* bytes of text allocated, in use */
	int failed;		/* resolution failed: a negative entry */
	unsigned char text[];
};

/*
 * A store deferred: the groups an application gave for its user, kept
 * in ptext (the user, then the groups encoded as in an entry) until
 * flush() stores them all at once, in order. Placement never needs a
 * store, only a later lookup does, which flushes first; fetching the
 * memory of many entries at once costs little more than of one.
 */
struct pl_ugpend {
	uint64_t hash;		/* of the user */
	size_t at, ulen;	/* the user in ptext */
	size_t glen;		/* the groups' encoding after it */
};

#define PEND_MAX	64	/* stores deferred at most ... */
#define PEND_BYTES	65536	/* ... and bytes of their text */

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

/* Append the encoding of n groups to b. */
static void
encode(struct buf *b, const char *const *g, const size_t *gl, size_t n)
{
	size_t i, need = 2 * sizeof(size_t) * (n + 1);
	unsigned char *t;

	for (i = 0; i < n; i++)
		need += gl[i];
	if (b->n + need + 1 > b->cap)
		buf_grow(b, b->n + need + 1);
	t = (unsigned char *)b->s + b->n;
	t += put_n(t, n);
	for (i = 0; i < n; i++) {
		t += put_n(t, gl[i]);
		memcpy(t, g[i], gl[i]);
		t += gl[i];
	}
	*t = '\0';
	b->n = (size_t)((char *)t - b->s);
}

/* The entry's user (NUL-terminated), its length in *n. */
static const char *
user_of(const struct pl_ugent *e, size_t *n)
{
	const unsigned char *p = e->text;

	*n = get_n(&p);
	return (const char *)p;
}

/* Where the groups start in the entry's text. */
static size_t
groups_at(const struct pl_ugent *e)
{
	size_t n;
	const char *user = user_of(e, &n);

	return (size_t)((const unsigned char *)user + n + 1 - e->text);
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

/* The user's entry, made (without groups) if there is none. */
static struct pl_ugent **
entry(struct pl_ugi *u, const char *user, size_t n, uint64_t h)
{
	struct pl_ugent **ep, *e;
	size_t k, cap = sizeof(size_t) * 2 + n + 2;

	if ((ep = lookup(u, user, n, h)) != NULL)
		return ep;
	xgrow((void **)&u->ent, &u->cap, u->n + 1, sizeof *u->ent);
	e = u->ent[u->n] = xmalloc(sizeof *e + cap);
	e->cap = cap;
	e->failed = 0;
	k = put_n(e->text, n);
	memcpy(e->text + k, user, n);
	e->text[k + n] = '\0';
	e->text[k + n + 1] = 0;		/* no groups */
	e->used = k + n + 2;
	ht_add(&u->ht, h, (uint32_t)u->n);
	return &u->ent[u->n++];
}

/* Store the groups' encoding g[0, n) in the entry; nothing is allocated
 * when they are the same as before, or fit where the old ones were. */
static void
store(struct pl_ugent **ep, const char *g, size_t n, int failed)
{
	struct pl_ugent *e = *ep;
	size_t at = groups_at(e), need = at + n;

	e->failed = failed;
	if (e->used == need && memcmp(e->text + at, g, n) == 0)
		return;
	if (need > e->cap) {
		need += need / 4;	/* room for a few bytes more next time */
		e = *ep = xrealloc(e, sizeof *e + need);
		e->cap = need;
	}
	memcpy(e->text + at, g, n);
	e->used = at + n;
}

/* Store the pending stores, in order, having asked for the memory of
 * each before using any: their hash table slots, then their entries. */
static void
flush(struct pl_ugi *u)
{
	uint32_t idx[PEND_MAX];
	struct ht_probe pr;
	size_t i;

	for (i = 0; i < u->npend; i++)
		ht_prefetch(&u->ht, u->pend[i].hash);
	for (i = 0; i < u->npend; i++) {
		ht_probe(&u->ht, u->pend[i].hash, &pr);
		if ((idx[i] = ht_next(&u->ht, &pr)) != HT_NONE)
			HT_PREFETCH(&u->ent[idx[i]]);
	}
	for (i = 0; i < u->npend; i++)
		if (idx[i] != HT_NONE) {
			HT_PREFETCH(u->ent[idx[i]]);
			HT_PREFETCH((char *)u->ent[idx[i]] + 64);
		}
	for (i = 0; i < u->npend; i++) {
		const struct pl_ugpend *p = &u->pend[i];
		const char *user = u->ptext.s + p->at;

		store(entry(u, user, p->ulen, p->hash), user + p->ulen, p->glen,
		    0);
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
	p->ulen = user->len;
	buf_add(&u->ptext, user->name, user->len);
	encode(&u->ptext, user->groups, user->glens, user->ngroups);
	p->glen = u->ptext.n - p->at - p->ulen;
	if (u->npend == PEND_MAX || u->ptext.n >= PEND_BYTES)
		flush(u);
}

/* The groups as a list of n names, each followed by a NUL, into e. */
static void
set_list(struct pl_ugent **e, const char *list, size_t n, int failed)
{
	const char **g = xcalloc(n + 1, sizeof *g);
	size_t *gl = xcalloc(n + 1, sizeof *gl), i;
	struct buf b = { 0 };

	for (i = 0; i < n; list += gl[i++] + 1) {
		g[i] = list;
		gl[i] = strlen(list);
	}
	encode(&b, g, gl, n);
	store(e, b.s, b.n, failed);
	buf_free(&b);
	free(g);
	free(gl);
}

/* YuniKorn's test resolver: its users and what resolving them gives. */
static void
resolve_test(struct pl_ugent **ep, struct buf *err)
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
	size_t i, n;
	const char *user = user_of(*ep, &n);

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strlen(tab[i].user) == n && memcmp(tab[i].user, user, n) == 0)
			break;
	if (i < sizeof tab / sizeof tab[0])
		set_list(ep, tab[i].groups, tab[i].n, tab[i].failed);
	else
		set_list(ep, "", 0, 1);
	if ((*ep)->failed) {
		buf_clear(err);
		buf_printf(err, "lookup failed for user: %s", user_of(*ep, &n));
	}
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
static void
resolve_os(struct pl_ugent **ep, struct buf *err)
{
	size_t n, ulen;
	const char *user = user_of(*ep, &ulen);
	struct buf list = { 0 };
	struct passwd *pw = NULL;
	gid_t *gids = NULL;
	int ng = 16, i;

	if (memchr(user, '\0', ulen) == NULL)
		pw = getpwnam(user);
	if (pw == NULL) {
		buf_clear(err);
		buf_printf(err, "user: unknown user %s", user);
		set_list(ep, "", 0, 1);
		return;
	}
	group_name(&list, pw->pw_gid);
	n = 1;
	for (;;) {
		gids = xreallocarray(gids, (size_t)ng, sizeof *gids);
		if (getgrouplist(user, pw->pw_gid, gids, &ng) >= 0)
			break;
	}
	for (i = 0; i < ng; i++)
		if (gids[i] != pw->pw_gid) {
			group_name(&list, gids[i]);
			n++;
		}
	free(gids);
	set_list(ep, list.s, n, 0);
	buf_free(&list);
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
	const unsigned char *p = e->text + groups_at(e);
	size_t i, n = get_n(&p);

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
			ep = entry(u, a->user.name, a->user.len,
			    ht_hash(a->user.name, a->user.len));
			if (u->resolver == PL_RESOLVER_OS)
				resolve_os(ep, err);
			else
				resolve_test(ep, err);
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
