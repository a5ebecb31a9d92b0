/*
 * reader.c - the history reader (reader.h): a file or standard input
 * into the model. It owns the input; the records go to records.h, the
 * save kept to save.h. Its input calls are next() below.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cutshort.h"
#include "exitcode.h"
#include "fastrecords.h"
#include "jsonread.h"
#include "reader.h"
#include "records.h"
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
	    (len = rh_rec_fast(rec, v->text, v->len)) > 0)
		nj_skip(nj, len);
	if (rc == NJ_VALUE)
		rc = nj_parse(nj, v);
	if (rc == NJ_VALUE)
		return 1;
	return rc == NJ_EOF ? 0 : -nj_status(rc);
}

/* Read the history nj gives into m, as rh_load_file() does. */
static int
load(struct rh *m, struct nj_reader *nj, const char *path,
    const struct rh_loadopt *opt, struct rh_loadinfo *info, struct diag *d)
{
	struct nj_value v;
	struct rh_rec rec;
	int rc;

	if (info != NULL)
		memset(info, 0, sizeof *info);
	rh_rec_init(&rec, opt, m->roles_given, d);
	if (opt->strict)
		nj_set_cut(nj, rh_rec_cut, &rec);
	while ((rc = next(nj, &rec, &v)) == 1 &&
	    (rc = rh_rec_value(&rec, &v)) == 0)
		;
	if (rc < 0)
		rc = -rc;
	else if (rc == 0 && (rc = rh_rec_end(&rec, nj_name(nj))) == 0) {
		rh_save_finish(&rec.best, m, rec.nsaves, nj_name(nj), opt, info, d);
		if (info != NULL)
			info->path = xstrdup(path != NULL ? path : "-");
	}
	rh_rec_free(&rec);
	return rc;
}

int
rh_load_file(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct nj_reader *nj;
	int rc;

	if (info != NULL)
		memset(info, 0, sizeof *info);
	if ((rc = nj_open(&nj, path, NJ_STREAM, d)) != 0)
		return rc;
	rc = load(m, nj, path, opt, info, d);
	nj_close(nj);
	return rc;
}

int
rh_load_fd(struct rh *m, int fd, const char *path,
    const struct rh_loadopt *opt, struct rh_loadinfo *info, struct diag *d)
{
	struct nj_reader *nj;
	int rc;

	nj = nj_fdopen(fd, path, NJ_STREAM, d);
	rc = load(m, nj, path, opt, info, d);
	nj_close(nj);
	return rc;
}
