/*
 * run.c - a run over the application stream (run.h): in one thread, or
 * through the -j pipeline of jobs.c; each application goes to the placer.
 */
#include <stdlib.h>

#include "exitcode.h"
#include "jobs.h"
#include "jsonread.h"
#include "placer.h"
#include "run.h"
#include "xalloc.h"

/* Read, place and write one line at a time. */
static void
run_single(struct pl_placer *pc, struct nj_reader *r)
{
	struct pl_appbuf ab = { 0 };
	size_t len = 0;
	int rc;

	nj_set_flush(r, pc->run->out);
	while (!pl_placer_done(pc) &&
	    (rc = pl_jobs_line(pc, r, &ab, &len)) != NJ_EOF && rc != NJ_IOERR)
		;
	pl_appbuf_free(&ab);
}

int
pl_run(struct pl_run *run, const char *path)
{
	struct pl_placer pc;
	struct nj_reader *r;
	int rc;

	memset(&pc, 0, sizeof pc);
	pc.run = run;
	if (run->rows != NULL)
		pc.why = xreallocarray(NULL, run->rows->path.nchg + 1,
		    sizeof *pc.why);
	if (run->jobs > 1)
		pl_jobs(&pc, path);
	else if ((rc = nj_open(&r, path, NJ_LINES, run->d)) != 0)
		return rc;
	else {
		pl_app_lines(r);
		run_single(&pc, r);
		nj_close(r);
	}
	if (run->keep_going && run->nbad > 0) {
		diag_err(run->d, EXIT_DATAERR, POS_NONE, "%lu bad application%s "
		    "skipped", run->nbad, run->nbad == 1 ? "" : "s");
		if (pc.status == 0)
			pc.status = EXIT_DATAERR;
	}
	pl_result_free(&pc.res);
	pl_result_free(&pc.old);
	free(pc.why);
	return pc.status;
}

int
pl_rows_load(struct pl_rows *r, enum pl_compat from, enum pl_compat to,
    int new, const char *file, const char *name, const struct kcm_opts *src,
    struct diag *d)
{
	struct diag quiet = DIAG_INIT("placectl");
	size_t i, last;
	int rc = 0;

	quiet.sink = diag_drop;
	pl_path_init(&r->path, from, to, 0);
	r->part = xcalloc(r->path.nrows, sizeof *r->part);
	r->ok = xcalloc(r->path.nrows, sizeof *r->ok);
	r->res = xcalloc(r->path.nrows, sizeof *r->res);
	last = r->path.nclass - 1;
	for (i = 0; i < r->path.nrows && rc == 0; i++) {
		int loud = i == 0 || (new && i == last);
		int lrc = pl_part_load(&r->part[i], file, name,
		    r->path.rows[i], 0, src, loud ? d : &quiet);

		r->nload++;
		r->ok[i] = lrc == 0;
		if (loud)
			rc = lrc;
	}
	diag_free(&quiet);	/* what a ConfigMap's document gave it */
	return rc;
}

void
pl_rows_free(struct pl_rows *r)
{
	size_t i;

	for (i = 0; i < r->nload; i++) {
		pl_part_free(&r->part[i]);
		pl_result_free(&r->res[i]);
	}
	free(r->part);
	free(r->ok);
	free(r->res);
	pl_path_free(&r->path);
	memset(r, 0, sizeof *r);
}
