/*
 * output.c - stdout or an atomic -o file behind one buffered writer.
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "exitcode.h"
#include "output.h"

int
out_open(struct output *o, const char *path, struct diag *d)
{
	int rc;

	o->to_file = path != NULL && strcmp(path, "-") != 0;
	if (!o->to_file) {
		ob_init(&o->ob, 1);
		return 0;
	}
	if ((rc = af_open(&o->af, path, d)) != 0)
		return rc;
	ob_init(&o->ob, o->af.fd);
	return 0;
}

int
out_close(struct output *o, struct diag *d, int discard)
{
	int err = discard && o->to_file ? o->ob.err : ob_finish(&o->ob);

	if (!o->to_file) {
		if (err == 0 || err == EPIPE)
			return 0;
		errno = err;
		return diag_syserr(d, EXIT_IOERR, POS_NONE, "write error");
	}
	if (discard) {
		af_abort(&o->af);
		return 0;
	}
	if (err != 0) {
		errno = err;
		diag_syserr(d, EXIT_IOERR, POS_NONE, "cannot write '%s'", o->af.path);
		af_abort(&o->af);
		return EXIT_IOERR;
	}
	return af_commit(&o->af, d);
}
