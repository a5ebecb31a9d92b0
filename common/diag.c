/*
 * diag.c - error and warning messages: "TOOL: FILE:LINE:COL: message".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "xalloc.h"

static void PK_PRINTF(4, 0)
vreport(const struct diag *d, const char *level, const struct pos *p,
    const char *fmt, va_list ap, const char *tail)
{
	FILE *f = d->to != NULL ? d->to : stderr;

	fprintf(f, "%s: ", d->prog);
	if (p != NULL && p->file != NULL) {
		fputs(p->file, f);
		if (p->line > 0)
			fprintf(f, ":%lu", p->line);
		if (p->line > 0 && p->col > 0)
			fprintf(f, ":%lu", p->col);
		fputs(": ", f);
	}
	if (level != NULL)
		fputs(level, f);
	vfprintf(f, fmt, ap);
	if (tail != NULL)
		fprintf(f, ": %s", tail);
	fputc('\n', f);
}

/* Count an error, or a warning when demoted; should it be printed? */
static int
count(struct diag *d)
{
	if (d->demote == NULL) {
		d->nerr++;
		return 1;
	}
	d->nwarn++;
	return !d->quiet;
}

int
diag_err(struct diag *d, int status, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	if (!count(d))
		return status;
	va_start(ap, fmt);
	vreport(d, d->demote, p, fmt, ap, NULL);
	va_end(ap);
	return status;
}

int
diag_syserr(struct diag *d, int status, const struct pos *p, const char *fmt, ...)
{
	va_list ap;
	const char *why;

	if (errno == ENOMEM)	/* opendir, fopen, realpath... ran out */
		xoom();
	why = strerror(errno);
	if (!count(d))
		return status;
	va_start(ap, fmt);
	vreport(d, d->demote, p, fmt, ap, why);
	va_end(ap);
	return status;
}

void
diag_warn(struct diag *d, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	d->nwarn++;
	if (d->quiet)
		return;
	va_start(ap, fmt);
	vreport(d, "warning: ", p, fmt, ap, NULL);
	va_end(ap);
}

void
diag_die(struct diag *d, int status, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vreport(d, NULL, p, fmt, ap, NULL);
	va_end(ap);
	exit(status);
}
