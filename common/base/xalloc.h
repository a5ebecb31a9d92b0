/*
 * xalloc.h - allocation that succeeds or ends the process with
 * "TOOL: out of memory" and EXIT_OSERR. Callers never check for NULL.
 */
#ifndef PK_XALLOC_H
#define PK_XALLOC_H

#include <stddef.h>

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
void *xreallocarray(void *, size_t, size_t);
char *xstrdup(const char *);
char *xmemdup0(const void *, size_t);	/* copy n bytes, add a NUL */

/* Grow *p (holding *cap elements of size sz) to at least need elements. */
void xgrow(void **p, size_t *cap, size_t need, size_t sz);

/* Die of the same death when another library (json-c, libyaml, stdio)
 * reports that it could not allocate. */
_Noreturn void xoom(void);

#endif
