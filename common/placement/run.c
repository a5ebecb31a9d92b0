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

/* Read, place and write one line at a time. */
static void
run_single(struct pl_placer *pc, struct nj_reader *r)
{
	struct pl_appbuf ab = { 0 };
	struct nj_value v;
	struct pl_appin a;
	int rc;

	nj_set_flush(r, pc->run->out);
	while (!pl_placer_done(pc)) {
		if ((rc = nj_next(r, &v, NJ_RAW)) == NJ_EOF)
			break;
		if (rc == NJ_IOERR) {
			pc->status = EXIT_IOERR;
			break;
		}
		pl_appbuf_clear(&ab);
		if (rc == NJ_VALUE &&
		    (rc = pl_app_read(&a, &ab, r, &v, pc->run->d)) == NJ_VALUE)
			pl_placer_put(pc, &a);
		else
			pl_placer_bad(pc);
	}
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
	return pc.status;
}
