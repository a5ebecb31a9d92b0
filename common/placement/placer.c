/*
 * placer.c - placing and writing one application of a run, in input
 * order (placer.h): the reload a SIGHUP asked for, placement under one
 * or two configurations (or a configuration under every row of a path of
 * releases, naming the changes that moved an application), the output of
 * each mode.
 */
#include <string.h>

#include "exitcode.h"
#include "jsonwrite.h"
#include "placejson.h"
#include "placer.h"

static void
reload(struct pl_part *p, struct diag *d)
{
	if (pl_part_reload(p, d) != 0)
		diag_warn(d, POS_NONE, "configuration '%s' not reloaded: the "
		    "previous configuration stays", p->file);
}

/* A SIGHUP asked for it: every configuration of the run is read again. */
static void
reload_all(struct pl_run *run)
{
	struct pl_rows *r = run->rows;
	struct diag quiet = DIAG_INIT("placectl");
	size_t i;

	quiet.sink = diag_drop;
	for (i = 0; r != NULL && i < r->path.nrows; i++)
		if (r->ok[i])
			reload(&r->part[i], &r->part[i] == run->old ||
			    &r->part[i] == run->part ? run->d : &quiet);
	if (r == NULL || run->part != &r->part[r->path.nclass - 1])
		reload(run->part, run->d);
	if (r == NULL && run->old != NULL)
		reload(run->old, run->d);
}

static int
differ(const struct pl_result *a, const struct pl_result *b)
{
	if (a->how == PL_PLACED && b->how == PL_PLACED)
		return a->queue != NULL && b->queue != NULL &&
		    strcmp(a->queue->path, b->queue->path) != 0;
	return (a->how == PL_PLACED) != (b->how == PL_PLACED);
}

/* Every part of the placement written is the same (the queues created
 * are in two trees: their paths). */
static int
same_placement(const struct pl_result *a, const struct pl_tree *ta,
    const struct pl_result *b, const struct pl_tree *tb)
{
	size_t i;

	if ((a->how == PL_PLACED) != (b->how == PL_PLACED))
		return 0;
	if (a->how != PL_PLACED)
		return a->reason.n == b->reason.n &&
		    memcmp(a->reason.s, b->reason.s, a->reason.n) == 0;
	if (differ(a, b) || a->rule != b->rule || a->ncreated != b->ncreated ||
	    (a->rule_name == NULL) != (b->rule_name == NULL) ||
	    (a->rule_name != NULL && strcmp(a->rule_name, b->rule_name) != 0))
		return 0;
	for (i = 0; i < a->ncreated; i++)
		if (strcmp(ta->all[a->created + i]->path,
		    tb->all[b->created + i]->path) != 0)
			return 0;
	return 1;
}

/* pl_path_same for the rows: a row that did not load is like no other. */
static int
same_rows(void *arg, size_t a, size_t b)
{
	const struct pl_run *run = arg;
	const struct pl_rows *r = run->rows;

	if (!r->ok[a] || !r->ok[b])
		return r->ok[a] == r->ok[b];
	if (run->mode == PL_RUN_EXPLAIN)
		return same_placement(&r->res[a], &r->part[a].tree, &r->res[b],
		    &r->part[b].tree);
	return !differ(&r->res[a], &r->res[b]);
}

/* Place in every row, the new configuration too when it is not a row. */
static void
place_rows(struct pl_placer *pc, const struct pl_app *a)
{
	struct pl_run *run = pc->run;
	struct pl_rows *r = run->rows;
	size_t i;

	for (i = 0; i < r->path.nrows; i++) {
		if (!r->ok[i])
			continue;
		r->res[i].trace = run->mode == PL_RUN_EXPLAIN &&
		    (&r->part[i] == run->old || &r->part[i] == run->part);
		pl_place(&r->part[i].mgr, &r->part[i].tree, a, &r->res[i]);
	}
	if (run->part != &r->part[r->path.nclass - 1])
		pl_place(&run->part->mgr, &run->part->tree, a, &pc->res);
}

/* ,"by":[...]: the changes that moved the application, and the new
 * configuration when it moved it too. */
static void
write_by(struct pl_placer *pc, const struct pl_result *nres)
{
	struct pl_run *run = pc->run;
	struct pl_rows *r = run->rows;
	size_t last = r->path.nclass - 1, n;
	struct jw w;
	int conf;

	n = pl_path_why(&r->path, same_rows, run, pc->why);
	conf = run->part != &r->part[last] && (!r->ok[last] ||
	    (run->mode == PL_RUN_EXPLAIN ? !same_placement(&r->res[last],
	    &r->part[last].tree, nres, &run->part->tree) :
	    differ(&r->res[last], nres)));
	ob_write(run->out, ",\"by\":", 6);
	jw_init(&w, run->out);
	jw_arr(&w);
	pl_why_json(&w, pc->why, n);
	if (conf) {
		jw_obj(&w);
		jw_key(&w, "configuration");
		jw_str(&w, run->part->path);
		jw_end(&w);
	}
	jw_end(&w);
}

void
pl_placer_put(struct pl_placer *pc, const struct pl_appin *in)
{
	const struct pl_app *a = &in->app;
	struct pl_run *run = pc->run;
	struct pl_part *p = run->part, *o = run->old;
	struct pl_result *nres = &pc->res, *ores = &pc->old;
	int explain = run->mode == PL_RUN_EXPLAIN, moved;

	if (run->hup != NULL && *run->hup) {
		*run->hup = 0;
		reload_all(run);
	}
	pc->res.trace = pc->old.trace = explain;
	if (run->rows != NULL) {
		place_rows(pc, a);
		ores = &run->rows->res[0];
		if (p == &run->rows->part[run->rows->path.nclass - 1])
			nres = &run->rows->res[run->rows->path.nclass - 1];
	} else {
		pl_place(&p->mgr, &p->tree, a, nres);
		if (o != NULL)
			pl_place(&o->mgr, &o->tree, a, ores);
	}
	run->napps++;
	if (nres->how == PL_PLACED) {
		run->nplaced++;
		run->ncreated += nres->ncreated;
	}
	if (run->mode == PL_RUN_COUNT)
		return;
	if (o == NULL) {		/* place, explain */
		pl_out_open(run->out, in);
		pl_out_placement(run->out, nres, &p->tree, explain);
		pl_out_close(run->out);
		return;
	}
	moved = explain ? !same_placement(ores, &o->tree, nres, &p->tree) :
	    differ(ores, nres);
	if (!moved && !explain)
		return;
	run->ndiff += moved;
	pl_out_open(run->out, in);
	ob_write(run->out, "{\"old\":", 7);
	pl_out_placement(run->out, ores, &o->tree, explain);
	ob_write(run->out, ",\"new\":", 7);
	pl_out_placement(run->out, nres, &p->tree, explain);
	if (moved && run->rows != NULL)
		write_by(pc, nres);
	ob_putc(run->out, '}');
	pl_out_close(run->out);
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
