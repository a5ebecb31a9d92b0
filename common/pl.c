/*
 * pl.c - what the parts of the placement engine share: reporting a
 * configuration problem at a position.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "exitcode.h"
#include "pl.h"
#include "xalloc.h"

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
