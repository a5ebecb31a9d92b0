/*
 * jobs.h - placectl -j N: the applications of a run read by N threads,
 * placed in input order by the calling thread (pl_run's, through the
 * placer of placer.h). Only pl_run calls it.
 */
#ifndef PK_JOBS_H
#define PK_JOBS_H

#include "placer.h"

/*
 * Read path ("-" or NULL: stdin) with pc->run->jobs threads in all and
 * place every application through pc, exactly as one thread would: the
 * same output, messages in the same order. The outcome is in pc.
 */
void pl_jobs(struct pl_placer *pc, const char *path);

#endif
