/*
 * pl.h - what every part of the YuniKorn placement engine (pl_*) shares:
 * the compatibility level, a growable byte buffer for paths and messages
 * built while placing an application, and reporting configuration
 * problems at their position.
 */
#ifndef PK_PL_H
#define PK_PL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"

/* Which YuniKorn to behave like: 0.10 (the seed documents) or 1.7. */
enum pl_compat { PL_010, PL_17 };

/* FNV-1a, the hash of every table in the engine, with a final mix. */
#define PL_FNV_BASIS 14695981039346656037ULL
#define PL_FNV_PRIME 1099511628211ULL

static inline uint64_t
pl_hash_fin(uint64_t h)
{
	return h ^ (h >> 29);
}

uint64_t pl_hash(const char *, size_t);

/* A NUL-terminated byte buffer that only grows; reused, never shrunk. */
struct pl_buf {
	char *s;
	size_t n, cap;
};

void pl_buf_grow(struct pl_buf *, size_t need);
void pl_buf_free(struct pl_buf *);
void pl_buf_printf(struct pl_buf *, const char *, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* A configuration error (status EXIT_CONFIG) or warning at file:line:col,
 * counted in *count. */
void pl_conf_err(struct diag *, int *count, const char *file, unsigned long line,
    unsigned long col, const char *, ...) PK_PRINTF(6, 7);
void pl_conf_warn(struct diag *, unsigned long *count, const char *file,
    unsigned long line, unsigned long col, const char *, ...) PK_PRINTF(6, 7);

static inline void
pl_buf_clear(struct pl_buf *b)
{
	b->n = 0;
	if (b->cap > 0)
		b->s[0] = '\0';
}

static inline void
pl_buf_add(struct pl_buf *b, const char *s, size_t n)
{
	if (b->n + n + 1 > b->cap)
		pl_buf_grow(b, b->n + n + 1);
	memcpy(b->s + b->n, s, n);
	b->n += n;
	b->s[b->n] = '\0';
}

static inline void
pl_buf_set(struct pl_buf *b, const char *s, size_t n)
{
	b->n = 0;
	pl_buf_add(b, s, n);
}

static inline void
pl_buf_puts(struct pl_buf *b, const char *s)
{
	pl_buf_add(b, s, strlen(s));
}

#endif
