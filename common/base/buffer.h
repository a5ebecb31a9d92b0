/*
 * buffer.h - a growable NUL-terminated byte buffer, for strings built piece
 * by piece (paths, messages, lower-cased copies). It only grows: reuse
 * one with buf_clear() and nothing is allocated once it is big enough.
 */
#ifndef PK_BUFFER_H
#define PK_BUFFER_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include "diag.h"

struct buf {
	char *s;
	size_t n, cap;
};

void buf_grow(struct buf *, size_t need);
void buf_free(struct buf *);
void buf_printf(struct buf *, const char *, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void buf_vprintf(struct buf *, const char *, va_list)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 0)))
#endif
    ;

static inline void
buf_clear(struct buf *b)
{
	b->n = 0;
	if (b->cap > 0)
		b->s[0] = '\0';
}

static inline void
buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap)
		buf_grow(b, b->n + n + 1);
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static inline void
buf_set(struct buf *b, const char *s, size_t n)
{
	b->n = 0;
	buf_add(b, s, n);
}

static inline void
buf_puts(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

#endif
