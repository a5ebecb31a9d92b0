/*
 * kubeobj.h - Kubernetes objects as kubectl prints them with -o json: one
 * object, a List of them, or any whitespace-separated sequence of these
 * (one object per line included). Each object is handed out parsed on
 * its own, so a List of any length costs the memory of its text and of
 * one item, never that of a tree of the whole List.
 *
 * The text is held to the rules of every placekit JSON input: no raw
 * control characters in strings, no NaN or Infinity, integers within 64
 * bits, nesting at most 64 deep, objects in valid UTF-8; each problem is
 * an error at its FILE:LINE:COL.
 */
#ifndef PK_KUBEOBJ_H
#define PK_KUBEOBJ_H

#include <json-c/json.h>

#include "diag.h"
#include "jsonlex.h"

#define KO_MAXINPUT (1UL << 30)	/* bytes of input */
#define KO_MAXOBJ (16UL << 20)	/* bytes of one object */
#define KO_MAXDEPTH JL_MAXDEPTH	/* nesting, the List included */

struct ko_item {
	struct json_object *obj;	/* valid during the call */
	struct pos pos;			/* where it starts */
	unsigned long index;		/* its place in its List, from 1; 0: none */
};

/* Called for each object; a status other than 0 stops the reading. */
typedef int ko_fn(void *arg, const struct ko_item *);

/*
 * Read path ("-" or NULL: stdin) and call fn for every object of the
 * given kind ("Pod"): each one at the top level, and each item of a List
 * or a KIND + "List" (whose items may lack "kind"). Any other object is
 * an error. Returns 0, or EXIT_NOINPUT, EXIT_DATAERR, EXIT_IOERR after
 * reporting, or what fn returned.
 */
int ko_read(const char *path, const char *kind, ko_fn *fn, void *arg,
    struct diag *);

/*
 * Is text[0, n) one JSON value, blanks around it allowed, as RFC 8259
 * and Go's encoding/json have it (integers of any size; strings are not
 * checked for UTF-8)? json-c alone takes more (NaN, Infinity).
 */
int ko_valid(const char *text, size_t n);

#endif
