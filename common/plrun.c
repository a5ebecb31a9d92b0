/*
 * plrun.c - the application stream in one thread, and placing and
 * writing one application (plrun.h).
 */
#include <stdlib.h>

#include "exitcode.h"
#include "ndjson.h"
#include "pljobs.h"
#include "plout.h"
#include "plrun.h"

static void
reload(struct pl_run *run, struct pl_part *p)
{
	if (pl_part_reload(p, run->d) != 0)
		diag_warn(run->d, POS_NONE, "configuration '%s' not reloaded: the "
		    "previous configuration stays", p->file);
}

static int
differ(const struct pl_result *a, const struct pl_result *b)
{
	if (a->how == PL_PLACED && b->how == PL_PLACED)
		return a->queue != NULL && b->queue != NULL &&
		    strcmp(a->queue->path, b->queue->path) != 0;
	return (a->how == PL_PLACED) != (b->how == PL_PLACED);
}

void
pl_placer_put(struct pl_placer *pc, const struct pl_app *a)
{
	struct pl_run *run = pc->run;
	struct pl_part *p = run->part, *o = run->old;

	if (run->hup != NULL && *run->hup) {
		*run->hup = 0;
		reload(run, p);
		if (o != NULL)
			reload(run, o);
	}
	pc->res.trace = run->mode == PL_RUN_EXPLAIN;
	pl_place(&p->mgr, &p->tree, a, &pc->res);
	if (o != NULL)
		pl_place(&o->mgr, &o->tree, a, &pc->old);
	if (pc->res.how == PL_LIMIT || (o != NULL && pc->old.how == PL_LIMIT)) {
		diag_err(run->d, EXIT_DATAERR, &a->pos, "%s",
		    pc->res.how == PL_LIMIT ? pc->res.reason.s : pc->old.reason.s);
		pl_placer_bad(pc);
		return;
	}
	run->napps++;
	switch (run->mode) {
	case PL_RUN_PLACE:
	case PL_RUN_EXPLAIN:
		pl_out_open(run->out, a);
		pl_out_placement(run->out, &pc->res, &p->tree,
		    run->mode == PL_RUN_EXPLAIN);
		pl_out_close(run->out);
		break;
	case PL_RUN_DIFF:
		if (!differ(&pc->old, &pc->res))
			break;
		run->ndiff++;
		pl_out_open(run->out, a);
		ob_write(run->out, "{\"old\":", 7);
		pl_out_placement(run->out, &pc->old, &o->tree, 0);
		ob_write(run->out, ",\"new\":", 7);
		pl_out_placement(run->out, &pc->res, &p->tree, 0);
		ob_putc(run->out, '}');
		pl_out_close(run->out);
		break;
	case PL_RUN_COUNT:
		break;
	}
}

void
pl_placer_bad(struct pl_placer *pc)
{
	pc->run->nbad++;
	if (!pc->run->keep_going) {
		pc->status = EXIT_DATAERR;
		pc->stop = 1;
	}
}

int
pl_placer_done(const struct pl_placer *pc)
{
	return pc->stop || (pc->run->out != NULL && pc->run->out->err != 0);
}

/* Read, place and write one line at a time. */
static void
run_single(struct pl_placer *pc, struct nj_reader *r)
{
	struct pl_appbuf ab = { 0 };
	struct nj_value v;
	struct pl_app a;
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
