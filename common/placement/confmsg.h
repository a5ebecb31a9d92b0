/*
 * confmsg.h - what every part of the placement engine shares: a string of
 * the configuration with its position, and reporting a configuration
 * problem at its position.
 */
#ifndef PK_CONFMSG_H
#define PK_CONFMSG_H

#include <stddef.h>

#include "diag.h"

/* A string value and where it was written; set is 0 when absent or null. */
struct pl_cstr {
	char *s;
	size_t n;
	int set;
	unsigned long line, col;
};

/* Free the strings of v[0..n) and v. */
void pl_cstrs_free(struct pl_cstr *v, size_t n);

/* A configuration error (status EXIT_CONFIG) or warning at file:line:col,
 * counted in *count. A message is one line: where the scheduler's text
 * has a line break, the message has none; a line break in a value the
 * message quotes is printed as \n. */
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
