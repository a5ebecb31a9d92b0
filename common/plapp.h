/*
 * plapp.h - an application as placement sees it: the user and groups,
 * the submitted queue and the tags, as counted strings that point into
 * the parsed input (nothing is copied per application). Also: reading one
 * from a JSON object, with the scheduler's user and group resolution.
 */
#ifndef PK_PLAPP_H
#define PK_PLAPP_H

#include <stddef.h>
#include <json-c/json.h>

#include "pl.h"
#include "placl.h"

struct pl_tag {
	const char *k, *v;
	size_t kn, vn;
};

struct pl_app {
	struct pl_user user;
	const char *queue;	/* as submitted; "" when none */
	size_t qlen;
	const struct pl_tag *tags;
	size_t ntags;
	int forced;		/* tag application.create.force is true (1.7) */
	int groups_given;	/* groups came with the application */
	size_t nmembers;	/* members of the JSON object it came from */
	int placement_member;	/* ... one of them named "placement" */
};

/* The value of the first tag whose key equals name ignoring case, or NULL. */
const char *pl_app_tag(const struct pl_app *, const char *name, size_t,
    size_t *vlen);
/* Set app->forced from its tags (Go's strconv.ParseBool of the value);
 * pl_place does it for 1.7, which is the only version that cares. */
void pl_app_set_forced(struct pl_app *);

/*
 * Where the groups and tags of applications are kept: filled by
 * pl_app_from_json, emptied by the caller (ng = nt = 0) when its
 * applications are done with, never freed in between.
 */
struct pl_appbuf {
	const char **groups;
	size_t *glens;
	size_t ng, capg;
	struct pl_tag *tags;
	size_t nt, capt;
};

/*
 * Fill app from a parsed JSON object {"app":ID,"user":U,"groups":[...],
 * "queue":Q,"tags":{...}}; "app" is required (not null), the others are
 * empty when absent or null. An object without "app" is not an
 * application: the message says why, and what a YuniKorn REST
 * application object is not. Strings point into obj,
 * groups and tags into b (from b->ng and b->nt on entry: valid until b
 * grows again). A missing or empty groups list means the user's own name
 * as its one group (the scheduler's default resolver). Returns 0, or -1
 * with the problem in err (a member of the wrong type).
 */
int pl_app_from_json(struct pl_app *, struct pl_appbuf *b, struct json_object *,
    struct buf *err);
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
/* Append a group or a tag to b (pointers kept, nothing copied). */
void pl_appbuf_group(struct pl_appbuf *, const char *, size_t);
void pl_appbuf_tag(struct pl_appbuf *, const char *k, size_t kn,
    const char *v, size_t vn);
/* The end of reading an application whose groups and tags in b start at
 * g0 and t0: the default group, the counts, the pointers. */
void pl_app_finish(struct pl_app *, struct pl_appbuf *, size_t g0, size_t t0);
/* Point app's groups and tags at b again, from the given starts. */
void pl_app_rebase(struct pl_app *, const struct pl_appbuf *, size_t g0,
    size_t t0);
void pl_appbuf_free(struct pl_appbuf *);

#endif
