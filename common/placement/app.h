/*
 * app.h - an application as placement sees it: its id, the user and
 * groups, the submitted queue and the tags, as counted strings; and the
 * storage of its lists. How it was read is appread.h's business: the
 * engine never sees it.
 *
 * The record is the same everywhere: read in one thread, placed in
 * another as it is. Its strings point into the input, its lists into a
 * struct pl_appbuf, storage that does not move while its applications
 * are in use. Whoever reads applications owns both; a new attribute is a
 * member here and a line in each of the two readers (appread.c).
 */
#ifndef PK_APP_H
#define PK_APP_H

#include <stddef.h>

#include "acl.h"

struct pl_tag {
	const char *k, *v;
	size_t kn, vn;
};

struct pl_app {
	const char *id;		/* "app", when a string; "" otherwise */
	size_t idlen;
	struct pl_user user;
	const char *queue;	/* as submitted; "" when none */
	size_t qlen;
	const struct pl_tag *tags;
	size_t ntags;
	int forced;		/* tag application.create.force is true (1.4) */
	int groups_given;	/* groups came with the application */
};

/* The value of the first tag whose key equals name ignoring case, or NULL. */
const char *pl_app_tag(const struct pl_app *, const char *name, size_t,
    size_t *vlen);
/* Set app->forced from its tags (Go's strconv.ParseBool of the value);
 * pl_place does it from 1.4, before which no release cares. */
void pl_app_set_forced(struct pl_app *);

/*
 * The groups and tags of applications, each application's lists one
 * after the other. An array that fills up is not moved but replaced, the
 * full one kept until pl_appbuf_clear, so the lists of the applications
 * read stay where they are. Clear it when they are done with (nothing is
 * allocated once it is big enough); {0} is an empty one.
 */
struct pl_appbuf {
	const char **groups;
	size_t *glens;
	size_t g0, ng, capg;	/* the application being read: [g0, ng) */
	struct pl_tag *tags;
	size_t t0, nt, capt;	/* ... and [t0, nt) */
	void **full;		/* arrays replaced since the last clear */
	size_t nfull, capfull;
};

void pl_appbuf_clear(struct pl_appbuf *);
void pl_appbuf_free(struct pl_appbuf *);

/* For the two readers: append a group or a tag to the lists of the
 * application being read (pointers kept, nothing copied), or drop them;
 * at the end, the default group, the counts and the lists. */
void pl_appbuf_group(struct pl_appbuf *, const char *, size_t);
void pl_appbuf_tag(struct pl_appbuf *, const char *k, size_t kn,
    const char *v, size_t vn);
void pl_appbuf_drop(struct pl_appbuf *);
void pl_app_finish(struct pl_app *, struct pl_appbuf *);

#endif
