/*
 * confmsg.c - what the parts of the placement engine share: reporting a
 * configuration problem at a position, lists of strings.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "confmsg.h"
#include "exitcode.h"
#include "xalloc.h"

static void PK_PRINTF(6, 0)
report(struct diag *d, int warning, const char *file, unsigned long line,
    unsigned long col, const char *fmt, va_list ap)
{
	struct pos at = { file, line, col };

	diag_vmsg(d, warning, &at, fmt, ap);
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

void
pl_cstrs_free(struct pl_cstr *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(v[i].s);
	free(v);
}
