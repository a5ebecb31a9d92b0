/*
 * bench.h - what the bench programs share: a seeded random generator
 * (splitmix64: the same numbers on every machine) and the end of output.
 */
#ifndef PK_BENCH_H
#define PK_BENCH_H

#include <errno.h>
#include <stdint.h>

#include "diag.h"
#include "exitcode.h"
#include "outbuf.h"

struct rng {
	uint64_t s;
};

static inline uint64_t
rng_next(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Flush standard output: EXIT_OK (also on a closed pipe) or EXIT_IOERR. */
static inline int
bench_finish(struct diag *d, struct ob *o)
{
	int err = ob_finish(o);

	if (err == 0 || err == EPIPE)
		return EXIT_OK;
	errno = err;
	return diag_syserr(d, EXIT_IOERR, POS_NONE, "write error");
}

#endif
