/*
 * placer.h - the placing side of a run (run.h): one application at a
 * time, in input order, whoever read it.
 */
#ifndef PK_PLACER_H
#define PK_PLACER_H

#include "appread.h"
#include "manager.h"
#include "run.h"
#include "upgrade.h"

/*
 * The placing side of a run, for pl_run and the pipeline (jobs.c): what
 * is kept from one application to the next, and the run's outcome.
 */
struct pl_placer {
	struct pl_run *run;
	struct pl_result res, old;
	struct pl_why *why;	/* across releases: room for the changes */
	int status;		/* the run's exit status so far */
	int stop;		/* no more placing */
};

/* Place the application and write it (a bad record: reported, counted). */
void pl_placer_put(struct pl_placer *, const struct pl_appin *);
/* A bad record was reported: count it, and stop unless keep_going. */
void pl_placer_bad(struct pl_placer *);
/* Is the run over: stopped, or its output failed? */
int pl_placer_done(const struct pl_placer *);

#endif
