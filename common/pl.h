/*
 * pl.h - what every part of the YuniKorn placement engine (pl_*) shares:
 * the compatibility level, and reporting configuration problems at their
 * position.
 */
#ifndef PK_PL_H
#define PK_PL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "buf.h"
#include "diag.h"

/* Which YuniKorn to behave like: 0.10 (the seed documents) or 1.7. */
enum pl_compat { PL_010, PL_17 };

/* A configuration error (status EXIT_CONFIG) or warning at file:line:col,
 * counted in *count. */
void pl_conf_err(struct diag *, int *count, const char *file, unsigned long line,
    unsigned long col, const char *, ...) PK_PRINTF(6, 7);
void pl_conf_warn(struct diag *, unsigned long *count, const char *file,
    unsigned long line, unsigned long col, const char *, ...) PK_PRINTF(6, 7);

#endif
