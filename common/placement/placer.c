/*
 * placer.c - placing and writing one application of a run, in input
 * order (placer.h): the reload a SIGHUP asked for, placement under one
 * or two configurations, the output of each mode.
 */
#include <string.h>

#include "exitcode.h"
#include "placejson.h"
#include "placer.h"

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
pl_placer_put(struct pl_placer *pc, const struct pl_appin *in)
{
	const struct pl_app *a = &in->app;
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
	run->napps++;
	if (pc->res.how == PL_PLACED) {
		run->nplaced++;
		run->ncreated += pc->res.ncreated;
	}
	switch (run->mode) {
	case PL_RUN_PLACE:
	case PL_RUN_EXPLAIN:
		pl_out_open(run->out, in);
		pl_out_placement(run->out, &pc->res, &p->tree,
		    run->mode == PL_RUN_EXPLAIN);
		pl_out_close(run->out);
		break;
	case PL_RUN_DIFF:
		if (!differ(&pc->old, &pc->res))
			break;
		run->ndiff++;
		pl_out_open(run->out, in);
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
