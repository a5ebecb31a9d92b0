/*
 * diag.h - error and warning reporting in the one placekit format:
 *
 *	TOOL: FILE:LINE:COL: message
 *	TOOL: FILE:LINE:COL: warning: message
 *
 * A struct diag is created in main() and passed to library code; the
 * library never prints anywhere else and never exits, except through
 * diag_die() which only commands call.
 */
#ifndef PK_DIAG_H
#define PK_DIAG_H

#include <stddef.h>
#include <stdio.h>

struct diag {
	const char *prog;	/* tool name, e.g. "rh-load" */
	int quiet;		/* -q: drop warnings */
	unsigned long nwarn;	/* warnings issued (counted even when quiet) */
	unsigned long nerr;	/* errors issued */
	/*
	 * When set, errors are reported as warnings with this text in place
	 * of "warning: " (and counted as warnings): for a caller that will
	 * skip the input, e.g. a broken file in a history directory.
	 */
	const char *demote;
	FILE *to;		/* where messages go; NULL: stderr */
};

/* A position in an input: any field may be 0/NULL when unknown. */
struct pos {
	const char *file;
	unsigned long line;
	unsigned long col;
};

#define DIAG_INIT(prog) { (prog), 0, 0, 0, NULL, NULL }
#define POS_NONE ((const struct pos *)0)

#if defined(__GNUC__)
#define PK_PRINTF(a, b) __attribute__((format(printf, a, b)))
#define PK_NORETURN __attribute__((noreturn))
#else
#define PK_PRINTF(a, b)
#define PK_NORETURN
#endif

/* Report an error; returns status so callers can write "return diag_err(...)". */
int diag_err(struct diag *, int status, const struct pos *, const char *, ...)
    PK_PRINTF(4, 5);
/* The same with ": strerror(errno)" appended. ENOMEM is no error of the
 * input's: it ends the tool as xalloc does (xoom, EXIT_OSERR). */
int diag_syserr(struct diag *, int status, const struct pos *, const char *, ...)
    PK_PRINTF(4, 5);
void diag_warn(struct diag *, const struct pos *, const char *, ...)
    PK_PRINTF(3, 4);
/* Report and exit(status). For commands, not for library code. */
PK_NORETURN void diag_die(struct diag *, int status, const struct pos *,
    const char *, ...) PK_PRINTF(4, 5);

#endif
