/*
 * check.c - placectl check, by one release or by each of a range
 * (check.h).
 */
#include <stdlib.h>

#include "check.h"
#include "exitcode.h"
#include "output.h"
#include "partition.h"
#include "traps.h"
#include "upgrade.h"
#include "utf8.h"
#include "xalloc.h"

/* What one release makes of the configuration. */
struct verdict {
	int rc;			/* 0, EXIT_CONFIG, or a file's status */
	unsigned long nerr, nwarn;
	struct buf first;	/* the first error: "FILE:LINE:COL: text" */
	struct buf msgs;	/* every message, "error: " or "warning: "
				   and as first has it, a line each */
	struct buf line;	/* the summary line, the release left out */
	int done;
};

/* A sink that keeps the messages of a release judged quietly. */
static void
keep(void *arg, const struct diag_msg *m)
{
	struct verdict *v = arg;
	const struct pos *p = m->pos;
	size_t at;

	buf_puts(&v->msgs, m->warning ? "warning: " : "error: ");
	at = v->msgs.n;
	if (p != NULL && p->file != NULL) {
		u8_escape(&v->msgs, p->file, strlen(p->file));
		if (p->line > 0)
			buf_printf(&v->msgs, ":%lu", p->line);
		if (p->line > 0 && p->col > 0)
			buf_printf(&v->msgs, ":%lu", p->col);
		buf_puts(&v->msgs, ": ");
	}
	u8_escape(&v->msgs, m->text, strlen(m->text));
	if (!m->warning && v->first.n == 0)
		buf_add(&v->first, v->msgs.s + at, v->msgs.n - at);
	buf_add(&v->msgs, "\n", 1);
}

/*
 * Load and judge the configuration as release c does, its messages
 * through d (quiet: kept in v only). Returns EXIT_NOINPUT for a file that
 * cannot be read, else 0 with the verdict in v.
 */
static int
judge(const struct pl_check *k, enum pl_compat c, struct diag *d, int quiet,
    struct verdict *v)
{
	struct diag q = DIAG_INIT(d->prog), *dd = quiet ? &q : d;
	unsigned long e0 = dd->nerr, w0 = dd->nwarn;
	struct pl_part p;
	int rc;

	q.sink = keep;
	q.sink_arg = v;
	rc = pl_part_load(&p, k->file, k->part, c,
	    k->part == NULL ? PL_LOAD_ANYPART : 0, k->src, dd);
	if (rc == EXIT_NOINPUT) {
		pl_part_free(&p);
		return rc;
	}
	if (rc == 0 && dd->nerr == e0 && p.pc != NULL)
		(void)pl_traps(&p, dd);		/* a usable one's traps */
	v->nerr = dd->nerr - e0;
	v->nwarn = dd->nwarn - w0;
	v->rc = rc == 0 && v->nerr > 0 ? EXIT_CONFIG : rc;
	u8_escape(&v->line, p.file, strlen(p.file));
	if (p.pc != NULL) {
		buf_puts(&v->line, ": partition '");
		u8_escape(&v->line, p.name, strlen(p.name));
		buf_printf(&v->line, "': %zu queue%s, %zu rule%s, ", p.tree.nall,
		    p.tree.nall == 1 ? "" : "s", p.pc->nrules,
		    p.pc->nrules == 1 ? "" : "s");
	} else if (k->part != NULL) {
		buf_puts(&v->line, ": no partition '");
		u8_escape(&v->line, k->part, strlen(k->part));
		buf_puts(&v->line, "', ");
	} else
		buf_puts(&v->line, ": no partition, ");
	buf_printf(&v->line, "%lu error%s, %lu warning%s", v->nerr,
	    v->nerr == 1 ? "" : "s", v->nwarn, v->nwarn == 1 ? "" : "s");
	v->done = 1;
	pl_part_free(&p);
	return 0;
}

static void
verdict_free(struct verdict *v)
{
	buf_free(&v->first);
	buf_free(&v->msgs);
	buf_free(&v->line);
	memset(v, 0, sizeof *v);
}

/* "A to B, C": the releases marked in on, runs of them as ranges. */
static void
releases(struct buf *b, const unsigned char *on)
{
	size_t i, j;

	for (i = 0; i < pl_nreleases; i = j) {
		for (j = i + 1; j < pl_nreleases && on[i] == on[j]; j++)
			;
		if (!on[i])
			continue;
		if (b->n > 0)
			buf_puts(b, ", ");
		buf_puts(b, pl_releases[i].name);
		if (j - i > 1)
			buf_printf(b, " to %s", pl_releases[j - 1].name);
	}
}

/* "s" after a verb whose subject is one release of a list. */
static const char *
one(const struct buf *list)
{
	return strchr(list->s, ' ') == NULL ? "s" : "";
}

/* The releases other than the one judged that load the configuration:
 * "; A to B load it" (nothing when none does). */
static void
loaded_by(const struct pl_check *k, enum pl_compat judged, struct diag *d,
    struct buf *b)
{
	struct verdict v[PL_NCOMPAT];
	unsigned char *on = xcalloc(pl_nreleases, 1);
	struct buf list = { 0 };
	size_t i;
	int c;

	memset(v, 0, sizeof v);
	for (c = 0; c < PL_NCOMPAT; c++)
		if (c != (int)judged)
			(void)judge(k, (enum pl_compat)c, d, 1, &v[c]);
	for (i = 0; i < pl_nreleases; i++)
		on[i] = v[pl_releases[i].c].done && v[pl_releases[i].c].rc == 0;
	releases(&list, on);
	if (list.n > 0)
		buf_printf(b, "; %s load%s it", list.s, one(&list));
	buf_free(&list);
	free(on);
	for (c = 0; c < PL_NCOMPAT; c++)
		verdict_free(&v[c]);
}

/* ---- a range of releases ---- */

/* The rows of a path judged quietly, as pl_path_why compares them. */
struct rowjudge {
	const struct pl_check *k;
	const struct pl_path *path;
	struct verdict *v;	/* one a row, judged when first asked */
	struct diag *d;
};

static const struct verdict *
row(struct rowjudge *r, size_t i)
{
	if (!r->v[i].done)
		(void)judge(r->k, r->path->rows[i], r->d, 1, &r->v[i]);
	return &r->v[i];
}

static int
same_buf(const struct buf *a, const struct buf *b)
{
	return a->n == b->n && (a->n == 0 || memcmp(a->s, b->s, a->n) == 0);
}

/* The same verdict, summary and messages: check would say the same. */
static int
same_verdict(const struct verdict *a, const struct verdict *b)
{
	return (a->rc == 0) == (b->rc == 0) && same_buf(&a->line, &b->line) &&
	    same_buf(&a->msgs, &b->msgs);
}

/* Whether the lines of msgs hold the line m of n bytes. */
static int
has_line(const struct buf *msgs, const char *m, size_t n)
{
	const char *l = msgs->s, *end = msgs->s + msgs->n, *nl;

	for (; l != NULL && l < end; l = nl + 1) {
		nl = memchr(l, '\n', (size_t)(end - l));
		if ((size_t)(nl - l) == n && memcmp(l, m, n) == 0)
			return 1;
	}
	return 0;
}

/* The first message of v that before does not give, or NULL. */
static const char *
new_message(const struct verdict *v, const struct verdict *before,
    size_t *n)
{
	const char *m, *end = v->msgs.s + v->msgs.n, *nl;

	for (m = v->msgs.s; m != NULL && m < end; m = nl + 1) {
		nl = memchr(m, '\n', (size_t)(end - m));
		*n = (size_t)(nl - m);
		if (!has_line(&before->msgs, m, *n))
			return m;
	}
	return NULL;
}

static int
same_rows(void *arg, size_t a, size_t b)
{
	struct rowjudge *r = arg;

	return same_verdict(row(r, a), row(r, b));
}

/* Under a line where check says something new: the first error, else
 * the first message new, and the changes from the class before that made
 * the difference. */
static void
what_changed(const struct pl_check *k, const struct verdict *v,
    const struct verdict *prev, enum pl_compat before, enum pl_compat c,
    struct diag *d, struct ob *o)
{
	struct rowjudge r = { k, NULL, NULL, d };
	struct pl_path path;
	struct pl_why *why;
	const char *m;
	size_t i, n = 0;

	if (v->rc != 0) {
		ob_puts(o, "  first error: ");
		ob_write(o, v->first.s, v->first.n);
		ob_putc(o, '\n');
	} else if (prev != NULL && (m = new_message(v, prev, &n)) != NULL) {
		ob_puts(o, "  new ");
		ob_write(o, m, n);
		ob_putc(o, '\n');
	}
	if (before == c)
		return;
	pl_path_init(&path, before, c, 0);
	r.path = &path;
	r.v = xcalloc(path.nrows, sizeof *r.v);
	why = xreallocarray(NULL, path.nchg + 1, sizeof *why);
	n = pl_path_why(&path, same_rows, &r, why);
	for (i = 0; i < n; i++)
		ob_printf(o, "  %s %s %s: %s\n", why[i].alone ? "by" : "with",
		    pl_path_release(why[i].ch->c), why[i].ch->sw,
		    why[i].ch->what);
	for (i = 0; i < path.nrows; i++)
		verdict_free(&r.v[i]);
	free(r.v);
	free(why);
	pl_path_free(&path);
}

static void
summary(struct ob *o, const struct verdict *v, const char *release,
    const char *more)
{
	ob_write(o, v->line.s, v->line.n);
	ob_printf(o, " (YuniKorn %s%s)\n", release, more);
}

/* Every release of the range, a class judged once; then which load it
 * and which refuse it. */
static int
range(const struct pl_check *k, struct output *out, struct diag *d,
    struct verdict *first)
{
	struct verdict v[PL_NCOMPAT];
	const struct verdict *prev = first;
	enum pl_compat pc = pl_releases[k->from].c, c;
	unsigned char *on[2];
	struct buf b[2] = { { 0 }, { 0 } };
	size_t i;
	int rc = 0;

	memset(v, 0, sizeof v);
	v[pc] = *first;
	on[0] = xcalloc(pl_nreleases, 1);
	on[1] = xcalloc(pl_nreleases, 1);
	for (i = k->from; i <= k->to; i++) {
		c = pl_releases[i].c;
		if (!v[c].done)
			(void)judge(k, c, d, 1, &v[c]);
		summary(&out->ob, &v[c], pl_releases[i].name, "");
		if (i == k->from)
			what_changed(k, &v[c], NULL, c, c, d, &out->ob);
		else if (!same_verdict(prev, &v[c]))
			what_changed(k, &v[c], prev, pc, c, d, &out->ob);
		if (v[c].rc != 0 && rc == 0)
			rc = v[c].rc;
		on[v[c].rc != 0][i] = 1;
		prev = &v[c];
		pc = c;
	}
	releases(&b[0], on[0]);
	releases(&b[1], on[1]);
	ob_text(&out->ob, k->file, strlen(k->file));
	ob_puts(&out->ob, ": YuniKorn");
	if (b[0].n > 0)
		ob_printf(&out->ob, " %s load%s it%s", b[0].s, one(&b[0]),
		    b[1].n > 0 ? "," : "");
	if (b[1].n > 0)
		ob_printf(&out->ob, " %s refuse%s it", b[1].s, one(&b[1]));
	ob_putc(&out->ob, '\n');
	for (i = 0; i < 2; i++) {
		free(on[i]);
		buf_free(&b[i]);
	}
	for (i = 0; i < PL_NCOMPAT; i++)
		verdict_free(&v[i]);
	memset(first, 0, sizeof *first);
	return rc;
}

int
pl_check_run(const struct pl_check *k, struct diag *d)
{
	enum pl_compat c = pl_releases[k->from].c;
	struct verdict v;
	struct buf more = { 0 };
	struct output out;
	int rc, rc2, one = k->from == k->to;

	memset(&v, 0, sizeof v);
	/* one release: its messages through d; a range: each quietly, but
	 * a file that cannot be read is said */
	rc = judge(k, c, d, !one, &v);
	if (rc == EXIT_NOINPUT && !one)
		rc = judge(k, c, d, 0, &v);
	if (rc != 0 || (rc = out_open(&out, k->outpath, d)) != 0) {
		verdict_free(&v);
		return rc;
	}
	if (one) {
		if (v.rc == EXIT_CONFIG)
			loaded_by(k, c, d, &more);
		summary(&out.ob, &v, pl_releases[k->from].name,
		    more.n > 0 ? more.s : "");
		rc = v.rc;
	} else
		rc = range(k, &out, d, &v);
	if ((rc2 = out_close(&out, d, 0)) != 0)
		rc = rc2;
	buf_free(&more);
	verdict_free(&v);
	return rc;
}
