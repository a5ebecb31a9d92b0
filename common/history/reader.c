/*
 * reader.c - the history reader (reader.h): a file or standard input
 * into the model. Slider's own reading (sliderread.h) goes first; what
 * Slider refuses, placekit's reading takes over from the first record
 * Slider did not take, through the JSON input reader (its only nj_
 * calls are here), the fast path and records.h.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "fastrecords.h"
#include "jsonread.h"
#include "reader.h"
#include "records.h"
#include "sliderread.h"
#include "xalloc.h"

void
rh_loadopt_init(struct rh_loadopt *o)
{
	memset(o, 0, sizeof *o);
	o->max_age = RH_MAX_AGE_DEFAULT;
}

void
rh_loadinfo_free(struct rh_loadinfo *info)
{
	free(info->path);
	memset(info, 0, sizeof *info);
}

/* '; Slider: "its words"' (its class when it says nothing) into b. */
static void
said(const struct rh_jexc *e, struct buf *b)
{
	if (e->nomsg) {
		buf_printf(b, "; Slider: %s", e->cls);
		return;
	}
	buf_puts(b, "; Slider: \"");
	rh_sl_words(e, b);
	buf_puts(b, "\"");
}

/* A file Slider refuses, refused. */
static int
refuse(const struct rh_slres *r, struct diag *d)
{
	struct buf b = { NULL, 0, 0 };
	int rc;

	buf_puts(&b, r->what.s);
	said(&r->exc, &b);
	rc = diag_err(d, EXIT_DATAERR, &r->where, "%s", b.s);
	buf_free(&b);
	return rc;
}

static const char after[] = "the input goes on after the RoleHistoryFooter: "
    "not read";

/* Input after the first save's footer: not read; Slider's view of it. */
static void
after_footer(const struct rh_slres *r, struct diag *d)
{
	struct buf b = { NULL, 0, 0 };

	buf_puts(&b, after);
	if (!r->accepted) {
		buf_puts(&b, ", and Slider refuses the file for it");
		said(&r->exc, &b);
	} else
		buf_puts(&b, ", as Slider does not read it");
	/* blank space past Slider's read-ahead is a refusal too */
	diag_warn(d, r->tail.line > 0 ? &r->tail : &r->where, "%s", b.s);
	buf_free(&b);
}

/*
 * The next value of the input into v: 1, 0 at the end, or an EXIT_*
 * status. The fast path (rh_rec_fast) reads the plainest records straight
 * from the bytes buffered; whatever it declines is parsed.
 */
static int
next(struct nj_reader *nj, struct rh_rec *rec, struct nj_value *v)
{
	size_t len;
	int rc;

	while ((rc = nj_next(nj, v, NJ_RAW)) == NJ_VALUE &&
	    (len = rh_rec_fast(rec, v->text, v->len, RH_REC_LAX)) > 0)
		nj_skip(nj, len);
	if (rc == NJ_VALUE)
		rc = nj_parse(nj, v);
	if (rc == NJ_VALUE)
		return 1;
	return rc == NJ_EOF ? 0 : -nj_status(rc);
}

/*
 * Placekit's reading of what Slider refused, from the first record
 * Slider did not take to the first complete save's footer.
 */
static int
take_over(struct rh_sl *sl, struct rh_rec *rec, int fd, const char *name,
    struct diag *d)
{
	struct nj_reader *nj;
	struct nj_value v;
	const char *text;
	struct pos at;
	int all, rc;
	size_t n;

	n = rh_sl_rest(sl, &text, &at, &all);
	nj = nj_fdopen(all ? -1 : fd, name, NJ_STREAM, d);
	if (all)
		nj_feed(nj, text, n, &at);
	else
		nj_unread(nj, text, n, &at);
	while ((rc = next(nj, rec, &v)) == 1 &&
	    (rc = rh_rec_value(rec, &v)) == 0)
		;
	if (rc == RH_REC_DONE) {
		rc = 0;
		if (nj_next(nj, &v, NJ_RAW) == NJ_VALUE)
			diag_warn(d, &v.pos, "%s", after);
	} else if (rc < 0)
		rc = -rc;
	else if (rc == 0)
		rc = rh_rec_end(rec, name);
	nj_close(nj);
	return rc;
}

/* Read the history on fd (named name in messages) into m. */
static int
load(struct rh *m, int fd, const char *path, const char *name,
    const struct rh_loadopt *opt, struct rh_loadinfo *info, struct diag *d)
{
	struct rh_slres res;
	struct rh_rec rec;
	struct rh_sl *sl;
	int rc;

	if (info != NULL)
		memset(info, 0, sizeof *info);
	rh_rec_init(&rec, opt, m->roles_given, d);
	sl = rh_sl_new(fd, name, &rec, opt->names);
	rh_sl_read(sl, &res);
	if (res.ioerr != 0) {
		struct pos p = { name, 0, 0 };

		errno = res.ioerr;
		rc = diag_syserr(d, EXIT_IOERR, &p, "read error");
	} else if (res.accepted) {
		rc = 0;
		if (res.tail.line > 0)
			after_footer(&res, d);
	} else if (opt->strict || opt->slider)
		rc = refuse(&res, d);
	else if (res.complete) {
		rc = 0;
		after_footer(&res, d);
	} else if ((rc = take_over(sl, &rec, fd, name, d)) == 0 &&
	    !res.placekit) {
		struct buf b = { NULL, 0, 0 };

		buf_printf(&b, "read, but Slider refuses this file: %s",
		    res.what.s);
		said(&res.exc, &b);
		diag_warn(d, &res.where, "%s", b.s);
		buf_free(&b);
	}
	if (rc == 0) {
		rh_save_finish(&rec.cur, m, name, opt, info, d);
		if (info != NULL)
			info->path = xstrdup(path != NULL ? path : "-");
	}
	rh_slres_free(&res);
	rh_sl_free(sl);
	rh_rec_free(&rec);
	return rc;
}

int
rh_load_file(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	int fd, rc;

	if (info != NULL)
		memset(info, 0, sizeof *info);
	if (path == NULL || strcmp(path, "-") == 0)
		return load(m, 0, path, "<stdin>", opt, info, d);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return diag_syserr(d, EXIT_NOINPUT, POS_NONE, "cannot open '%s'",
		    path);
	rc = load(m, fd, path, path, opt, info, d);
	close(fd);
	return rc;
}

int
rh_load_fd(struct rh *m, int fd, const char *path,
    const struct rh_loadopt *opt, struct rh_loadinfo *info, struct diag *d)
{
	return load(m, fd, path, path, opt, info, d);
}
