/*
 * output.h - a tool's main output: stdout, or -o FILE written atomically.
 *
 *	struct output out;
 *	if ((rc = out_open(&out, path, &d)) != 0) return rc;
 *	... ob_write(&out.ob, ...) ...
 *	rc = out_close(&out, &d, failed);
 *
 * A reader on the other end of a pipe going away (EPIPE) is not an error.
 */
#ifndef PK_OUTPUT_H
#define PK_OUTPUT_H

#include "atomicfile.h"
#include "diag.h"
#include "outbuf.h"

struct output {
	struct ob ob;
	struct af af;
	int to_file;
};

int out_open(struct output *, const char *path, struct diag *);
/* Stop early? True once the reader has gone or a write failed. */
static inline int out_broken(const struct output *o) { return o->ob.err != 0; }
/*
 * Finish. If discard is set (the tool failed), a -o destination is left
 * untouched. Returns 0, or EXIT_IOERR after reporting a write error.
 */
int out_close(struct output *, struct diag *, int discard);

#endif
