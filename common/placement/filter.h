/*
 * filter.h - placement rule filters: a user criterion and a group
 * criterion, each a literal name list or one regular expression, and an
 * allow or deny type. Built and evaluated exactly as YuniKorn does it,
 * traps included (see placectl(1)): the type is deny only when written
 * exactly "deny", a single entry with a special character is an
 * unanchored regular expression, invalid entries are dropped silently,
 * users and groups are OR-ed, groups are tried one at a time.
 * Regular expressions are Go's, as in the scheduler (goregexp.h).
 */
#ifndef PK_FILTER_H
#define PK_FILTER_H

#include <stddef.h>

#include "acl.h"
#include "compat.h"
#include "goregexp.h"

/* One side of a filter (users or groups), as configured. */
struct pl_fcrit {
	struct pl_name *list;	/* literal names, duplicates collapsed */
	size_t nlist;
	struct pl_re *re;	/* or a compiled expression */
	size_t nconf;		/* entries configured */
	size_t ndropped;	/* entries dropped as invalid names */
	int re_failed;		/* a single special entry that did not compile */
};

struct pl_filter {
	int allow;		/* type is not exactly "deny" */
	int empty;		/* no users and no groups configured */
	struct pl_fcrit users, groups;
};

/*
 * Build a filter from its configuration: type (may be NULL), and the
 * users and groups entries. Never fails: what the scheduler ignores is
 * ignored (and counted in the criteria).
 */
void pl_filter_build(struct pl_filter *, const char *type,
    const char *const *users, const size_t *ulens, size_t nusers,
    const char *const *groups, const size_t *glens, size_t ngroups,
    enum pl_compat);
void pl_filter_free(struct pl_filter *);

/* Does a name meet one criterion (list or expression)? 1 or 0. */
int pl_fcrit_match(const struct pl_fcrit *, const char *, size_t);
/* Is the user allowed? 1 or 0. */
int pl_filter_allows(const struct pl_filter *, const struct pl_user *);

/*
 * The validator's check of a single-entry list: the entry must be a valid
 * name, or compile as a regular expression and contain a special character.
 * Returns 0, or -1 with the reason in why.
 */
int pl_filter_check_entry(const char *, size_t, int group, enum pl_compat,
    struct buf *why);

#endif
