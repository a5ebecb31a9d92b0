/*
 * diag.c - error and warning messages: "TOOL: FILE:LINE:COL: message".
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buffer.h"
#include "diag.h"
#include "utf8.h"
#include "xalloc.h"

/* The message of fmt and ap, with ": tail" appended. The caller frees it. */
static char * PK_PRINTF(1, 0)
format(const char *fmt, va_list ap, const char *tail)
{
	size_t tn = tail != NULL ? strlen(tail) + 2 : 0;
	va_list aq;
	char *s;
	int n;

	va_copy(aq, ap);
	n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)		/* only an invalid format: keep it visible */
		return xstrdup(fmt);
	s = xmalloc((size_t)n + tn + 1);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	if (tail != NULL) {
		memcpy(s + n, ": ", 2);
		memcpy(s + n + 2, tail, tn - 1);
	}
	return s;
}

/* One line on stderr; control characters and invalid UTF-8 in the file
 * name and the text are escaped, so a message is always one line. */
void
diag_format(struct buf *b, const char *prog, const struct diag_msg *m)
{
	const struct pos *p = m->pos;

	buf_printf(b, "%s: ", prog);
	if (p != NULL && p->file != NULL) {
		u8_escape(b, p->file, strlen(p->file));
		if (p->line > 0)
			buf_printf(b, ":%lu", p->line);
		if (p->line > 0 && p->col > 0)
			buf_printf(b, ":%lu", p->col);
		buf_puts(b, ": ");
	}
	if (m->warning)
		buf_puts(b, "warning: ");
	u8_escape(b, m->text, strlen(m->text));
	buf_add(b, "\n", 1);
}

static void
print(const char *prog, const struct diag_msg *m)
{
	struct buf b = { 0 };

	diag_format(&b, prog, m);
	fwrite(b.s, 1, b.n, stderr);
	buf_free(&b);
}

/* The documents a diag_nest sink knows, and what the diag had. */
struct diag_nest {
	char *name, *file, *inner;
	unsigned long line0, col0;
	long indent;
};
struct nests {
	const char *prog;
	diag_sink *sink;
	void *sink_arg;
	struct diag_nest *v;
	size_t n;
};

/* m with its position in the enclosing file, if it is in a nested
 * document: 1 and the new text in *b, *at its position; else 0. */
static int
unnest(const struct nests *ns, const struct diag_msg *m, struct buf *b,
    struct pos *at)
{
	const struct diag_nest *n = NULL;
	const struct pos *p = m->pos;
	size_t i;

	if (p == NULL || p->file == NULL)
		return 0;
	for (i = 0; i < ns->n && n == NULL; i++)
		if (strcmp(ns->v[i].name, p->file) == 0)
			n = &ns->v[i];
	if (n == NULL)
		return 0;
	at->file = n->file;
	at->line = n->line0;
	at->col = n->col0;
	if (n->indent >= 0 && p->line > 0) {
		at->line += p->line;
		at->col = p->col > 0 ? (unsigned long)n->indent + p->col : 0;
	}
	buf_puts(b, n->inner);
	if (p->line > 0)
		buf_printf(b, ":%lu", p->line);
	if (p->line > 0 && p->col > 0)
		buf_printf(b, ":%lu", p->col);
	buf_printf(b, ": %s", m->text);
	return 1;
}

static void
nested(void *arg, const struct diag_msg *m)
{
	const struct nests *ns = arg;
	struct buf b = { 0 };
	struct diag_msg nm;
	struct pos at;

	if (unnest(ns, m, &b, &at)) {
		nm = *m;
		nm.pos = &at;
		nm.text = b.s;
		m = &nm;
	}
	if (ns->sink != NULL)
		ns->sink(ns->sink_arg, m);
	else
		print(ns->prog, m);
	buf_free(&b);
}

void
diag_nest(struct diag *d, const char *name, const char *file,
    const char *inner, unsigned long line0, unsigned long col0, long indent)
{
	struct diag_nest *n;
	struct nests *ns;
	size_t i;

	if (d->sink != nested) {
		ns = xcalloc(1, sizeof *ns);
		ns->prog = d->prog;
		ns->sink = d->sink;
		ns->sink_arg = d->sink_arg;
		d->sink = nested;
		d->sink_arg = ns;
	}
	ns = d->sink_arg;
	for (i = 0; i < ns->n && strcmp(ns->v[i].name, name) != 0; i++)
		;
	if (i == ns->n)
		ns->v = xreallocarray(ns->v, ++ns->n, sizeof *ns->v);
	else {
		free(ns->v[i].name);
		free(ns->v[i].file);
		free(ns->v[i].inner);
	}
	n = &ns->v[i];
	n->name = xstrdup(name);
	n->file = xstrdup(file);
	n->inner = xstrdup(inner);
	n->line0 = line0;
	n->col0 = col0;
	n->indent = indent;
}

void
diag_free(struct diag *d)
{
	struct nests *ns = d->sink_arg;
	size_t i;

	if (d->sink != nested)
		return;
	d->sink = ns->sink;
	d->sink_arg = ns->sink_arg;
	for (i = 0; i < ns->n; i++) {
		free(ns->v[i].name);
		free(ns->v[i].file);
		free(ns->v[i].inner);
	}
	free(ns->v);
	free(ns);
}

void
diag_put(struct diag *d, const struct diag_msg *m)
{
	if (m->warning) {
		d->nwarn++;
		if (d->quiet)
			return;
	} else
		d->nerr++;
	if (d->sink != NULL)
		d->sink(d->sink_arg, m);
	else
		print(d->prog, m);
}

static void PK_PRINTF(4, 0)
report(struct diag *d, int warning, const struct pos *p, const char *fmt,
    va_list ap, const char *tail)
{
	struct diag_msg m;
	char *text = format(fmt, ap, tail);

	m.warning = warning;
	m.pos = p;
	m.text = text;
	diag_put(d, &m);
	free(text);
}

void
diag_vmsg(struct diag *d, int warning, const struct pos *p, const char *fmt,
    va_list ap)
{
	report(d, warning, p, fmt, ap, NULL);
}

int
diag_err(struct diag *d, int status, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(d, 0, p, fmt, ap, NULL);
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
	va_start(ap, fmt);
	report(d, 0, p, fmt, ap, why);
	va_end(ap);
	return status;
}

void
diag_warn(struct diag *d, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	report(d, 1, p, fmt, ap, NULL);
	va_end(ap);
}

static void
demoted(void *arg, const struct diag_msg *m)
{
	const struct diag_demoted *dd = arg;
	struct diag_msg w = *m;
	size_t pn, tn;
	char *text;

	if (m->warning) {
		diag_put(dd->outer, m);
		return;
	}
	pn = strlen(dd->prefix);
	tn = strlen(m->text);
	text = xmalloc(pn + tn + 1);
	memcpy(text, dd->prefix, pn);
	memcpy(text + pn, m->text, tn + 1);
	w.warning = 1;
	w.text = text;
	diag_put(dd->outer, &w);
	free(text);
}

void
diag_demote(struct diag_demoted *dd, struct diag *outer, const char *prefix)
{
	static const struct diag none;

	dd->d = none;
	dd->d.prog = outer->prog;
	dd->d.sink = demoted;
	dd->d.sink_arg = dd;
	dd->outer = outer;
	dd->prefix = prefix;
}

void
diag_drop(void *arg, const struct diag_msg *m)
{
	(void)arg;
	(void)m;
}

void
diag_die(struct diag *d, int status, const struct pos *p, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	diag_vmsg(d, 0, p, fmt, ap);
	va_end(ap);
	exit(status);
}
