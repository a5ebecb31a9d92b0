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
buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return;
	if (b->n + (size_t)n + 1 > b->cap)
		buf_grow(b, b->n + (size_t)n + 1);
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	b->n += (size_t)n;
}

void
buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, fmt, ap);
	va_end(ap);
}
