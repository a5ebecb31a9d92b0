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
 * One user and its groups, in one block, for few cache misses a look-up:
 * this header, the user and a NUL, padding, the groups' lengths, their
 * pointers, and the groups, each with a NUL after it.
 */
struct pl_ugent {
	uint64_t hash;		/* of the user */
	size_t ulen;
	size_t ng;
	size_t size;		/* of the block */
	int failed;		/* resolution failed: a negative entry */
	char user[];
};

/* What ConvertUGI says of a negative entry: its resolution time, which
 * no release up to 1.8 ever sets (Go's zero time, in UTC). */
#define CACHED_FAILURE "user resolution failed, cached data returned: " \
	"0001-01-01 00:00:00 +0000 UTC"

static const char *const nogroup[] = { "nogroup" };
static const size_t nogrouplen[] = { 7 };

/* Where the group lengths start in the block: after the user, aligned. */
static size_t
glens_at(size_t ulen)
{
	return (offsetof(struct pl_ugent, user) + ulen + 1 + sizeof(void *) - 1) /
	    sizeof(void *) * sizeof(void *);
}

static size_t *
glens(const struct pl_ugent *e)
{
	return (size_t *)(void *)((char *)(uintptr_t)e + glens_at(e->ulen));
}

static const char **
groups(const struct pl_ugent *e)
{
	return (const char **)(void *)(glens(e) + e->ng);
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
	struct pl_ugent *e;
	struct ht_probe pr;
	uint32_t i;

	ht_probe(&u->ht, h, &pr);
	while ((i = ht_next(&u->ht, &pr)) != HT_NONE)
		if ((e = u->ent[i])->hash == h && e->ulen == n &&
		    memcmp(e->user, user, n) == 0)
			return &u->ent[i];
	return NULL;
}

/* The user's entry, made (without groups) if there is none. */
static struct pl_ugent **
entry(struct pl_ugi *u, const char *user, size_t n)
{
	uint64_t h = ht_hash(user, n);
	struct pl_ugent **ep, *e;
	size_t size = glens_at(n) + 64;

	if ((ep = lookup(u, user, n, h)) != NULL)
		return ep;
	xgrow((void **)&u->ent, &u->cap, u->n + 1, sizeof *u->ent);
	e = u->ent[u->n] = xcalloc(1, size);
	e->hash = h;
	e->ulen = n;
	e->size = size;
	memcpy(e->user, user, n);
	ht_add(&u->ht, h, (uint32_t)u->n);
	return &u->ent[u->n++];
}

static int
same(const struct pl_ugent *e, const char *const *g, const size_t *gl,
    size_t n)
{
	const size_t *el = glens(e);
	const char *const *eg = groups(e);
	size_t i;

	if (e->ng != n)
		return 0;
	for (i = 0; i < n; i++)
		if (el[i] != gl[i] || memcmp(eg[i], g[i], gl[i]) != 0)
			return 0;
	return 1;
}

/* Store groups for the entry; nothing is allocated when they are the same
 * as before, or fit where the old ones were. */
static void
set_groups(struct pl_ugent **ep, const char *const *g, const size_t *gl,
    size_t n, int failed)
{
	struct pl_ugent *e = *ep;
	size_t i, need, *el;
	const char **eg;
	char *t;

	e->failed = failed;
	if (same(e, g, gl, n))
		return;
	need = glens_at(e->ulen) + n * (sizeof *el + sizeof *eg);
	for (i = 0; i < n; i++)
		need += gl[i] + 1;
	if (need > e->size) {
		need = need > 2 * e->size ? need : 2 * e->size;
		e = *ep = xrealloc(e, need);
		e->size = need;
	}
	e->ng = n;
	el = glens(e);
	eg = groups(e);
	t = (char *)(eg + n);
	for (i = 0; i < n; i++) {
		memcpy(t, g[i], gl[i]);
		t[gl[i]] = '\0';
		el[i] = gl[i];
		eg[i] = t;
		t += gl[i] + 1;
	}
}

/* The groups as a list of n names, each followed by a NUL, into e. */
static void
set_list(struct pl_ugent **e, const char *list, size_t n, int failed)
{
	const char **g = xcalloc(n + 1, sizeof *g);
	size_t *gl = xcalloc(n + 1, sizeof *gl), i;

	for (i = 0; i < n; list += gl[i++] + 1) {
		g[i] = list;
		gl[i] = strlen(list);
	}
	set_groups(e, g, gl, n, failed);
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
	const struct pl_ugent *e = *ep;
	size_t i;

	for (i = 0; i < sizeof tab / sizeof tab[0]; i++)
		if (strlen(tab[i].user) == e->ulen &&
		    memcmp(tab[i].user, e->user, e->ulen) == 0)
			break;
	if (i < sizeof tab / sizeof tab[0])
		set_list(ep, tab[i].groups, tab[i].n, tab[i].failed);
	else
		set_list(ep, "", 0, 1);
	if ((*ep)->failed) {
		buf_clear(err);
		buf_printf(err, "lookup failed for user: %s", (*ep)->user);
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
	const char *user = (*ep)->user;
	struct buf list = { 0 };
	struct passwd *pw = NULL;
	gid_t *gids = NULL;
	int ng = 16, i;
	size_t n = 1;

	if (memchr(user, '\0', (*ep)->ulen) == NULL)
		pw = getpwnam(user);
	if (pw == NULL) {
		buf_clear(err);
		buf_printf(err, "user: unknown user %s", user);
		set_list(ep, "", 0, 1);
		return;
	}
	group_name(&list, pw->pw_gid);
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

static void
use(struct pl_app *a, const struct pl_ugent *e)
{
	a->user.groups = groups(e);
	a->user.glens = glens(e);
	a->user.ngroups = e->ng;
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
		ep = u->n > 0 ? lookup(u, a->user.name, a->user.len,
		    ht_hash(a->user.name, a->user.len)) : NULL;
		if (ep != NULL && !(*ep)->failed) {
			use(a, *ep);
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
			ep = entry(u, a->user.name, a->user.len);
			if (u->resolver == PL_RESOLVER_OS)
				resolve_os(ep, err);
			else
				resolve_test(ep, err);
			if (!(*ep)->failed) {
				use(a, *ep);
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
	ep = entry(u, a->user.name, a->user.len);
	set_groups(ep, a->user.groups, a->user.glens, a->user.ngroups, 0);
	return 0;
}
