/*
 * buffer.c - the growable byte buffer (buffer.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "buffer.h"
#include "xalloc.h"

void
buf_grow(struct buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 64;

	while (cap < need)
		cap *= 2;
	b->s = xrealloc(b->s, cap);
	b->cap = cap;
}

void
buf_free(struct buf *b)
{
	free(b->s);
	b->s = NULL;
	b->n = b->cap = 0;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (b->n + (size_t)n + 1 > b->cap)
		buf_grow(b, b->n + (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}
