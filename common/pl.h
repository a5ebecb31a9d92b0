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

/* The behaviour classes, oldest first: releases that behave alike share one. */
enum pl_compat {
	PL_010,			/* 0.10.0 */
	PL_011,			/* 0.11.0 */
	PL_012,			/* 0.12.1, 0.12.2 */
	PL_10,			/* 1.0.0, 1.1.0 */
	PL_12,			/* 1.2.0 */
	PL_13,			/* 1.3.0 */
	PL_14,			/* 1.4.0 */
	PL_150,			/* 1.5.0, 1.5.1 */
	PL_152,			/* 1.5.2 */
	PL_16,			/* 1.6.0 to 1.6.3 */
	PL_17,			/* 1.7.0 */
	PL_18,			/* 1.8.0 */
	PL_NCOMPAT
};

/* A string value and where it was written; set is 0 when absent or null. */
struct pl_cstr {
	char *s;
	size_t n;
	int set;
	unsigned long line, col;
};

/* A configuration error (status EXIT_CONFIG) or warning at file:line:col,
 * counted in *count. A line break in the message is printed as \n, so
 * that every message stays on one line. */
void pl_conf_err(struct diag *, int *count, const char *file, unsigned long line,
    unsigned long col, const char *, ...) PK_PRINTF(6, 7);
void pl_conf_warn(struct diag *, unsigned long *count, const char *file,
    unsigned long line, unsigned long col, const char *, ...) PK_PRINTF(6, 7);

/* Where the errors of a check go. */
struct pl_vout {
	const char *file;
	struct diag *d;
	int *nerr;
};

#endif
