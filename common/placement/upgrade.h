/*
 * upgrade.h - what changed between two releases, by name: the path of
 * rows from one class to another (every class on the way, and for every
 * change on the way the two rows of that change alone, compat.h), and
 * the changes that moved whatever a caller compares row by row.
 */
#ifndef PK_UPGRADE_H
#define PK_UPGRADE_H

#include <stddef.h>

#include "compat.h"
#include "jsonwrite.h"

struct pl_path {
	enum pl_compat *rows;	/* the classes from the old one to the new
				   one, then two rows a change: the class
				   before with it, the class without it */
	size_t nclass, nrows;
	const struct pl_change **chg;	/* the changes, in the path's order */
	size_t nchg;
};

/* A change named, and whether it did it alone. */
struct pl_why {
	const struct pl_change *ch;
	int alone;		/* 0: no change of its step did it alone; every
				   change of the step is named */
};

/* The path between two classes, old to new (a downgrade goes back), with
 * the changes of the shim's reading of pods (pods set) or the others. */
void pl_path_init(struct pl_path *, enum pl_compat from, enum pl_compat to,
    int pods);
void pl_path_free(struct pl_path *);

/* Whether rows a and b (indexes into path->rows) made the same. */
typedef int pl_path_same(void *arg, size_t a, size_t b);

/*
 * The changes that moved something: at every step from a class to the
 * next where same() says the two differ, each change of that step whose
 * row differs from the class before it or the class after it. Fills why
 * (room for path->nchg) in the path's order and returns the count.
 */
size_t pl_path_why(const struct pl_path *, pl_path_same *, void *arg,
    struct pl_why *why);

/* The first release of a class: how a change's release is named. */
const char *pl_path_release(enum pl_compat);

/* why as the elements of a JSON array the caller opened:
 * {"release":..,"switch":..,"what":..}, with "together":true on a change
 * that did not do it alone. */
void pl_why_json(struct jw *, const struct pl_why *, size_t);

#endif
