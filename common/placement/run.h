/*
 * run.h - placing a stream of applications: read NDJSON, place each
 * application in input order, write it back with its placement (place,
 * explain), compare two configurations (diff), or only count (tree).
 *
 * One thread reads, places and writes; with jobs > 1 the pipeline of
 * jobs.c reads in that many threads, and the calling thread places
 * through the placer (placer.h). Queues created by one application matter to
 * the next, so only reading is parallel. Output is identical either way
 * and is flushed before the input would block.
 */
#ifndef PK_RUN_H
#define PK_RUN_H

#include <signal.h>

#include "diag.h"
#include "outbuf.h"
#include "partition.h"
#include "upgrade.h"

enum pl_runmode { PL_RUN_PLACE, PL_RUN_EXPLAIN, PL_RUN_DIFF, PL_RUN_COUNT };

/*
 * How jobs > 1 threads share the work (jobs.c): measured, when the rest
 * of the machine leaves a core for a helper (AUTO); measured whatever
 * the rest does (MEASURE); all of them all the time (ALWAYS).
 */
enum pl_jobsmode { PL_JOBS_AUTO, PL_JOBS_MEASURE, PL_JOBS_ALWAYS };

/*
 * Across releases: the old configuration under every row of the path
 * from the old release to the new one (upgrade.h), loaded by
 * pl_rows_load. Row 0 is the old side; with one configuration the last
 * class's row is the new side.
 */
struct pl_rows {
	struct pl_path path;
	struct pl_part *part;	/* one a row */
	size_t nload;		/* rows pl_part_load ran for */
	unsigned char *ok;	/* the row loaded the configuration */
	struct pl_result *res;	/* the row's placement of the application */
};

struct pl_run {
	enum pl_runmode mode;
	struct pl_part *part;	/* the configuration (diff: the new one) */
	struct pl_part *old;	/* diff, and explain across releases: the old
				   one */
	struct pl_rows *rows;	/* across releases, else NULL: every
				   application is placed in every row, and
				   an application placed differently says
				   which changes moved it */
	int keep_going;		/* skip bad applications, count them */
	int jobs;		/* threads; 0 or 1: one */
	enum pl_jobsmode jobs_mode;
	volatile sig_atomic_t *hup;	/* set: reload part before the next */
	struct diag *d;
	struct ob *out;		/* NULL for PL_RUN_COUNT */
	unsigned long napps;	/* applications placed or rejected */
	unsigned long nplaced;	/* ... placed in a queue */
	unsigned long ncreated;	/* queues created (diff: by the new one) */
	unsigned long nbad;	/* bad records (skipped with keep_going) */
	unsigned long ndiff;	/* diff: applications placed differently */
};

/*
 * Run over the input (path, "-" or NULL for stdin). Returns 0, or the
 * exit status: EXIT_NOINPUT, EXIT_DATAERR (a bad record; with keep_going
 * after the whole input), EXIT_IOERR. Output errors are the caller's
 * (ob->err), and stop the run.
 */
int pl_run(struct pl_run *, const char *path);

/*
 * Load file under every row of the path from one class to another (the
 * rest as pl_part_load): the first row's problems through d, the last
 * class's too when new is set (the one configuration of both sides), the
 * other rows' quietly, each row that loads marked in ok. Returns 0, or
 * the status that refused a row reported through d.
 */
int pl_rows_load(struct pl_rows *, enum pl_compat from, enum pl_compat to,
    int new, const char *file, const char *name, const struct kcm_opts *src,
    struct diag *);
void pl_rows_free(struct pl_rows *);

#endif
