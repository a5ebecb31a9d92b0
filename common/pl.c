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
	struct buf msg = { 0 }, one = { 0 };
	va_list aq;
	size_t i;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	buf_grow(&msg, n > 0 ? (size_t)n + 1 : 1);
	vsnprintf(msg.s, msg.cap, fmt, ap);
	for (i = 0; msg.s[i] != '\0'; i++)	/* one line per message */
		if (msg.s[i] == '\n')
			buf_puts(&one, "\\n");
		else
			buf_add(&one, msg.s + i, 1);
	if (warning)
		diag_warn(d, &at, "%s", one.s != NULL ? one.s : "");
	else
		diag_err(d, EXIT_CONFIG, &at, "%s", one.s != NULL ? one.s : "");
	buf_free(&msg);
	buf_free(&one);
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
