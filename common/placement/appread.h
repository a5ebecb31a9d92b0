/*
 * appread.h - reading an application (app.h) from an input line: by the
 * fast path when the line has the common shape, straight from its text,
 * else from json-c's parse; and where it was read (its bytes, position
 * and parse, for the output and the messages).
 */
#ifndef PK_APPREAD_H
#define PK_APPREAD_H

#include <stddef.h>
#include <json-c/json.h>

#include "app.h"
#include "diag.h"
#include "jsonread.h"

/* An application and where it was read. */
struct pl_appin {
	struct pl_app app;
	const char *text;	/* the object's bytes in the input */
	size_t len;
	struct pos pos;
	size_t nmembers;	/* members of the object */
	int placement_member;	/* ... one of them named "placement" */
	struct json_object *obj;	/* json-c's parse of it, or NULL */
};

/* Make r say, of a line that ends inside its object, that the input is
 * one object per line (and where pods and pretty-printed JSON go). */
void pl_app_lines(struct nj_reader *r);

/*
 * Read the application of the raw line v (nj_next with NJ_RAW) of r into
 * app, its lists into b: by the fast path when it can, else through
 * nj_parse and json-c. Returns NJ_VALUE, or NJ_BAD after reporting the
 * problem through d (the reader reports its own through its diag). The
 * application is valid until the next call on r and b's next clear.
 */
int pl_app_read(struct pl_appin *, struct pl_appbuf *b, struct nj_reader *r,
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
int pl_app_from_json(struct pl_appin *, struct pl_appbuf *b, struct json_object *,
    const char **why);
/*
 * The fast path: fill app from the text of one input line
 * (len bytes, leading blanks already skipped) when the line has the
 * common shape - "app" not null, ASCII strings without escapes, no
 * nesting beyond groups and tags, integers, true, false, null - reading
 * exactly what
 * pl_app_from_json would read from its parse. Strings point into text.
 * Returns the object's length (the line may end in blanks), or 0 when
 * the line needs the general path (json-c), which also has the errors.
 */
size_t pl_app_scan(struct pl_appin *, struct pl_appbuf *b, const char *text,
    size_t len);

#endif
