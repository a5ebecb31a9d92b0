/*
 * rhread.c - the history reader (rhio.h): a file, standard input or a
 * history directory into the model. It owns the input; the records go
 * to rhrec.h, the save kept to rhsave.h, a directory's choice to
 * rhdir.h. Its input calls are next() and raw() below.
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "ndjson.h"
#include "rhdir.h"
#include "rhio.h"
#include "rhrec.h"
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

/* A directory: its newest loadable save, else an empty history saved now. */
static int
load_dir(struct rh *m, const char *dir, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct pos p = { dir, 0, 0 };
	struct rh_dirscan s;
	int rc, fd;

	if ((rc = rh_dir_lock(dir, RH_LOCK_SHARED | RH_LOCK_WAIT, &fd, d)) != 0)
		return rc;
	rc = rh_dir_load(m, dir, opt, RH_DIR_SKIP, &s, info, d);
	close(fd);
	if (rc == 0 && s.loaded == s.n) {
		diag_warn(d, &p, "no loadable history: starting empty");
		m->saved = opt->now;
		m->roles_count = (int32_t)m->nroles;
	}
	rh_dirscan_free(&s);
	return rc;
}

int
rh_load(struct rh *m, const char *path, const struct rh_loadopt *opt,
    struct rh_loadinfo *info, struct diag *d)
{
	struct stat st;

	if (path != NULL && strcmp(path, "-") != 0 && stat(path, &st) == 0 &&
	    S_ISDIR(st.st_mode))
		return load_dir(m, path, opt, info, d);
	return rh_load_file(m, path, opt, info, d);
}
