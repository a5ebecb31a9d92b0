/*
 * validate.h - YuniKorn's configuration validator (Validate), run on a
 * decoded configuration as the release runs it: partition names, the
 * root queue (inserted when the top level is not a single root) and its
 * resources, partition limits against the root's (1.5), ACL syntax, limits
 * (userlimits.h), queue names and duplicates, queue resources (resources.h),
 * placement rule names and filters and the static paths of fixed rules
 * (1.3.0, 1.4), the node sorting policy and the state dump file (policies.h),
 * parent and child maxapplications (1.2), limits against the limits above
 * (1.4). In the scheduler's order: the first error reported is the one it
 * reports; it stops there, every error found is reported here.
 */
#ifndef PK_VALIDATE_H
#define PK_VALIDATE_H

#include "compat.h"
#include "diag.h"
#include "queueconf.h"

/* Errors found per stage of loading, for callers that care which. */
struct pl_stages {
	int yaml;		/* decoding: structure, keys, types */
	int queues;		/* validator: partitions, queues, ACL syntax,
				   maxapplications */
	int limits;		/* validator: limits */
	int resources;		/* validator: queue resources */
	int rulesyntax;		/* validator: rule names and filters */
	int staticpath;		/* validator (1.3): fixed rule paths */
	int policy;		/* validator: node sorting, state dump file */
	int build;		/* registration: root name, queues (ACL parse,
				   child templates) */
	int rules;		/* rule build on a reload: names, values */
	int brokenrules;	/* rule build at the first load: warnings */
};

/* Validate every partition; the root queue is inserted where needed. */
void pl_validate(struct pl_conf *, enum pl_compat, struct diag *,
    struct pl_stages *);
void pl_validate_part(struct pl_partconf *, const char *file, enum pl_compat,
    struct diag *, struct pl_stages *);
/* Only the syntax of placement rules (names, parents, filters). */
void pl_validate_rules(const struct pl_partconf *, const char *file,
    enum pl_compat, struct diag *, struct pl_stages *);

#endif
