/*
 * jsonwrite.h - compact JSON output with fixed key order, exact 64-bit
 * integers and correct string escaping, written to a struct ob.
 *
 * Commas are the writer's business: callers say what comes next.
 *	jw_obj(w); jw_key(w, "a"); jw_int(w, 1); jw_end(w); jw_nl(w);
 */
#ifndef PK_JSONWRITE_H
#define PK_JSONWRITE_H

#include <stdint.h>
#include <json-c/json.h>

#include "outbuf.h"

#define JW_MAXDEPTH 64

struct jw {
	struct ob *o;
	unsigned depth;
	unsigned char need_comma[JW_MAXDEPTH + 1];
	char closer[JW_MAXDEPTH + 1];
};

void jw_init(struct jw *, struct ob *);
void jw_obj(struct jw *);		/* { */
void jw_arr(struct jw *);		/* [ */
void jw_end(struct jw *);		/* } or ] */
void jw_key(struct jw *, const char *);	/* "key": */
void jw_str(struct jw *, const char *);
void jw_strn(struct jw *, const char *, size_t);
void jw_int(struct jw *, int64_t);
void jw_bool(struct jw *, int);
void jw_null(struct jw *);
void jw_json(struct jw *, struct json_object *);	/* any json-c value */
void jw_raw(struct jw *, const char *, size_t);	/* pre-encoded value */
void jw_nl(struct jw *);		/* end of a record: newline */

/*
 * Escape s as a JSON string literal, quotes included, into o. s is UTF-8,
 * or the UTF-8 of a Java string, which may also hold C0 80 for NUL and
 * the three-byte form of a surrogate without its pair: both are written
 * as \u escapes.
 */
void jw_escape(struct ob *, const char *s, size_t n);

#endif
