/*
 * usergroups.h - the scheduler's user/group cache and resolvers: what
 * YuniKorn's UserGroupCache.ConvertUGI makes of an application's user and
 * groups before placement.
 *
 * Groups an application gives are stored for its user; an application
 * without groups gets the groups stored for its user, else the resolver's
 * (then stored): the user's own name (no resolver: every release before
 * 1.8, and 1.8 without usergroupresolver), this machine's user database
 * (os), YuniKorn's fixed test table (test). A failed resolution is stored
 * too, and refuses the user's later applications without groups. No
 * entry ever expires, as in every release up to 1.8. From 1.4 a forced
 * application without a user is nobody in the group nogroup, and one
 * whose resolution fails gets nogroup; from 1.6 the user name of an
 * application with groups must match the user name pattern.
 */
#ifndef PK_USERGROUPS_H
#define PK_USERGROUPS_H

#include <stddef.h>

#include "app.h"
#include "buffer.h"
#include "compat.h"
#include "hashtable.h"

enum pl_resolver {
	PL_RESOLVER_NONE,	/* the user's name is its one group */
	PL_RESOLVER_OS,		/* this machine's user database */
	PL_RESOLVER_TEST,	/* YuniKorn's test resolver */
	PL_RESOLVER_LDAP	/* not reproducible offline: as NONE */
};

struct pl_ugent;
struct pl_ugpend;

struct pl_ugi {
	enum pl_resolver resolver;
	struct ht ht;		/* user name -> index in ent */
	struct pl_ugent **ent;
	size_t n, cap;
	struct pl_ugpend *pend;	/* stores not made yet */
	size_t npend;
	struct buf ptext;	/* their users and groups */
	const char **groups;	/* the groups handed out last */
	size_t *glens;
	size_t capg, capl;
};

void pl_ugi_init(struct pl_ugi *, enum pl_resolver);
void pl_ugi_free(struct pl_ugi *);
/* The resolver a usergroupresolver type names: os, ldap or test, exactly;
 * anything else is none. */
enum pl_resolver pl_resolver_of(const char *, size_t);

/*
 * Resolve the user of a (a->forced set) as ConvertUGI does, for a release:
 * a's user and groups may change and point into the cache afterwards, until
 * the next call. Returns 0, or -1 with the scheduler's rejection in err.
 */
int pl_ugi_convert(struct pl_ugi *, enum pl_compat, struct pl_app *,
    struct buf *err);

#endif
