/*
 * plapp.h - an application as placement sees it: the user and groups,
 * the submitted queue and the tags, as counted strings, and where it was
 * read (its bytes, position and parse, for the output and the messages).
 * Also: reading one from an input line, by the fast path (plscan.c) or
 * from json-c's parse, with the scheduler's user and group resolution.
 *
 * The record is the same everywhere: read in one thread, placed in
 * another as it is. Its strings point into the input (the line, or the
 * json-c object of a line the fast path declined), its lists into a
 * struct pl_appbuf, storage that does not move while its applications
 * are in use. Whoever reads applications owns both; a new attribute is a
 * member here and a line in each of the two readers.
 */
#ifndef PK_PLAPP_H
#define PK_PLAPP_H

#include <stddef.h>
#include <json-c/json.h>

#include "ndjson.h"
#include "pl.h"
#include "placl.h"

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
	/* where it was read */
	const char *text;	/* the object's bytes in the input */
	size_t len;
	struct pos pos;
	size_t nmembers;	/* members of the object */
	int placement_member;	/* ... one of them named "placement" */
	struct json_object *obj;	/* json-c's parse of it, or NULL */
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

/*
 * Read the application of the raw line v (nj_next with NJ_RAW) of r into
 * app, its lists into b: by the fast path when it can, else through
 * nj_parse and json-c. Returns NJ_VALUE, or NJ_BAD after reporting the
 * problem through d (the reader reports its own through its diag). The
 * application is valid until the next call on r and b's next clear.
 */
int pl_app_read(struct pl_app *, struct pl_appbuf *b, struct nj_reader *r,
    struct nj_value *v, struct diag *d);
/*
 * Fill app from a parsed JSON object {"app":ID,"user":U,"groups":[...],
 * "queue":Q,"tags":{...}}; "app" is required (not null), the others are
 * empty when absent or null, and an ID that is not a string is empty. An
 * object without "app" is not an application: the message says why, and
 * what a YuniKorn REST application object is not. Strings point into obj. A missing or empty
 * groups list means the user's own name as its one group (the scheduler's
 * default resolver). Returns 0, or -1 with the problem in *why (a member
 * of the wrong type).
 */
int pl_app_from_json(struct pl_app *, struct pl_appbuf *b, struct json_object *,
    const char **why);
/*
 * The fast path (plscan.c): fill app from the text of one input line
 * (len bytes, leading blanks already skipped) when the line has the
 * common shape - "app" not null, ASCII strings without escapes, no
 * nesting beyond groups and tags, integers, true, false, null - reading
 * exactly what
 * pl_app_from_json would read from its parse. Strings point into text.
 * Returns the object's length (the line may end in blanks), or 0 when
 * the line needs the general path (json-c), which also has the errors.
 */
size_t pl_app_scan(struct pl_app *, struct pl_appbuf *b, const char *text,
    size_t len);

/* For the two readers: append a group or a tag to the lists of the
 * application being read (pointers kept, nothing copied), or drop them;
 * at the end, the default group, the counts and the lists. */
void pl_appbuf_group(struct pl_appbuf *, const char *, size_t);
void pl_appbuf_tag(struct pl_appbuf *, const char *k, size_t kn,
    const char *v, size_t vn);
void pl_appbuf_drop(struct pl_appbuf *);
void pl_app_finish(struct pl_app *, struct pl_appbuf *);

#endif
