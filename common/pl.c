/*
 * pl.c - what the parts of the placement engine share: the growable byte
 * buffer, and reporting a configuration problem at a position.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "pl.h"
#include "xalloc.h"

uint64_t
pl_hash(const char *s, size_t n)
{
	uint64_t h = PL_FNV_BASIS;

	while (n-- > 0) {
		h ^= (unsigned char)*s++;
		h *= PL_FNV_PRIME;
	}
	return pl_hash_fin(h);
}

void
pl_buf_grow(struct pl_buf *b, size_t need)
{
	size_t cap = b->cap ? b->cap : 64;

	while (cap < need)
		cap *= 2;
	b->s = xrealloc(b->s, cap);
	b->cap = cap;
}

void
pl_buf_free(struct pl_buf *b)
{
	free(b->s);
	b->s = NULL;
	b->n = b->cap = 0;
}

void
pl_buf_printf(struct pl_buf *b, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if (b->n + (size_t)n + 1 > b->cap)
		pl_buf_grow(b, b->n + (size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(b->s + b->n, (size_t)n + 1, fmt, ap);
	va_end(ap);
	b->n += (size_t)n;
}

static void PK_PRINTF(6, 0)
report(struct diag *d, int warning, const char *file, unsigned long line,
    unsigned long col, const char *fmt, va_list ap)
{
	struct pos at = { file, line, col };
	char msg[1024];

	vsnprintf(msg, sizeof msg, fmt, ap);
	if (warning)
		diag_warn(d, &at, "%s", msg);
	else
		diag_err(d, EXIT_CONFIG, &at, "%s", msg);
}

void
pl_conf_err(struct diag *d, int *count, const char *file, unsigned long line,
    unsigned long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(d, 0, file, line, col, fmt, ap);
	va_end(ap);
	(*count)++;
}

void
pl_conf_warn(struct diag *d, unsigned long *count, const char *file,
    unsigned long line, unsigned long col, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(d, 1, file, line, col, fmt, ap);
	va_end(ap);
	(*count)++;
}
