/*
 * jobs.h - placectl -j N: the applications of a run read by N threads,
 * placed in input order by the calling thread (pl_run's, through the
 * placer of placer.h); and the step of one thread, a line read and
 * placed. Only pl_run calls them.
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

/*
 * Read the next line of r and place it through pc (ab: the reading's
 * buffer), as one thread does, adding its length to *len. Returns the
 * reader's NJ_ code: NJ_EOF and NJ_IOERR (pc's status set) end the run.
 */
int pl_jobs_line(struct pl_placer *pc, struct nj_reader *r,
    struct pl_appbuf *ab, size_t *len);

#endif
