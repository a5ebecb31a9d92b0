/*
 * check.h - placectl check: a configuration judged by one release of
 * YuniKorn (every error, the traps, a summary line that names the
 * release, and when that release refuses it the releases that would load
 * it), or by each release of a range, one summary line a release and,
 * where the verdict or the first error changes, the changes of the
 * release table that changed it.
 */
#ifndef PK_CHECK_H
#define PK_CHECK_H

#include <stddef.h>

#include "configmap.h"
#include "diag.h"

struct pl_check {
	const char *file;	/* -c */
	const char *part;	/* -p, or NULL: the default, else the first */
	const struct kcm_opts *src;	/* --defaults, --policy-group */
	size_t from, to;	/* the releases (pl_releases), oldest first */
	const char *outpath;	/* -o, or NULL: stdout */
};

/*
 * Check; the output is opened once the file could be read. Returns 0,
 * EXIT_CONFIG when a release refuses the configuration, or the status of
 * a file that cannot be read or written.
 */
int pl_check_run(const struct pl_check *, struct diag *);

#endif
